/// Where two coded trees differ.

public import SerializeCore
import SerializeDocument

/// One place where a value and its round trip differ.
///
/// `before` is the coded value sent into the format, `after` what came back; either is `nil`
/// when the key or element is missing on that side.
public struct RoundTripDifference: Sendable, Hashable, CustomStringConvertible {
    /// Where the differing value is: `$.users[3].email` (its last component is the key or
    /// index exactly as coded).
    public var path: ValuePath
    /// The value before the round trip, or `nil` when it was absent.
    public var before: EncodedValue?
    /// The value after the round trip, or `nil` when it went missing.
    public var after: EncodedValue?
    /// `true` when the coded fields agree and this is a stored property (by reflection) that
    /// `encode(to:)` never wrote; the path then names Swift properties, not coding keys.
    public var isUncodedProperty: Bool

    /// A difference at `path`.
    public init(path: ValuePath, before: EncodedValue?, after: EncodedValue?, isUncodedProperty: Bool = false) {
        self.path = path
        self.before = before
        self.after = after
        self.isUncodedProperty = isUncodedProperty
    }

    public var description: String {
        "\(path): \(before.map(\.description) ?? "(absent)") became \(after.map(\.description) ?? "(absent)")"
            + (isUncodedProperty ? " (a stored property encode(to:) never writes)" : "")
    }
}

extension EncodedValue {
    /// Every leaf-level difference between `self` (before) and `other` (after), in a stable
    /// order (array index, then sorted key), at most `limit` of them.
    ///
    /// A difference is reported at the deepest path where the two trees still have the same
    /// shape: two arrays of different lengths differ element by element, then by the missing
    /// tail; a container against a scalar differs at the container's path.
    public func differences(to other: EncodedValue, limit: Int = 32) -> [RoundTripDifference] {
        var found: [RoundTripDifference] = []
        var path = ValuePath()
        Self.collect(self, other, path: &path, into: &found, limit: limit)
        return found
    }

    private static func collect(
        _ a: EncodedValue?, _ b: EncodedValue?, path: inout ValuePath, into found: inout [RoundTripDifference], limit: Int
    ) {
        guard found.count < limit else { return }
        switch (a, b) {
        case let (.array(x)?, .array(y)?):
            for index in 0..<max(x.count, y.count) {
                path.push(.index(index))
                collect(index < x.count ? x[index] : nil, index < y.count ? y[index] : nil, path: &path, into: &found, limit: limit)
                path.pop()
            }
        case let (.keyed(x)?, .keyed(y)?):
            for key in Set(x.keys).union(y.keys).sorted() {
                path.push(.key(key.string))
                collect(x[key], y[key], path: &path, into: &found, limit: limit)
                path.pop()
            }
        default:
            if a != b { found.append(RoundTripDifference(path: path, before: a, after: b)) }
        }
    }

    /// The value at `path` (keys compared by exact scalars), or `nil` when this value holds
    /// nothing there. A coding path's integer key (`AnyCodingKey(intValue: 7)`, a dictionary
    /// keyed by `Int`) becomes an index step, so an index step also finds the member named by its
    /// digits.
    public func value(at path: ValuePath) -> EncodedValue? {
        var value = self
        for component in path.components {
            switch (component, value) {
            case let (.key(key), .keyed(members)):
                guard let member = members[DocumentKey(key)] else { return nil }
                value = member
            case let (.index(index), .array(elements)):
                guard elements.indices.contains(index) else { return nil }
                value = elements[index]
            case let (.index(index), .keyed(members)):
                guard let member = members[DocumentKey(String(index))] else { return nil }
                value = member
            default:
                return nil
            }
        }
        return value
    }

    /// Whether this value holds, at any depth, a dictionary key that satisfies `predicate`.
    package func holdsKey(where predicate: (String) -> Bool) -> Bool {
        switch self {
        case let .array(elements): elements.contains { $0.holdsKey(where: predicate) }
        case let .keyed(members): members.contains { predicate($0.key.string) || $0.value.holdsKey(where: predicate) }
        default: false
        }
    }

    /// Whether this value is the string `text`, or holds it at any depth as a value or a key
    /// (compared by exact scalars).
    package func holdsString(_ text: String) -> Bool {
        switch self {
        case let .string(string): string.hasSameScalars(as: text)
        case let .array(elements): elements.contains { $0.holdsString(text) }
        case let .keyed(members): members.contains { $0.key.string.hasSameScalars(as: text) || $0.value.holdsString(text) }
        default: false
        }
    }

    /// How many containers deep this value nests: 0 for a scalar, 1 for a flat container.
    package var nestingDepth: Int {
        switch self {
        case let .array(values): 1 + (values.map(\.nestingDepth).max() ?? 0)
        case let .keyed(values): 1 + (values.values.map(\.nestingDepth).max() ?? 0)
        default: 0
        }
    }
}
