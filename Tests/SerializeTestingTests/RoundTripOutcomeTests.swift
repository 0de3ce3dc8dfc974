import SerializeCoding
import SerializeCore
import Foundation
import SerializeDocument
import Testing
@testable import SerializeRoundTrip
@testable import SerializeTesting

@Suite struct RoundTripOutcomeTests {
    @Test func outcomesCarryTheirEvidence() {
        let changed = RoundTripOutcome.changed(path: "$.when", before: "1.5", after: "1.0")
        #expect(changed != .exact)
        #expect(changed == .changed(path: "$.when", before: "1.5", after: "1.0"))
        let boom = RoundTripFailure(stage: .encode, kind: .other, message: "boom")
        #expect(RoundTripOutcome.failed(boom) != .failed(RoundTripFailure(stage: .encode, kind: .other, message: "bang")))
    }

    @Test func aChangedDateReportsTheFirstPathWithBeforeAndAfter() throws {
        let date = Date(timeIntervalSince1970: 1_762_418_977.25)
        let report = RoundTrip.check(DateBox(date: date, dates: [], optionalDate: nil), through: .xmlPlist)
        #expect(report.outcome == .changed(path: "$.date", before: "date 2025-11-06T08:49:37.250000000Z", after: "date 2025-11-06T08:49:37Z"))
        #expect(report.verdict(expecting: []) == .unexpected("xml: changed \(try #require(report.differences.first))"))
        #expect(report.verdict(expecting: [.xmlPlistDateWholeSeconds]) == .expectedLoss([.xmlPlistDateWholeSeconds]))
        // A loss for another format does not excuse this one.
        #expect(!report.verdict(expecting: [.epochShiftRounding]).isAcceptable)
    }

    @Test func aFailureIsClassifiedWithItsStageAndPath() {
        let report = RoundTrip.check(FloatBox(double: 1, float: .nan, doubles: [], optionalFloat: nil), through: .json)
        #expect(report.failure?.stage == .encode)
        #expect(report.failure?.kind == .invalidValue)
        #expect(report.failure?.path == ValuePath([.key("float")]))
        #expect(report.failure?.invalidValue == "nan")
        #expect(report.verdict(expecting: [.jsonNonFiniteFloatRefused]) == .expectedLoss([.jsonNonFiniteFloatRefused]))
    }

    /// `plistNilAsDollarNull` explains a value not found only where the value sent held the
    /// string "$null" (or, where Foundation's path stops at a dictionary, held it as one of its
    /// keys or values): a model that writes nil and reads a value back fails the same way in a
    /// property list, and that is the model's bug, not the loss.
    @Test func dollarNullExplainsOnlyTheDollarNullString() throws {
        struct Label: Codable, Equatable { var text: String }
        struct Counts: Codable, Equatable { var counts: [String: Int] }
        struct WritesNil: Codable, Equatable {
            var count: Int
            enum CodingKeys: CodingKey { case count }
            init(count: Int) { self.count = count }
            init(from decoder: any Decoder) throws { count = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .count) }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeNil(forKey: .count)  // the bug: nil where a count is read back
            }
        }
        for format in [RoundTripFormat.xmlPlist, .binaryPlist] {
            let dollar = RoundTrip.check(Label(text: "$null"), through: format)
            #expect(dollar.failure?.kind == .valueNotFound, "\(dollar)")
            #expect(dollar.failure?.valueAtPath == .string("$null"))
            #expect(dollar.verdict(expecting: [.plistNilAsDollarNull]) == .expectedLoss([.plistNilAsDollarNull]))
            let bug = RoundTrip.check(WritesNil(count: 1), through: format)
            #expect(bug.failure?.kind == .valueNotFound, "\(bug)")
            #expect(bug.failure?.valueAtPath == .null)
            #expect(!bug.verdict(expecting: [.plistNilAsDollarNull]).isAcceptable, "\(bug)")
            let key = RoundTrip.check(Counts(counts: ["$null": 1, "b": 2]), through: format)
            #expect(key.failure?.kind == .valueNotFound, "\(key)")
            #expect(key.verdict(expecting: [.plistNilAsDollarNull]) == .expectedLoss([.plistNilAsDollarNull]), "\(key)")
        }
        // A coding path's integer key (a roster keyed by student id) is an index step: it finds
        // the member its digits name.
        let roster = EncodedValue.keyed([DocumentKey("7"): .keyed([DocumentKey("name"): .string("$null")])])
        #expect(roster.value(at: ValuePath([.index(7), .key("name")])) == .string("$null"))
        #expect(roster.value(at: ValuePath([.index(8)])) == nil)
    }

    /// `snakeCaseKeyNotRestored` explains a key only when Foundation's two conversions do not
    /// give it back (`myURLValue`, `published_at`): a model that reads a key it never wrote
    /// fails the same way under snake case, and that is the model's bug, not the loss.
    @Test func snakeCaseExplainsOnlyKeysFoundationDoesNotGiveBack() {
        let snake = RoundTripFormat.json(FormatOptions(keys: .convertToSnakeCase))
        let acronym = RoundTrip.check(AcronymKeys(myURLValue: "https://example.com", plainValue: 1), through: snake)
        #expect(acronym.failure?.path == ValuePath([.key("myURLValue")]), "\(acronym)")
        #expect(acronym.verdict(expecting: [.snakeCaseKeyNotRestored]) == .expectedLoss([.snakeCaseKeyNotRestored]))
        let bug = RoundTrip.check(ReadsAnUnwrittenKey(plainValue: 1), through: snake)
        #expect(bug.failure?.kind == .keyNotFound, "\(bug)")
        #expect(bug.failure?.path == ValuePath([.key("extraValue")]))
        #expect(!bug.verdict(expecting: [.snakeCaseKeyNotRestored]).isAcceptable, "\(bug)")

        // A key that went missing, or the one Foundation gave instead.
        let loss = KnownLoss.snakeCaseKeyNotRestored
        #expect(loss.explains(difference("EUR", before: .signed(1), after: nil)))
        #expect(loss.explains(difference("eUr", before: nil, after: .signed(1))))
        #expect(!loss.explains(difference("plainValue", before: .signed(1), after: nil)))
        #expect(!loss.explains(difference("EUR", before: nil, after: .signed(1))))
        #expect(!loss.explains(difference("eUr", before: .signed(1), after: .signed(2))))
        // A lenient container dropped an element holding such a key; one without is not this loss.
        let element = RoundTripDifference(
            path: ValuePath([.key("results"), .index(1)]), before: .keyed([DocumentKey("song_count"): .signed(3)]), after: nil)
        #expect(loss.explains(element))
        #expect(!loss.explains(RoundTripDifference(path: element.path, before: .keyed([DocumentKey("songCount"): .signed(3)]), after: nil)))
    }

    /// serialize's own coder finds every key a model asks for under snake case (`myURLValue`
    /// comes back: no loss at all), so Foundation's `snakeCaseKeyNotRestored` does not apply to
    /// it. Only keys that are data, read back through `allKeys`, come back converted
    /// (`snakeCaseDataKeyConverted`); a model's own missing key is still unexpected.
    @Test func serializeCoderLosesOnlyDataKeysUnderSnakeCase() {
        let snake = RoundTripFormat.serialize(.json, options: FormatOptions(keys: .convertToSnakeCase))
        #expect(!KnownLoss.snakeCaseKeyNotRestored.applies(to: snake))
        #expect(KnownLoss.snakeCaseDataKeyConverted.applies(to: snake))
        #expect(!KnownLoss.snakeCaseDataKeyConverted.applies(to: .json(FormatOptions(keys: .convertToSnakeCase))))
        let acronym = RoundTrip.check(AcronymKeys(myURLValue: "https://example.com", plainValue: 1), through: snake)
        #expect(acronym.outcome == .exact, "\(acronym)")
        let rates = RoundTrip.check(LossyRates(rates: ["EUR": 18.5, "usd": 20]), through: snake)
        #expect(rates.differences.map(\.path) == [ValuePath([.key("rates"), .key("EUR")]), ValuePath([.key("rates"), .key("eur")])], "\(rates)")
        #expect(rates.verdict(expecting: [.snakeCaseDataKeyConverted]) == .expectedLoss([.snakeCaseDataKeyConverted]))
        #expect(!rates.verdict(expecting: [.snakeCaseKeyNotRestored]).isAcceptable)
        let bug = RoundTrip.check(ReadsAnUnwrittenKey(plainValue: 1), through: snake)
        #expect(bug.failure?.kind == .keyNotFound, "\(bug)")
        #expect(!bug.verdict(expecting: [.snakeCaseDataKeyConverted]).isAcceptable, "\(bug)")

        // The loss predicts the renaming only where the converted key came back in the missing
        // one's place: a model key lost under serialize's coder (myURLValue, which the coder would
        // have found) stays missing, and is reported.
        let dropped = RoundTrip.check(DropsItsURL(myURLValue: "https://example.com"), through: snake)
        #expect(dropped.differences.map(\.path) == [ValuePath([.key("myURLValue")])], "\(dropped)")
        #expect(!dropped.verdict(expecting: [.snakeCaseDataKeyConverted]).isAcceptable, "\(dropped)")
        let loss = KnownLoss.snakeCaseDataKeyConverted
        let sent = EncodedValue.keyed(["rates": .keyed(["EUR": .signed(1), "usd": .signed(2), "my_url": .signed(3)])])
        let back = EncodedValue.keyed(["rates": .keyed(["eur": .signed(1), "usd": .signed(2), "myUrl": .signed(3)])])
        #expect(loss.predicted(from: sent, after: back) == back)
        let lost = EncodedValue.keyed(["myURLValue": .string("x")])
        #expect(loss.predicted(from: lost, after: .keyed([:])) == lost)
        // A key the value sent held already is not a renaming.
        let both = EncodedValue.keyed(["EUR": .signed(1), "eur": .signed(2)])
        #expect(loss.predicted(from: both, after: .keyed(["eur": .signed(2)])) == both)
    }

    /// A byte-order mark in front of CSV costs nothing: the round trip is exact through both
    /// coders, and the bytes sent start with the mark.
    @Test func csvWithAByteOrderMarkRoundTripsExactly() throws {
        let options = FormatOptions(csvByteOrderMark: true)
        #expect(RoundTripFormat(.csv, options: options).name == "csv(byteOrderMark)")
        for format in [RoundTripFormat(.csv, options: options), .serialize(.csv, options: options)] {
            let report = RoundTrip.check(AcronymKeys(myURLValue: "https://example.com/é", plainValue: 1), through: format)
            #expect(report.outcome == .exact, "\(report)")
            #expect(Array(try format.encode(AcronymKeys(myURLValue: "x", plainValue: 2)).prefix(3)) == [0xEF, 0xBB, 0xBF])
        }
    }

    /// `csvNilKeyReadsAsAbsent` explains a key not found only in a record that held a key with
    /// nothing but nil under it (`csvEmptyContainersVanish` one with an empty container); failure paths through CSV are the value's own, without the row
    /// the harness sends it in.
    @Test func csvNilKeyExplainsOnlyRecordsThatHeldNil() {
        let left = RoundTrip.check(Either<Int?, String?>.left(nil), through: .csv)
        #expect(left.failure?.kind == .keyNotFound, "\(left)")
        #expect(left.failure?.path == ValuePath([.key("left")]))
        #expect(left.failure?.valueSent == .keyed([DocumentKey("left"): .null]))
        #expect(left.verdict(expecting: [.csvNilKeyReadsAsAbsent]) == .expectedLoss([.csvNilKeyReadsAsAbsent]))
        let bug = RoundTrip.check(ReadsAnUnwrittenKey(plainValue: 1), through: .csv)
        #expect(bug.failure?.kind == .keyNotFound, "\(bug)")
        #expect(bug.failure?.path == ValuePath([.key("extraValue")]))
        #expect(!bug.verdict(expecting: [.csvNilKeyReadsAsAbsent]).isAcceptable, "\(bug)")
        // Nested: the column path `inner.extraValue` is the steps `$.inner.extraValue`.
        let nested = RoundTrip.check(Wrapper(inner: ReadsAnUnwrittenKey(plainValue: 1), note: nil), through: .csv)
        #expect(nested.failure?.path == ValuePath([.key("inner"), .key("extraValue")]), "\(nested)")
        // A nil beside the record, not in it, does not explain it either.
        #expect(!nested.verdict(expecting: [.csvNilKeyReadsAsAbsent]).isAcceptable, "\(nested)")
        // An empty list writes no field either, but that is the other loss.
        let empty = RoundTrip.check(Tagged(id: 1, value: .right([])), through: .csv)
        #expect(empty.failure?.kind == .keyNotFound, "\(empty)")
        #expect(empty.failure?.path == ValuePath([.key("value"), .key("left")]))
        #expect(!empty.verdict(expecting: [.csvNilKeyReadsAsAbsent]).isAcceptable, "\(empty)")
        #expect(empty.verdict(expecting: [.csvEmptyContainersVanish]) == .expectedLoss([.csvEmptyContainersVanish]))
    }

    @Test func aLossNeverExcusesALargerChange() {
        // Two seconds off is not "rounded down to the whole second".
        let before = Date(timeIntervalSince1970: 100.5)
        let difference = RoundTripDifference(path: ValuePath([.key("date")]), before: .date(before), after: .date(Date(timeIntervalSince1970: 98)))
        #expect(!KnownLoss.xmlPlistDateWholeSeconds.explains(difference))
        #expect(KnownLoss.xmlPlistDateWholeSeconds.explains(
            RoundTripDifference(path: ValuePath([.key("date")]), before: .date(before), after: .date(Date(timeIntervalSince1970: 100)))))
        #expect(!KnownLoss.epochShiftRounding.explains(
            RoundTripDifference(path: ValuePath([.key("date")]), before: .date(before), after: .date(Date(timeIntervalSince1970: 100.25)))))
    }

    @Test func theIssueTextNamesThePathTheValuesAndTheLossThatWouldExplainIt() {
        let report = RoundTrip.check(DateBox(date: Date(timeIntervalSince1970: 0.5), dates: [], optionalDate: nil), through: .xmlPlist)
        let text = issueText(for: report, of: DateBox.self, expecting: [])
        #expect(text == """
            Round trip of DateBox through xml changed $.date:
              before: date 1970-01-01T00:00:00.500000000Z
              after:  date 1970-01-01T00:00:00Z
              no loss was expected; KnownLoss.xmlPlistDateWholeSeconds would.
            """)
    }

    @Test func expectRoundTripRecordsAnIssueAtTheCaller() {
        withKnownIssue {
            expectRoundTrip(DateBox(date: Date(timeIntervalSince1970: 0.5), dates: [], optionalDate: nil), through: [.xmlPlist])
        } matching: { issue in
            issue.sourceLocation?.fileName == "RoundTripOutcomeTests.swift"
                && issue.comments.contains { $0.rawValue.contains("xmlPlistDateWholeSeconds would") }
        }
    }
}

/// A difference at `rates.<key>`: the key went missing (`after` nil) or appeared (`before` nil).
private func difference(_ key: String, before: EncodedValue?, after: EncodedValue?) -> RoundTripDifference {
    RoundTripDifference(path: ValuePath([.key("rates"), .key(key)]), before: before, after: after)
}

/// Rates keyed by currency code: keys that are data, read back through `allKeys`.
private struct LossyRates: Codable, Equatable {
    @LossyDictionary var rates: [String: Double]
}

/// A model with a bug: it writes `myURLValue` and reads another key, so the URL is lost.
private struct DropsItsURL: Codable {
    var myURLValue: String?
    enum CodingKeys: String, CodingKey { case myURLValue, otherValue }
    init(myURLValue: String?) { self.myURLValue = myURLValue }
    init(from decoder: any Decoder) throws {
        myURLValue = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .otherValue)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(myURLValue, forKey: .myURLValue)
    }
}

/// A model with a bug: it reads a key its `encode(to:)` never writes.
private struct ReadsAnUnwrittenKey: Codable {
    var plainValue: Int
    enum CodingKeys: CodingKey { case plainValue, extraValue }
    init(plainValue: Int) { self.plainValue = plainValue }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        plainValue = try container.decode(Int.self, forKey: .plainValue)
        _ = try container.decode(Int.self, forKey: .extraValue)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(plainValue, forKey: .plainValue)
    }
}

private struct Tagged: Codable {
    var id: Int
    var value: Either<String, [Int]>
}

private struct Wrapper: Codable {
    var inner: ReadsAnUnwrittenKey
    var note: String?
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(inner, forKey: .inner)
        try container.encode(note, forKey: .note)
    }
}

/// A value written in units the coder's `userInfo` chooses.
private struct Scaled: Codable {
    static let unit = CodingUserInfoKey(rawValue: "test.unit")!
    var metres: Int

    init(metres: Int) { self.metres = metres }

    init(from decoder: any Decoder) throws {
        let divisor = decoder.userInfo[Self.unit] as? Int ?? 1
        metres = try decoder.singleValueContainer().decode(Int.self) / divisor
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(metres * (encoder.userInfo[Self.unit] as? Int ?? 1))
    }
}

@Suite struct UserInfoTests {
    @Test func formatsPassUserInfoToTheirCoders() throws {
        let centimetres = RoundTripFormat.json(FormatOptions(pretty: false)).withUserInfo([Scaled.unit: 100], name: "json(cm)")
        #expect(centimetres.name == "json(cm)")
        #expect(String(decoding: try centimetres.encode([Scaled(metres: 3)]), as: UTF8.self) == "[300]")
        let reports = expectRoundTrip([Scaled(metres: 3)], through: [centimetres, .xmlPlist.withUserInfo([Scaled.unit: 1000], name: "xml(mm)")])
        #expect(reports.map(\.outcome) == [.exact, .exact])
    }
}

@Suite struct FormatNameTests {
    @Test(arguments: ["json", "xml", "binary", "csv", "json(secondsSince1970)", "json(deferredToDate)", "json(nonFiniteAsStrings)", "json(snakeCase)"])
    func everyPrintedNameFindsItsFormat(name: String) throws {
        #expect(try #require(RoundTripFormat.named(name)).name == name)
    }

    @Test func anUnknownNameFindsNothing() {
        #expect(RoundTripFormat.named("yaml") == nil)
    }
}

@Suite struct CSVUserInfoTests {
    @Test func csvPassesUserInfoToItsCoders() throws {
        let centimetres = RoundTripFormat.csv.withUserInfo([Scaled.unit: 100], name: "csv(cm)")
        let text = String(decoding: try centimetres.encode(Scaled(metres: 3)), as: UTF8.self)
        #expect(text.contains("300"))
        #expect(try centimetres.decode(Scaled.self, from: centimetres.encode(Scaled(metres: 3))).metres == 3)
    }
}
