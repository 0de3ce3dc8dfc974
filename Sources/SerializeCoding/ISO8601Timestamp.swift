/// ISO 8601 timestamps that keep fractional seconds.

public import Foundation
package import SerializeCore

/// Writes and reads ISO 8601 timestamps in UTC with microsecond precision.
///
/// Foundation's `.iso8601` date strategy writes whole seconds only (a date at `.678` s comes
/// back at `.0`), and `Date.ISO8601FormatStyle(includingFractionalSeconds: true)` truncates
/// through binary floating point (`45.123` is written as `45.122`). `ISO8601Timestamp` rounds
/// the date's exact value to the nearest microsecond, so a timestamp it wrote reads back to the
/// same text, the date read back is within half a microsecond of the one written, and a date
/// that is the `Date` nearest to a whole microsecond survives exactly between the years 1729
/// and 2273 (beyond them a `Double` holds less than a microsecond), such as
/// `Date(timeIntervalSinceReferenceDate: Double(microsecondsSince2001) / 1_000_000)`.
///
/// `Date(timeIntervalSince1970: Double(microsecondsSince1970) / 1_000_000)` rounds twice (the division,
/// then the shift to 2001) and may land one `Double` step away from that date; it reads back
/// as the nearest one:
///
/// ```swift
/// ISO8601Timestamp.string(from: date)             // "2024-05-01T12:30:45.123456Z"
/// ISO8601Timestamp.date(from: "2024-05-01T12:30:45.1Z")
/// ```
///
/// Text is written and read by the package's one date text implementation: parsing accepts `Z`
/// or a `±hh:mm` offset and any number of fractional digits, gives the `Date` nearest to the
/// instant written, and refuses days a month does not have, leap seconds and years outside
/// 0001–9999.
public enum ISO8601Timestamp {
    /// The text for `date`, in UTC, with six fractional digits, or none when the date rounds to
    /// a whole second. Exact only for dates
    /// ``isRepresentable(_:)`` accepts; for the others (which the encoding strategies refuse)
    /// it is the seconds since 1970 as a number.
    public static func string(from date: Date) -> String {
        DateText.string(date, precision: .microseconds) ?? "\(date.timeIntervalSince1970)"
    }

    /// The date `text` names, or `nil` when it is not an ISO 8601 timestamp.
    public static func date(from text: String) -> Date? {
        DateText.date(from: text)
    }

    /// Seconds since 1970 of 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z: the dates a
    /// timestamp with a four-digit year can name.
    package static let representableSeconds: Range<Double> =
        Double(DateText.unixSeconds.lowerBound)..<Double(DateText.unixSeconds.upperBound)

    /// Whether `date` is finite and, rounded to the microsecond, falls in the years 0001–9999,
    /// so ``string(from:)`` names it.
    package static func isRepresentable(_ date: Date) -> Bool {
        DateText.string(date, precision: .microseconds) != nil
    }

    /// Encodes `date` into a single-value container.
    ///
    /// - Throws: `EncodingError.invalidValue` when the date is not finite or falls outside the
    ///   years 0001–9999, which no four-digit ISO 8601 timestamp can name.
    public static func encode(_ date: Date, to encoder: any Encoder) throws {
        try encode(date, to: encoder, precision: .microseconds)
    }

    /// Encodes `date` as ISO 8601 text at `precision` into a single-value container.
    package static func encode(_ date: Date, to encoder: any Encoder, precision: DateText.Precision) throws {
        guard let text = DateText.string(date, precision: precision) else {
            // The interval, not the date: describing a NaN date traps in Foundation.
            throw EncodingError.invalidValue(
                date.timeIntervalSince1970,
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription: "Date \(date.timeIntervalSince1970) s since 1970 is outside "
                        + "\(DateText.yearsText), which an ISO 8601 timestamp can name; encode it as seconds since 1970 instead."))
        }
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// Decodes a timestamp from a single-value container, failing with the container's path.
    public static func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        switch DateText.parse(Array(text.utf8)) {
        case let .success(parsed):
            return parsed.date
        case let .failure(failure):
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected an ISO 8601 timestamp but found \"\(text)\": \(failure.reason).")
        }
    }
}

extension JSONEncoder.DateEncodingStrategy {
    /// ISO 8601 in UTC with microseconds; unlike `.iso8601`, fractional seconds survive. Dates
    /// that are not finite or fall outside the years 0001–9999 throw `EncodingError.invalidValue`.
    public static var iso8601Microseconds: Self {
        .custom { date, encoder in try ISO8601Timestamp.encode(date, to: encoder) }
    }

    /// ISO 8601 in UTC at `precision` through the package's one date text implementation
    /// (``DateText``); `.exact` keeps every bit of the `Date`.
    package static func dateText(_ precision: DateText.Precision) -> Self {
        .custom { date, encoder in try ISO8601Timestamp.encode(date, to: encoder, precision: precision) }
    }
}

extension JSONDecoder.DateDecodingStrategy {
    /// ISO 8601 with or without fractional seconds, the counterpart of
    /// `JSONEncoder.DateEncodingStrategy.iso8601Microseconds`.
    public static var iso8601Microseconds: Self {
        .custom { decoder in try ISO8601Timestamp.decode(from: decoder) }
    }

    /// ISO 8601 by the package's one date grammar (``DateText``): the counterpart of
    /// `JSONEncoder.DateEncodingStrategy.dateText(_:)` at any precision.
    package static var dateText: Self { iso8601Microseconds }
}
