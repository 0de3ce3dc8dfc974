/// The one format value: which wire format, with the CSV dialect where it applies.

public import SerializeCSV

/// The formats serialize reads and writes.
///
/// One `Format` value names a wire format for the converter (``convert(_:to:reading:writing:)``),
/// the persistence API, the round-trip harness and the command-line tool alike. CSV carries its
/// dialect: ``csv`` and ``tsv`` are `.csv(.rfc4180)` and `.csv(.tsv)`. A format can be chosen
/// explicitly, derived from a file extension (``init(fileExtension:)``) or detected from the
/// bytes (``detect(in:)``). The strategies for values a format cannot hold travel separately,
/// in ``FormatOptions``.
public enum Format: Sendable, Hashable, CustomStringConvertible {
    /// JSON (RFC 8259).
    case json
    /// An XML property list (`<plist version="1.0">`).
    case xmlPlist
    /// A binary property list (`bplist00`).
    case binaryPlist
    /// Delimiter-separated values in `dialect`: RFC 4180 CSV, TSV, or your own.
    case csv(CSVDialect)

    /// Comma-separated values (RFC 4180).
    public static var csv: Format { .csv(.rfc4180) }
    /// Tab-separated values: CSV with a tab delimiter.
    public static var tsv: Format { .csv(.tsv) }

    /// Every format with its default dialect, in the order help texts list them.
    public static let all: [Format] = [.json, .xmlPlist, .binaryPlist, .csv, .tsv]

    /// The short name flags and reports use: `json`, `xml`, `binary`, `csv`, `tsv`; CSV in
    /// another dialect is `csv(;)` with its delimiter.
    public var name: String {
        switch self {
        case .json: "json"
        case .xmlPlist: "xml"
        case .binaryPlist: "binary"
        case let .csv(dialect):
            dialect == .rfc4180 ? "csv" : dialect == .tsv ? "tsv" : "csv(\(dialect.delimiter.escaped(asASCII: true)))"
        }
    }

    /// The format a short name (``name``) names, or `nil`: `json`, `xml`, `binary`, `csv`, `tsv`,
    /// and the names people bring from elsewhere: `plist`, as the `.plist` extension (an XML
    /// property list when writing; reading tells binary from XML by content), and plutil's
    /// `xml1` and `binary1` (`plutil -convert binary1`).
    public init?(name: String) {
        switch name {
        case "plist", "xml1": self = .xmlPlist
        case "binary1": self = .binaryPlist
        default:
            guard let format = Self.all.first(where: { $0.name == name }) else { return nil }
            self = format
        }
    }

    /// The format a file extension names, or `nil` for an extension serialize does not know.
    ///
    /// `.plist` maps to ``xmlPlist``: readers tell binary property lists by content.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json": self = .json
        case "plist", "xml": self = .xmlPlist
        case "bplist": self = .binaryPlist
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        default: return nil
        }
    }

    /// The extension files in this format get: `json`, `plist`, `csv` or `tsv`.
    public var fileExtension: String {
        switch self {
        case .json: "json"
        case .xmlPlist, .binaryPlist: "plist"
        case let .csv(dialect): dialect.delimiter == "\t" ? "tsv" : "csv"
        }
    }

    /// Whether this is a property list, XML or binary.
    public var isPropertyList: Bool { self == .xmlPlist || self == .binaryPlist }

    /// The CSV dialect, or `nil` for the other formats.
    public var csvDialect: CSVDialect? {
        if case let .csv(dialect) = self { return dialect }
        return nil
    }

    /// `JSON`, `XML property list`, `binary property list`, `CSV`, `TSV`.
    public var description: String {
        switch self {
        case .json: "JSON"
        case .xmlPlist: "XML property list"
        case .binaryPlist: "binary property list"
        case let .csv(dialect): dialect.delimiter == "\t" ? "TSV" : "CSV"
        }
    }
}
