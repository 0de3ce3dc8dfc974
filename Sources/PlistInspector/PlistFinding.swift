/// The plist inspector: lint, print, type and extract, with exact locations.
///
/// `PlistInspector` reads XML property lists through libxml2 (via `SerializeXML`) and binary
/// property lists through serialize's own reader, and reports every problem it finds in one
/// pass as a ``PlistFinding`` with a severity, a location and the key path of the value.

/// One problem the inspector found in a property list.
public struct PlistFinding: Sendable, Hashable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    /// Where a finding is: a line and column in an XML file, a byte offset in a binary one.
    public enum Location: Sendable, Hashable, CustomStringConvertible {
        /// 1-based line and column.
        case text(line: Int, column: Int)
        /// 0-based byte offset.
        case byteOffset(Int)

        public var description: String {
            switch self {
            case let .text(line, column): "\(line):\(column)"
            case let .byteOffset(offset): "offset \(offset)"
            }
        }
    }

    /// How serious the finding is.
    public var severity: Severity
    /// Where the finding is.
    public var location: Location
    /// The key path of the value, such as `root.items[3].name`.
    public var keyPath: String
    /// What is wrong and what to do about it.
    public var message: String
    /// A stable name for the kind of finding, such as `bad-integer` or `duplicate-key`.
    public var code: String

    /// A finding with every field given.
    public init(severity: Severity, location: Location, keyPath: String, message: String, code: String = "") {
        self.severity = severity
        self.location = location
        self.keyPath = keyPath
        self.message = message
        self.code = code
    }

    /// `line:column: error: message`, the form compilers use.
    public var description: String {
        "\(location): \(severity.rawValue): \(message)"
    }
}
