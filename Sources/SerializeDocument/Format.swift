/// The formats serialize reads and writes.
///
/// One `Format` value names a wire format for the converter, the persistence API and the
/// round-trip harness alike. It can be chosen explicitly or derived from a file extension.
public enum Format: String, Sendable, CaseIterable, Hashable {
    /// JSON (RFC 8259).
    case json
    /// An XML property list (`<plist version="1.0">`).
    case xmlPlist = "xml"
    /// A binary property list (`bplist00`).
    case binaryPlist = "binary"
    /// Comma-separated values (RFC 4180).
    case csv
    /// Tab-separated values: CSV with a tab delimiter.
    case tsv

    /// The format a file extension names, or `nil` for an extension serialize does not know.
    ///
    /// `.plist` maps to ``xmlPlist``: readers detect binary property lists by content.
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
}
