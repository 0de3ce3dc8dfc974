import Foundation
import PropertyBased
import SerializeCore
import Testing

@Suite struct DateTextTests {
    // MARK: - Printing

    @Test(arguments: [
        (0.0, "2001-01-01T00:00:00Z"), (-978_307_200.0, "1970-01-01T00:00:00Z"), (0.5, "2001-01-01T00:00:00.5Z"),
        (-0.25, "2000-12-31T23:59:59.75Z"), (1e-5, "2001-01-01T00:00:00.00001Z"), (-63_113_904_000.0, "0001-01-01T00:00:00Z"),
        (252_423_993_599.0, "9999-12-31T23:59:59Z"), (-1e-6, "2000-12-31T23:59:59.999999Z"),
        (736_259_445.123456, "2024-05-01T12:30:45.123456Z"), (-1.1, "2000-12-31T23:59:58.9Z"),
    ])
    func exactPrintsTheShortestFractionAndParsesBack(interval: Double, text: String) throws {
        let date = Date(timeIntervalSinceReferenceDate: interval)
        #expect(DateText.string(date) == text)
        let back = try #require(DateText.date(from: text))
        #expect(back.timeIntervalSinceReferenceDate.bitPattern == interval.bitPattern)
    }

    /// Issue 15, bug 7: `interval - floor(interval)` rounded to 1.0 for a tiny negative interval,
    /// printing `2000-12-31T23:59:59.0Z`, a second early.
    @Test func aTinyDateBefore2001KeepsItsSecond() throws {
        let interval = -5e-324
        let text = try #require(DateText.string(Date(timeIntervalSinceReferenceDate: interval)))
        #expect(text.hasPrefix("2000-12-31T23:59:59.999999999"))
        #expect(text.hasSuffix("95Z"))
        #expect(text.count == "2000-12-31T23:59:59.".count + 324 + 1)
        let back = try #require(DateText.date(from: text))
        #expect(back.timeIntervalSinceReferenceDate.bitPattern == interval.bitPattern)
        // At a fixed precision it is nearest to 2001-01-01T00:00:00Z.
        #expect(DateText.string(Date(timeIntervalSinceReferenceDate: interval), precision: .nanoseconds) == "2001-01-01T00:00:00Z")
    }

    @Test(arguments: [
        // 1_714_566_645.123456 s since 1970, written as seconds since 2001.
        (736_259_445.123456, DateText.Precision.seconds, "2024-05-01T12:30:45Z"),
        (736_259_445.123456, .milliseconds, "2024-05-01T12:30:45.123Z"),
        (736_259_445.123456, .microseconds, "2024-05-01T12:30:45.123456Z"),
        (736_259_445.123456, .nanoseconds, "2024-05-01T12:30:45.123456001Z"),  // the Double is a little above
        (736_259_445.9999999, .microseconds, "2024-05-01T12:30:46Z"),
        (0.5, .seconds, "2001-01-01T00:00:01Z"),  // a tie goes to the later instant
        (-0.5, .seconds, "2001-01-01T00:00:00Z"),
        (-1.5, .seconds, "2000-12-31T23:59:59Z"),
        (-0.0005, .milliseconds, "2000-12-31T23:59:59.999Z"),  // -0.0005 is a little below the tie
        (-0.25, .milliseconds, "2000-12-31T23:59:59.750Z"),  // every digit of the unit
        (0.1, .nanoseconds, "2001-01-01T00:00:00.100000000Z"),
        (-1e-6, .microseconds, "2000-12-31T23:59:59.999999Z"),
        (-1e-6, .milliseconds, "2001-01-01T00:00:00Z"),
    ])
    func fixedPrecisionsRoundTheExactValue(interval: Double, precision: DateText.Precision, text: String) {
        #expect(DateText.string(Date(timeIntervalSinceReferenceDate: interval), precision: precision) == text)
    }

    @Test(arguments: DateText.Precision.allCases)
    func datesWithoutTextAreRefused(precision: DateText.Precision) {
        for interval in [1e15, -1e15, .nan, .infinity, -.infinity, 252_423_993_600, -63_113_904_000.5] {
            #expect(DateText.string(Date(timeIntervalSinceReferenceDate: interval), precision: precision) == nil, "\(interval)")
        }
        // The last Date of 9999 (…59.99997) rounds into 10000 at whole seconds and milliseconds.
        let last = Date(timeIntervalSinceReferenceDate: Double(252_423_993_600).nextDown)
        #expect((DateText.string(last, precision: precision) == nil) == [.seconds, .milliseconds].contains(precision))
    }

    @Test func theRangeIsStatedOnce() {
        #expect(DateText.years == 1...9999)
        #expect(DateText.referenceSeconds == -63_113_904_000..<252_423_993_600)
        #expect(DateText.unixSeconds == -62_135_596_800..<253_402_300_800)
    }

    // MARK: - Properties

    /// Finite doubles across the whole range, with every size of fraction down to subnormals.
    static let intervals = Gen.uint64().map { bits -> Double in
        let value = Double(bitPattern: bits)
        guard value.isFinite else { return 0 }
        // Fold the rest into the range (−6e10 … 2.4e11 s), keeping the sign and many low bits.
        let folded = value.magnitude < 6e10 ? value : value.truncatingRemainder(dividingBy: 6e10)
        return folded > 0 && bits & 1 == 0 ? folded * 4 : folded
    }

    @Test func exactTextReadsBackBitForBit() async {
        await propertyCheck(count: 3000, input: Self.intervals) { interval in
            let date = Date(timeIntervalSinceReferenceDate: interval)
            let text = DateText.string(date)
            let back = text.flatMap { DateText.date(from: $0) }?.timeIntervalSinceReferenceDate
            #expect(back?.bitPattern == interval.bitPattern || (interval == 0 && back == 0), "\(interval) -> \(text ?? "nil")")
        }
    }

    @Test func fixedPrecisionTextIsStableAndWithinHalfAUnit() async {
        await propertyCheck(count: 1500, input: Self.intervals) { interval in
            for (precision, unit) in [(DateText.Precision.seconds, 1.0), (.milliseconds, 1e-3), (.microseconds, 1e-6), (.nanoseconds, 1e-9)] {
                let text = DateText.string(Date(timeIntervalSinceReferenceDate: interval), precision: precision)
                guard let text, let back = DateText.date(from: text) else {
                    Issue.record("\(interval) at \(precision): \(text ?? "nil")")
                    continue
                }
                #expect(DateText.string(back, precision: precision) == text, "\(interval) at \(precision)")
                let error = abs(back.timeIntervalSinceReferenceDate - interval)
                #expect(error <= unit / 2 + 2 * interval.magnitude.ulp, "\(interval) at \(precision): \(text)")
            }
        }
    }

    /// Parsing rounds once: against an independent oracle (exact `Decimal` sum, then the
    /// correctly rounding `Double(String)`), for whole seconds across the range and fractions of
    /// 1 to 20 digits (the fast integer path and the decimal-text path both).
    @Test func parsingRoundsTheExactSumOnce() async {
        let input = zip(
            Gen.int64(in: DateText.referenceSeconds.lowerBound...(DateText.referenceSeconds.upperBound - 1)),
            Gen.uint64(in: 0...9_999_999_999_999_999_999), Gen.int(in: 1...20))
        await propertyCheck(count: 1500, input: input) { seconds, random, length in
            let padded = String(repeating: "0", count: 20 - String(random).count) + String(random)
            let fraction = String(padded.prefix(length))
            guard let whole = DateText.string(Date(timeIntervalSinceReferenceDate: Double(seconds)), precision: .seconds),
                let fractionValue = Decimal(string: "0." + fraction)
            else {
                Issue.record("\(seconds)")
                return
            }
            let text = whole.dropLast() + "." + fraction + "Z"
            let expected = Double("\(Decimal(seconds) + fractionValue)")
            let parsed = DateText.date(from: text)?.timeIntervalSinceReferenceDate
            if let expected, expected < Double(DateText.referenceSeconds.upperBound) {
                #expect(parsed?.bitPattern == expected.bitPattern, "\(text)")
            } else {
                #expect(parsed == nil, "\(text)")
            }
        }
    }

    // MARK: - Parsing

    @Test(arguments: [
        ("", 0, "it is empty"), ("2024-01-0", 9, "it ends early"), ("2024/01/01T00:00:00Z", 4, "unexpected '/'"),
        ("2024-02-31T00:00:00Z", 8, "day 31 is not in month 2"), ("2024-13-01T00:00:00Z", 5, "month 13 is not 01 through 12"),
        ("2024-01-01T24:00:00Z", 11, "hour 24 is not 00 through 23"), ("2024-01-01T00:60:00Z", 14, "minute 60 is not 00 through 59"),
        ("2016-12-31T23:59:60Z", 17, "second 60 is a leap second, which a date cannot hold"),
        ("0000-01-01T00:00:00Z", 0, "year 0000 is outside the years 0001 through 9999"),
        ("2024-01-01T00:00:00.Z", 20, "unexpected 'Z' after '.'"),
        ("2024-01-01T00:00:00", 19, "it ends without a 'Z' (UTC) or an offset such as +02:00"),
        ("2024-01-01T00:00:00+0200", 22, "unexpected '0' in the offset; write it as ±hh:mm"),
        ("2024-01-01T00:00:00+24:00", 20, "the offset is not -23:59 through +23:59"),
        ("2024-01-01T00:00:00Z ", 20, "unexpected a space after the date"),
        ("0001-01-01T00:30:00+01:00", 0, "in UTC it falls outside the years 0001 through 9999"),
    ])
    func failuresSayWhatAndWhere(text: String, index: Int, reason: String) {
        guard case let .failure(failure) = DateText.parse(Array(text.utf8)) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(failure.index == index)
        #expect(failure.reason == reason)
    }

    @Test func parsedTellsFractionsAndOffsets() throws {
        let plain = try DateText.parse(Array("2001-01-01T00:00:00Z".utf8)).get()
        #expect(!plain.hasFraction && plain.offsetSeconds == nil)
        let both = try DateText.parse(Array("2001-01-01T01:30:00.0-01:30".utf8)).get()
        #expect(both.hasFraction && both.offsetSeconds == -5400)
        #expect(both.date == Date(timeIntervalSinceReferenceDate: 3 * 3600))
    }

    // MARK: - Epochs

    @Test func epochNumbers() throws {
        let date = Date(timeIntervalSinceReferenceDate: 736_259_400.125)
        #expect(DateText.number(date, since: .secondsSince2001) == 736_259_400.125)
        #expect(DateText.number(date, since: .secondsSince1970) == 1_714_566_600.125)
        #expect(DateText.number(date, since: .millisecondsSince1970) == 1_714_566_600_125)
        #expect(DateText.epochText(date, since: .secondsSince1970) == "1714566600.125")
        for epoch in DateText.Epoch.allCases {
            let number = try #require(DateText.number(date, since: epoch))
            #expect(DateText.date(fromNumber: number, since: epoch) == date)
            let text = try #require(DateText.epochText(date, since: epoch))
            #expect(DateText.date(fromEpochText: text, since: epoch) == date)
            #expect(DateText.number(Date(timeIntervalSinceReferenceDate: .nan), since: epoch) == nil)
            #expect(DateText.number(Date(timeIntervalSinceReferenceDate: 1e15), since: epoch) == nil)
            #expect(DateText.date(fromNumber: .infinity, since: epoch) == nil)
            #expect(DateText.date(fromNumber: 1e19, since: epoch) == nil)
            for junk in ["", "nan", "inf", "0x10", "1 ", "12abc"] {
                #expect(DateText.date(fromEpochText: junk, since: epoch) == nil, "\(junk)")
            }
        }
    }
}
