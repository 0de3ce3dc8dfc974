/// Random JSON texts for property tests that compare two ways of reading the same bytes.

import Foundation

/// Valid JSON texts with what readers and decoders treat specially: escapes (surrogate pairs
/// among them), keys beyond ASCII (`K` and the Kelvin sign U+212A, `é` composed and decomposed),
/// repeated keys, integers past 64 bits, reals past `Double`'s range, `null`, and the strings
/// coders read as markers (`"$null"`, `"NaN"`, `"{}"`).
public enum RandomJSON {
    /// The JSON text `seed` stands for (a generator closure draws the seed: passing its own
    /// generator on crashes Swift 6.3's IR generation).
    public static func text(seed: UInt64, depth: Int = 4) -> String {
        var generator = SeededGenerator(state: seed)
        return text(depth: depth, using: &generator)
    }

    /// A JSON text nesting at most `depth` containers deep.
    public static func text(depth: Int = 4, using rng: inout some RandomNumberGenerator) -> String {
        value(depth: depth, using: &rng)
    }

    static let keys = ["id", "name", "a", "b", "K", "\u{212A}", "\u{E9}", "e\u{301}", "snake_case", "camelCase", "super", ""]
    static let strings = [
        "", "x", "$null", "NaN", "Infinity", "{}", "[]", "true", "2024-01-02T03:04:05Z", "AAEC", "\u{E9}t\u{E9}",
        "a much longer string than fifteen bytes", "\u{1F600}",
    ]
    static let escaped = [#"\n"#, #"\""#, #"\\"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\/"#, #"\t"#]
    static let numbers = [
        "0", "-0", "1", "-1", "42", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "18446744073709551615", "18446744073709551616", "-9223372036854775809", "1.5", "-2.25e3", "1e400", "1e-400",
        "0.1", "3.0", "1E2",
    ]

    static func value(depth: Int, using rng: inout some RandomNumberGenerator) -> String {
        switch Int.random(in: 0..<(depth > 0 ? 10 : 6), using: &rng) {
        case 0: return ["null", "true", "false"].randomElement(using: &rng) ?? "null"
        case 1, 2: return numbers.randomElement(using: &rng) ?? "0"
        case 3: return String(Int.random(in: -1_000_000...1_000_000, using: &rng))
        case 4, 5: return string(using: &rng)
        case 6, 7:
            let elements = (0..<Int.random(in: 0...4, using: &rng)).map { _ in value(depth: depth - 1, using: &rng) }
            return "[" + elements.joined(separator: Bool.random(using: &rng) ? "," : " , ") + "]"
        default:
            let members = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                quoted(keys.randomElement(using: &rng) ?? "a") + ":" + value(depth: depth - 1, using: &rng)
            }
            return "{" + members.joined(separator: ",\n ") + "}"
        }
    }

    static func string(using rng: inout some RandomNumberGenerator) -> String {
        guard Int.random(in: 0..<3, using: &rng) == 0 else { return quoted(strings.randomElement(using: &rng) ?? "") }
        let parts = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
            Bool.random(using: &rng) ? escaped.randomElement(using: &rng) ?? "" : (strings.randomElement(using: &rng) ?? "")
        }
        return quoted(parts.joined(), escaping: false)
    }

    /// `text` in quotes; a quote or a backslash in it escaped unless it is escapes already.
    static func quoted(_ text: String, escaping: Bool = true) -> String {
        guard escaping else { return "\"" + text + "\"" }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// SplitMix64, seeded, so a failing case can be replayed from the seed in the message.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
