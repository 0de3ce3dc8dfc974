import Foundation
import Testing
@testable import SerializeCore

/// `FileContents.read`: the bytes `Data(contentsOf:)` gives, and its errors, for every kind of
/// file, while a file the system says is empty is read without Foundation (which leaks a 4 KiB
/// buffer for it on Linux; the fuzz smoke's LeakSanitizer is what sees the leak itself).
@Suite struct FileContentsTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-contents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(arguments: [0, 1, 4096, 70_000])
    func aFileReadsAsFoundationReadsIt(size: Int) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("f")
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: file)
        #expect(try FileContents.read(file) == bytes)
        #expect(try FileContents.read(file, options: .mappedIfSafe) == bytes)
    }

    #if os(Linux)
    /// A file whose size the system gives as 0 but which has bytes (`/proc`) is read whole.
    @Test func aFileWithNoSizeIsReadToItsEnd() throws {
        let url = URL(fileURLWithPath: "/proc/self/status")
        let read = try FileContents.read(url)
        #expect(String(decoding: read, as: UTF8.self).hasPrefix("Name:"))
        #expect(read.count > 100)
    }
    #endif

    /// A missing file and a folder fail as `Data(contentsOf:)` fails, in the same words.
    @Test func errorsAreFoundationsAndWordedTheSame() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for url in [folder.appendingPathComponent("missing"), folder] {
            let ours = #expect(throws: (any Error).self) { try FileContents.read(url) }
            let foundations = #expect(throws: (any Error).self) { try Data(contentsOf: url) }
            #expect(ours.map { FileReadFailure.reason($0, reading: url) } == foundations.map { FileReadFailure.reason($0, reading: url) })
        }
    }
}
