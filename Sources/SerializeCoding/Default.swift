/// Defaults for a missing key as well as for null, chosen per property.

/// A type that supplies the value a ``Default`` property takes when its key is missing or null.
///
/// ```swift
/// enum DefaultRetries: DefaultValueProvider {
///     static var defaultValue: Int { 3 }
/// }
/// ```
public protocol DefaultValueProvider {
    /// The type of the property.
    associatedtype Value: Codable
    /// The value used when the key is missing or its value is null.
    static var defaultValue: Value { get }
}

/// A property that decodes as its provider's default when the key is missing **or** null.
///
/// Synthesized `Codable` calls `decode(_:forKey:)`, which fails on a missing key even for a
/// property wrapper that could supply a value; this module overloads that call for `Default`,
/// so a missing key works too:
///
/// ```swift
/// struct Settings: Codable {
///     @Default<DefaultFalse> var isPro: Bool
///     @Default<DefaultEmpty<[String]>> var tags: [String]
///     @Default<DefaultCase<Theme>> var theme: Theme     // Theme: DefaultCaseCodable
/// }
/// // {} decodes as isPro == false, tags == [], theme == .defaultCase
/// ```
///
/// A present value of the wrong type still fails with Foundation's type-mismatch error: a
/// default stands in for an absent value, never for a wrong one. Encoding always writes the
/// value, so `decode(encode(x)) == x` in every format.
@propertyWrapper
public struct Default<Provider: DefaultValueProvider>: Codable {
    public var wrappedValue: Provider.Value

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Provider.Value) {
        self.wrappedValue = wrappedValue
    }

    /// A property holding the provider's default.
    public init() {
        self.wrappedValue = Provider.defaultValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? Provider.defaultValue : try container.decode(Provider.Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Default: Equatable where Provider.Value: Equatable {}
extension Default: Hashable where Provider.Value: Hashable {}
extension Default: Sendable where Provider.Value: Sendable {}

extension KeyedDecodingContainer {
    /// Decodes a ``Default`` property, using the provider's default when `key` is missing or null.
    ///
    /// Synthesized `init(from:)` picks this overload for `@Default` properties.
    public func decode<Provider>(_ type: Default<Provider>.Type, forKey key: Key) throws -> Default<Provider> {
        try decodeIfPresent(type, forKey: key) ?? Default()
    }

    /// Decodes a value under `key`, or returns `defaultValue` when the key is missing or null.
    ///
    /// The hand-written form of ``Default``:
    ///
    /// ```swift
    /// retries = try container.decode(Int.self, forKey: .retries, default: 3)
    /// ```
    ///
    /// - Throws: The decoding error when a value is present but does not decode.
    public func decode<T: Decodable>(
        _ type: T.Type, forKey key: Key, default defaultValue: @autoclosure () -> T
    ) throws -> T {
        try decodeIfPresent(type, forKey: key) ?? defaultValue()
    }
}

// MARK: - Providers

/// Defaults to `false`.
public enum DefaultFalse: DefaultValueProvider {
    public static var defaultValue: Bool { false }
}

/// Defaults to `true`.
public enum DefaultTrue: DefaultValueProvider {
    public static var defaultValue: Bool { true }
}

/// Defaults to zero, for any numeric type: `@Default<DefaultZero<Int>>`.
public enum DefaultZero<Number: Numeric & Codable>: DefaultValueProvider {
    public static var defaultValue: Number { .zero }
}

/// Defaults to an empty collection: `@Default<DefaultEmpty<[Tag]>>`, `@Default<DefaultEmpty<String>>`.
public enum DefaultEmpty<Collection: RangeReplaceableCollection & Codable>: DefaultValueProvider {
    public static var defaultValue: Collection { Collection() }
}

/// Defaults to an empty dictionary: `@Default<DefaultEmptyDictionary<String, Int>>`.
public enum DefaultEmptyDictionary<Key: Hashable & Codable, Value: Codable>: DefaultValueProvider {
    public static var defaultValue: [Key: Value] { [:] }
}

/// Defaults to an enum's ``DefaultCaseCodable/defaultCase``, so a missing key behaves like an
/// unknown raw value: `@Default<DefaultCase<Status>> var status: Status`.
public enum DefaultCase<Enum: DefaultCaseCodable>: DefaultValueProvider {
    public static var defaultValue: Enum { Enum.defaultCase }
}
