/// CSV for Swift: an RFC 4180 reader and writer, and Codable coders on top.
///
/// `SerializeCSV` has two layers, each usable alone: `CSVReader`/`CSVWriter` turn bytes into
/// rows of fields and back, streaming in constant memory; `CSVDecoder`/`CSVEncoder` map rows to
/// and from any `Codable` type through a configuration of named strategies. A ``CSVDialect``
/// says how the bytes are laid out.

/// How a CSV file is laid out: delimiter, quote character, escape, header, preamble, comment
/// lines, whitespace handling and text encoding.
public struct CSVDialect: Sendable, Hashable {
    /// The field delimiter, `,` by default. Any scalar works; one that is a single UTF-8 byte
    /// (`,` `;` `\t` `|`) takes the fastest path.
    public var delimiter: Unicode.Scalar
    /// The quote character, `"` by default. A quote inside a quoted field is written twice.
    public var quote: Unicode.Scalar
    /// Whether the first row is a header naming the columns.
    public var hasHeader: Bool
    /// How many rows make the header when ``hasHeader`` (1 by default). Several header rows
    /// combine into one name per column: a cell of an upper
    /// row is carried right over the empty cells after it (a group spanning columns), and a
    /// column's non-empty cells, top to bottom, are joined with `.` as nested keys, so that
    /// `address` over `street` is the column `address.street` (`{"address": {"street": …}}`).
    /// A carried cell stops where the row above starts another group. Writers write one header
    /// row of the combined names.
    public var headerRows: Int
    /// Whether spaces and tabs around unquoted fields (and around the quotes of quoted fields)
    /// are trimmed on read, and quoted on write so that they survive.
    public var trimsUnquotedWhitespace: Bool
    /// An escape character inside quoted fields (`\\` in many exports), or `nil` (RFC 4180: a
    /// quote is doubled). On read, the escape before a quote or before itself stands for that
    /// character; doubled quotes are still read. Writers double quotes whatever this is.
    public var escape: Unicode.Scalar?
    /// A character that starts a comment line (`#`), or `nil`. A line starting with it, outside a
    /// quoted field, is skipped on read.
    public var comment: Unicode.Scalar?
    /// How many lines before the header (or the first row) are skipped on read: a preamble.
    public var skipLines: Int
    /// The text encoding of the bytes; input is decoded to UTF-8 before parsing (``CSVEncoding``).
    /// Output is written in UTF-8 whatever this is.
    public var encoding: CSVEncoding

    /// Creates a dialect; the defaults are RFC 4180's.
    public init(
        delimiter: Unicode.Scalar = ",",
        quote: Unicode.Scalar = "\"",
        hasHeader: Bool = true,
        trimsUnquotedWhitespace: Bool = false,
        escape: Unicode.Scalar? = nil,
        comment: Unicode.Scalar? = nil,
        skipLines: Int = 0,
        encoding: CSVEncoding = .utf8,
        headerRows: Int = 1
    ) {
        self.headerRows = max(1, headerRows)
        self.delimiter = delimiter
        self.quote = quote
        self.hasHeader = hasHeader
        self.trimsUnquotedWhitespace = trimsUnquotedWhitespace
        self.escape = escape
        self.comment = comment
        self.skipLines = skipLines
        self.encoding = encoding
    }

    /// Whether reading needs the whole input prepared before parsing (``prepare(_:)``): another
    /// encoding, an escape, comment or preamble lines.
    public var needsPreparation: Bool {
        encoding != .utf8 || escape != nil || comment != nil || skipLines > 0
    }

    /// RFC 4180: comma-delimited, double-quoted, with a header row.
    public static let rfc4180 = CSVDialect()
    /// Tab-separated values with a header row.
    public static let tsv = CSVDialect(delimiter: "\t")

    /// The delimiters ``detectDelimiter(in:candidates:)`` tries by default.
    public static let commonDelimiters: [Unicode.Scalar] = [",", ";", "\t", "|"]

    // MARK: - Delimiter detection

    /// How many bytes of the input ``CSVReader`` looks at to detect the delimiter: the first
    /// 64 KiB after a byte-order mark, or all of a shorter input. The same for a file, a file
    /// descriptor, standard input and bytes in memory, and whatever the reader's buffer size, so
    /// the delimiter depends only on the bytes, not on how they arrive.
    public static let delimiterDetectionSampleSize = 64 * 1024

    /// Guesses the delimiter of a sample of CSV text.
    ///
    /// Each candidate splits the sample's complete lines (quotes respected, so a delimiter
    /// inside a quoted field does not count); the winner is the candidate that gives the same
    /// field count, greater than one, on the most lines, ties going to the larger field count
    /// and then to the earlier candidate.
    ///
    /// - Parameters:
    ///   - sample: The first bytes of the file (a few kilobytes are plenty).
    ///   - candidates: The delimiters to try, in order of preference.
    /// - Returns: The best candidate, or `nil` when none splits the lines consistently.
    public func detectDelimiter(
        in sample: some Collection<UInt8>, candidates: [Unicode.Scalar] = CSVDialect.commonDelimiters
    ) -> Unicode.Scalar? {
        let bytes = Array(sample)
        let quoteBytes = Array(String(quote).utf8)
        var best: (scalar: Unicode.Scalar, lines: Int, fields: Int)?
        for candidate in candidates {
            let delimiterBytes = Array(String(candidate).utf8)
            let counts = Self.fieldCounts(bytes, delimiter: delimiterBytes, quote: quoteBytes, maxLines: 50)
            // The most frequent field count above one.
            var frequency: [Int: Int] = [:]
            for count in counts where count > 1 { frequency[count, default: 0] += 1 }
            guard let (fields, lines) = frequency.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else {
                continue
            }
            if let current = best, (current.lines, current.fields) >= (lines, fields) { continue }
            best = (candidate, lines, fields)
        }
        return best?.scalar
    }

    /// The field count of each complete line of `bytes` under one delimiter; an empty line
    /// (which the parser skips) has none: 0. A quote opens a field only at its start (after
    /// blanks), as the parser reads it: one inside unquoted text is text (a stray quote).
    static func fieldCounts(_ bytes: [UInt8], delimiter: [UInt8], quote: [UInt8], maxLines: Int) -> [Int] {
        var counts: [Int] = []
        var fields = 1
        var inQuotes = false
        var atFieldStart = true
        var index = 0
        func matches(_ pattern: [UInt8], at index: Int) -> Bool {
            guard index + pattern.count <= bytes.count else { return false }
            for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
            return true
        }
        while index < bytes.count, counts.count < maxLines {
            if inQuotes, matches(quote, at: index), matches(quote, at: index + quote.count) {
                index += 2 * quote.count  // a doubled quote: text
            } else if matches(quote, at: index), inQuotes || atFieldStart {
                inQuotes.toggle()
                atFieldStart = false
                index += quote.count
            } else if !inQuotes, matches(delimiter, at: index) {
                fields += 1
                atFieldStart = true
                index += delimiter.count
            } else if !inQuotes, bytes[index] == 0x0A || bytes[index] == 0x0D {
                atFieldStart = true
                let empty = fields == 1 && (index == 0 || bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D)
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                counts.append(empty ? 0 : fields)
                fields = 1
                index += 1
            } else {
                if !inQuotes, bytes[index] != 0x20, bytes[index] != 0x09 { atFieldStart = false }
                index += 1
            }
        }
        return counts
    }
}
