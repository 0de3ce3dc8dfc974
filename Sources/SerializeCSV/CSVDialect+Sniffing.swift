/// The one CSV sniffer: encoding, delimiter, quote, preamble and header from a bounded sample.

public import Foundation
public import SerializeCore

/// What ``CSVDialect/sniff(_:)`` found, and the guesses a reader should be told about.
public struct CSVSniff: Sendable, Hashable {
    /// The dialect the sample suggests.
    public var dialect: CSVDialect
    /// Notes on guesses made (a Latin-1 fallback), as `note` diagnostics.
    public var notes: [Diagnostic]

    /// `encoding utf-8, delimiter ';', quote '"', header, skip 2 lines`.
    public var summary: String {
        func shown(_ scalar: Unicode.Scalar) -> String { scalar == "\t" ? "tab" : "'\(scalar)'" }
        var parts = ["encoding \(dialect.encoding.rawValue)", "delimiter \(shown(dialect.delimiter))", "quote \(shown(dialect.quote))"]
        parts.append(dialect.hasHeader ? dialect.headerRows > 1 ? "\(dialect.headerRows) header rows" : "header" : "no header")
        if let escape = dialect.escape { parts.append("escape \(shown(escape))") }
        if dialect.trimsUnquotedWhitespace { parts.append("trim blanks around fields") }
        if dialect.skipLines > 0 { parts.append("skip \(dialect.skipLines) line\(dialect.skipLines == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}

extension CSVDialect {
    /// How many bytes ``sniff(_:)`` looks at: the same sample as delimiter detection.
    public static let sniffSampleSize = delimiterDetectionSampleSize

    /// The dialect of a CSV input, guessed from its first ``sniffSampleSize`` bytes:
    ///
    /// - **encoding**: a byte-order mark names it; else UTF-8 when the sample is valid UTF-8
    ///   (a sequence cut by the sample's end is allowed); else Windows-1252 when a byte in
    ///   0x80–0x9F is one of its characters, else Latin-1, with a note saying so;
    /// - **quote**: `'` when it opens and closes fields more often than `"`, else `"`;
    /// - **delimiter**: ``detectDelimiter(in:candidates:)``; when none of ``commonDelimiters``
    ///   splits more than half of the lines that are not empty into one count, a space if it
    ///   splits the first line and more than half of those lines (two at least) into one count
    ///   above one; else the common delimiter found, else `,`;
    /// - **escape**: `\` when a backslash before the quote, inside a quoted field, is followed
    ///   by text (not a delimiter or a line end): `"say \"hi\""`;
    /// - **whitespace**: ``trimsUnquotedWhitespace`` when at least half of the delimiters outside
    ///   quotes have a space or tab beside them (`a, b` and `a , b`);
    /// - **Excel's `sep=` line**: a first line `sep=;` names the delimiter and is skipped (a note
    ///   says so), as Excel reads it;
    /// - **preamble**: leading lines with fewer fields than the count most later lines have
    ///   (more than one, on at least two lines; empty lines count as neither) are skipped
    ///   (``skipLines``); when no count above one is on two lines, a whole input whose last
    ///   line has more fields than each line before it is a header-only table after a preamble;
    ///   a note (``Diagnostic/Code/csvPreamble``) says which lines were skipped;
    /// - **header**: the first row is data when, in some column, it holds a number where every
    ///   other row does too (a trailing block of footnotes left out), in at least as many columns as it holds text above numbers (a
    ///   column name is seldom a number; a data row may hold `n/a` in a numeric column); else
    ///   a header.
    ///
    /// Every other field keeps its RFC 4180 default.
    public static func sniff(_ data: some Collection<UInt8>) -> CSVSniff {
        let sample = Array(data.prefix(sniffSampleSize))
        var dialect = CSVDialect()
        var notes: [Diagnostic] = []
        // Encoding.
        if let mark = CSVEncoding.byteOrderMark(of: sample) {
            dialect.encoding = mark
        } else if !isUTF8(sample, cutAllowed: data.count > sample.count) {
            dialect.encoding = sample.contains(where: { [0x80, 0x82, 0x84, 0x85, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x99].contains($0) })
                ? .windows1252 : .latin1
            notes.append(Diagnostic(
                .invalidUTF8, "the input is not UTF-8; read as \(dialect.encoding.rawValue)", severity: .note,
                remedy: Remedy(option: "encoding", value: dialect.encoding.rawValue, effect: "state the encoding")))
        }
        let unit = dialect.encoding == .utf32 ? 4 : dialect.encoding == .utf16LE || dialect.encoding == .utf16BE ? 2 : 1
        let whole = Array(sample.prefix(sample.count - sample.count % unit))
        var text = [UInt8]((try? dialect.encoding.decode(Data(whole))) ?? Data(whole))
        // Drop a partial last line: its field count is not known.
        if data.count > sample.count, let end = text.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) { text = Array(text[...end]) }
        // Quote, then delimiter.
        dialect.quote = quoteScore(text, "'") > quoteScore(text, "\"") ? "'" : "\""
        // Excel's first line `sep=;` names the delimiter.
        let separator = excelSeparator(text)
        let common = separator ?? dialect.detectDelimiter(in: text)
        dialect.delimiter = separator ?? spaceDelimiter(text, dialect: dialect, beating: common) ?? common ?? ","
        dialect.escape = backslashEscapes(text, dialect: dialect) ? "\\" : nil
        dialect.trimsUnquotedWhitespace = blanksAroundDelimiters(text, dialect: dialect)
        // Preamble: leading lines whose field count is not the most common one.
        let counts = fieldCounts(
            text, delimiter: Array(String(dialect.delimiter).utf8), quote: Array(String(dialect.quote).utf8), maxLines: 200)
        var frequency: [Int: Int] = [:]
        for count in counts where count > 0 { frequency[count, default: 0] += 1 }
        // Only lines with fewer fields than most lines have, before lines most of which agree:
        // a long row is never taken for the end of a preamble. Empty lines (0 fields) are
        // skipped lines in a preamble and no line of the table after it.
        if let (modal, lines) = frequency.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }), modal > 1, lines >= 2 {
            let preamble = counts.prefix { $0 < modal }.count
            let tableLines = counts[preamble...].filter { $0 > 0 }.count
            if preamble < counts.count, counts[preamble] == modal, 2 * lines > tableLines { dialect.skipLines = preamble }
        } else if data.count <= sample.count, counts.count < 200, let last = counts.lastIndex(where: { $0 > 0 }), last > 0,
            counts[..<last].allSatisfy({ $0 < counts[last] })
        {
            // No count above one on two lines: a header-only table after a preamble when, in
            // the whole input, the last line that is not empty has more fields than each before.
            dialect.skipLines = last
        }
        if let separator {
            // The `sep=` line is no row: skipped, and said, as any skipped line is.
            dialect.skipLines = 1
            notes.append(Diagnostic(
                .csvPreamble, "skipped the first line \"sep=\(separator)\", which names the delimiter (as Excel writes it)", severity: .note))
        }
        dialect.hasHeader = looksLikeHeader(text, dialect: dialect)
        if dialect.skipLines > 0, separator == nil { notes.append(preambleNote(text, skipped: dialect.skipLines)) }
        return CSVSniff(dialect: dialect, notes: notes)
    }

    /// The delimiter a first line `sep=;` names (Excel writes it, and reads the file in that
    /// delimiter): one ASCII character that is not a quote or a line end, alone on the line.
    static func excelSeparator(_ text: [UInt8]) -> Unicode.Scalar? {
        guard text.count >= 5, text.prefix(4).map({ $0 | 0x20 }) == Array("sep=".utf8) else { return nil }
        let character = text[4]
        guard character >= 0x09, character < 0x7F, character != 0x0A, character != 0x0D, character != 0x22 else { return nil }
        guard text.count == 5 || text[5] == 0x0A || text[5] == 0x0D else { return nil }
        return Unicode.Scalar(character)
    }

    /// The note that says a preamble was skipped, quoting its first line: lines of the file are
    /// left out, so the guess is said, with the flag that reads them (`a,b` above a row
    /// `1,2,3` is a preamble and a header-only table, or a table whose rows are too long).
    static func preambleNote(_ text: [UInt8], skipped: Int) -> Diagnostic {
        let firstLine = String(decoding: text.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
        let shown = firstLine.unicodeScalars.count > 60
            ? String(String.UnicodeScalarView(firstLine.unicodeScalars.prefix(60))) + "…" : firstLine
        let message = skipped == 1
            ? "skipped the first line as a preamble before the table: \"\(shown)\""
            : "skipped the first \(skipped) lines as a preamble before the table (the first: \"\(shown)\")"
        return Diagnostic(
            .csvPreamble, message, severity: .note,
            remedy: Remedy(option: "skipLines", value: "0", effect: "read \(skipped == 1 ? "it" : "them") as part of the table"))
    }

    /// Whether `bytes` are UTF-8; with `cutAllowed`, a sequence cut short at the end counts.
    static func isUTF8(_ bytes: [UInt8], cutAllowed: Bool) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): consumed += String(scalar).utf8.count
            case .emptyInput: return true
            case .error: return cutAllowed && bytes.count - consumed < 4 && bytes[consumed...].first.map { $0 >= 0xC0 } == true
            }
        }
    }

    /// A space, when it splits the sample's first line that is not empty and more than half of
    /// all such lines (two at least; quotes respected) into the same count above one, and
    /// `common` (the best of ``commonDelimiters``, if any) does not; `nil` otherwise. A
    /// one-column file of text with spaces is not split: its header has none, and its lines
    /// split into counts that vary. A `,` in a footnote under a space-delimited table does not
    /// win; a `,` that splits most lines does.
    private static func spaceDelimiter(_ text: [UInt8], dialect: CSVDialect, beating common: Unicode.Scalar?) -> Unicode.Scalar? {
        let quote = Array(String(dialect.quote).utf8)
        func split(by delimiter: [UInt8]) -> (counts: [Int], modal: Int, lines: Int) {
            let counts = fieldCounts(text, delimiter: delimiter, quote: quote, maxLines: 50).filter { $0 > 0 }
            var frequency: [Int: Int] = [:]
            for count in counts where count > 1 { frequency[count, default: 0] += 1 }
            let modal = frequency.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })
            return (counts, modal?.key ?? 0, modal?.value ?? 0)
        }
        let space = split(by: [0x20])
        guard space.lines >= 2, 2 * space.lines > space.counts.count, space.counts.first == space.modal else { return nil }
        if let common, case let split = split(by: Array(String(common).utf8)), 2 * split.lines > split.counts.count { return nil }
        return " "
    }

    /// Whether a backslash before the quote inside a quoted field is followed by text, as an
    /// escape is and a closing quote is not. A quote opens a field only at its start (after
    /// blanks): one inside unquoted text is a stray quote, text as `--recover` reads it.
    private static func backslashEscapes(_ text: [UInt8], dialect: CSVDialect) -> Bool {
        guard dialect.quote.isASCII, dialect.delimiter.isASCII else { return false }
        let quote = UInt8(dialect.quote.value), delimiter = UInt8(dialect.delimiter.value)
        var inQuotes = false
        var atFieldStart = true
        var index = 0
        while index < text.count {
            let byte = text[index]
            if inQuotes, byte == 0x5C, index + 1 < text.count, text[index + 1] == quote {
                let next = index + 2 < text.count ? text[index + 2] : 0x0A
                if next != delimiter, next != 0x0A, next != 0x0D { return true }
                index += 2
                continue
            }
            if inQuotes, byte == quote, index + 1 < text.count, text[index + 1] == quote {
                index += 2  // a doubled quote: text
                continue
            }
            if byte == quote, inQuotes || atFieldStart { inQuotes.toggle() }
            if !inQuotes {
                atFieldStart = byte == delimiter || byte == 0x0A || byte == 0x0D || (atFieldStart && (byte == 0x20 || byte == 0x09))
            }
            index += 1
        }
        return false
    }

    /// Whether at least half of the delimiters outside quotes have a space or tab beside them
    /// (one that is not itself the delimiter).
    private static func blanksAroundDelimiters(_ text: [UInt8], dialect: CSVDialect) -> Bool {
        guard dialect.quote.isASCII, dialect.delimiter.isASCII, dialect.delimiter != " " else { return false }
        let quote = UInt8(dialect.quote.value), delimiter = UInt8(dialect.delimiter.value)
        func isBlank(_ index: Int) -> Bool {
            index >= 0 && index < text.count && text[index] != delimiter && (text[index] == 0x20 || text[index] == 0x09)
        }
        var inQuotes = false
        var delimiters = 0, blank = 0
        for index in text.indices {
            if text[index] == quote { inQuotes.toggle() }
            guard !inQuotes, text[index] == delimiter else { continue }
            delimiters += 1
            if isBlank(index - 1) || isBlank(index + 1) { blank += 1 }
        }
        return delimiters > 0 && 2 * blank >= delimiters
    }

    /// How often `quote` opens a field (after a line start, a common delimiter or a blank) and
    /// closes one.
    private static func quoteScore(_ text: [UInt8], _ quote: Unicode.Scalar) -> Int {
        let q = UInt8(quote.value)
        let boundaries: Set<UInt8> = [0x0A, 0x0D, 0x2C, 0x3B, 0x09, 0x7C, 0x20]
        var score = 0
        for index in text.indices where text[index] == q {
            let before = index == 0 || boundaries.contains(text[index - 1])
            let after = index + 1 == text.count || boundaries.contains(text[index + 1])
            if before != after { score += 1 }
        }
        return score
    }

    /// Whether the first row reads as a header: see ``sniff(_:)``.
    private static func looksLikeHeader(_ text: [UInt8], dialect: CSVDialect) -> Bool {
        var probe = dialect
        probe.hasHeader = false
        probe.encoding = .utf8
        // Read as `--recover` reads: a damaged row (a stray quote) still counts.
        guard let reader = try? CSVReader(data: Data(text), configuration: .init(dialect: probe, fieldCountPolicy: .flexible, recovers: true)) else {
            return true
        }
        var rows: [[String]] = []
        var shapes: [CSVRowShape] = []
        var previousEnd: Int?
        while rows.count < 50, let record = try? reader.readRecord() {
            rows.append(record.fields)
            if previousEnd != nil {
                shapes.append(CSVRowShape(line: record.line, fields: record.fields.count, afterEmptyLine: previousEnd.map { record.line > $0 + 1 } ?? false))
            }
            previousEnd = record.end.line ?? record.line
        }
        guard let first = rows.first else { return true }
        // Only the table's rows: a trailing block (footnotes, `CSVTableShape`) says nothing of a
        // column's type.
        if let start = CSVTableShape.trailingBlockStart(shapes, columns: first.count) { rows = Array(rows.prefix(start + 1)) }
        guard rows.count > 1 else { return true }
        func isNumber(_ text: String) -> Bool {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && Double(trimmed.replacingOccurrences(of: ",", with: ".")) != nil
        }
        var textAboveNumbers = 0, numbersAboveNumbers = 0
        for column in first.indices {
            let below = rows.dropFirst().compactMap { column < $0.count ? $0[column] : nil }.filter { !$0.isEmpty }
            guard !below.isEmpty, below.allSatisfy(isNumber) else { continue }
            if isNumber(first[column]) { numbersAboveNumbers += 1 } else { textAboveNumbers += 1 }
        }
        // A column name is seldom a number, while a data row may hold text in a numeric column
        // (`n/a`, `12*`): a tie goes to data.
        return numbersAboveNumbers == 0 || textAboveNumbers > numbersAboveNumbers
    }
}

extension CSVDialect {
    /// The first field in which `other` (what ``sniff(_:)`` found) differs from this dialect,
    /// as a remedy naming the `CSVDialect` option (`encoding`, `delimiter`, `quote`, `escape`,
    /// `trimWhitespace`, `skipLines`, `headerRows`, `noHeader`), for an error reading in this
    /// dialect; `nil` when they agree.
    public func remedy(towards other: CSVDialect) -> Remedy? {
        func text(_ scalar: Unicode.Scalar) -> String { scalar == "\t" ? "tab" : String(scalar) }
        if other.encoding != encoding {
            return Remedy(option: "encoding", value: other.encoding.rawValue, effect: "read the text as \(other.encoding.rawValue)")
        }
        if other.delimiter != delimiter {
            return Remedy(option: "delimiter", value: text(other.delimiter), effect: "split fields at \(text(other.delimiter)) (the delimiter the file looks like it uses)")
        }
        if other.quote != quote {
            return Remedy(option: "quote", value: text(other.quote), effect: "read \(text(other.quote)) as the quote")
        }
        if other.escape != escape, let escape = other.escape {
            return Remedy(option: "escape", value: text(escape), effect: "read \(text(escape)) before a quote as an escape")
        }
        if other.trimsUnquotedWhitespace, !trimsUnquotedWhitespace {
            return Remedy(option: "trimWhitespace", effect: "trim the spaces and tabs around fields")
        }
        if other.skipLines != skipLines {
            return Remedy(option: "skipLines", value: String(other.skipLines), effect: "skip the preamble lines before the header")
        }
        if other.hasHeader, hasHeader, other.headerRows != headerRows {
            return Remedy(option: "headerRows", value: String(other.headerRows), effect: "read \(other.headerRows) rows as the header")
        }
        if other.hasHeader != hasHeader, !other.hasHeader {
            return Remedy(option: "noHeader", effect: "read the first row as data")
        }
        return nil
    }
}
