/// The one implementation of date text: ISO 8601 in UTC and the epoch numbers, for every reader,
/// writer and coder in the package.

package import Foundation

/// Prints and parses dates as ISO 8601 text and as numbers since an epoch.
///
/// Every place in the package that reads or writes date text calls this type (the JSON, CSV and
/// XML property-list writers, the XML property-list reader, the binary property-list reader's
/// range check, the CSV coder's `.iso8601` and epoch strategies, ``ISO8601Timestamp``-style
/// helpers and the inspector), so they agree on every rule below.
///
/// **The range.** A date has text when it lies in ``years`` (0001–9999) in UTC: from
/// `0001-01-01T00:00:00Z` up to, not including, `10000-01-01T00:00:00Z`. Dates outside it, and
/// dates that are not finite, have no text; text that names an instant outside it (including
/// through an offset: `0001-01-01T00:30:00+01:00`) is refused. The epoch numbers keep the same
/// range.
///
/// **The grammar** (one, for every reader): `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±hh:mm)`:
/// - exactly four year digits, an upper-case `T`, and a `Z` or an offset `±hh:mm` with `hh` 00–23
///   and `mm` 00–59 (`-00:00` reads as UTC);
/// - the fraction is a `.` followed by one or more digits, any number of them;
/// - the calendar is the proleptic Gregorian one, and a day the month does not have
///   (`2024-02-31`, `2023-02-29`), month 00 or 13, hour 24, minute 60 are refused;
/// - **leap seconds** (second 60) are refused: `Date` counts seconds without them, so
///   `23:59:60` names no instant of its own;
/// - nothing may come before or after (no white space, no space for `T`, no lower case).
///
/// **Parsing** gives the `Date` nearest to the instant the text names: the whole seconds and the
/// fraction are added in exact decimal arithmetic and rounded once to the `Double` a `Date`
/// stores (seconds since 2001-01-01), ties to even.
///
/// **Printing** writes UTC with a `Z`, and the fraction by ``Precision``:
/// - a fixed precision rounds the date's exact value to the nearest multiple of its unit, a tie
///   going to the later instant, and prints all of the unit's digits, or no fraction at all
///   when it is zero (at microseconds: `12:30:45Z`, `12:30:45.120000Z`, `12:30:45.123457Z`);
/// - ``Precision/exact`` writes the shortest fraction that parses back to the same `Double`,
///   bit for bit (also before 2001, where the second printed is the one before the date).
///
/// ```swift
/// DateText.string(Date(timeIntervalSinceReferenceDate: -0.25))        // "2000-12-31T23:59:59.75Z"
/// DateText.string(date, precision: .milliseconds)                      // "2024-05-01T12:30:45.123Z"
/// DateText.date(from: "2024-05-01T14:30:45.25+02:00")                  // 2024-05-01T12:30:45.25Z
/// ```
package enum DateText {
    // MARK: - The range

    /// The years a date with text can fall in (in UTC): the four-digit years, 0001–9999.
    package static let years: ClosedRange<Int64> = 1...9999

    /// ``years`` in words for messages: `the years 0001 through 9999`.
    package static let yearsText = "the years \(fourDigits(years.lowerBound)) through \(fourDigits(years.upperBound))"

    private static func fourDigits(_ year: Int64) -> String {
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Seconds between 1970-01-01 and 2001-01-01, the `Date` (and property-list) reference.
    package static let referenceOffset: Int64 = 978_307_200

    /// Whole seconds since 2001-01-01 of the first instant of ``years`` and of the first instant
    /// after them: a date has text when its seconds since 2001 lie in this range.
    package static let referenceSeconds: Range<Int64> = {
        let first = CivilCalendar.days(year: years.lowerBound, month: 1, day: 1) * 86_400 - referenceOffset
        let end = CivilCalendar.days(year: years.upperBound + 1, month: 1, day: 1) * 86_400 - referenceOffset
        return first..<end
    }()

    /// ``referenceSeconds`` as seconds since 1970.
    package static let unixSeconds: Range<Int64> =
        (referenceSeconds.lowerBound + referenceOffset)..<(referenceSeconds.upperBound + referenceOffset)

    /// Whether `date` is finite and lies in ``years``, so that it has text at
    /// ``Precision/exact`` (at a coarser precision, a date in the last fraction of a second of
    /// 9999 can round out of the range).
    package static func isRepresentable(_ date: Date) -> Bool {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite else { return false }
        return Double(referenceSeconds.lowerBound) <= interval && interval < Double(referenceSeconds.upperBound)
    }

    // MARK: - Printing

    /// How many fractional digits ``string(_:precision:)`` writes.
    package enum Precision: Sendable, Hashable, CaseIterable {
        /// Whole seconds (rounded to nearest).
        case seconds
        /// 3 digits (none when they are all zero).
        case milliseconds
        /// 6 digits (none when they are all zero).
        case microseconds
        /// 9 digits (none when they are all zero).
        case nanoseconds
        /// The shortest fraction that parses back to the same `Date`, bit for bit.
        case exact

        /// The number of fractional digits of a fixed precision.
        var digits: Int? {
            switch self {
            case .seconds: 0
            case .milliseconds: 3
            case .microseconds: 6
            case .nanoseconds: 9
            case .exact: nil
            }
        }
    }

    /// ISO 8601 in UTC with a `Z`, such as `2024-05-01T12:30:45.25Z`.
    ///
    /// - Returns: `nil` when the date is not finite or (after rounding) lies outside ``years``.
    package static func string(_ date: Date, precision: Precision = .exact) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard isRepresentable(date) else { return nil }
        let seconds: Int64
        let fraction: [UInt8]
        if let digits = precision.digits {
            (seconds, fraction) = rounded(interval, digits: digits)
        } else {
            (seconds, fraction) = shortest(interval)
        }
        guard referenceSeconds.contains(seconds) else { return nil }
        return text(secondsSinceReference: seconds, fraction: fraction)
    }

    /// The text of whole seconds since 2001 and the digits after the point (ASCII, no trailing 0).
    private static func text(secondsSinceReference: Int64, fraction: [UInt8]) -> String {
        let unix = secondsSinceReference + referenceOffset
        var days = unix / 86_400
        var secondOfDay = unix % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(21 + fraction.count)
        func append(_ value: Int64, _ width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        append(year, 4)
        bytes.append(UInt8(ascii: "-"))
        append(month, 2)
        bytes.append(UInt8(ascii: "-"))
        append(day, 2)
        bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, 2)
        if !fraction.isEmpty {
            bytes.append(UInt8(ascii: "."))
            bytes += fraction
        }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The interval (finite, in range) rounded to `digits` decimals, nearest with ties to the
    /// later instant, computed exactly from the `Double`'s binary value: the whole seconds (the
    /// floor) and all `digits` digits of the fraction, or none when it is zero.
    private static func rounded(_ interval: Double, digits: Int) -> (seconds: Int64, fraction: [UInt8]) {
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        guard interval != 0 else { return (0, []) }
        // |interval| = significand × 2^exponent exactly.
        let magnitude = interval.magnitude
        let significand: UInt64
        let exponent: Int
        if magnitude.exponentBitPattern == 0 {
            significand = magnitude.significandBitPattern
            exponent = -1074
        } else {
            significand = magnitude.significandBitPattern | (1 << 52)
            exponent = Int(magnitude.exponentBitPattern) - 1075
        }
        // units = the interval in multiples of 10^-digits, rounded as documented.
        let units: Int128
        if exponent >= 0 {
            // A whole number of seconds (the range keeps it far below 2^63).
            units = Int128(significand << exponent) * Int128(scale) * (interval < 0 ? -1 : 1)
        } else {
            let scaled = UInt128(significand) * UInt128(scale)  // < 2^83
            let shift = -exponent
            let quotient: UInt128, remainder: UInt128, half: UInt128
            if shift >= 127 {
                // The value is below 2^83 / 2^127: less than half a unit, and not zero.
                (quotient, remainder, half) = (0, 1, 2)
            } else {
                quotient = scaled >> shift
                remainder = scaled & ((1 << shift) - 1)
                half = 1 << (shift - 1)
            }
            if interval > 0 {
                units = Int128(quotient) + (remainder >= half ? 1 : 0)
            } else {
                // −(q + r): the later instant on a tie, so only a remainder above half goes down.
                units = -Int128(quotient) - (remainder > half ? 1 : 0)
            }
        }
        let scale128 = Int128(scale)
        var seconds = units / scale128
        var part = units % scale128
        if part < 0 {
            part += scale128
            seconds -= 1
        }
        guard part != 0 else { return (Int64(seconds), []) }
        var fraction = [UInt8](repeating: UInt8(ascii: "0"), count: digits)
        var rest = Int64(part)
        for index in stride(from: digits - 1, through: 0, by: -1) {
            fraction[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return (Int64(seconds), fraction)
    }

    /// The floor of the interval (finite, in range) and the digits of the shortest fraction that
    /// parses back to it: the shortest round-trip decimal of its magnitude; before 2001 the
    /// fraction is its complement to one second, which ``parse(_:)`` adds back exactly.
    private static func shortest(_ interval: Double) -> (seconds: Int64, fraction: [UInt8]) {
        let (whole, fraction) = decimal(interval.magnitude)
        guard interval < 0 else { return (whole, fraction) }
        guard !fraction.isEmpty else { return (-whole, []) }
        // 1 − 0.f: the last digit (never 0) from 10, every other from 9.
        var complement = fraction.map { UInt8(ascii: "9") - ($0 - UInt8(ascii: "0")) }
        complement[complement.count - 1] += 1
        return (-whole - 1, complement)
    }

    /// The integer part and the fraction digits (no trailing zeros) of the shortest decimal that
    /// reads back as `value` (finite, not negative, below 2^63), from Swift's shortest
    /// round-trip description (`736259445.123456`, `1e-05`, `5e-324`).
    private static func decimal(_ value: Double) -> (whole: Int64, fraction: [UInt8]) {
        let description = Array(value.description.utf8)
        var exponent = 0
        var mantissa = description[...]
        if let e = description.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            mantissa = description[..<e]
            var sign = 1
            var index = e + 1
            if index < description.count, description[index] == UInt8(ascii: "-") || description[index] == UInt8(ascii: "+") {
                sign = description[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
            }
            while index < description.count {
                exponent = exponent * 10 + Int(description[index] - UInt8(ascii: "0"))
                index += 1
            }
            exponent *= sign
        }
        var digits: [UInt8] = []
        var point = 0
        for byte in mantissa {
            if byte == UInt8(ascii: ".") { point = digits.count } else { digits.append(byte) }
        }
        if !mantissa.contains(UInt8(ascii: ".")) { point = digits.count }
        point += exponent
        var whole: Int64 = 0
        var fraction: [UInt8] = []
        if point < 0 { fraction = [UInt8](repeating: UInt8(ascii: "0"), count: -point) }
        for (index, digit) in digits.enumerated() {
            if index < point {
                whole = whole * 10 + Int64(digit - UInt8(ascii: "0"))
            } else {
                fraction.append(digit)
            }
        }
        if point > digits.count {
            for _ in digits.count..<point { whole *= 10 }
        }
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        return (whole, fraction)
    }

    // MARK: - Parsing

    /// A parsed date and what its text held beyond plain UTC whole seconds.
    package struct Parsed: Sendable, Hashable {
        /// The date nearest to the instant the text names.
        package var date: Date
        /// Whether the text had a fraction (even one of zeros).
        package var hasFraction: Bool
        /// The offset from UTC in seconds when the text had `±hh:mm` instead of `Z`.
        package var offsetSeconds: Int?
        /// The index of the `.` of the fraction, or of the `Z` or offset: where anything beyond
        /// `YYYY-MM-DDTHH:MM:SS` starts (19).
        package static let endOfSeconds = 19
    }

    /// Why text is not a date: a reason to follow "is not a date: ", and the byte where it goes wrong.
    package struct Failure: Error, Sendable, Hashable {
        /// What is wrong, in words (`day 31 is not in month 2`).
        package var reason: String
        /// The 0-based index into the text's UTF-8 of the first offending byte.
        package var index: Int
    }

    /// The date `text` names, or `nil` when it is not a date by the grammar above.
    package static func date(from text: some StringProtocol) -> Date? {
        try? parse(Array(text.utf8)).get().date
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±hh:mm)` from UTF-8 bytes.
    package static func parse(_ text: [UInt8]) -> Result<Parsed, Failure> {
        func fail(_ index: Int, _ reason: String) -> Result<Parsed, Failure> { .failure(Failure(reason: reason, index: index)) }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        for (index, expected) in shape.enumerated() {
            guard index < text.count else { return fail(index, text.isEmpty ? "it is empty" : "it ends early") }
            let byte = text[index]
            if expected == UInt8(ascii: "d") ? !isDigit(byte) : byte != expected {
                return fail(index, "unexpected \(describe(byte))")
            }
        }
        func number(_ from: Int, _ count: Int) -> Int64 {
            text[from..<from + count].reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        }
        let year = number(0, 4), month = number(5, 2), day = number(8, 2)
        let hour = number(11, 2), minute = number(14, 2), second = number(17, 2)
        guard years.contains(year) else { return fail(0, "year \(String(decoding: text[0..<4], as: UTF8.self)) is outside \(yearsText)") }
        guard (1...12).contains(month) else { return fail(5, "month \(month) is not 01 through 12") }
        guard (1...daysIn(month: month, year: year)).contains(day) else { return fail(8, "day \(day) is not in month \(month)") }
        guard hour < 24 else { return fail(11, "hour \(hour) is not 00 through 23") }
        guard minute < 60 else { return fail(14, "minute \(minute) is not 00 through 59") }
        guard second < 60 else {
            return fail(17, second == 60 ? "second 60 is a leap second, which a date cannot hold" : "second \(second) is not 00 through 59")
        }
        var end = Parsed.endOfSeconds
        var fraction = ArraySlice<UInt8>()
        var hasFraction = false
        if end < text.count, text[end] == UInt8(ascii: ".") {
            var digits = end + 1
            while digits < text.count, isDigit(text[digits]) { digits += 1 }
            guard digits > end + 1 else { return fail(end + 1, digits < text.count ? "unexpected \(describe(text[digits])) after '.'" : "no digits after '.'") }
            fraction = text[(end + 1)..<digits]
            hasFraction = true
            end = digits
        }
        guard end < text.count else { return fail(end, "it ends without a 'Z' (UTC) or an offset such as +02:00") }
        var offset: Int64? = nil
        switch text[end] {
        case UInt8(ascii: "Z"):
            end += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign: Int64 = text[end] == UInt8(ascii: "-") ? -1 : 1
            for (index, expected) in offsetShape.enumerated() {
                let at = end + 1 + index
                guard at < text.count else { return fail(at, "the offset ends early; write it as ±hh:mm") }
                if expected == UInt8(ascii: "d") ? !isDigit(text[at]) : text[at] != expected {
                    return fail(at, "unexpected \(describe(text[at])) in the offset; write it as ±hh:mm")
                }
            }
            let hours = number(end + 1, 2), minutes = number(end + 4, 2)
            guard hours < 24, minutes < 60 else { return fail(end + 1, "the offset is not -23:59 through +23:59") }
            offset = sign * (hours * 3600 + minutes * 60)
            end += 6
        default:
            return fail(end, "unexpected \(describe(text[end])); write 'Z' for UTC or an offset such as +02:00")
        }
        if end < text.count { return fail(end, "unexpected \(describe(text[end])) after the date") }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - (offset ?? 0) - referenceOffset
        guard referenceSeconds.contains(seconds) else {
            return fail(0, "in UTC it falls outside \(yearsText)")
        }
        let date = Date(timeIntervalSinceReferenceDate: interval(seconds: seconds, fraction: fraction))
        // 9999-12-31T23:59:59.99999999Z is nearer to 10000-01-01 than to any `Date` before it.
        guard isRepresentable(date) else {
            return fail(Parsed.endOfSeconds, "its fraction rounds it to \(fourDigits(years.upperBound + 1))-01-01T00:00:00Z, outside \(yearsText)")
        }
        return .success(Parsed(date: date, hasFraction: hasFraction, offsetSeconds: offset.map(Int.init)))
    }

    /// `seconds + 0.fraction`, rounded once: by one exact division when the digits allow, else as
    /// exact decimal text through the correctly rounding `Double(_:)` (before 2001 the sum is
    /// written as −(|seconds| − 1 + (1 − 0.fraction))).
    private static func interval(seconds: Int64, fraction: ArraySlice<UInt8>) -> Double {
        var digits = Array(fraction)
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        guard !digits.isEmpty else { return Double(seconds) }
        // Fast path (Clinger): seconds·10^k + fraction as an integer below 2^53 and 10^k exact
        // in a Double, so one correctly rounded division gives the nearest Double.
        if digits.count <= 15 {
            var scale: Int64 = 1
            var units: Int64 = 0
            for digit in digits {
                scale *= 10
                units = units * 10 + Int64(digit - UInt8(ascii: "0"))
            }
            let (scaled, overflow) = seconds.multipliedReportingOverflow(by: scale)
            let (total, carry) = scaled.addingReportingOverflow(units)
            if !overflow, !carry, total.magnitude < 1 << 53 {
                return Double(total) / Double(scale)
            }
        }
        var text: [UInt8]
        if seconds >= 0 {
            text = Array(String(seconds).utf8)
        } else {
            // 1 − 0.f: the last digit (never 0) from 10, every other from 9.
            digits = digits.map { UInt8(ascii: "9") - ($0 - UInt8(ascii: "0")) }
            digits[digits.count - 1] += 1
            text = Array(("-" + String(-seconds - 1)).utf8)
        }
        text.append(UInt8(ascii: "."))
        text += digits
        // Every byte is an ASCII digit, '-' or '.', so the text is a valid decimal.
        return text.withUnsafeBufferPointer(DecimalNumber.double) ?? .nan
    }

    /// The shape of a date: `d` is a digit, anything else itself.
    private static let shape = Array("dddd-dd-ddTdd:dd:dd".utf8)
    /// The shape of an offset after its sign.
    private static let offsetShape = Array("dd:dd".utf8)

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `'x'` for a visible ASCII byte, `a space`, or `byte 0xNN`.
    package static func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : byte == 0x20 ? "a space" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: - Epoch numbers

    /// The epochs date numbers count from.
    package enum Epoch: Sendable, Hashable, CaseIterable {
        /// Seconds since 1970-01-01T00:00:00Z (Unix time).
        case secondsSince1970
        /// Milliseconds since 1970-01-01T00:00:00Z (JavaScript time).
        case millisecondsSince1970
        /// Seconds since 2001-01-01T00:00:00Z, the `Date` and property-list reference.
        case secondsSince2001
    }

    /// `date` as a number since `epoch`, rounded once from the `Date`'s exact value (seconds
    /// since 2001 are the value itself).
    ///
    /// - Returns: `nil` when the date is not finite or lies outside ``years``.
    package static func number(_ date: Date, since epoch: Epoch) -> Double? {
        guard isRepresentable(date) else { return nil }
        let interval = date.timeIntervalSinceReferenceDate
        switch epoch {
        case .secondsSince2001: return interval
        case .secondsSince1970: return interval + Double(referenceOffset)
        case .millisecondsSince1970: return Double(referenceOffset * 1000).addingProduct(interval, 1000)
        }
    }

    /// The date `number` units after `epoch`: seconds since 2001 exactly, the others rounded
    /// to the nearest `Date` after one division or subtraction.
    ///
    /// - Returns: `nil` when the number is not finite or the date lies outside ``years``.
    package static func date(fromNumber number: Double, since epoch: Epoch) -> Date? {
        guard number.isFinite else { return nil }
        let interval: Double =
            switch epoch {
            case .secondsSince2001: number
            case .secondsSince1970: number - Double(referenceOffset)
            case .millisecondsSince1970: number / 1000 - Double(referenceOffset)
            }
        let date = Date(timeIntervalSinceReferenceDate: interval)
        return isRepresentable(date) ? date : nil
    }

    /// `date` as the shortest text of its number since `epoch` that reads back as the same
    /// number, always with a `.` or an exponent (`1714566600.125`, `0.0`, `1e-05`).
    ///
    /// - Returns: `nil` when the date is not finite or lies outside ``years``.
    package static func epochText(_ date: Date, since epoch: Epoch) -> String? {
        number(date, since: epoch).map(\.description)
    }

    /// The date the decimal number `text` (`1714566600.125`, `-1e3`) counts since `epoch`.
    ///
    /// - Returns: `nil` when the text is not a finite decimal number or the date lies outside
    ///   ``years``.
    package static func date(fromEpochText text: some StringProtocol, since epoch: Epoch) -> Date? {
        guard !text.isEmpty,
            text.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 | 0x20 == 0x65 }),
            let number = Double(String(text))
        else { return nil }
        return date(fromNumber: number, since: epoch)
    }
}
