import SerializeCore
import Foundation
import Testing
import SerializeCoding
import SerializeDocument
@testable import SerializePersistence

@Suite struct PersistenceTests {
    @Test func roundTripsInEveryFormat() async {
        await withScratchFolder { folder in
            expectRoundTripInEveryFormat(sampleSettings, in: folder)
        }
    }

    /// The README's promise: the storage format is one argument.
    @Test func switchingFromJSONToBinaryPlistIsOneArgument() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("settings.store")
            let persistence = Persistence()

            try persistence.save(sampleSettings, to: url, as: .json)
            #expect(try Data(contentsOf: url).first == UInt8(ascii: "{"))
            #expect(try persistence.load(Settings.self, from: url, as: .json) == sampleSettings)

            try persistence.save(sampleSettings, to: url, as: .binaryPlist)
            #expect(try Data(contentsOf: url).prefix(8) == Data("bplist00".utf8))
            #expect(try persistence.load(Settings.self, from: url, as: .binaryPlist) == sampleSettings)
        }
    }

    @Test(arguments: [("json", Format.json), ("plist", .xmlPlist), ("bplist", .binaryPlist)])
    func formatFromTheExtension(ext: String, expected: Format) async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("settings.\(ext)")
            try Persistence().save(sampleSettings, to: url)
            #expect(try Persistence().load(Settings.self, from: url) == sampleSettings)
            #expect(PersistenceLocation(url: url)?.format == expected)
        }
    }

    @Test func plistFormatsWriteTheirOwnBytes() throws {
        let xml = try Persistence().encode(sampleSettings, as: .xmlPlist)
        let binary = try Persistence().encode(sampleSettings, as: .binaryPlist)
        #expect(String(decoding: xml.prefix(5), as: UTF8.self) == "<?xml")
        #expect(binary.prefix(8) == Data("bplist00".utf8))
    }

    @Test func jsonOptionsApply() throws {
        struct Stamp: Codable, Equatable {
            var createdAt: Date
            var payloadBytes: Data
            var ratio: Double
        }
        let stamp = Stamp(createdAt: Date(timeIntervalSince1970: 0), payloadBytes: Data([1, 2]), ratio: .infinity)
        let options = FormatOptions(
            pretty: false, sortKeys: true, dates: .iso8601, data: .hex, nonFinite: .string, keys: .convertToSnakeCase)
        let persistence = Persistence(options: options)
        let data = try persistence.encode(stamp, as: .json)
        #expect(String(decoding: data, as: UTF8.self)
                == #"{"created_at":"1970-01-01T00:00:00Z","payload_bytes":"0102","ratio":"Infinity"}"#)
        #expect(try persistence.decode(Stamp.self, from: data, as: .json) == stamp)
        let pretty = try Persistence(options: FormatOptions(nonFinite: .string)).encode(stamp, as: .json)
        #expect(String(decoding: pretty, as: UTF8.self).contains("\n  \"createdAt\""))
    }

    @Test func userInfoReachesTheCoders() throws {
        struct Page: Codable, Equatable { @LossyArray var items: [Int] }
        let report = DecodingReport()
        let persistence = Persistence(userInfo: [.decodingReport: report])
        let data = Data(#"{"items":[1,"x",3]}"#.utf8)
        #expect(try persistence.decode(Page.self, from: data, as: .json).items == [1, 3])
        #expect(report.entries.map(\.path.description) == ["$.items[1]"])
    }

    // MARK: - Errors

    @Test func decodeErrorNamesFileFormatAndPath() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("settings.plist")
            try Data(#"{"bad": true}"#.utf8).write(to: url)
            let json = folder.appendingPathComponent("settings.json")
            try Data(#"{"name":"Ada","volume":"loud"}"#.utf8).write(to: json)
            #expect {
                try Persistence().load(Settings.self, from: json)
            } throws: { error in
                guard let error = error as? PersistenceError else { return false }
                return error.kind == .decodingFailed && error.codingPath?.description == "$.volume"
                    && error.description.hasPrefix("\(json.path): error: cannot decode Settings at '$.volume' from JSON:")
            }
        }
    }

    @Test func missingKeyPathIncludesTheKey() {
        #expect {
            try Persistence().decode(Settings.self, from: Data(#"{"name":"Ada"}"#.utf8), as: .json)
        } throws: { error in
            (error as? PersistenceError)?.codingPath?.description == "$.volume"
                && String(describing: error).hasPrefix("<data>: error: cannot decode Settings at '$.volume'")
        }
    }

    @Test func encodeErrorNamesThePath() {
        struct Reading: Codable { var values: [Double] }
        struct Sensor: Codable { var readings: [Reading] }
        let sensor = Sensor(readings: [Reading(values: [1]), Reading(values: [2, .nan])])
        #expect {
            try Persistence().encode(sensor, as: .json)
        } throws: { error in
            guard let error = error as? PersistenceError else { return false }
            return error.kind == .encodingFailed && error.codingPath?.description == "$.readings[1].values[1]"
                && error.description.contains("cannot encode Sensor at '$.readings[1].values[1]' as JSON")
        }
    }

    @Test func unknownExtensionAsksForAFormat() {
        let url = URL(fileURLWithPath: "/tmp/settings.yaml")
        #expect {
            try Persistence().load(Settings.self, from: url)
        } throws: { error in
            guard let error = error as? PersistenceError else { return false }
            return error.kind == .unknownExtension && error.description.contains("'yaml'")
        }
    }

    @Test func missingFileIsAReadError() {
        let url = URL(fileURLWithPath: "/tmp/serialize-no-such-\(UUID().uuidString).json")
        #expect {
            try Persistence().load(Settings.self, from: url)
        } throws: { error in
            (error as? PersistenceError)?.kind == .readFailed && String(describing: error) == "\(url.path): error: no such file: check the path"
        }
    }

    @Test func plistRefusesABareScalarWithANamedError() {
        #expect {
            try Persistence().encode(42, as: .binaryPlist)
        } throws: { error in
            (error as? PersistenceError)?.kind == .encodingFailed
        }
    }
}

@Suite struct PersistenceLocationTests {
    @Test func formatComesFromTheExtension() throws {
        let location = try #require(PersistenceLocation(url: URL(fileURLWithPath: "/tmp/settings.plist")))
        #expect(location.format == .xmlPlist)
    }

    @Test func unknownExtensionNeedsAnExplicitFormat() {
        #expect(PersistenceLocation(url: URL(fileURLWithPath: "/tmp/settings.yaml")) == nil)
        let explicit = PersistenceLocation(url: URL(fileURLWithPath: "/tmp/settings.yaml"), format: .json)
        #expect(explicit.format == .json)
    }

    @Test func saveAndLoadThroughALocation() async throws {
        try await withScratchFolder { folder in
            let location = PersistenceLocation(url: folder.appendingPathComponent("s.data"), format: .binaryPlist)
            try Persistence().save(sampleSettings, to: location)
            #expect(try Persistence().load(Settings.self, from: location) == sampleSettings)
        }
    }
}
