/// SerializeCodable overview and README: the documentation's Swift samples, verbatim, compiled (and some run) so the docs
/// cannot rot. DocumentationSamplesTests checks every ```swift block appears here.

import Foundation
import SerializeCodable
import SerializeDocument
import Testing

enum CodableSamples {
    static func overview(settings: PersistedSettings, url: URL) throws -> PersistedSettings {
        let encoder = DocumentEncoder(options: FormatOptions(pretty: false))
        let data = try encoder.encode(settings, as: .json)
        let back = try DocumentDecoder().decode(Settings.self, from: data, as: .json, file: url)
        _ = back
        return try DocumentDecoder().decode(Settings.self, from: data, as: .json)
    }

    static func readme(settings: PersistedSettings, url: URL) throws -> PersistedSettings {
        let data = try DocumentEncoder(options: FormatOptions(pretty: false)).encode(settings, as: .binaryPlist)
        let back = try DocumentDecoder().decode(Settings.self, from: data, as: .binaryPlist, file: url)
        return back
    }

    /// README: Foundation's `.custom` strategies.
    static func customDates() -> (DocumentEncoder, DocumentDecoder) {
        var encoder = DocumentEncoder()
        encoder.custom.dates = { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        }
        var decoder = DocumentDecoder()
        decoder.custom.dates = { decoder in
            Date(timeIntervalSince1970: Double(try decoder.singleValueContainer().decode(Int64.self)) / 1000)
        }
        return (encoder, decoder)
    }
}

@Suite struct CodableSampleTests {
    @Test func theSamplesRoundTrip() throws {
        let settings = PersistedSettings(volume: 0.25, theme: "light")
        let url = URL(fileURLWithPath: "settings.json")
        #expect(try CodableSamples.overview(settings: settings, url: url) == settings)
        #expect(try CodableSamples.readme(settings: settings, url: url) == settings)
    }

    @Test func theCustomDateSampleWritesMillisecondsAndReadsThemBack() throws {
        let (encoder, decoder) = CodableSamples.customDates()
        let when = Date(timeIntervalSince1970: 1_700_000_000.5)
        let data = try encoder.encode([when], as: .json)
        #expect(String(decoding: data, as: UTF8.self).contains("1700000000500"))
        #expect(try decoder.decode([Date].self, from: data, as: .json) == [when])
    }
}
