/// Comparing documents the way the formats do: strings and keys by exact Unicode scalars (not
/// `String ==`, which follows canonical equivalence), numbers by value, doubles by bits.

public import SerializeDocument

/// Whether two strings hold the same scalars.
public func sameScalars(_ a: String, _ b: String) -> Bool {
    a.unicodeScalars.elementsEqual(b.unicodeScalars)
}

/// Structural equality with exact scalars; key order matters (sort with ``sortingKeys(_:)``).
///
/// An integer equals the same integer however it is stored; doubles are equal when their bits
/// are (so -0.0 is not 0.0), or both NaN.
public func exactlyEqual(_ a: Document, _ b: Document) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case let (.bool(x), .bool(y)): x == y
    case let (.integer(x), .integer(y)): x == y
    case let (.unsignedInteger(x), .unsignedInteger(y)): x == y
    case let (.integer(x), .unsignedInteger(y)), let (.unsignedInteger(y), .integer(x)): x >= 0 && UInt64(x) == y
    case let (.double(x), .double(y)): x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
    case let (.number(x), .number(y)): x.text == y.text
    case let (.string(x), .string(y)): sameScalars(x, y)
    // Bit for bit, but for the sign of zero: -0.0 s and 0.0 s are one instant, and date text
    // (`2001-01-01T00:00:00Z`) has no sign to keep it.
    case let (.date(x), .date(y)):
        x.timeIntervalSinceReferenceDate.bitPattern == y.timeIntervalSinceReferenceDate.bitPattern
            || (x.timeIntervalSinceReferenceDate == 0 && y.timeIntervalSinceReferenceDate == 0)
    case let (.data(x), .data(y)): x == y
    case let (.array(x), .array(y)): x.count == y.count && zip(x, y).allSatisfy { exactlyEqual($0, $1) }
    case let (.dictionary(x), .dictionary(y)):
        x.count == y.count && zip(x, y).allSatisfy { sameScalars($0.key.string, $1.key.string) && exactlyEqual($0.value, $1.value) }
    default: false
    }
}

/// `document` with every dictionary's keys in the byte order of their UTF-8.
public func sortingKeys(_ document: Document) -> Document {
    switch document {
    case let .array(elements): return .array(elements.map(sortingKeys))
    case let .dictionary(members):
        var sorted = members
        sorted.sort { $0.key < $1.key }  // DocumentKey orders by UTF-8 bytes
        for (key, value) in members { sorted[key] = sortingKeys(value) }
        return .dictionary(sorted)
    default: return document
    }
}

/// `document` with every `null` replaced by `.string(text)`: what a writer with
/// `null: .string(text)` makes of it.
public func replacingNull(_ document: Document, with text: String) -> Document {
    switch document {
    case .null: return .string(text)
    case let .array(elements): return .array(elements.map { replacingNull($0, with: text) })
    case let .dictionary(members): return .dictionary(members.mapValues { replacingNull($0, with: text) })
    default: return document
    }
}

/// A short text of a document for a mismatch message: strings with every non-ASCII or control
/// scalar escaped, so canonically equivalent strings print differently.
public func describe(_ document: Document) -> String {
    func text(_ string: String) -> String {
        "\"" + string.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
    }
    func walk(_ value: Document) -> String {
        switch value {
        case let .string(string): text(string)
        case let .array(elements): "[" + elements.map(walk).joined(separator: ", ") + "]"
        case let .dictionary(members): "{" + members.map { text($0.key.string) + ": " + walk($0.value) }.joined(separator: ", ") + "}"
        case let .double(number): "\(number) (bits \(String(number.bitPattern, radix: 16)))"
        case let .date(date): "date(\(date.timeIntervalSinceReferenceDate))"
        default: "\(value)"
        }
    }
    return String(walk(document).prefix(2000))
}
