/// Polymorphic decoding by a discriminator field, with registered types, and encoding back.

/// The concrete types that can stand for `Base`, each under a discriminator name.
///
/// A payload picks its type with a field such as `"type": "circle"` beside the type's own
/// fields. Register each concrete type once, in a ``PolymorphicTypes`` provider:
///
/// ```swift
/// protocol Shape: Codable { var area: Double { get } }
/// struct Circle: Shape { var radius: Double; var area: Double { .pi * radius * radius } }
/// struct Square: Shape { var side: Double; var area: Double { side * side } }
///
/// enum Shapes: PolymorphicTypes {
///     static let registry = TypeRegistry<any Shape>(discriminator: "type", [
///         .type(Circle.self, as: "circle"),
///         .type(Square.self, as: "square"),
///     ])
/// }
///
/// struct Drawing: Codable {
///     @Polymorphic<Shapes> var background: any Shape
///     @PolymorphicArray<Shapes> var shapes: [any Shape]
/// }
/// // {"background": {"type": "square", "side": 2}, "shapes": [{"type": "circle", "radius": 1}]}
/// ```
///
/// Encoding writes the value's own fields and then the discriminator, so what was decoded
/// encodes back to the same payload. An unknown discriminator fails with an error that lists the
/// registered names (combine with ``InvalidElementStrategy`` to drop unknown elements instead).
/// Types are matched for encoding in registration order, so register a subclass before its
/// superclass.
///
/// Limits: a registered type must encode keyed fields (not a single value such as a raw-value
/// enum, nor an array), and must not have a field named like the discriminator; encoding such a
/// value throws `EncodingError.invalidValue` instead of crashing the encoder or overwriting the
/// field.
public struct TypeRegistry<Base>: Sendable {
    /// One registered type.
    public struct Entry: Sendable {
        /// The discriminator value naming the type.
        public let name: String
        fileprivate let decode: @Sendable (any Decoder) throws -> Base
        /// `value` as this entry's type, or nil when it is another type.
        fileprivate let concrete: @Sendable (Base) -> (any Encodable)?

        /// Registers `type` under `name`. `type` must conform to `Base`; if it does not, decoding
        /// it fails with an error saying so.
        public static func type<T: Codable & SendableMetatype>(_ type: T.Type, as name: String) -> Entry {
            Entry(
                name: name,
                decode: { decoder in
                    let value = try T(from: decoder)
                    guard let base = value as? Base else {
                        throw DecodingError.dataCorrupted(
                            .init(
                                codingPath: decoder.codingPath,
                                debugDescription: "Registered type \(T.self) for \"\(name)\" is not a \(Base.self)."))
                    }
                    return base
                },
                concrete: { value in value as? T })
        }
    }

    /// The key of the discriminator field, `"type"` by default.
    public let discriminator: String
    /// The registered types, in registration order.
    public let entries: [Entry]

    /// A registry of `entries`, told apart by the field named `discriminator`.
    public init(discriminator: String = "type", _ entries: [Entry]) {
        self.discriminator = discriminator
        self.entries = entries
    }

    /// Decodes the type the discriminator names.
    ///
    /// - Throws: `DecodingError.keyNotFound` when the discriminator is missing, and
    ///   `DecodingError.dataCorrupted` when it names no registered type.
    public func decode(from decoder: any Decoder) throws -> Base {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let key = AnyCodingKey(stringValue: discriminator)
        let name = try container.decode(String.self, forKey: key)
        guard let entry = entries.first(where: { $0.name == name }) else {
            let known = entries.map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath + [key],
                    debugDescription: "Unknown \(Base.self) type \"\(name)\"; registered types are \(known)."))
        }
        return try entry.decode(decoder)
    }

    /// Encodes `value`'s fields and the discriminator naming its registered type.
    ///
    /// The value must encode through a keyed container (a struct or class with fields), and none
    /// of its top-level keys may be named like the discriminator: a value that encodes as a single
    /// value (a raw-value enum, a wrapper) or as an array has nowhere to put the discriminator, and
    /// a field named like it would be overwritten. Both are checked before anything is written.
    ///
    /// - Throws: `EncodingError.invalidValue` when `value`'s type is not registered, when it does
    ///   not encode through a keyed container, or when it has a field named like the discriminator.
    public func encode(_ value: Base, to encoder: any Encoder) throws {
        for entry in entries {
            guard let concrete = entry.concrete(value) else { continue }
            let probe = ContainerProbe(codingPath: encoder.codingPath, userInfo: encoder.userInfo)
            try concrete.encode(to: probe)
            let type = Swift.type(of: value as Any)
            switch probe.kind {
            case .unkeyed, .singleValue:
                throw EncodingError.invalidValue(
                    value,
                    .init(
                        codingPath: encoder.codingPath,
                        debugDescription: "\(type) (registered as \"\(entry.name)\") encodes as "
                            + "\(probe.kind == .unkeyed ? "an array" : "a single value"), so the \"\(discriminator)\" "
                            + "field has nowhere to go; polymorphic types must encode keyed fields."))
            case .none, .keyed:
                if probe.keys.contains(discriminator) {
                    throw EncodingError.invalidValue(
                        value,
                        .init(
                            codingPath: encoder.codingPath + [AnyCodingKey(stringValue: discriminator)],
                            debugDescription: "\(type) (registered as \"\(entry.name)\") has its own field "
                                + "\"\(discriminator)\", which the discriminator would overwrite; register the "
                                + "types with another discriminator, e.g. TypeRegistry(discriminator: \"kind\", ...)."))
                }
            }
            try concrete.encode(to: encoder)
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(entry.name, forKey: AnyCodingKey(stringValue: discriminator))
            return
        }
        throw EncodingError.invalidValue(
            value,
            .init(
                codingPath: encoder.codingPath,
                debugDescription: "\(Swift.type(of: value as Any)) is not registered as a \(Base.self) type."))
    }
}

/// A type that names a ``TypeRegistry``, so property wrappers can find it.
public protocol PolymorphicTypes {
    /// The type the registered types stand for, usually a protocol existential or a base class.
    associatedtype Base
    /// The registered types.
    static var registry: TypeRegistry<Base> { get }
}

/// A property whose concrete type is chosen by a discriminator field. See ``TypeRegistry``.
///
/// ```swift
/// @Polymorphic<Shapes> var background: any Shape
/// ```
@propertyWrapper
public struct Polymorphic<Types: PolymorphicTypes>: Codable {
    public var wrappedValue: Types.Base

    public init(wrappedValue: Types.Base) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try Types.registry.decode(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try Types.registry.encode(wrappedValue, to: encoder)
    }
}

extension Polymorphic: Sendable where Types.Base: Sendable {}

/// An array property whose elements each choose their concrete type by a discriminator field.
///
/// ```swift
/// @PolymorphicArray<Shapes> var shapes: [any Shape]
/// ```
///
/// With `userInfo[.invalidElementStrategy] = InvalidElementDefault.remove`, elements of an
/// unknown type are left out and reported instead of failing the decode.
@propertyWrapper
public struct PolymorphicArray<Types: PolymorphicTypes>: Codable {
    public var wrappedValue: [Types.Base]

    public init(wrappedValue: [Types.Base]) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes each element by its discriminator. An element that fails (an unknown type, a
    /// bad field) fails the decode, unless `userInfo[.invalidElementStrategy]` is
    /// ``InvalidElementDefault/remove``: then it is left out and recorded in the
    /// ``DecodingReport``.
    public init(from decoder: any Decoder) throws {
        let removes = decoder.userInfo[.invalidElementStrategy] as? InvalidElementDefault == .remove
        let boxes: [Polymorphic<Types>] = try decodeElements(from: decoder) { error, _ in
            guard removes else { throw error }
            return .removed
        }
        wrappedValue = boxes.map(\.wrappedValue)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in wrappedValue {
            try container.encode(Polymorphic<Types>(wrappedValue: element))
        }
    }
}

extension PolymorphicArray: Sendable where Types.Base: Sendable {}
