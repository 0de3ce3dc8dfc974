/// A value of one of two types, coded under a `left` or `right` key.
///
/// The key says which side was encoded, so `Either<Int, Double>.right(1.0)` decodes back as
/// `.right(1.0)` and never as `.left(1)`, and `Either<Int?, String>.left(nil)` survives as
/// `{"left": null}`. Decoding fails with a clear error when neither or both keys are present.
///
/// ```swift
/// let value: Either<Int, String> = .right("seven")
/// let json = try JSONEncoder().encode(value)   // {"right":"seven"}
/// ```
public enum Either<Left, Right> {
    case left(Left)
    case right(Right)

    /// The left value, or `nil` when this is `.right`.
    public var left: Left? {
        if case let .left(value) = self { value } else { nil }
    }

    /// The right value, or `nil` when this is `.left`.
    public var right: Right? {
        if case let .right(value) = self { value } else { nil }
    }
}

extension Either: Equatable where Left: Equatable, Right: Equatable {}
extension Either: Hashable where Left: Hashable, Right: Hashable {}
extension Either: Sendable where Left: Sendable, Right: Sendable {}

extension Either: Codable where Left: Codable, Right: Codable {
    private enum CodingKeys: String, CodingKey {
        case left, right
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let hasLeft = container.contains(.left)
        let hasRight = container.contains(.right)
        switch (hasLeft, hasRight) {
        case (true, false):
            self = .left(try container.decode(Left.self, forKey: .left))
        case (false, true):
            self = .right(try container.decode(Right.self, forKey: .right))
        case (true, true):
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "Either has both a \"left\" and a \"right\" key; keep exactly one."))
        case (false, false):
            throw DecodingError.keyNotFound(
                CodingKeys.left,
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "Either needs a \"left\" or a \"right\" key; found neither."))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .left(value): try container.encode(value, forKey: .left)
        case let .right(value): try container.encode(value, forKey: .right)
        }
    }
}
