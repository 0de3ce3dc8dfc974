/// How dates, data and reals become text, shared by the JSON, XML plist and CSV writers.

public import Foundation
internal import SerializeCoding

/// Text forms of the values that have no native form in a text format.
public enum TextValues {
    // MARK: - Dates

    /// Seconds between 1970-01-01 and 2001-01-01, the property-list epoch.
    static let referenceOffset: Int64 = 978_307_200

    /// ISO 8601 in UTC with a `Z`: `2024-05-01T12:30:00Z`, with the fractional seconds the date
    /// holds (`12:30:00.25Z`), printed so that ``parseISO8601(_:)`` gives back the same `Date`.
    ///
    /// - Returns: `nil` for a date that is not finite or lies outside the years 1 to 9999.
    public static func iso8601(_ date: Date) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite else { return nil }
        let whole = interval.rounded(.down)
        let fraction = interval - whole  // exact: a double minus its floor
        guard abs(whole) < 4e11 else { return nil }
        let seconds = Int64(whole) + referenceOffset
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        guard (1...9999).contains(year) else { return nil }
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if fraction > 0 { text += fractionDigits(fraction) }
        return text + "Z"
    }

    /// Parses what ``iso8601(_:)`` prints, plus a numeric offset (`+02:00`) instead of `Z`.
    public static func parseISO8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var position = 19
        var fractionText = ""
        if bytes[position] == UInt8(ascii: ".") {
            let start = position
            position += 1
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            guard position > start + 1 else { return nil }
            fractionText = "0" + String(decoding: bytes[start..<position], as: UTF8.self)
        }
        var offsetSeconds: Int64 = 0
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "Z"), position + 1 == bytes.count {
        } else if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"), position + 6 == bytes.count,
            bytes[position + 3] == UInt8(ascii: ":"), let hours = number(position + 1..<position + 3),
            let minutes = number(position + 4..<position + 6)
        {
            offsetSeconds = (hours * 3600 + minutes * 60) * (bytes[position] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let unix = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        let whole = Double(unix - referenceOffset)
        let fraction = fractionText.isEmpty ? 0 : (Double(fractionText) ?? 0)
        return Date(timeIntervalSinceReferenceDate: whole + fraction)
    }

    /// `.25` for 0.25: the shortest decimal that reads back as the same double, never with an
    /// exponent.
    static func fractionDigits(_ fraction: Double) -> String {
        let shortest = fraction.description  // "0.25" or "1e-05"
        if let e = shortest.firstIndex(of: "e") {
            let mantissa = shortest[..<e].replacingOccurrences(of: ".", with: "")
            let exponent = Int(shortest[shortest.index(after: e)...]) ?? 0
            let digits = mantissa.hasSuffix("0") && mantissa.count > 1 ? String(mantissa.dropLast()) : mantissa
            return "." + String(repeating: "0", count: max(0, -exponent - 1)) + digits
        }
        return String(shortest.dropFirst())  // drop the leading "0"
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    // MARK: - Data

    /// Lowercase hexadecimal, two digits a byte.
    public static func hex(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes = [UInt8]()
        bytes.reserveCapacity(data.count * 2)
        for byte in data {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Reals

    /// The shortest text that reads back as the same double, always with a `.` or an exponent so
    /// that it stays a real: `1.0`, `0.1`, `1e-05`, `1.7976931348623157e+308`.
    ///
    /// - Returns: `nil` for NaN and infinities.
    public static func real(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        return value.description
    }
}
