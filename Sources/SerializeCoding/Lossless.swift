/// Lossless conversions on request: `"1"` ⇄ `1`, `0`/`1` and `"true"` ⇄ `Bool`.

/// A scalar as it was found in the encoded data, before conversion.
public enum LosslessSource: Sendable, Hashable, CustomStringConvertible {
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)

    /// The kind of scalar, without its value.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case bool, integer, double, string
    }

    /// This scalar's kind.
    public var kind: Kind {
        switch self {
        case .bool: .bool
        case .integer: .integer
        case .double: .double
        case .string: .string
        }
    }

    public var description: String {
        switch self {
        case let .bool(value): "boolean \(value)"
        case let .integer(value): "integer \(value)"
        case let .double(value): "number \(value)"
        case let .string(value): "string \"\(value)\""
        }
    }

    fileprivate func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .bool(value): try container.encode(value)
        case let .integer(value): try container.encode(value)
        case let .double(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        }
    }
}

/// A type ``Lossless`` can convert to and from the other scalar kinds.
///
/// `Bool`, `Int`, `Int64`, `Double` and `String` conform. A conversion succeeds only when it
/// is exact: `"12"` → `12`, `1.0` → `1`, `0`/`1`/`"true"`/`"0"` → `Bool`, but never
/// `"1.5"` → `Int` or `2` → `Bool`.
public protocol LosslessConvertible: Codable, Equatable {
    /// The scalar kind this type is written as; decoding tries it before the others.
    static var losslessKind: LosslessSource.Kind { get }
    /// Converts `source` exactly, or returns `nil`.
    init?(losslessSource source: LosslessSource)
    /// This value as a scalar of `kind`, or `nil` when it cannot be written as one exactly.
    func losslessRepresentation(as kind: LosslessSource.Kind) -> LosslessSource?
}

/// How ``Lossless`` properties encode; set in the encoder's `userInfo[.losslessEncoding]`.
public enum LosslessEncoding: Sendable, Hashable {
    /// Write the property's own type: `Int` as a number, `Bool` as a boolean (the default).
    case canonical
    /// Write each value in the form it was decoded from: a count read as `"12"` is written as
    /// `"12"`, a flag read as `1` as `1`. An unchanged value is written exactly as it was read.
    case originalForm
}

extension CodingUserInfoKey {
    /// The ``LosslessEncoding`` for a whole encode; absent means ``LosslessEncoding/canonical``.
    public static let losslessEncoding = CodingUserInfoKey(rawValue: "serialize.losslessEncoding")!
}

/// A property that accepts its value as any scalar kind that converts exactly.
///
/// APIs send numbers as strings and booleans as `0`/`1` or `"true"`. Ask for the conversion per
/// property:
///
/// ```swift
/// struct Item: Codable {
///     @Lossless var count: Int       // 12, "12" and 12.0 all decode as 12
///     @Lossless var isActive: Bool   // true, 1 and "true" all decode as true
/// }
/// ```
///
/// Decoding tries the source as a boolean, an integer, a floating-point number and a string,
/// in that order, and converts the first that the format holds. A value that converts to
/// nothing fails with a type-mismatch error naming what was found (`Cannot convert string
/// "abc" to Int.`). By default encoding writes the property's own type; with
/// `userInfo[.losslessEncoding] = LosslessEncoding.originalForm` it writes the value back in
/// the form it came in, so a round trip reproduces the payload. (Property lists cannot tell an
/// integral real such as `12.0` from an integer through Codable; it comes back as `12`.)
@propertyWrapper
public struct Lossless<Value: LosslessConvertible>: Codable {
    public var wrappedValue: Value
    /// The scalar the value was decoded from, or `nil` for a value set in code.
    public var source: LosslessSource?

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
        self.source = nil
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            throw DecodingError.valueNotFound(
                Value.self,
                .init(codingPath: decoder.codingPath, debugDescription: "Expected \(Value.self) but found null."))
        }
        // The property's own kind first, so a Double keeps `-0.0` and a whole number too large
        // for exact integer parsing; then the others in a fixed order.
        let kinds = [Value.losslessKind] + LosslessSource.Kind.allCases.filter { $0 != Value.losslessKind }
        for kind in kinds {
            guard var found = Self.decode(kind, from: container) else { continue }
            // A real that was written as a whole number (`12`) remembers that form, so the
            // original form writes `12` again; `-0.0` and inexact integers stay reals.
            if case let .double(real) = found, !(real == 0 && real.sign == .minus),
                let integer = try? container.decode(Int64.self), Double(exactly: integer) == real
            {
                found = .integer(integer)
            }
            guard let value = Value(losslessSource: found) else {
                throw DecodingError.typeMismatch(
                    Value.self,
                    .init(codingPath: decoder.codingPath, debugDescription: "Cannot convert \(found) to \(Value.self)."))
            }
            self.wrappedValue = value
            self.source = found
            return
        }
        throw DecodingError.typeMismatch(
            Value.self,
            .init(
                codingPath: decoder.codingPath,
                debugDescription: "Expected \(Value.self), or a boolean, number or string that converts to it."))
    }

    private static func decode(_ kind: LosslessSource.Kind, from container: any SingleValueDecodingContainer)
        -> LosslessSource?
    {
        switch kind {
        case .bool: (try? container.decode(Bool.self)).map(LosslessSource.bool)
        case .integer: (try? container.decode(Int64.self)).map(LosslessSource.integer)
        case .double: (try? container.decode(Double.self)).map(LosslessSource.double)
        case .string: (try? container.decode(String.self)).map(LosslessSource.string)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if encoder.userInfo[.losslessEncoding] as? LosslessEncoding == .originalForm, let source {
            if Value(losslessSource: source) == wrappedValue {
                return try source.encode(to: encoder)
            }
            if let converted = wrappedValue.losslessRepresentation(as: source.kind) {
                return try converted.encode(to: encoder)
            }
        }
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Lossless: Equatable {
    /// Two properties are equal when their values are; where they came from does not matter.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension Lossless: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension Lossless: Sendable where Value: Sendable {}

// MARK: - Conversions

extension Bool: LosslessConvertible {
    public static var losslessKind: LosslessSource.Kind { .bool }

    public init?(losslessSource source: LosslessSource) {
        switch source {
        case let .bool(value): self = value
        case .integer(0): self = false
        case .integer(1): self = true
        case let .string(text):
            switch text.lowercased() {
            case "true", "1": self = true
            case "false", "0": self = false
            default: return nil
            }
        case .integer, .double: return nil
        }
    }

    public func losslessRepresentation(as kind: LosslessSource.Kind) -> LosslessSource? {
        switch kind {
        case .bool: .bool(self)
        case .integer: .integer(self ? 1 : 0)
        case .double: nil
        case .string: .string(self ? "true" : "false")
        }
    }
}

extension Int64: LosslessConvertible {
    public static var losslessKind: LosslessSource.Kind { .integer }

    public init?(losslessSource source: LosslessSource) {
        switch source {
        case .bool: return nil
        case let .integer(value): self = value
        case let .double(value):
            guard let exact = Int64(exactly: value) else { return nil }
            self = exact
        case let .string(text):
            guard let value = Int64(text) else { return nil }
            self = value
        }
    }

    public func losslessRepresentation(as kind: LosslessSource.Kind) -> LosslessSource? {
        switch kind {
        case .bool: self == 0 ? .bool(false) : self == 1 ? .bool(true) : nil
        case .integer: .integer(self)
        case .double: Double(exactly: self).map(LosslessSource.double)
        case .string: .string(String(self))
        }
    }
}

extension Int: LosslessConvertible {
    public static var losslessKind: LosslessSource.Kind { .integer }

    public init?(losslessSource source: LosslessSource) {
        guard let wide = Int64(losslessSource: source), let value = Int(exactly: wide) else { return nil }
        self = value
    }

    public func losslessRepresentation(as kind: LosslessSource.Kind) -> LosslessSource? {
        Int64(self).losslessRepresentation(as: kind)
    }
}

extension Double: LosslessConvertible {
    public static var losslessKind: LosslessSource.Kind { .double }

    public init?(losslessSource source: LosslessSource) {
        switch source {
        case .bool: return nil
        case let .integer(value):
            guard let exact = Double(exactly: value) else { return nil }
            self = exact
        case let .double(value): self = value
        case let .string(text):
            guard let value = Double(text) else { return nil }
            self = value
        }
    }

    public func losslessRepresentation(as kind: LosslessSource.Kind) -> LosslessSource? {
        switch kind {
        case .bool: nil
        case .integer: Int64(exactly: self).map(LosslessSource.integer)
        case .double: .double(self)
        case .string: .string(String(self))
        }
    }
}

extension String: LosslessConvertible {
    public static var losslessKind: LosslessSource.Kind { .string }

    public init?(losslessSource source: LosslessSource) {
        switch source {
        case let .bool(value): self = value ? "true" : "false"
        case let .integer(value): self = String(value)
        case let .double(value): self = String(value)
        case let .string(value): self = value
        }
    }

    public func losslessRepresentation(as kind: LosslessSource.Kind) -> LosslessSource? {
        switch kind {
        case .bool: Bool(losslessSource: .string(self)).map(LosslessSource.bool)
        case .integer: Int64(self).map(LosslessSource.integer)
        case .double: Double(self).map(LosslessSource.double)
        case .string: .string(self)
        }
    }
}
