import ArgumentParser
import Foundation
import Testing
import TestSupport
@testable import SerializeCommands

@Suite struct ExtractCommandTests {
    static let file = Fixtures.url("plist/valid.plist").path

    @Test(arguments: [
        ("name", "Ann & Bob <co>\n"), ("big", "18446744073709551615\n"), ("/flags/0", "true\n"),
        ("when", "2024-02-29T12:34:56Z\n"), ("ratio", "0.5\n"), ("ünïcode", "日本語\n"),
    ])
    func rawWritesScalars(_ keyPath: String, _ output: String) throws {
        let run = try BuiltTool.run(["extract", Self.file, keyPath])
        #expect(run.status == 0)
        #expect(run.standardOutput == output)
    }

    @Test func rawDataIsTheBytes() throws {
        let run = try BuiltTool.run(["extract", Self.file, "blob", "--to", "raw"])
        #expect(run.standardOutput == "Hello")
    }

    @Test func rawRefusesContainers() throws {
        let run = try BuiltTool.run(["extract", Self.file, "flags"])
        #expect(run.status == 1)
        #expect(run.standardError == "error: root.flags is an array; --to raw writes scalars only, use --to typed or --to json\n")
    }

    @Test func typedWritesTheSubtree() throws {
        let run = try BuiltTool.run(["extract", Self.file, "flags", "--to", "typed"])
        #expect(run.standardOutput == "array (2 items)\n  [0]: bool true\n  [1]: bool false\n")
    }

    @Test func jsonWritesTheSubtree() throws {
        let run = try BuiltTool.run(["extract", Self.file, "flags", "--to", "json"])
        #expect(run.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [Bool]
        #expect(parsed == [true, false])
    }

    @Test func xmlOutputReadsBackAsTheSameValue() throws {
        let extracted = try BuiltTool.run(["extract", Self.file, "flags", "--to", "xml"])
        #expect(extracted.status == 0)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("extract-\(UUID().uuidString).plist")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(extracted.standardOutput.utf8).write(to: url)
        let printed = try BuiltTool.run(["print", url.path])
        #expect(printed.standardOutput == "array (2 items)\n  [0]: bool true\n  [1]: bool false\n")
    }

    @Test func binaryOutputIsABinaryPlist() throws {
        // ToolRun decodes output as UTF-8, so only the ASCII magic is checked here; the binary
        // writer's own tests check its bytes.
        let run = try BuiltTool.run(["extract", Self.file, "flags", "--to", "binary"])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("bplist00"))
    }

    @Test func parsesKeyPathAndOutput() throws {
        let command = try Serialize.parseAsRoot(["extract", "x.plist", "/a~1b/0", "--to", "binary"])
        let extract = try #require(command as? Serialize.Extract)
        #expect(extract.keyPath == "/a~1b/0")
        #expect(extract.output == .binary)
        #expect(throws: (any Error).self) { try Serialize.parseAsRoot(["extract", "x.plist", "a[1"]) }
    }

    @Test func unknownOutputIsAUsageError() throws {
        let run = try BuiltTool.run(["extract", Self.file, "name", "--to", "yaml"])
        #expect(run.status == 64)
    }

    /// An extracted date is the converter's text: proleptic Gregorian, exact fractional seconds.
    @Test(arguments: [("old", "1000-01-01T00:00:00Z\n"), ("fine", "2001-01-01T00:00:00.0001Z\n")])
    func extractedDatesMatchTheConverter(keyPath: String, expected: String) throws {
        let run = try BuiltTool.run(["extract", Fixtures.url("plist/dates.plist").path, keyPath])
        #expect(run.status == 0)
        #expect(run.standardOutput == expected)
    }
}
