/// What to do with an element of a collection that fails to decode.

import SerializeCore

/// What to do with an array element that fails to decode.
///
/// One bad element should not make a whole page of results fail. Choose per call
/// (``Swift/KeyedDecodingContainer/decodeArray(_:forKey:invalidElements:)``) or as a default for a
/// whole decode through `userInfo[.invalidElementStrategy]` with an ``InvalidElementDefault``.
/// Every removed or replaced element is recorded in the ``DecodingReport`` found in `userInfo`.
public enum InvalidElementStrategy<Element>: Sendable where Element: Sendable {
    /// Rethrow the element's error (Foundation's behaviour).
    case fail
    /// Leave the element out.
    case remove
    /// Put this value in its place.
    case fallback(Element)
    /// Ask a closure: return a replacement, return `nil` to remove the element, or throw to fail.
    case custom(@Sendable (_ error: any Error, _ index: Int) throws -> Element?)
}

/// The element strategy used for a whole decode when a call does not choose one.
public enum InvalidElementDefault: Sendable {
    /// Rethrow the element's error.
    case fail
    /// Leave failing elements out.
    case remove
}

extension CodingUserInfoKey {
    /// The ``InvalidElementDefault`` for a whole decode; absent means ``InvalidElementDefault/fail``.
    public static let invalidElementStrategy = CodingUserInfoKey(rawValue: "serialize.invalidElementStrategy")!
}

// MARK: - Decoding

/// Decodes nothing; used to step an unkeyed container past an element that failed.
private struct Skip: Decodable {
    init(from decoder: any Decoder) throws {}
}

extension Array where Element: Decodable & Sendable {
    /// Decodes an array from `decoder`, applying `strategy` to each element that fails.
    ///
    /// - Parameters:
    ///   - decoder: A decoder positioned at the array.
    ///   - strategy: The strategy, or `nil` for the default in `decoder.userInfo`.
    /// - Throws: The first element's error under `.fail`, or what a `.custom` closure throws.
    public init(from decoder: any Decoder, invalidElements strategy: InvalidElementStrategy<Element>?) throws {
        let strategy = strategy ?? Self.defaultStrategy(in: decoder.userInfo)
        self = try decodeElements(from: decoder) { error, index in
            switch strategy {
            case .fail: throw error
            case .remove: return .removed
            case let .fallback(value): return .replaced(value)
            case let .custom(decide): return try decide(error, index).map(ElementOutcome.replaced) ?? .removed
            }
        }
    }

    private static func defaultStrategy(in userInfo: [CodingUserInfoKey: Any]) -> InvalidElementStrategy<Element> {
        switch userInfo[.invalidElementStrategy] as? InvalidElementDefault {
        case .remove: .remove
        case .fail, nil: .fail
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes an array under `key`, applying `strategy` to each element that fails to decode.
    ///
    /// ```swift
    /// results = try container.decodeArray(User.self, forKey: .results, invalidElements: .remove)
    /// ```
    public func decodeArray<Element: Decodable & Sendable>(
        _ type: Element.Type, forKey key: Key, invalidElements strategy: InvalidElementStrategy<Element>? = nil
    ) throws -> [Element] {
        try [Element](from: superDecoder(forKey: key), invalidElements: strategy)
    }
}

// MARK: - Shared by every lenient collection

/// What became of an element that failed to decode.
enum ElementOutcome<Element> {
    case replaced(Element)
    case removed
}

/// Decodes the elements of the array at `decoder`, asking `onFailure` about each one that
/// fails and recording its decision in the `DecodingReport` in `userInfo`.
func decodeElements<Element: Decodable>(
    from decoder: any Decoder, onFailure: (_ error: any Error, _ index: Int) throws -> ElementOutcome<Element>
) throws -> [Element] {
    let report = decoder.userInfo[.decodingReport] as? DecodingReport
    var container = try decoder.unkeyedContainer()
    var elements: [Element] = []
    if let count = container.count { elements.reserveCapacity(count) }
    while !container.isAtEnd {
        let index = container.currentIndex
        do {
            elements.append(try container.decode(Element.self))
        } catch {
            // A failed decode leaves the container on the element; step over it.
            _ = try? container.decode(Skip.self)
            let outcome = try onFailure(error, index)
            let path = ValuePath(codingPath: decoder.codingPath).appending(.index(index))
            let reason = decodingFailureReason(error)
            switch outcome {
            case let .replaced(value):
                elements.append(value)
                report?.record(.init(path: path, action: .replaced, reason: reason))
            case .removed:
                report?.record(.init(path: path, action: .removed, reason: reason))
            }
        }
    }
    return elements
}
