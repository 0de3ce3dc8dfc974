/// Text forms of values the coders share (ISO 8601 dates, hexadecimal data, decimals), and the
/// small helpers the reader, writer and coders share (column lookup, buffer growth).

import Foundation
import SerializeCoding

/// Conversions between values and the text of a field, and helpers shared across the module.
enum CSVValueText {
    // MARK: - ISO 8601

    /// Seconds from 1970 to 2001, the `Date` reference.
    private static let referenceOffset: Int64 = 978_307_200

    /// Seconds from 1970 to 0000-01-01T00:00:00Z and to 10000-01-01T00:00:00Z: the years the
    /// four-digit form (and so the reader) can hold.
    static let iso8601Seconds: Range<Double> = -62_167_219_200 ..< 253_402_300_800

    /// `2024-05-01T12:30:00.125Z`: UTC, fraction to the nanosecond when there is one; nil when the
    /// date is not finite or falls outside the years 0000–9999, which four digits cannot hold.
    static func iso8601(_ date: Date) -> String? {
        let reference = date.timeIntervalSinceReferenceDate
        guard reference.isFinite,
            iso8601Seconds.contains((reference + Double(referenceOffset)).rounded(.down))
        else { return nil }
        var whole = reference.rounded(.down)
        var nanoseconds = Int64(((reference - whole) * 1e9).rounded())
        if nanoseconds >= 1_000_000_000 {
            whole += 1
            nanoseconds -= 1_000_000_000
        }
        let seconds = Int64(whole) + referenceOffset
        guard iso8601Seconds.contains(Double(seconds)) else { return nil }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        var text = ""
        text.reserveCapacity(30)
        if year < 0 { text += "-" }
        text += pad(abs(year), 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if nanoseconds > 0 {
            var digits = pad(nanoseconds, 9)
            while digits.last == "0" { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`; a space may replace the `T`.
    static func iso8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ width: Int) -> Int64? {
            guard index + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<width {
                let digit = bytes[index + offset] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            index += width
            return value
        }
        func expect(_ characters: UInt8...) -> Bool {
            guard index < bytes.count, characters.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
            expect(0x54, 0x74, 0x20), let hour = number(2), expect(0x3A), let minute = number(2), expect(0x3A),
            let second = number(2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var nanoseconds: Int64 = 0
        if index < bytes.count, bytes[index] == 0x2E || bytes[index] == 0x2C {
            index += 1
            var scale: Int64 = 100_000_000
            let start = index
            while index < bytes.count, bytes[index] &- 0x30 < 10 {
                nanoseconds += Int64(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset: Int64 = 0
        if expect(0x5A, 0x7A) {
            // UTC
        } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign: Int64 = bytes[index] == 0x2D ? -1 : 1
            index += 1
            guard let offsetHours = number(2) else { return nil }
            _ = expect(0x3A)
            guard let offsetMinutes = number(2) else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        // Refuses days the month does not have (2024-02-31, 2023-02-29).
        guard CivilCalendar.civil(fromDays: days) == (year, month, day) else { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset - referenceOffset
        return Date(timeIntervalSinceReferenceDate: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    private static func pad(_ value: some BinaryInteger, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    // MARK: - Columns

    /// The index of column `path`: first the guess `next` (rows code their keys in the same
    /// order every time, so the column after the last one used is usually right, and a string
    /// comparison is cheaper than hashing), then the dictionary. Moves the guess on.
    @inline(__always)
    static func column(
        _ path: String, in names: [String], index: [String: Int], next: UnsafeMutablePointer<Int>
    ) -> Int? {
        let guess = next.pointee
        if guess < names.count, names[guess] == path {
            next.pointee = guess + 1
            return guess
        }
        guard let found = index[path] else { return nil }
        next.pointee = found + 1
        return found
    }

    // MARK: - Buffers

    /// Moves `count` bytes into a new allocation of `newCapacity` bytes.
    static func grow(
        _ buffer: inout UnsafeMutablePointer<UInt8>, count: Int, capacity: inout Int, to newCapacity: Int
    ) {
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = grown
        capacity = newCapacity
    }

    // MARK: - Numbers

    /// Parses a decimal integer (`-42`, `+7`) of any fixed-width type, without the generic
    /// `init(_:radix:)` (whose witness lookups cost more than the parse); `nil` on anything
    /// else or on overflow.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> T? {
        var text = text
        return text.withUTF8 { bytes -> T? in
            var index = 0
            var negative = false
            if index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x2B {
                negative = bytes[index] == 0x2D
                index += 1
            }
            guard index < bytes.count else { return nil }
            var value: T = 0
            while index < bytes.count {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (next, overflow2) =
                    negative
                    ? shifted.subtractingReportingOverflow(T(digit)) : shifted.addingReportingOverflow(T(digit))
                guard !overflow1, !overflow2 else { return nil }
                value = next
                index += 1
            }
            return value
        }
    }

    /// Exact powers of ten a `Double` holds: 10^0 … 10^22.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Parses a plain decimal (`-12.345`) with Clinger's fast path: up to 15 significant
    /// digits and 22 decimals, where one exact division rounds correctly; anything else
    /// (exponents, more digits, `nan`) goes to `Double(_:)`.
    static func double(_ text: String) -> Double? {
        var text = text
        let fast: Double?? = text.withUTF8 { bytes -> Double?? in
            var index = 0
            var negative = false
            if index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x2B {
                negative = bytes[index] == 0x2D
                index += 1
            }
            var mantissa: UInt64 = 0
            var digits = 0
            var decimals = 0
            var seenDot = false
            var seenDigit = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte &- 0x30 < 10 {
                    seenDigit = true
                    if mantissa != 0 || byte != 0x30 { digits += 1 }
                    guard digits <= 15 else { return .none }
                    mantissa = mantissa * 10 + UInt64(byte &- 0x30)
                    if seenDot { decimals += 1 }
                } else if byte == 0x2E, !seenDot {
                    seenDot = true
                } else {
                    return .none
                }
                index += 1
            }
            guard seenDigit, decimals <= 22 else { return .none }
            let value = Double(mantissa) / powersOfTen[decimals]
            return .some(negative ? -value : value)
        }
        if let fast { return fast }
        return Double(text)
    }

    /// Whether `text` is a whole decimal number, `[+-]digits[.digits][(e|E)[+-]digits]` (digits
    /// may be absent on one side of the point), so `Decimal(string:)`, which stops at the first
    /// character it cannot use (`12abc` is 12), only ever sees a complete number.
    static func isDecimalNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        var mantissaDigits = digits()
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    // MARK: - Hexadecimal

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func hex(_ data: Data) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count * 2)
        for byte in data {
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func hex(_ text: String) -> Data? {
        let bytes = Array(text.utf8)
        guard bytes.count % 2 == 0 else { return nil }
        func value(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x61...0x66: byte - 0x61 + 10
            case 0x41...0x46: byte - 0x41 + 10
            default: nil
            }
        }
        var data = Data(capacity: bytes.count / 2)
        var index = 0
        while index < bytes.count {
            guard let high = value(bytes[index]), let low = value(bytes[index + 1]) else { return nil }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }
}

/// A coding key for CSV paths: a row index or a column name.
struct CSVCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key of a data row (0-based).
    static func row(_ index: Int) -> CSVCodingKey { CSVCodingKey(intValue: index) }
}
