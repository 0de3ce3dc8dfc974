/// Test support: a scratch folder, sample models and a file system that fails on demand.

import Foundation
import Testing
import SerializeCoding
import SerializeCore
import SerializeDocument
@testable import SerializePersistence

/// A fresh temporary folder, removed when the test's `body` returns.
func withScratchFolder<R>(_ body: (URL) async throws -> R) async rethrows -> R {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("serialize-persist-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// Every file in `folder`, by name, including hidden ones.
func fileNames(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

/// The formats with a keyed top level: JSON and both property lists.
let keyedFormats: [Format] = [.json, .xmlPlist, .binaryPlist]

/// Every format values are tested through: the keyed ones, CSV and TSV (a value is one row).
let everyFormat: [Format] = keyedFormats + [.csv, .tsv]

/// Saves `value` to a file and to `Data` in every format and checks it loads back equal, and
/// that the loaded value encodes to the same bytes.
func expectRoundTripInEveryFormat<T: Codable & Equatable>(
    _ value: T, persistence: Persistence = Persistence(), in folder: URL,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    // Pretty (the default) and compact with sorted keys.
    var compact = persistence
    compact.options.pretty = false
    compact.options.sortKeys = true
    for (index, (format, persistence)) in (everyFormat.map { ($0, persistence) } + [(.json, compact)]).enumerated() {
        do {
            let data = try persistence.encode(value, as: format)
            let decoded = try persistence.decode(T.self, from: data, as: format)
            if decoded != value { Issue.record("\(format): decoded \(decoded)", sourceLocation: sourceLocation) }
            if try persistence.encode(decoded, as: format) != data {
                Issue.record("\(format): re-encoding changed the bytes", sourceLocation: sourceLocation)
            }
            let url = folder.appendingPathComponent("value-\(index).\(format.fileExtension)")
            try persistence.save(value, to: url, as: format)
            let loaded = try persistence.load(T.self, from: url, as: format)
            if loaded != value { Issue.record("\(format): loaded \(loaded)", sourceLocation: sourceLocation) }
        } catch {
            Issue.record("\(format): \(error)", sourceLocation: sourceLocation)
        }
    }
}

// MARK: - Models

enum Theme: String, DefaultCaseCodable, Equatable, Sendable {
    case light, dark, system
    static let defaultCase = Theme.system
}

struct Settings: Codable, Equatable, Sendable {
    var name: String
    var volume: Double
    var launches: Int
    var theme: Theme
    var tags: [String]
    var lastOpened: Date
    var avatar: Data
    var limits: [String: Int]
}

let sampleSettings = Settings(
    name: "Ada", volume: 0.75, launches: 42, theme: .dark, tags: ["a", "b"],
    lastOpened: Date(timeIntervalSince1970: 1_700_000_000), avatar: Data([0, 1, 2, 255]), limits: ["daily": 5])

// MARK: - A file system that fails on demand

/// Wraps the real file system and fails one step of an atomic write.
struct FaultyFileSystem: FileSystem {
    enum Fault: Sendable {
        /// Creating the temporary file fails (no space for a new inode, permissions).
        case create
        /// Half the bytes reach the temporary file, then the write fails (a full disk).
        case writeHalfway
        /// Half the bytes reach the temporary file and the process dies: nothing cleans up.
        case killedHalfway
        /// Everything is written, then the rename fails.
        case rename
    }

    struct InjectedFault: Error, CustomStringConvertible {
        var description: String { "injected fault" }
    }

    var fault: Fault
    let real = PosixFileSystem()

    func contents(of url: URL) throws -> Data? { try real.contents(of: url) }

    func createTemporaryFile(besides destination: URL) throws -> URL {
        if fault == .create { throw InjectedFault() }
        return try real.createTemporaryFile(besides: destination)
    }

    func write(_ data: Data, toTemporaryFile file: URL) throws {
        switch fault {
        case .writeHalfway, .killedHalfway:
            try real.write(data.prefix(data.count / 2), toTemporaryFile: file)
            throw InjectedFault()
        case .create, .rename:
            try real.write(data, toTemporaryFile: file)
        }
    }

    func replace(_ destination: URL, withTemporaryFile file: URL) throws {
        if fault == .rename { throw InjectedFault() }
        try real.replace(destination, withTemporaryFile: file)
    }

    func removeFile(at url: URL) throws -> Bool {
        // A killed process runs no cleanup.
        if fault == .killedHalfway { return false }
        return try real.removeFile(at: url)
    }

    func files(in folder: URL) throws -> [URL] { try real.files(in: folder) }
    func createFolder(at folder: URL) throws { try real.createFolder(at: folder) }
}
