/// The getting-started article's examples, verbatim, so the documentation cannot rot.

import Foundation
import PropertyBased
import SerializeDocument
import SerializeTesting
import Testing

private struct Reading: Codable {
    var sensor: String
    var value: Double
    var takenAt: Date
}

private enum ReadingGen {
    static let reading = zip(RoundTripGen.string, RoundTripGen.double, RoundTripGen.date)
        .map { Reading(sensor: $0, value: $1, takenAt: $2) }
}

@Suite struct GettingStartedExampleTests {
    @Test func readingSurvivesEveryFormat() {
        let reading = Reading(sensor: "t1", value: 21.5, takenAt: Date(timeIntervalSince1970: 1_762_418_977.25))
        // JSON, binary plists and CSV keep it exactly; XML plists keep whole seconds only.
        let reports = expectRoundTrip(reading, through: RoundTripFormat.all, expecting: [.xmlPlistDateWholeSeconds])
        #expect(reports.map(\.description) == [
            "json: exact",
            "xml: changed at $.takenAt: date 2025-11-06T08:49:37.250000000Z became date 2025-11-06T08:49:37Z",
            "binary: exact",
            "csv: exact",
        ])
    }

    @Test func strategiesAndOptions() {
        let reading = Reading(sensor: "t1", value: 21.5, takenAt: Date(timeIntervalSince1970: 1_762_418_977.25))
        let formats: [RoundTripFormat] = [
            .json(FormatOptions(dates: .secondsSince1970, nonFinite: .string)),
            .xmlPlist,
            .binaryPlist,
        ]
        expectRoundTrip(reading, through: formats, expecting: [.epochShiftRounding, .xmlPlistDateWholeSeconds])
    }

    @Test func readingsSurvive() async {
        await propertyCheck(count: 300, input: ReadingGen.reading) { reading in
            expectRoundTrip(reading, through: RoundTripFormat.all, expecting: [
                .jsonNonFiniteFloatRefused,
                .csvNonFiniteFloatRefused,
                .xmlPlistDateWholeSeconds,
                .plistNilAsDollarNull,
                .binaryPlistEquivalentStringsUniqued,
                .binaryPlistSignedZeroUniqued,
            ])
        }
    }
}
