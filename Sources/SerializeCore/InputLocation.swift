/// Where something is in an input: the one location type and the one column rule.

/// A place in an input: a 1-based line and column for text, a 0-based byte offset always.
///
/// **The column rule**, the same for JSON, XML property lists and CSV: lines end at LF, CR or
/// CR LF (each counts once); the column is 1 plus the number of Unicode scalars between the start
/// of the line and the place, so `é` written as one scalar takes one column and `e` + U+0301 two;
/// a tab is one column; a UTF-8 byte order mark at the start of the input takes none. Binary
/// formats have no lines: their locations carry only ``byteOffset``.
public struct InputLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line, or `nil` in a binary format.
    public var line: Int?
    /// The 1-based column in Unicode scalars, or `nil` in a binary format.
    public var column: Int?
    /// The 0-based offset of the first byte, or `nil` when only the line and column are known.
    public var byteOffset: Int?

    /// A place in a text format.
    public init(line: Int, column: Int, byteOffset: Int? = nil) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// A place in a binary format.
    public init(byteOffset: Int) {
        self.line = nil
        self.column = nil
        self.byteOffset = byteOffset
    }

    /// `12:7` for text, `offset 120` for binary formats.
    public var description: String {
        if let line, let column { return "\(line):\(column)" }
        if let byteOffset { return "offset \(byteOffset)" }
        return ""
    }

    public static func < (lhs: InputLocation, rhs: InputLocation) -> Bool {
        if let left = lhs.byteOffset, let right = rhs.byteOffset { return left < right }
        return (lhs.line ?? 0, lhs.column ?? 0) < (rhs.line ?? 0, rhs.column ?? 0)
    }
}

// MARK: - The column rule

extension InputLocation {
    /// The column rule, the one place it is counted: the 1-based column of the byte that follows
    /// `lineBytes` (the bytes from the start of its line) is one more than the number of Unicode
    /// scalars they hold, that is of bytes that do not continue a UTF-8 sequence.
    package static func column(after lineBytes: UnsafeRawBufferPointer) -> Int {
        var column = 1
        for byte in lineBytes where byte & 0xC0 != 0x80 { column += 1 }
        return column
    }
}

// MARK: - Locating byte offsets

/// Turns byte offsets into ``InputLocation``s by the column rule, scanning forward from its
/// last answer, so locating offsets in increasing order costs one pass over the input.
package struct InputLocator {
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    package init() {}

    /// The location of the byte at `target` (clamped to the input) in `bytes`.
    package mutating func locate(_ target: Int, in bytes: UnsafeRawBufferPointer) -> InputLocation {
        let target = max(0, min(target, bytes.count))
        if target < offset { self = InputLocator() }
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
        var start = lineStart
        // A UTF-8 byte order mark takes no column.
        if start == 0, target >= 3, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        let column = InputLocation.column(after: UnsafeRawBufferPointer(rebasing: bytes[start..<max(start, target)]))
        return InputLocation(line: line, column: column, byteOffset: target)
    }

    /// The location of the byte at `target` in `bytes`.
    package static func locate(_ target: Int, in bytes: some Collection<UInt8>) -> InputLocation {
        let array = Array(bytes)
        var locator = InputLocator()
        return array.withUnsafeBytes { locator.locate(target, in: $0) }
    }
}
