/// Problems found while parsing XML, as Swift values.

/// A problem libxml2 reported, or a construct ``XMLEventParser`` refused.
public struct XMLDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What the problem is.
    public enum Kind: Sendable, Hashable {
        /// libxml2 found the document not well-formed (its error code; the message is libxml2's).
        case notWellFormed(code: Int)
        /// Non-white-space content after the root element ends.
        case trailingContent
        /// No root element at all.
        case emptyDocument
        /// A `<!DOCTYPE … [ … ]>` internal subset, refused before its declarations are read.
        case internalSubset
        /// A reference to an entity that is not one of the five predefined ones.
        case entityReference(name: String)
        /// Elements nested deeper than ``XMLParserOptions/maxDepth``.
        case tooDeep(limit: Int)
        /// An input libxml2 cannot take (over 2 GiB).
        case tooLarge
    }

    /// How bad the problem is, as libxml2 grades it.
    public enum Level: Sendable, Hashable {
        case warning, error, fatal
    }

    /// What the problem is.
    public var kind: Kind
    /// How bad libxml2 says it is.
    public var level: Level
    /// libxml2's message, or ours for a refusal.
    public var message: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// 0-based byte offset in the parsed source, where known.
    public var byteOffset: Int

    /// A diagnostic with every field given.
    public init(kind: Kind, level: Level, message: String, line: Int, column: Int, byteOffset: Int) {
        self.kind = kind
        self.level = level
        self.message = message
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// `line:column: error: message`.
    public var description: String {
        "\(line):\(column): \(level == .warning ? "warning" : "error"): \(message)"
    }
}

/// Turns byte offsets into 1-based lines and columns, scanning forward from the last answer.
struct LineLocator {
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    mutating func locate(_ target: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        let target = max(0, min(target, bytes.count))
        if target < offset { self = LineLocator() }
        var i = offset
        while i < target {
            let byte = bytes[i]
            if byte == 0x0A || (byte == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        offset = target
        var column = 1
        var j = lineStart
        // A UTF-8 byte order mark takes no column.
        if j == 0, target >= 3, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { j = 3 }
        while j < target {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        return (line, column)
    }
}
