import Foundation
import SerializeDocument
import SerializePersistence
import SerializeTesting
import Testing

/// The harness measures the formats persistence writes: the same `Format` and `FormatOptions`
/// values, and the same bytes.
@Suite struct SharedFormatTests {
    struct Sample: Codable, Equatable {
        var name = "Ada"
        var when = Date(timeIntervalSince1970: 1_700_000_000.25)
        var blob = Data([0, 1, 255])
        var ratio = 0.5
        var tags = ["x", "y"]
    }

    @Test func theHarnessFormatsAreThePersistenceFormats() {
        #expect(RoundTripFormat.all.map(\.format) == [Format.json, .xmlPlist, .binaryPlist, .csv])
        #expect(RoundTripFormat.all.allSatisfy { $0.options == Persistence().options })
        #expect(RoundTripFormat.all.map(\.coder) == [.foundation, .foundation, .foundation, .serializeCSV])
    }

    @Test(arguments: RoundTripFormat.all)
    func theHarnessWritesWhatPersistenceWrites(format: RoundTripFormat) throws {
        let persistence = Persistence()
        #expect(try format.encode(Sample()) == persistence.encode(Sample(), as: format.format))
        let data = try persistence.encode(Sample(), as: format.format)
        #expect(try format.decode(Sample.self, from: data) == persistence.decode(Sample.self, from: data, as: format.format))
    }

    @Test func optionsChangeBothAlike() throws {
        let options = FormatOptions(pretty: false, dates: .secondsSince1970, data: .hex, nonFinite: .string)
        let format = RoundTripFormat.json(options)
        #expect(format.name == "json(secondsSince1970, hex, nonFiniteAsStrings, compact)")
        let bytes = try Persistence(options: options).encode(Sample(), as: .json)
        #expect(try format.encode(Sample()) == bytes)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""blob":"0001ff""#))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""when":1700000000.25"#))
    }

    /// What serialize's JSON writer prints under a date strategy, Persistence's JSONDecoder reads
    /// back under the same strategy, and the other way round: one strategy, one meaning.
    @Test(arguments: DateStrategy.allCases)
    func writersAndCodersAgreeOnEveryDateStrategy(strategy: DateStrategy) throws {
        struct Stamp: Codable, Equatable { var when: Date }
        let when = Date(timeIntervalSinceReferenceDate: 721_692_800.5)
        let options = FormatOptions(pretty: false, dates: strategy)
        let persistence = Persistence(options: options)
        let written = try Format.json.write(["when": .date(when)], options: options)
        #expect(try persistence.decode(Stamp.self, from: written, as: .json) == Stamp(when: when))
        let encoded = try persistence.encode(Stamp(when: when), as: .json)
        let document = try Format.json.read(encoded)
        guard case let .dictionary(members) = document, let value = members.first(where: { $0.key == "when" })?.value else {
            Issue.record("\(strategy): \(String(decoding: encoded, as: UTF8.self))")
            return
        }
        let expected: Double? =
            switch strategy {
            case .iso8601: nil
            case .secondsSince1970: when.timeIntervalSince1970
            case .millisecondsSince1970: when.timeIntervalSince1970 * 1000
            case .deferredToDate: when.timeIntervalSinceReferenceDate
            }
        switch value {
        case let .string(text):
            #expect(expected == nil, "\(text)")
            #expect(try Format.json.write(document, options: options) == written)
        case let .double(number): #expect(number == expected)
        case let .integer(number): #expect(Double(number) == expected)
        default: Issue.record("\(strategy): \(value)")
        }
    }
}
