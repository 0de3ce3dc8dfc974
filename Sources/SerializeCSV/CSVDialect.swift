/// CSV for Swift: an RFC 4180 reader and writer, and Codable coders on top.
///
/// `SerializeCSV` has two layers, each usable alone: `CSVReader`/`CSVWriter` turn bytes into
/// rows of fields and back, streaming in constant memory; `CSVDecoder`/`CSVEncoder` map rows to
/// and from any `Codable` type through a configuration of named strategies. A ``CSVDialect``
/// says how the bytes are laid out.

/// How a CSV file is laid out: delimiter, quote character, header and whitespace handling.
public struct CSVDialect: Sendable, Hashable {
    /// The field delimiter, `,` by default.
    public var delimiter: Unicode.Scalar
    /// The quote character, `"` by default.
    public var quote: Unicode.Scalar
    /// Whether the first row is a header naming the columns.
    public var hasHeader: Bool
    /// Whether whitespace around unquoted fields is trimmed.
    public var trimsUnquotedWhitespace: Bool

    /// Creates a dialect; the defaults are RFC 4180's.
    public init(
        delimiter: Unicode.Scalar = ",",
        quote: Unicode.Scalar = "\"",
        hasHeader: Bool = true,
        trimsUnquotedWhitespace: Bool = false
    ) {
        self.delimiter = delimiter
        self.quote = quote
        self.hasHeader = hasHeader
        self.trimsUnquotedWhitespace = trimsUnquotedWhitespace
    }

    /// RFC 4180: comma-delimited, double-quoted, with a header row.
    public static let rfc4180 = CSVDialect()
    /// Tab-separated values with a header row.
    public static let tsv = CSVDialect(delimiter: "\t")
}
