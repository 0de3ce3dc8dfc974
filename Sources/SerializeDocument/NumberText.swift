/// A number as written, for the numbers no native ``Document`` case holds exactly.

/// The text of a JSON number (RFC 8259 grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`),
/// kept as written.
///
/// ``Document/number(_:)`` holds one where no native case would keep the value: an integer
/// beyond 64 bits or a real beyond `Double`'s range. The grammar is the JSON reader's own, so
/// any `NumberText` is a valid JSON number and a valid CSV field under `--infer`.
public struct NumberText: Hashable, Sendable, CustomStringConvertible {
    /// The number as written: `18446744073709551616`, `-1.5E+400`.
    public let text: String

    /// The number `text` spells, or `nil` when it is not a JSON number (no sign `+`, no leading
    /// zero, no `.5`, no `NaN`, no surrounding spaces).
    public init?(_ text: String) {
        guard JSONParser<TreeBuilder>.isNumber(Array(text.utf8)) else { return nil }
        self.text = text
    }

    /// Text already scanned by the JSON grammar.
    init(validated text: String) {
        self.text = text
    }

    /// Whether the number has neither a fraction nor an exponent.
    public var isInteger: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The nearest `Double` (correctly rounded): ±infinity above its range, ±0 below it.
    public var nearestDouble: Double {
        // The grammar is a subset of what strtod reads, so this never fails.
        Double(text) ?? .nan
    }

    public var description: String { text }
}
