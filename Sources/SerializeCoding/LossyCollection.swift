/// Property-wrapper forms of the invalid-element strategies.

/// An array property that leaves out elements that fail to decode, and reports each one.
///
/// The property-wrapper form of ``InvalidElementStrategy/remove``, for synthesized `Codable`:
///
/// ```swift
/// struct Page: Codable {
///     @LossyArray var results: [User]   // [good, bad, good] decodes as [good, good]
/// }
/// ```
///
/// Each removed element is recorded in the ``DecodingReport`` in `userInfo`, with its index.
/// Encoding writes the array as it is. A missing key or a value that is not an array still fails.
@propertyWrapper
public struct LossyArray<Element: Codable & Sendable>: Codable, Sendable {
    public var wrappedValue: [Element]

    public init(wrappedValue: [Element]) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try [Element](from: decoder, invalidElements: .remove)
    }

    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension LossyArray: Equatable where Element: Equatable {}
extension LossyArray: Hashable where Element: Hashable {}

/// A string-keyed dictionary property that leaves out entries whose value fails to decode, and
/// reports each one by key.
///
/// ```swift
/// struct Prices: Codable {
///     @LossyDictionary var byCurrency: [String: Double]   // {"EUR": 1.5, "USD": "?"} → ["EUR": 1.5]
/// }
/// ```
///
/// Encoding writes the entries sorted by key, so binary property lists come out the same
/// every time.
@propertyWrapper
public struct LossyDictionary<Value: Codable & Sendable>: Codable, Sendable {
    public var wrappedValue: [String: Value]

    public init(wrappedValue: [String: Value]) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try [String: Value](from: decoder, invalidValues: .remove)
    }

    /// Writes the entries in key order, so the same dictionary always encodes to the same bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (key, value) in wrappedValue.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: AnyCodingKey(stringValue: key))
        }
    }
}

extension LossyDictionary: Equatable where Value: Equatable {}
extension LossyDictionary: Hashable where Value: Hashable {}
