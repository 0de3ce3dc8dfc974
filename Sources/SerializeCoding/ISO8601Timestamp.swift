/// ISO 8601 timestamps that keep fractional seconds.

public import Foundation

/// Writes and reads ISO 8601 timestamps in UTC with microsecond precision.
///
/// Foundation's `.iso8601` date strategy writes whole seconds only (a date at `.678` s comes
/// back at `.0`), and `Date.ISO8601FormatStyle(includingFractionalSeconds: true)` truncates
/// through binary floating point (`45.123` is written as `45.122`). `ISO8601Timestamp` rounds
/// to the microsecond with integer arithmetic, so a timestamp it wrote reads back to the same
/// text, and any date made from a whole number of microseconds since 1970 survives exactly
/// between the years 1698 and 2242 (beyond them a `Double` holds less than a microsecond):
///
/// ```swift
/// ISO8601Timestamp.string(from: date)             // "2024-05-01T12:30:45.123456Z"
/// ISO8601Timestamp.date(from: "2024-05-01T12:30:45.1Z")
/// ```
///
/// Parsing accepts `Z` or a `±hh:mm` offset and from 0 to 9 fractional digits (digits beyond
/// the sixth are rounded).
public enum ISO8601Timestamp {
    private static let microsecondsPerSecond: Int64 = 1_000_000

    /// The text for `date`, in UTC, with six fractional digits, or none when the date falls on
    /// a whole second. Exact only for dates ``isRepresentable(_:)`` accepts; the encoding
    /// strategies refuse the others.
    public static func string(from date: Date) -> String {
        // Split before scaling: multiplying the whole interval by 10⁶ would round away the last
        // microsecond for dates after 2106.
        let interval = date.timeIntervalSince1970
        let floor = interval.rounded(.down)
        guard var seconds = Int64(exactly: floor) else {
            // Not finite, or beyond any calendar: let Foundation say what it can.
            return date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
        }
        var fraction = Int64(((interval - floor) * Double(microsecondsPerSecond)).rounded())
        if fraction == microsecondsPerSecond {
            seconds += 1
            fraction = 0
        }
        let whole = Date(timeIntervalSince1970: TimeInterval(seconds))
        var text = whole.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
        guard fraction != 0 else { return text }
        let digits = String(fraction)
        text.removeLast()  // "Z"
        return text + "." + String(repeating: "0", count: 6 - digits.count) + digits + "Z"
    }

    /// The date `text` names, or `nil` when it is not an ISO 8601 timestamp.
    public static func date(from text: String) -> Date? {
        var text = Substring(text)
        var fractionDigits = Substring("")
        if let dot = text.firstIndex(of: ".") {
            let afterDot = text.index(after: dot)
            let end = text[afterDot...].firstIndex { !$0.isASCII || !$0.isNumber } ?? text.endIndex
            fractionDigits = text[afterDot..<end]
            guard !fractionDigits.isEmpty, fractionDigits.count <= 9 else { return nil }
            text = text[..<dot] + text[end...]
        }
        guard let whole = try? Date.ISO8601FormatStyle().parse(String(text)) else { return nil }
        let padded = fractionDigits + String(repeating: "0", count: 9 - fractionDigits.count)
        guard let nanos = Int64(padded) else { return whole }
        let total = Int64(whole.timeIntervalSince1970) * microsecondsPerSecond + (nanos + 500) / 1000
        return Date(timeIntervalSince1970: Double(total) / Double(microsecondsPerSecond))
    }

    /// Seconds since 1970 of 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z: the dates a
    /// timestamp with a four-digit year can name.
    public static let representableSeconds: Range<Double> = -62_135_596_800 ..< 253_402_300_800

    /// Whether `date` is finite and falls in the years 0001–9999, so ``string(from:)`` names it
    /// exactly (outside them it writes whatever Foundation's formatter makes of the date).
    public static func isRepresentable(_ date: Date) -> Bool {
        let interval = date.timeIntervalSince1970
        return interval.isFinite && representableSeconds.contains(interval)
    }

    /// Encodes `date` into a single-value container.
    ///
    /// - Throws: `EncodingError.invalidValue` when the date is not finite or falls outside the
    ///   years 0001–9999, which no four-digit ISO 8601 timestamp can name.
    public static func encode(_ date: Date, to encoder: any Encoder) throws {
        guard isRepresentable(date) else {
            // The interval, not the date: describing a NaN date traps in Foundation.
            throw EncodingError.invalidValue(
                date.timeIntervalSince1970,
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription: "Date \(date.timeIntervalSince1970) s since 1970 is outside the years "
                        + "0001-9999 an ISO 8601 timestamp can name; encode it as seconds since 1970 instead."))
        }
        var container = encoder.singleValueContainer()
        try container.encode(string(from: date))
    }

    /// Decodes a timestamp from a single-value container, failing with the container's path.
    public static func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = date(from: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected an ISO 8601 timestamp but found \"\(text)\".")
        }
        return date
    }
}

extension JSONEncoder.DateEncodingStrategy {
    /// ISO 8601 in UTC with microseconds; unlike `.iso8601`, fractional seconds survive. Dates
    /// that are not finite or fall outside the years 0001–9999 throw `EncodingError.invalidValue`.
    public static var iso8601Microseconds: Self {
        .custom { date, encoder in try ISO8601Timestamp.encode(date, to: encoder) }
    }
}

extension JSONDecoder.DateDecodingStrategy {
    /// ISO 8601 with or without fractional seconds, the counterpart of
    /// `JSONEncoder.DateEncodingStrategy.iso8601Microseconds`.
    public static var iso8601Microseconds: Self {
        .custom { decoder in try ISO8601Timestamp.decode(from: decoder) }
    }
}
