/// README.md: the documentation's Swift samples, verbatim, compiled (and some run) so the docs
/// cannot rot. DocumentationSamplesTests checks every ```swift block appears here.

import Foundation
import SerializeDocument
import SerializePersistence
import Testing

enum ReadmeSamples {
    static func convert(json: Data) throws -> Format {
        let plist = try Format.json.convert(json, to: .binaryPlist,
                                            writing: FormatOptions(null: .omit))
        let format = Format.detect(in: plist)                        // .binaryPlist
        return format
    }

    static func deep(plist: Data) throws -> Data {
        let deep = FormatOptions(pretty: false, maximumDepth: 20_000)
        let json = try NestingStack.run(depth: deep.maximumDepth) {   // a thread with the stack it needs
            try Format.binaryPlist.convert(plist, to: .json, reading: deep, writing: deep)
        }
        return json
    }

    static func persistence(settings: PersistedSettings, url: URL) throws -> PersistedSettings {
        let persistence = Persistence()
        try persistence.save(settings, to: url, as: .json)          // was JSON…
        try persistence.save(settings, to: url, as: .binaryPlist)   // …now a binary plist
        let loaded = try persistence.load(Settings.self, from: url, as: .binaryPlist)
        return loaded
    }
}

/// The README's `Settings`.
typealias Settings = PersistedSettings

@Suite struct ReadmeSampleTests {
    @Test func convertDetectsTheBinaryPlist() throws {
        #expect(try ReadmeSamples.convert(json: Data(#"{"a": null, "b": 1}"#.utf8)) == .binaryPlist)
    }

    /// 20,000 nested arrays: a default stack would overflow, the limit would refuse them.
    @Test func aDeepLimitRunsOnADeepStack() throws {
        let levels = 20_000
        let json = Data((String(repeating: "[", count: levels) + String(repeating: "]", count: levels)).utf8)
        let deep = FormatOptions(pretty: false, maximumDepth: levels)
        let plist = try NestingStack.run(depth: levels) { try Format.json.convert(json, to: .binaryPlist, reading: deep, writing: deep) }
        #expect(try ReadmeSamples.deep(plist: plist) == json)
    }

    @Test func persistenceSwitchesFormats() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID()).plist")
        defer { try? FileManager.default.removeItem(at: url) }
        let settings = PersistedSettings(volume: 0.5, theme: "dark")
        #expect(try ReadmeSamples.persistence(settings: settings, url: url) == settings)
    }
}
