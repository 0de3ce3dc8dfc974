import Foundation
import Testing
import SerializeCore
@testable import SerializePersistence

@Suite struct AtomicWriteTests {
    static let faults: [FaultyFileSystem.Fault] = [.create, .writeHalfway, .killedHalfway, .rename]

    @Test(arguments: faults)
    func aFailedWriteLeavesTheOldFileWhole(fault: FaultyFileSystem.Fault) async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("settings.json")
            try Persistence().save(sampleSettings, to: url)
            let before = try Data(contentsOf: url)

            var changed = sampleSettings
            changed.name = String(repeating: "x", count: 10_000)
            let faulty = Persistence(fileSystem: FaultyFileSystem(fault: fault))
            #expect {
                try faulty.save(changed, to: url)
            } throws: { error in
                guard let error = error as? PersistenceError else { return false }
                return error.kind == .writeFailed && error.file == url
                    && error.description.hasPrefix("\(url.path): error:")
                    && error.description.contains("injected fault")
            }

            // The old file is byte for byte what it was, and still loads.
            #expect(try Data(contentsOf: url) == before)
            #expect(try Persistence().load(Settings.self, from: url) == sampleSettings)

            // A failure cleans up its temporary file; only a killed process leaves one, hidden.
            let strays = fileNames(in: folder).filter { $0 != "settings.json" }
            if fault == .killedHalfway {
                #expect(strays.count == 1)
                #expect(strays.allSatisfy { isTemporaryFileName($0) })
            } else {
                #expect(strays.isEmpty)
            }

            // The next save works and replaces the file.
            try Persistence().save(changed, to: url)
            #expect(try Persistence().load(Settings.self, from: url) == changed)
        }
    }

    @Test func aFirstSaveThatFailsLeavesNoFile() async throws {
        await withScratchFolder { folder in
            let url = folder.appendingPathComponent("new.json")
            let faulty = Persistence(fileSystem: FaultyFileSystem(fault: .writeHalfway))
            #expect(throws: PersistenceError.self) { try faulty.save(sampleSettings, to: url) }
            #expect(fileNames(in: folder).isEmpty)
        }
    }

    @Test func anEncodeThatThrowsHalfwayWritesNothing() async throws {
        struct Row: Codable {
            var value: Double
        }
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("rows.json")
            let good = (0..<100).map { Row(value: Double($0)) }
            try Persistence().save(good, to: url)
            let before = try Data(contentsOf: url)

            var bad = good
            bad[60].value = .nan
            #expect {
                try Persistence().save(bad, to: url)
            } throws: { error in
                guard let error = error as? PersistenceError else { return false }
                return error.kind == .encodingFailed && error.file == url && error.codingPath?.description == "$[60].value"
                    && error.description.hasPrefix("\(url.path): error: cannot encode Array<Row> at '$[60].value' as JSON")
            }
            #expect(try Data(contentsOf: url) == before)
            #expect(fileNames(in: folder) == ["rows.json"])
        }
    }

    @Test func keepsTheFilePermissions() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("secret.json")
            try Persistence().save(sampleSettings, to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
            try Persistence().save(sampleSettings, to: url)
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    }

    @Test func aMissingFolderIsANamedWriteError() {
        let url = URL(fileURLWithPath: "/tmp/serialize-missing-\(UUID().uuidString)/settings.json")
        #expect {
            try Persistence().save(sampleSettings, to: url)
        } throws: { error in
            (error as? PersistenceError)?.kind == .writeFailed && String(describing: error).hasPrefix(url.path)
        }
    }
}

/// Where and with which permissions an atomic write lands.
@Suite(.serialized) struct AtomicWriteDestinationTests {
    @Test func aNewFileHonoursTheUmask() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("private.json")
            // Process-wide, so only narrowed for this one save and restored at once.
            let previous = umask(0o077)
            defer { umask(previous) }
            try Persistence().save(sampleSettings, to: url)
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    }

    @Test func aReadOnlyFileIsReplacedAndStaysReadOnly() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("frozen.json")
            try Persistence().save(sampleSettings, to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
            var changed = sampleSettings
            changed.name = "changed"
            try Persistence().save(changed, to: url)
            #expect(try Persistence().load(Settings.self, from: url) == changed)
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(mode == 0o444)
        }
    }

    @Test func savingThroughASymbolicLinkUpdatesItsTarget() async throws {
        try await withScratchFolder { folder in
            let target = folder.appendingPathComponent("real.json")
            let link = folder.appendingPathComponent("link.json")
            try Persistence().save(sampleSettings, to: target)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            var changed = sampleSettings
            changed.name = "through the link"
            try Persistence().save(changed, to: link)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
            #expect(try Persistence().load(Settings.self, from: target) == changed)
        }
    }

    @Test func aLongLegalFileNameStillHasRoomForTheTemporaryFile() async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent(String(repeating: "n", count: 240) + ".json")
            try Persistence().save(sampleSettings, to: url)
            #expect(try Persistence().load(Settings.self, from: url) == sampleSettings)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [url.lastPathComponent])
        }
    }
}
