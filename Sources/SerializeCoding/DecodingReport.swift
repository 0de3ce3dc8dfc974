/// A record of what a lenient decode removed or replaced.

public import SerializeCore
import Synchronization

/// Collects every element a lenient decode removed or replaced, so nothing is dropped silently.
///
/// Put one in the decoder's `userInfo` under ``CodingUserInfoKey/decodingReport`` before
/// decoding; the invalid-element strategies append to it as they go:
///
/// ```swift
/// let report = DecodingReport()
/// let decoder = JSONDecoder()
/// decoder.userInfo[.decodingReport] = report
/// let page = try decoder.decode(Page<User>.self, from: data)
/// for entry in report.entries { print(entry) }   // $.results[3]: removed: ...
/// ```
public final class DecodingReport: Sendable {
    /// One removed or replaced element.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// What the strategy did with the element.
        public enum Action: String, Sendable, Equatable {
            case removed, replaced
        }

        /// Where the element is in the decoded value, such as `$.results[3]` or
        /// `$.scores.alice`.
        public var path: ValuePath
        /// Where the element starts in the input, when the decoder knows (`CSVDecoder` gives
        /// the line of a row); `nil` otherwise.
        public var location: InputLocation?
        /// What happened to it.
        public var action: Action
        /// Why it failed to decode.
        public var reason: String

        /// An entry for the element at `path` (and `location` in the input, if known).
        public init(path: ValuePath, location: InputLocation? = nil, action: Action, reason: String) {
            self.path = path
            self.location = location
            self.action = action
            self.reason = reason
        }

        /// `$.results[3]: removed: reason`, with the line when known: `$[1] (line 3): removed: …`.
        public var description: String {
            let line = location?.line.map { " (line \($0))" } ?? ""
            return "\(path)\(line): \(action.rawValue): \(reason)"
        }
    }

    private let storage = Mutex<[Entry]>([])

    public init() {}

    /// Everything recorded so far, in decoding order.
    public var entries: [Entry] { storage.withLock { $0 } }

    /// Records an entry.
    public func record(_ entry: Entry) {
        storage.withLock { $0.append(entry) }
    }
}

extension CodingUserInfoKey {
    /// Where decoders look for a ``DecodingReport`` to fill.
    public static let decodingReport = CodingUserInfoKey(rawValue: "serialize.decodingReport")!
}

/// A short, readable reason for a decoding error, without the coding path.
package func decodingFailureReason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
        return context.debugDescription
    case let .keyNotFound(key, context):
        return "No value for key \"\(key.stringValue)\". \(context.debugDescription)"
    @unknown default:
        return String(describing: error)
    }
}
