/// The key of a ``Document/dictionary(_:)``: a string compared by its exact Unicode scalars.

public import OrderedCollections
public import SerializeCore

/// A dictionary key of a ``Document``, equal to another key only when both hold the same
/// Unicode scalars.
///
/// JSON, property-list and CSV keys are sequences of code units, so `"K"` (U+004B) and
/// `"\u{212A}"` (KELVIN SIGN), or `"\u{E9}"` and `"e\u{301}"`, are two keys, as Python and
/// Foundation's `JSONSerialization` keep them. Swift's `String ==` and hashing follow canonical
/// equivalence and would merge them into one, silently dropping a value: this type compares,
/// hashes and orders the UTF-8 bytes instead (the same as comparing scalars).
///
/// A string literal is a key, and a dictionary of a document also takes `String` subscripts:
///
/// ```swift
/// var members: OrderedDictionary<DocumentKey, Document> = ["K": 1, "\u{212A}": 2]
/// members["name"] = "serialize"            // a String works too
/// for (key, value) in members { print(key.string, value) }
/// ```
public struct DocumentKey: Hashable, Comparable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    ExpressibleByStringLiteral
{
    /// The key's text.
    public var string: String

    /// A key holding `string` exactly.
    public init(_ string: String) { self.string = string }

    public init(stringLiteral value: String) { string = value }

    /// Keys are equal when they hold the same Unicode scalars.
    public static func == (lhs: DocumentKey, rhs: DocumentKey) -> Bool { lhs.string.hasSameScalars(as: rhs.string) }

    /// Keys order by their Unicode scalars (the byte order of their UTF-8): the order of
    /// ``FormatOptions/sortKeys``.
    public static func < (lhs: DocumentKey, rhs: DocumentKey) -> Bool { lhs.string.scalarsPrecede(rhs.string) }

    public func hash(into hasher: inout Hasher) { string.hashScalars(into: &hasher) }

    /// The key's text.
    public var description: String { string }

    public var debugDescription: String { string.debugDescription }
}

// MARK: - String subscripts

extension OrderedDictionary where Key == DocumentKey {
    /// The value for the key holding exactly the scalars of `key`.
    public subscript(key: String) -> Value? {
        get { self[DocumentKey(key)] }
        set { self[DocumentKey(key)] = newValue }
    }

    /// The value for the key holding exactly the scalars of `key`, or `defaultValue`.
    public subscript(key: String, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[DocumentKey(key), default: defaultValue()] }
        set { self[DocumentKey(key), default: defaultValue()] = newValue }
    }

    /// The position of the key holding exactly the scalars of `key`.
    public func index(forKey key: String) -> Int? { index(forKey: DocumentKey(key)) }

    /// Sets the value of `key`, keeping its place when it is present; returns the old value.
    @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: String) -> Value? {
        updateValue(value, forKey: DocumentKey(key))
    }

    /// A dictionary of `String`-keyed pairs, each key kept exactly; `combine` merges the values of
    /// a key that appears twice (only exact repeats: `K` and U+212A are two keys).
    public init<Pairs: Sequence>(
        _ pairs: Pairs, uniquingKeysWith combine: (Value, Value) throws -> Value
    ) rethrows where Pairs.Element == (String, Value) {
        try self.init(pairs.lazy.map { (DocumentKey($0.0), $0.1) }, uniquingKeysWith: combine)
    }

    /// A dictionary of `String`-keyed pairs whose keys are all different (by exact scalars).
    public init<Pairs: Sequence>(uniqueKeysWithValues pairs: Pairs) where Pairs.Element == (String, Value) {
        self.init(uniqueKeysWithValues: pairs.lazy.map { (DocumentKey($0.0), $0.1) })
    }

    /// Removes `key` and returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> Value? { removeValue(forKey: DocumentKey(key)) }
}

// MARK: - Paths

extension ValuePath.Component {
    /// A step to the member with `key`.
    public static func key(_ key: DocumentKey) -> ValuePath.Component { .key(key.string) }
}
