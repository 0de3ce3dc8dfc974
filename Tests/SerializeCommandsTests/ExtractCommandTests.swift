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

    /// What `convert` writes, `extract`, `type` and `print` read: the plist fixture as JSON
    /// gives the same scalars (its date and data become text, as JSON holds them).
    @Test func jsonAndCSVFilesAreReadToo() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("valid.json").path
        #expect(try BuiltTool.run(["convert", Self.file, json]).status == 0)
        for (keyPath, output) in [("name", "Ann & Bob <co>\n"), ("big", "18446744073709551615\n"), ("/flags/0", "true\n"), ("ratio", "0.5\n"), ("ünïcode", "日本語\n")] {
            let run = try BuiltTool.run(["extract", json, keyPath])
            #expect(run.status == 0 && run.standardOutput == output, "\(keyPath): \(run.standardOutput)\(run.standardError)")
        }
        #expect(try BuiltTool.run(["print", json]).standardOutput.contains("\"flags\": array (2 items)\n    [0]: bool true\n"))
        // JSON's null, and numbers past 64 bits, as written.
        let nulls = try BuiltTool.run(["type", "-", "a.1"], input: Data(#"{"a": [1, null, 123456789012345678901234567890]}"#.utf8))
        #expect(nulls.standardOutput == "null\n", "\(nulls.standardError)")
        let big = try BuiltTool.run(["extract", "-", "/a/2"], input: Data(#"{"a": [1, null, 123456789012345678901234567890]}"#.utf8))
        #expect(big.standardOutput == "123456789012345678901234567890\n")
        // CSV in the dialect its bytes show (semicolons), records by index.
        let csv = folder.appendingPathComponent("prices.csv")
        try Data("item;price\nCafé;1,50\nThé;2,00\n".utf8).write(to: csv)
        let price = try BuiltTool.run(["extract", csv.path, "[1].price"])
        #expect(price.status == 0 && price.standardOutput == "2,00\n", "\(price.standardError)")
        // The dialect flags of convert and lint (any flag states the whole dialect): the first row as data.
        let headless = try BuiltTool.run(["extract", csv.path, "[0].column1", "--no-header", "--delimiter", ";"])
        #expect(headless.status == 0 && headless.standardOutput == "item\n", "\(headless.standardError)")
        let refused = try BuiltTool.run(["type", json, "name", "--delimiter", ";"])
        #expect(refused.status != 0 && refused.standardError.contains("apply to CSV input; the input is"), "\(refused.standardError)")
        // Bytes with no signature under an extension that names no format are read as CSV,
        // and said to be, as convert says it.
        try Data("hello world\nsecond line\n".utf8).write(to: folder.appendingPathComponent("notes.md"))
        let guessed = try BuiltTool.run(["type", "notes.md", "[0].world"], in: folder)
        #expect(guessed.standardOutput == "string\n" && guessed.standardError.hasPrefix("notes.md: note: read as CSV: "), "\(guessed.standardError)")
        // A JSON error says where, as convert says it; a .plist holding JSON is still refused
        // by the inspector, which names what it looks like.
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"a": [1,}"#.utf8).write(to: bad)
        let broken = try BuiltTool.run(["print", "bad.json"], in: folder)
        #expect(broken.status == 1)
        #expect(broken.standardError == "bad.json:1:10: error: unexpected '}', expected a value\n")
        try Data(#"{"a": 1}"#.utf8).write(to: folder.appendingPathComponent("json.plist"))
        let plist = try BuiltTool.run(["type", "json.plist", "a"], in: folder)
        #expect(plist.status == 1 && plist.standardError.contains("not an XML or binary property list: it starts with '{', like JSON"))
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
