/// SerializeTesting articles: the documentation's Swift samples, verbatim, compiled (and some run) so the docs
/// cannot rot. DocumentationSamplesTests checks every ```swift block appears here.

import Foundation
import PropertyBased
import SerializeDocument
import SerializeTesting
import Testing

struct Reading: Codable {
    var sensor: String
    var value: Double
    var takenAt: Date
}

@Test func readingSurvivesEveryFormat() {
    let reading = Reading(sensor: "t1", value: 21.5, takenAt: Date(timeIntervalSince1970: 1_762_418_977.25))
    // JSON, binary plists and CSV keep it exactly; XML plists keep whole seconds only.
    expectRoundTrip(reading, through: RoundTripFormat.all, expecting: [.xmlPlistDateWholeSeconds])
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

@Test func reportsPrint() {
    let reading = Reading(sensor: "t1", value: 21.5, takenAt: Date(timeIntervalSince1970: 1_762_418_977.25))
    for report in RoundTrip.check(reading, through: RoundTripFormat.all) {
        print(report)   // json: exact / xml: changed at $.takenAt: … / …
    }
}

enum ModelGen {
    static let reading = zip(RoundTripGen.string, RoundTripGen.double, RoundTripGen.date)
        .map { Reading(sensor: $0, value: $1, takenAt: $2) }
}

@Test func readingsSurvive() async {
    await propertyCheck(count: 300, input: ModelGen.reading) { reading in
        expectRoundTrip(reading, through: RoundTripFormat.all, expecting: [
            .jsonNonFiniteFloatRefused,          // NaN and ±∞ in JSON
            .csvNonFiniteFloatRefused,           // … and in CSV
            .xmlPlistDateWholeSeconds,           // sub-second dates in XML plists
            .plistNilAsDollarNull,               // the string "$null" in plists
            .binaryPlistEquivalentStringsUniqued,
            .binaryPlistSignedZeroUniqued,
        ])
    }
}

/// The overview's `Event`.
struct Event: Codable, Equatable {
    var title: String
    var at: Date
    static let sample = Event(title: "launch", at: Date(timeIntervalSince1970: 1_762_418_977.5))
}

@Test func eventSurvivesEveryFormat() {
    expectRoundTrip(Event.sample, through: RoundTripFormat.all, expecting: [.xmlPlistDateWholeSeconds])
}
