/// A coding key made at run time, for dynamic key sets.
///
/// Use it where the keys are data (`{"1": {...}, "2": {...}}`) or where a handful of keys are
/// easier to write as literals than as a `CodingKeys` enum:
///
/// ```swift
/// let container = try decoder.container(keyedBy: AnyCodingKey.self)
/// let name = try container.decode(String.self, forKey: "name")
/// for key in container.allKeys { ... }
/// ```
public struct AnyCodingKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    public var stringValue: String
    public var intValue: Int?

    public init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = Int(stringValue)
    }

    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// Copies any other coding key.
    public init(_ key: some CodingKey) {
        self.stringValue = key.stringValue
        self.intValue = key.intValue
    }

    public init(stringLiteral value: String) {
        self.init(stringValue: value)
    }

    public init(integerLiteral value: Int) {
        self.init(intValue: value)
    }

    public var description: String { stringValue }
}
