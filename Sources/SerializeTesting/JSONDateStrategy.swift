/// The date strategies a JSON round trip can use, and the precision each keeps.

public import Foundation

/// A pair of JSON date encoding and decoding strategies, with the precision the pair keeps.
///
/// Property lists store dates natively and ignore these; JSON has no date type, so each
/// strategy writes a number or a string, and most of them round. ``precision`` says how much
/// of a date survives, ``expectedLoss`` names the loss the harness accepts for it.
///
/// | strategy | written as | precision kept |
/// | --- | --- | --- |
/// | ``deferredToDate`` | seconds since 2001 as a `Double` | every bit: exact |
/// | ``secondsSince1970`` | seconds since 1970 as a `Double` | the 978 307 200 s shift rounds to the `Double` grid: within a few ulps (≈ 0.1 µs today) |
/// | ``millisecondsSince1970`` | milliseconds since 1970 as a `Double` | as above, ≈ 0.1 µs today |
/// | ``iso8601`` | `2025-11-06T08:49:37Z` | whole seconds (the fraction is dropped) |
/// | ``iso8601WithFractionalSeconds`` | `2025-11-06T08:49:37.124Z` | milliseconds, rounded to nearest |
/// | ``formatted`` | `yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX`, UTC, `en_US_POSIX` | milliseconds, rounded to nearest |
/// | ``custom`` | whole microseconds since 1970 as an `Int64` | microseconds, rounded down |
public enum JSONDateStrategy: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case deferredToDate
    case secondsSince1970
    case millisecondsSince1970
    case iso8601
    case iso8601WithFractionalSeconds
    case formatted
    case custom

    public var description: String { rawValue }

    /// What survives of a date written with this strategy.
    public var precision: String {
        switch self {
        case .deferredToDate: "exact (every bit of the Double since 2001)"
        case .secondsSince1970, .millisecondsSince1970: "within a few Double ulps (≈ 0.1 µs for dates near today)"
        case .iso8601: "whole seconds (the fraction is dropped)"
        case .iso8601WithFractionalSeconds, .formatted: "milliseconds (rounded to nearest)"
        case .custom: "microseconds (rounded down)"
        }
    }

    /// The loss the harness expects from this strategy, or `nil` when it is exact.
    public var expectedLoss: KnownLoss? {
        switch self {
        case .deferredToDate: nil
        case .secondsSince1970, .millisecondsSince1970: .epochShiftRounding
        case .iso8601: .iso8601DropsFractionalSeconds
        case .iso8601WithFractionalSeconds, .formatted: .dateTextMilliseconds
        case .custom: .customDateMicroseconds
        }
    }

    // MARK: - Foundation strategies

    /// The encoding strategy for `JSONEncoder`.
    public var encodingStrategy: JSONEncoder.DateEncodingStrategy {
        switch self {
        case .deferredToDate: .deferredToDate
        case .secondsSince1970: .secondsSince1970
        case .millisecondsSince1970: .millisecondsSince1970
        case .iso8601: .iso8601
        case .iso8601WithFractionalSeconds:
            .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(Self.fractionalISO8601().string(from: date))
            }
        case .formatted: .formatted(Self.fixedFormatter())
        case .custom:
            .custom { date, encoder in
                let micros = (date.timeIntervalSince1970 * 1_000_000).rounded(.down)
                guard let whole = Int64(exactly: micros) else {
                    throw EncodingError.invalidValue(
                        date, .init(codingPath: encoder.codingPath, debugDescription: "Date is out of the Int64 microsecond range."))
                }
                var container = encoder.singleValueContainer()
                try container.encode(whole)
            }
        }
    }

    /// The decoding strategy for `JSONDecoder`.
    public var decodingStrategy: JSONDecoder.DateDecodingStrategy {
        switch self {
        case .deferredToDate: .deferredToDate
        case .secondsSince1970: .secondsSince1970
        case .millisecondsSince1970: .millisecondsSince1970
        case .iso8601: .iso8601
        case .iso8601WithFractionalSeconds:
            .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let date = Self.fractionalISO8601().date(from: text) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "Expected an ISO 8601 date with fractional seconds, found \"\(text)\".")
                }
                return date
            }
        case .formatted: .formatted(Self.fixedFormatter())
        case .custom:
            .custom { decoder in
                let micros = try decoder.singleValueContainer().decode(Int64.self)
                return Date(timeIntervalSince1970: Double(micros) / 1_000_000)
            }
        }
    }

    /// `yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX` in UTC with the POSIX locale: the fixed format the
    /// ``formatted`` strategy uses.
    public static func fixedFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"
        return formatter
    }

    static func fractionalISO8601() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
