/// SerializePersistence articles: the documentation's Swift samples, verbatim, compiled (and some run) so the docs
/// cannot rot. DocumentationSamplesTests checks every ```swift block appears here.

import Foundation
import SerializeDocument
import SerializePersistence
import Testing

/// The articles' `Settings`, at file scope for the samples that take one.
struct PersistedSettings: Codable, Equatable, Sendable {
    var volume: Double
    var theme: String
}

enum PersistenceSamples {
    static func start() throws {
        struct Settings: Codable {
            var volume: Double
            var theme: String
        }

        let url = URL(fileURLWithPath: "settings.json")
        let persistence = Persistence()
        try persistence.save(Settings(volume: 0.5, theme: "dark"), to: url)   // format from ".json"
        let settings = try persistence.load(Settings.self, from: url)
        _ = settings
    }

    static func switchFormats(persistence: Persistence, settings: PersistedSettings, url: URL) throws -> PersistedSettings {
        var settings = settings
        try persistence.save(settings, to: url, as: .binaryPlist)
        settings = try persistence.load(Settings.self, from: url, as: .binaryPlist)
        return settings
    }

    static func versioned(persistence: Persistence, settings: PersistedSettings, url: URL) throws -> PersistedSettings {
        var settings = settings
        let versioning = SchemaVersioning<Settings>(currentVersion: 2, migrations: [
            .init(from: 1) { $0.volume /= 100 },   // version 1 stored 0...100
        ])
        try persistence.save(settings, to: url, as: .json, versioning: versioning)
        settings = try persistence.load(Settings.self, from: url, as: .json, versioning: versioning)
        return settings
    }

    static func store(settings: PersistedSettings, profilesFolder: URL) async throws {
        let store = RecordStore<Settings>(folder: profilesFolder, format: .xmlPlist)
        try await store.save(settings, id: "ada")
        for id in try await store.ids() { print(id) }
    }

    static func options(settings: PersistedSettings, url: URL) throws {
        let persistence = Persistence(options: FormatOptions(dates: .secondsSince1970))
        try persistence.save(settings, to: url, as: .binaryPlist)
    }
}

@Suite struct PersistenceSampleTests {
    @Test func theSamplesRoundTrip() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("samples-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = PersistedSettings(volume: 0.5, theme: "dark")
        let url = folder.appendingPathComponent("settings.plist")
        #expect(try PersistenceSamples.switchFormats(persistence: Persistence(), settings: settings, url: url) == settings)
        #expect(try PersistenceSamples.versioned(persistence: Persistence(), settings: settings, url: url) == settings)
        try await PersistenceSamples.store(settings: settings, profilesFolder: folder.appendingPathComponent("profiles"))
        try PersistenceSamples.options(settings: settings, url: url)
    }
}
