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
}

@Suite struct CodableSampleTests {
    @Test func theSamplesRoundTrip() throws {
        let settings = PersistedSettings(volume: 0.25, theme: "light")
        let url = URL(fileURLWithPath: "settings.json")
        #expect(try CodableSamples.overview(settings: settings, url: url) == settings)
        #expect(try CodableSamples.readme(settings: settings, url: url) == settings)
    }
}
