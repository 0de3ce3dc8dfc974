/// Errors from reading and writing documents, located like a compiler's diagnostics.

/// A reader or writer failure: what is wrong, where, and what to do.
///
/// Its ``description`` reads like a compiler's: `in.json:12:7: error: expected ',' or '}' after
/// object member`. Readers of text formats give a 1-based line and column, the binary plist reader
/// a byte offset, writers the document path of the value (`$.users[3].email`).
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is; stable, for tests and for callers that branch on it.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    /// Where the failure is.
    public enum Location: Sendable, Equatable, CustomStringConvertible {
        /// A 1-based line and column in a text format.
        case text(line: Int, column: Int)
        /// A 0-based byte offset in a binary format.
        case byteOffset(Int)
        /// The path of a value in the document, such as `$.users[3].email`.
        case path(String)
        /// Nowhere more precise than the whole input.
        case unknown

        public var description: String {
            switch self {
            case let .text(line, column): "\(line):\(column)"
            case let .byteOffset(offset): "offset \(offset)"
            case let .path(path): path
            case .unknown: ""
            }
        }
    }

    public var code: Code
    public var message: String
    public var location: Location
    /// The file name to print before the location, when known.
    public var file: String?
    /// What the user can do about it, such as a flag that fixes it.
    public var hint: String?

    public init(_ code: Code, _ message: String, at location: Location = .unknown, file: String? = nil, hint: String? = nil) {
        self.code = code
        self.message = message
        self.location = location
        self.file = file
        self.hint = hint
    }

    /// The same error, attributed to `file`.
    public func inFile(_ file: String?) -> DocumentError {
        var copy = self
        copy.file = file
        return copy
    }

    public var description: String {
        var prefix = [file, location == .unknown ? nil : location.description].compactMap { $0 }.joined(separator: ":")
        if !prefix.isEmpty { prefix += ": " }
        var text = "\(prefix)error: \(message)"
        if let hint { text += " (\(hint))" }
        return text
    }
}
