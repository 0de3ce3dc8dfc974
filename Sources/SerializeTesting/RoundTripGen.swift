/// swift-property-based generators for the values that break serializers.

public import Foundation
public import PropertyBased

/// Generators of the values serializers get wrong, for `propertyCheck`.
///
/// Each generator mixes the edge cases (limits, NaN, `-0.0`, subnormals, `"$null"`, control
/// characters, empty data) with random values, so a few hundred cases meet every corner:
///
/// ```swift
/// @Test func readingsSurvive() async {
///     await propertyCheck(count: 300, input: RoundTripGen.double, RoundTripGen.date) { value, when in
///         expectRoundTrip(Reading(value: value, when: when), through: [.xmlPlist, .binaryPlist],
///                         expecting: [.xmlPlistDateWholeSeconds])
///     }
/// }
/// ```
///
/// Build model generators from these with `zip(...).map { ... }`, in a namespace of your own
/// (`enum ModelGen { static let reading = zip(RoundTripGen.double, RoundTripGen.date).map(Reading.init) }`).
/// These generators do not shrink: a failure reports the input and the seed.
public enum RoundTripGen {
    // MARK: - Strings

    /// Strings of 0–24 Unicode scalars from every plane: ASCII, control characters (NUL, CR,
    /// LF, DEL, C1), XML-hostile characters, combining marks, emoji and ZWJ, noncharacters,
    /// private use, BOM and bidi marks; and the strings formats treat specially (`"$null"`,
    /// `"null"`, `"NaN"`, `""`, `"true"`, leading and trailing spaces).
    public static let string = Generator<String, Shrink.None<String>> { rng in
        if Int.random(in: 0..<8, using: &rng) == 0 {
            return specialStrings.randomElement(using: &rng) ?? ""
        }
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...24, using: &rng) {
            text.append(randomScalar(using: &rng))
        }
        return String(text)
    }

    /// Strings of letters, digits and `_`, starting with a letter: keys every format accepts.
    public static let identifier = Generator<String, Shrink.None<String>> { rng in
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let tail = Array("abcdefghijklmnopqrstuvwxyz0123456789_")
        var text = String(letters.randomElement(using: &rng) ?? "a")
        for _ in 0..<Int.random(in: 0...10, using: &rng) { text.append(tail.randomElement(using: &rng) ?? "x") }
        return text
    }

    /// The strings formats treat specially.
    public static let specialStrings: [String] = [
        "", " ", "$null", "null", "NaN", "true", "0", "-0", "1e400", "  padded  ", "\r\n", "\r", "\0", "a\0b",
        "<plist>&amp;</plist>", "]]>", "\"quoted\", with comma", "é", "e\u{301}", "👩‍👩‍👧", "\u{FEFF}BOM", "\u{202E}rtl",
        "\u{FFFE}\u{FFFF}", "\u{10FFFF}", "\u{85}\u{2028}\u{2029}",
    ]

    static func randomScalar(using rng: inout some RandomNumberGenerator) -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E,  // printable ASCII
            0x00...0x1F,  // C0 controls, NUL, TAB, LF, CR
            0x7F...0x9F,  // DEL and C1 controls
            0xA0...0x2FF,  // Latin
            0x300...0x36F,  // combining marks
            0x370...0xD7FF,  // the rest of the BMP below the surrogates
            0xE000...0xFFFF,  // private use, specials, noncharacters
            0x1F300...0x1FAFF,  // emoji
            0x10000...0x10FFFF,  // every supplementary plane
        ]
        let range = ranges.randomElement(using: &rng) ?? 0x20...0x7E
        let value = UInt32.random(in: range, using: &rng)
        return Unicode.Scalar(value) ?? "?"
    }

    // MARK: - Numbers

    /// Integers of type `T`, at their limits a third of the time (`min`, `max`, `0`, `±1`,
    /// `min + 1`, `max - 1`, powers of two), anywhere in range otherwise.
    public static func integer<T: FixedWidthInteger & Sendable>(_ type: T.Type = T.self) -> Generator<T, Shrink.None<T>> {
        Generator<T, Shrink.None<T>> { rng in
            if Int.random(in: 0..<3, using: &rng) == 0 {
                var limits: [T] = [.min, .max, 0, 1, .min + 1, .max - 1, T(truncatingIfNeeded: 1 << 31), T(truncatingIfNeeded: 1 << 53)]
                if T.isSigned { limits.append(T(truncatingIfNeeded: -1)) }
                return limits.randomElement(using: &rng) ?? 0
            }
            return T.random(in: .min ... .max, using: &rng)
        }
    }

    /// `Double`s: NaN, ±∞, `-0.0`, subnormals, the extremes, and random bit patterns and
    /// everyday decimals.
    public static let double = floatingPoint(Double.self)

    /// `Float`s, as ``double``.
    public static let float = floatingPoint(Float.self)

    /// Finite `Double`s only (no NaN, no ±∞), still with `-0.0`, subnormals and extremes.
    public static let finiteDouble = Generator<Double, Shrink.None<Double>> { rng in
        var value = double.run(using: &rng)
        while !value.isFinite { value = double.run(using: &rng) }
        return value
    }

    /// Values of a floating-point type with every special class well represented.
    public static func floatingPoint<F: BinaryFloatingPoint & Sendable>(_ type: F.Type) -> Generator<F, Shrink.None<F>>
    where F.RawSignificand: FixedWidthInteger, F.RawExponent: FixedWidthInteger {
        Generator<F, Shrink.None<F>> { rng in
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                return [F.nan, .infinity, -.infinity, -0.0, 0.0].randomElement(using: &rng) ?? .nan
            case 1:
                // A subnormal: exponent field 0, significand non-zero.
                let significand = F.RawSignificand.random(in: 1...((1 << F.significandBitCount) - 1), using: &rng)
                return F(sign: Bool.random(using: &rng) ? .minus : .plus, exponentBitPattern: 0, significandBitPattern: significand)
            case 2:
                return [F.leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                        -.greatestFiniteMagnitude, .ulpOfOne, 1, -1, 0.1, 1.0 / 3].randomElement(using: &rng) ?? 0
            case 3, 4, 5:
                // Any finite bit pattern.
                let exponent = F.RawExponent.random(in: 0...((1 << F.exponentBitCount) - 2), using: &rng)
                let significand = F.RawSignificand.random(in: 0...((1 << F.significandBitCount) - 1), using: &rng)
                return F(sign: Bool.random(using: &rng) ? .minus : .plus, exponentBitPattern: exponent, significandBitPattern: significand)
            default:
                // An everyday decimal such as 12.5 or -0.003.
                let digits = F(Int.random(in: -1_000_000...1_000_000, using: &rng))
                return digits / F([1, 10, 100, 1000, 1_000_000].randomElement(using: &rng) ?? 1)
            }
        }
    }

    // MARK: - Dates and data

    /// Dates between 1900 and 2200 with a sub-second part (whole seconds, whole milliseconds
    /// and arbitrary fractions alike).
    public static let date = Generator<Date, Shrink.None<Date>> { rng in
        // 1900-01-01 to 2200-01-01, in seconds since 2001 (what `Date` stores).
        let seconds = Double(Int64.random(in: -3_187_296_000...6_279_811_200, using: &rng))
        let fraction: Double =
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: 0
            case 1: Double(Int.random(in: 0..<1000, using: &rng)) / 1000
            default: Double.random(in: 0..<1, using: &rng)
            }
        return Date(timeIntervalSinceReferenceDate: seconds + fraction)
    }

    /// Random bytes: empty a tenth of the time, large (up to `largeCount` bytes) a tenth of the
    /// time, 1–64 bytes otherwise.
    public static func data(largeCount: Int = 64 * 1024) -> Generator<Data, Shrink.None<Data>> {
        Generator<Data, Shrink.None<Data>> { rng in
            let count: Int =
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: 0
                case 1: Int.random(in: 1024...max(1024, largeCount), using: &rng)
                default: Int.random(in: 1...64, using: &rng)
                }
            var bytes = [UInt8](repeating: 0, count: count)
            for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &rng) }
            return Data(bytes)
        }
    }

    // MARK: - Containers

    /// `nil` a quarter of the time, otherwise a value of `wrapped`.
    public static func optional<T, S>(_ wrapped: Generator<T, S>) -> Generator<T?, Shrink.None<T?>> {
        Generator<T?, Shrink.None<T?>> { rng in
            Int.random(in: 0..<4, using: &rng) == 0 ? nil : wrapped.run(using: &rng)
        }
    }

    /// Arrays of `count` values of `element` (empty arrays included by default).
    public static func array<T, S>(_ element: Generator<T, S>, count: ClosedRange<Int> = 0...8) -> Generator<[T], Shrink.None<[T]>> {
        Generator<[T], Shrink.None<[T]>> { rng in
            (0..<Int.random(in: count, using: &rng)).map { _ in element.run(using: &rng) }
        }
    }

    /// Dictionaries of up to `count` entries, keys from `keys` (any-Unicode ``string`` by default).
    public static func dictionary<V, S>(
        _ values: Generator<V, S>, keys: Generator<String, Shrink.None<String>> = string, count: ClosedRange<Int> = 0...6
    ) -> Generator<[String: V], Shrink.None<[String: V]>> {
        Generator<[String: V], Shrink.None<[String: V]>> { rng in
            var result: [String: V] = [:]
            for _ in 0..<Int.random(in: count, using: &rng) { result[keys.run(using: &rng)] = values.run(using: &rng) }
            return result
        }
    }
}
