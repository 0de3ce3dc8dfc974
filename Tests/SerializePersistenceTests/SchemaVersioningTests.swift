import SerializeCore
import Foundation
import Testing
import SerializeDocument
import SerializeCoding
@testable import SerializePersistence

/// Version 1 stored `colour` and a volume in 0...100; version 2 has `theme` and 0...1.
struct Preferences: Codable, Equatable, Sendable {
    var volume: Double
    var theme: String

    init(volume: Double, theme: String) {
        self.volume = volume
        self.theme = theme
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let version = decoder.userInfo[.schemaVersion] as? Int ?? 2
        volume = try container.decode(Double.self, forKey: "volume")
        theme = try container.decode(String.self, forKey: version < 2 ? "colour" : "theme")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(volume, forKey: "volume")
        try container.encode(theme, forKey: "theme")
    }
}

@Suite struct SchemaVersioningTests {
    struct MigrationRefused: Error {}

    let versioning = SchemaVersioning<Preferences>(
        currentVersion: 2,
        migrations: [.init(from: 1) { $0.volume /= 100 }])

    /// A version-1 file, written as the old program wrote it.
    func versionOneFile(_ format: Format) throws -> Data {
        struct Old: Encodable { var volume: Double; var colour: String }
        struct OldEnvelope: Encodable { var schemaVersion = 1; var value: Old }
        return try Persistence().encode(OldEnvelope(value: Old(volume: 80, colour: "dark")), as: format)
    }

    @Test(arguments: keyedFormats)
    func olderFilesAreDecodedByVersionAndMigrated(format: Format) throws {
        let loaded = try Persistence().decode(
            Preferences.self, from: versionOneFile(format), as: format, versioning: versioning)
        #expect(loaded == Preferences(volume: 0.8, theme: "dark"))
    }

    @Test(arguments: keyedFormats)
    func currentFilesRoundTripWithoutMigrating(format: Format) async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("prefs.\(format.fileExtension)")
            let prefs = Preferences(volume: 0.5, theme: "light")
            try Persistence().save(prefs, to: url, as: format, versioning: versioning)
            #expect(try Persistence().load(Preferences.self, from: url, as: format, versioning: versioning) == prefs)
            struct Header: Decodable { var schemaVersion: Int }
            #expect(try Persistence().load(Header.self, from: url, as: format).schemaVersion == 2)
        }
    }

    @Test func migrationsRunInOrderFromTheStoredVersion() throws {
        struct Counter: Codable, Equatable { var steps: [Int] }
        let versioning = SchemaVersioning<Counter>(
            currentVersion: 4,
            migrations: [.init(from: 3) { $0.steps.append(3) }, .init(from: 1) { $0.steps.append(1) },
                         .init(from: 2) { $0.steps.append(2) }])
        struct Stored: Encodable { var schemaVersion: Int; var value: Counter }
        for start in 1...4 {
            let data = try Persistence().encode(Stored(schemaVersion: start, value: Counter(steps: [])), as: .json)
            let loaded = try Persistence().decode(Counter.self, from: data, as: .json, versioning: versioning)
            #expect(loaded.steps == Array(start..<4))
        }
    }

    @Test func aNewerFileIsRefused() throws {
        let data = try Persistence().encode(Preferences(volume: 1, theme: "x"), as: .json,
                                            versioning: SchemaVersioning(currentVersion: 3))
        #expect {
            try Persistence().decode(Preferences.self, from: data, as: .json, versioning: versioning)
        } throws: { error in
            guard let error = error as? PersistenceError else { return false }
            return error.kind == .newerSchemaVersion && error.message.contains("schema version 3 is newer than version 2")
        }
    }

    @Test func aFailingMigrationIsNamed() throws {
        let failing = SchemaVersioning<Preferences>(
            currentVersion: 2, migrations: [.init(from: 1) { _ in throw MigrationRefused() }])
        #expect {
            try Persistence().decode(Preferences.self, from: versionOneFile(.json), as: .json, versioning: failing)
        } throws: { error in
            guard let error = error as? PersistenceError else { return false }
            return error.kind == .migrationFailed && error.message.contains("from schema version 1 to 2")
                && error.underlying is MigrationRefused
        }
    }

    @Test func unversionedFilesNeedALegacyVersion() throws {
        struct Old: Encodable { var volume: Double; var colour: String }
        let data = try Persistence().encode(Old(volume: 30, colour: "blue"), as: .xmlPlist)
        #expect {
            try Persistence().decode(Preferences.self, from: data, as: .xmlPlist, versioning: versioning)
        } throws: { error in
            guard let error = error as? PersistenceError else { return false }
            return error.kind == .decodingFailed && error.codingPath?.description == "$.schemaVersion"
        }
        var legacy = versioning
        legacy.unversionedVersion = 1
        #expect(try Persistence().decode(Preferences.self, from: data, as: .xmlPlist, versioning: legacy)
                == Preferences(volume: 0.3, theme: "blue"))
    }

    @Test func aBadValueInsideTheEnvelopeNamesItsPath() throws {
        let data = Data(#"{"schemaVersion":2,"value":{"volume":"loud","theme":"x"}}"#.utf8)
        #expect {
            try Persistence().decode(Preferences.self, from: data, as: .json, versioning: versioning)
        } throws: { error in
            (error as? PersistenceError)?.codingPath?.description == "$.value.volume"
        }
    }

    @Test func csvCannotHoldTheEnvelope() {
        #expect {
            try Persistence().encode(Preferences(volume: 1, theme: "x"), as: .csv, versioning: versioning)
        } throws: { error in
            (error as? PersistenceError)?.kind == .unsupported
        }
    }
}

/// Envelope detection needs both keys: an unversioned value may have a `value` property.
@Suite struct UnversionedValueKeyTests {
    struct Reading: Codable, Equatable {
        var value: Double
        var unit: String
    }

    @Test func anUnversionedFileWithAValueKeyLoadsAsTheLegacyVersion() throws {
        let data = Data(#"{"value":21.5,"unit":"C"}"#.utf8)
        var versioning = SchemaVersioning<Reading>(currentVersion: 2)
        versioning.unversionedVersion = 1
        #expect(try Persistence().decode(Reading.self, from: data, as: .json, versioning: versioning)
                == Reading(value: 21.5, unit: "C"))
    }
}
