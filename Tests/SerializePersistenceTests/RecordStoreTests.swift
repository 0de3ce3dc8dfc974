import Foundation
import Testing
import SerializeCore
import SerializeDocument
@testable import SerializePersistence

@Suite struct RecordStoreTests {
    struct Contact: Codable, Equatable, Sendable {
        var name: String
        var revision: Int
    }

    @Test(arguments: everyFormat)
    func listLoadSaveDelete(format: Format) async throws {
        try await withScratchFolder { folder in
            let store = RecordStore<Contact>(folder: folder.appendingPathComponent("contacts"), format: format)
            #expect(try await store.ids() == [])
            #expect(try await store.load(id: "alice") == nil)

            try await store.save(Contact(name: "Alice", revision: 1), id: "alice")
            try await store.save(Contact(name: "Bob", revision: 1), id: "bob")
            #expect(try await store.ids() == ["alice", "bob"])
            #expect(try await store.load(id: "alice") == Contact(name: "Alice", revision: 1))
            #expect(try await store.all() == ["alice": Contact(name: "Alice", revision: 1),
                                              "bob": Contact(name: "Bob", revision: 1)])
            #expect(FileManager.default.fileExists(atPath: try store.url(forID: "bob").path))

            #expect(try await store.delete(id: "alice"))
            #expect(try await store.delete(id: "alice") == false)
            #expect(try await store.ids() == ["bob"])
        }
    }

    @Test(arguments: ["", ".hidden", "a/b", "x\0y", String(repeating: "z", count: 201)])
    func badIdsAreRefused(id: String) async throws {
        await withScratchFolder { folder in
            let store = RecordStore<Contact>(folder: folder)
            await #expect {
                try await store.save(Contact(name: "x", revision: 0), id: id)
            } throws: { error in
                (error as? PersistenceError)?.kind == .invalidID
            }
            #expect(fileNames(in: folder).isEmpty)
        }
    }

    @Test func aCorruptRecordNamesItsFile() async throws {
        try await withScratchFolder { folder in
            let store = RecordStore<Contact>(folder: folder)
            try Data(#"{"name":"x","revision":"two"}"#.utf8).write(to: folder.appendingPathComponent("bad.json"))
            await #expect {
                try await store.load(id: "bad")
            } throws: { error in
                guard let error = error as? PersistenceError else { return false }
                return error.file?.lastPathComponent == "bad.json" && error.codingPath?.description == "$.revision"
            }
        }
    }

    @Test func strayTemporaryFilesAreNotRecords() async throws {
        try await withScratchFolder { folder in
            let store = RecordStore<Contact>(folder: folder)
            try await store.save(Contact(name: "A", revision: 1), id: "a")
            let killed = RecordStore<Contact>(
                folder: folder, persistence: Persistence(fileSystem: FaultyFileSystem(fault: .killedHalfway)))
            await #expect(throws: PersistenceError.self) { try await killed.save(Contact(name: "A", revision: 2), id: "a") }
            #expect(fileNames(in: folder).count == 2)
            #expect(try await store.ids() == ["a"])
            #expect(try await store.load(id: "a") == Contact(name: "A", revision: 1))
        }
    }

    @Test func versionedRecordsMigrateOnLoad() async throws {
        try await withScratchFolder { folder in
            let versioning = SchemaVersioning<Contact>(
                currentVersion: 2, migrations: [.init(from: 1) { $0.name = $0.name.uppercased() }])
            try Data(#"{"schemaVersion":1,"value":{"name":"ada","revision":1}}"#.utf8)
                .write(to: folder.appendingPathComponent("ada.json"))
            let store = RecordStore<Contact>(folder: folder, versioning: versioning)
            #expect(try await store.load(id: "ada") == Contact(name: "ADA", revision: 1))
            try await store.save(Contact(name: "Bo", revision: 3), id: "bo")
            #expect(try await store.load(id: "bo") == Contact(name: "Bo", revision: 3))
        }
    }

    // MARK: - Concurrency

    @Test func concurrentSavesToDifferentIdsAreAllKept() async throws {
        try await withScratchFolder { folder in
            let store = RecordStore<Contact>(folder: folder)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<64 {
                    group.addTask { try await store.save(Contact(name: "c\(index)", revision: index), id: "c\(index)") }
                }
                try await group.waitForAll()
            }
            let all = try await store.all()
            #expect(all.count == 64)
            #expect(all.allSatisfy { id, contact in contact.name == id && "c\(contact.revision)" == id })
            #expect(fileNames(in: folder).count == 64)
        }
    }

    @Test func concurrentSavesToOneIdLeaveOneWholeRecordAndTheLastWins() async throws {
        try await withScratchFolder { folder in
            let store = RecordStore<Contact>(folder: folder)
            // A second store on the same folder: a different actor, so writes truly race on disk.
            let rival = RecordStore<Contact>(folder: folder)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for revision in 0..<40 {
                    let target = revision.isMultiple(of: 2) ? store : rival
                    group.addTask { try await target.save(Contact(name: "shared", revision: revision), id: "shared") }
                    group.addTask { _ = try await target.load(id: "shared") }  // never sees a torn file
                }
                try await group.waitForAll()
            }
            let survivor = try #require(try await store.load(id: "shared"))
            #expect(survivor.name == "shared" && (0..<40).contains(survivor.revision))
            #expect(fileNames(in: folder) == ["shared.json"])

            // Once the racing is over, the save that runs last is what every reader sees.
            try await rival.save(Contact(name: "shared", revision: 100), id: "shared")
            try await store.save(Contact(name: "shared", revision: 101), id: "shared")
            #expect(try await rival.load(id: "shared")?.revision == 101)
        }
    }
}

@Suite struct RecordStoreIDBytesTests {
    struct Note: Codable, Equatable, Sendable { var text: String }

    @Test func anIDEndingInAPrependedMarkIsListed() async throws {
        try await withScratchFolder { folder in
            let store = RecordStore<Note>(folder: folder, format: .json)
            // U+0600 fuses with the following "." into one Character.
            try await store.save(Note(text: "a"), id: "x\u{0600}")
            try await store.save(Note(text: "b"), id: "plain")
            #expect(try await store.ids() == ["plain", "x\u{0600}"].sorted())
            #expect(try await store.all().count == 2)
        }
    }
}
