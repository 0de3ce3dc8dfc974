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
