import Foundation
import SerializeCSV
import Testing

/// `CSVWriter(fileAt:)` goes through the one atomic writer (SerializeCore): a replaced file keeps
/// its mode and a symbolic link is followed (the umask rule of that writer is tested once, in
/// AtomicWriteDestinationTests: the umask is process-wide).
@Suite(.serialized) struct CSVWriterFileTests {
    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("csv-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func write(_ rows: [[String]], to url: URL) throws {
        let writer = try CSVWriter(fileAt: url)
        try writer.write(rows: rows)
        try writer.finish()
    }

    func mode(_ url: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    }

    @Test func aReplacedFileKeepsItsMode() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("shared.csv")
        try write([["a"]], to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
        try write([["b"]], to: url)
        #expect(try mode(url) == 0o640)
        #expect(try String(contentsOf: url, encoding: .utf8) == "b\n")
    }

    @Test func aSymbolicLinkIsFollowed() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("real.csv")
        let link = folder.appendingPathComponent("link.csv")
        try write([["a"]], to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try write([["through the link"]], to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "through the link\n")
    }

    @Test func aMissingFolderIsANamedError() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/out.csv")
        #expect {
            _ = try CSVWriter(fileAt: url)
        } throws: { error in
            "\(error)".contains("cannot create a file beside") && "\(error)".contains("out.csv")
        }
    }
}
