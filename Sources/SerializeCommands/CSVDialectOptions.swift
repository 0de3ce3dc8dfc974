/// The flags that state how CSV input is laid out: `--delimiter`, `--quote`, `--escape`,
/// `--encoding`, `--trim-whitespace`, `--no-header`, `--header-rows`, `--skip-lines`, `--comment`. They set fields of the one
/// `CSVDialect` the CSV `Format` carries.

public import ArgumentParser
import Foundation
public import SerializeCSV
public import SerializeDocument

extension CSVEncoding: ExpressibleByArgument {
    /// An encoding's name (``CSVEncoding/init(name:)``).
    public init?(argument: String) { self.init(name: argument) }

    /// The names `--help` lists.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// One character of a dialect on the command line: the character itself, or `tab`, `\t`, `space`.
struct DialectCharacter: ExpressibleByArgument {
    var scalar: Unicode.Scalar

    init?(argument: String) {
        switch argument {
        case "tab", "\\t": scalar = "\t"
        case "space": scalar = " "
        default:
            guard argument.unicodeScalars.count == 1, let first = argument.unicodeScalars.first,
                first != "\n", first != "\r"
            else { return nil }
            scalar = first
        }
    }
}

/// How CSV input is laid out, when not RFC 4180.
public struct CSVDialectOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("CSV input: the field delimiter (one character; tab or \\t for a tab).", valueName: "char"))
    var delimiter: DialectCharacter?

    @Option(help: ArgumentHelp("CSV input: the quote character (default \").", valueName: "char"))
    var quote: DialectCharacter?

    @Option(help: ArgumentHelp("CSV input: an escape character inside quoted fields, such as \\ (default: quotes are doubled).", valueName: "char"))
    var escape: DialectCharacter?

    @Option(help: "CSV input: the text encoding (utf-8, utf-16le, utf-16be, utf-32, latin1, windows-1252).")
    var encoding: CSVEncoding?

    @Flag(help: "CSV input: trim spaces and tabs around fields (and around the quotes of quoted fields).")
    var trimWhitespace = false

    @Flag(help: "CSV input: the first row is data; columns are named column1, column2, …")
    var noHeader = false

    @Option(help: ArgumentHelp(
        "CSV input: this many rows make the header; a group cell is carried right over the empty cells after it and joined to the row below with . (address.street).",
        valueName: "n"))
    var headerRows: Int?

    @Option(help: ArgumentHelp("CSV input: skip this many lines (a preamble) before the header.", valueName: "n"))
    var skipLines: Int?

    @Option(help: ArgumentHelp("CSV input: skip lines that start with this character.", valueName: "char"))
    var comment: DialectCharacter?

    /// No dialect flags.
    public init() {}

    /// Whether any dialect flag was given.
    var isEmpty: Bool {
        delimiter == nil && quote == nil && escape == nil && encoding == nil && !trimWhitespace && !noHeader && headerRows == nil && skipLines == nil
            && comment == nil
    }

    /// `dialect` with the fields these flags state replaced.
    func applied(to dialect: CSVDialect) -> CSVDialect {
        var dialect = dialect
        if let delimiter { dialect.delimiter = delimiter.scalar }
        if let quote { dialect.quote = quote.scalar }
        if let escape { dialect.escape = escape.scalar }
        if let encoding { dialect.encoding = encoding }
        if trimWhitespace { dialect.trimsUnquotedWhitespace = true }
        if noHeader { dialect.hasHeader = false }
        if let headerRows {
            dialect.hasHeader = headerRows > 0
            dialect.headerRows = max(1, headerRows)
        }
        if let skipLines { dialect.skipLines = skipLines }
        if let comment { dialect.comment = comment.scalar }
        return dialect
    }

    /// The format input is read in: `named` (a flag or the extension) or else the one the bytes
    /// suggest (`Format.detect`), with these flags applied to its dialect. Unnamed input is CSV
    /// when a dialect flag is given. Without dialect flags, CSV input is read in the dialect
    /// `CSVDialect.sniff(_:)` finds.
    ///
    /// - Throws: `ValidationError` when the flags are given for input named as another format.
    func sourceFormat(named: Format?, data: Data) throws -> Format {
        try source(named: named, data: data).format
    }

    /// ``sourceFormat(named:data:)`` with what sniffing found, when it sniffed.
    func source(named: Format?, data: Data) throws -> (format: Format, sniff: CSVSniff?) {
        guard !isEmpty else {
            guard named == nil || named?.csvDialect != nil else { return (named ?? .json, nil) }
            let format = named ?? Format.detect(in: data)
            guard format.csvDialect != nil else { return (format, nil) }
            let sniff = CSVDialect.sniff(data)
            return (.csv(sniff.dialect), sniff)
        }
        switch named ?? Format.detect(in: data) {
        case let .csv(dialect): return (.csv(applied(to: dialect)), nil)
        case let other where named == nil: return (.csv(applied(to: other.csvDialect ?? .rfc4180)), nil)
        case let other: throw ValidationError("--delimiter, --quote, --escape, --encoding, --trim-whitespace, --no-header, --header-rows, --skip-lines and --comment apply to CSV input; the input is \(other.description)")
        }
    }

    /// Refuses a negative --skip-lines or --header-rows, --header-rows with --no-header, and a
    /// quote that is the delimiter.
    public mutating func validate() throws {
        if let skipLines, skipLines < 0 { throw ValidationError("--skip-lines takes a count of zero or more") }
        if let headerRows, headerRows < 0 { throw ValidationError("--header-rows takes a count of zero (no header) or more") }
        if headerRows != nil, noHeader { throw ValidationError("--header-rows and --no-header say the same thing twice; give one") }
        if let delimiter, let quote, delimiter.scalar == quote.scalar { throw ValidationError("--delimiter and --quote must differ") }
    }
}
