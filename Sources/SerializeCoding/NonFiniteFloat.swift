/// Floating-point values that may be NaN or infinite, coded the same way in every format.

/// A `Float` or `Double` that survives formats without NaN and infinity, and compares NaN as
/// equal to NaN.
///
/// `JSONEncoder` refuses non-finite numbers by default ("Unable to encode Double.nan directly
/// in JSON") and needs matching `nonConformingFloat` strategies on both sides to carry them.
/// `NonFiniteFloat` needs no configuration: a finite value is written as a plain number; NaN,
/// `+∞` and `-∞` are written as the strings `"NaN"`, `"Infinity"` and `"-Infinity"` in every
/// format (the spellings JavaScript and most JSON producers use). Decoding accepts a number or
/// one of those strings; any other string fails with the coding path.
///
/// Equality treats every NaN as equal to every other NaN, so a model holding one can be
/// `Equatable` and round-trip tests can compare it.
public struct NonFiniteFloat<Value>: Sendable
where Value: BinaryFloatingPoint & Codable & Sendable {
    /// The number.
    public var value: Value

    /// Wraps `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// The text written for a non-finite value, or `nil` for a finite one.
    package static func text(for value: Value) -> String? {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return nil
    }

    /// The non-finite value `text` names, or `nil`.
    package static func value(for text: String) -> Value? {
        switch text {
        case "NaN", "nan": .nan
        case "Infinity", "+Infinity", "inf", "+inf": .infinity
        case "-Infinity", "-inf": -.infinity
        default: nil
        }
    }

    /// `a == b`, or both NaN.
    package static func equal(_ a: Value, _ b: Value) -> Bool {
        a == b || (a.isNaN && b.isNaN)
    }
}

extension NonFiniteFloat: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        equal(lhs.value, rhs.value)
    }
}

extension NonFiniteFloat: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // The number first: formats whose every value is text (CSV) also read "21.5" as one.
        if let number = try? container.decode(Value.self) {
            value = number
            return
        }
        let text = try container.decode(String.self)
        guard let value = Self.value(for: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a number, \"NaN\", \"Infinity\" or \"-Infinity\" but found \"\(text)\".")
        }
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let text = Self.text(for: value) {
            try container.encode(text)
        } else {
            try container.encode(value)
        }
    }
}

