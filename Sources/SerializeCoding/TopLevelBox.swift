/// A keyed wrapper for values a format cannot hold at the top level.

/// Holds a single value under the key `value`, so that a bare number, string, date or `nil`
/// can be the whole document.
///
/// JSON accepts any value at the top level, but a property list written by
/// `PropertyListEncoder` must be a dictionary or an array: encoding a bare `Int` fails with
/// `EncodingError.invalidValue` ("Top-level Int encoded as number property list fragment"), and
/// a top-level `nil` has nothing to be written as. Boxing the value makes the document a
/// one-key dictionary in every format:
///
/// ```swift
/// let data = try PropertyListEncoder().encode(TopLevelBox(42))   // <dict><key>value</key>…
/// let n = try PropertyListDecoder().decode(TopLevelBox<Int>.self, from: data).value
/// ```
///
/// An optional payload that is `nil` is written as an empty dictionary (the key is left out),
/// so `TopLevelBox<Int?>(nil)` survives property lists, which have no null.
public struct TopLevelBox<Value> {
    /// The boxed value.
    public var value: Value

    /// Boxes `value`.
    public init(_ value: Value) {
        self.value = value
    }
}

extension TopLevelBox: Equatable where Value: Equatable {}
extension TopLevelBox: Hashable where Value: Hashable {}
extension TopLevelBox: Sendable where Value: Sendable {}

extension TopLevelBox: Codable where Value: Codable {
    private enum CodingKeys: String, CodingKey {
        case value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if !container.contains(.value), let absent = (Value.self as? any _OptionalValue.Type)?.absent as? Value {
            value = absent
        } else {
            value = try container.decode(Value.self, forKey: .value)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let optional = value as? any _OptionalValue, optional.isAbsent { return }
        try container.encode(value, forKey: .value)
    }
}

/// Lets generic code recognise `Optional` and make or spot its `nil`.
private protocol _OptionalValue {
    static var absent: Self { get }
    var isAbsent: Bool { get }
}

extension Optional: _OptionalValue {
    fileprivate static var absent: Optional<Wrapped> { nil }
    fileprivate var isAbsent: Bool { self == nil }
}
