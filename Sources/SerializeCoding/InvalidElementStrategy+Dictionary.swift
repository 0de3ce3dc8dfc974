/// Invalid-entry strategies for dictionaries: the dictionary form of ``InvalidElementStrategy``.

import SerializeCore

/// What to do with a dictionary value that fails to decode.
///
/// The dictionary twin of ``InvalidElementStrategy``: choose per call
/// (``Swift/KeyedDecodingContainer/decodeDictionary(_:forKey:invalidValues:)``) or as a default
/// for a whole decode through `userInfo[.invalidElementStrategy]` with an
/// ``InvalidElementDefault``. Every removed or replaced entry is recorded, by key, in the
/// ``DecodingReport`` found in `userInfo`:
///
/// ```swift
/// // {"alice": 3, "bob": "n/a", "carol": 5}
/// scores = try container.decodeDictionary(Int.self, forKey: .scores, invalidValues: .fallback(0))
/// // ["alice": 3, "bob": 0, "carol": 5]; report: "$.scores.bob: replaced: Expected to decode Int ..."
/// ```
public enum InvalidEntryStrategy<Value>: Sendable where Value: Sendable {
    /// Rethrow the entry's error (Foundation's behaviour).
    case fail
    /// Leave the entry out.
    case remove
    /// Put this value in its place.
    case fallback(Value)
    /// Ask a closure: return a replacement, return `nil` to remove the entry, or throw to fail.
    case custom(@Sendable (_ error: any Error, _ key: String) throws -> Value?)
}

extension Dictionary where Key == String, Value: Decodable & Sendable {
    /// Decodes a string-keyed dictionary from `decoder`, applying `strategy` to each value that
    /// fails.
    ///
    /// Keys are visited in sorted order, so the report lists failures in the same order for
    /// every format.
    ///
    /// - Parameters:
    ///   - decoder: A decoder positioned at the dictionary.
    ///   - strategy: The strategy, or `nil` for the default in `decoder.userInfo`.
    /// - Throws: The first failing value's error under `.fail`, or what a `.custom` closure throws.
    public init(from decoder: any Decoder, invalidValues strategy: InvalidEntryStrategy<Value>?) throws {
        let strategy = strategy ?? Self.defaultStrategy(in: decoder.userInfo)
        let report = decoder.userInfo[.decodingReport] as? DecodingReport
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var result: [String: Value] = [:]
        result.reserveCapacity(container.allKeys.count)
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            do {
                result[key.stringValue] = try container.decode(Value.self, forKey: key)
            } catch {
                let outcome: ElementOutcome<Value> =
                    switch strategy {
                    case .fail: throw error
                    case .remove: .removed
                    case let .fallback(value): .replaced(value)
                    case let .custom(decide): try decide(error, key.stringValue).map(ElementOutcome.replaced) ?? .removed
                    }
                let entry = (path: entryPath(decoder.codingPath, key: key.stringValue), reason: decodingFailureReason(error))
                switch outcome {
                case let .replaced(value):
                    result[key.stringValue] = value
                    report?.record(.init(path: entry.path, action: .replaced, reason: entry.reason))
                case .removed:
                    report?.record(.init(path: entry.path, action: .removed, reason: entry.reason))
                }
            }
        }
        self = result
    }

    private static func defaultStrategy(in userInfo: [CodingUserInfoKey: Any]) -> InvalidEntryStrategy<Value> {
        switch userInfo[.invalidElementStrategy] as? InvalidElementDefault {
        case .remove: .remove
        case .fail, nil: .fail
        }
    }
}

/// The report path of a dictionary entry: `$.scores.bob`, or `$.bob` at the root. Keys are always
/// keys, even when they look like numbers (`$.ids["42"]`, not `$.ids[42]`).
private func entryPath(_ codingPath: [any CodingKey], key: String) -> ValuePath {
    ValuePath(codingPath: codingPath).appending(.key(key))
}

extension KeyedDecodingContainer {
    /// Decodes a string-keyed dictionary under `key`, applying `strategy` to each value that
    /// fails to decode.
    ///
    /// ```swift
    /// prices = try container.decodeDictionary(Double.self, forKey: .prices, invalidValues: .remove)
    /// ```
    public func decodeDictionary<Value: Decodable & Sendable>(
        _ type: Value.Type, forKey key: Key, invalidValues strategy: InvalidEntryStrategy<Value>? = nil
    ) throws -> [String: Value] {
        try [String: Value](from: superDecoder(forKey: key), invalidValues: strategy)
    }
}
