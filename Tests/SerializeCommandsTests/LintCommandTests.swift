import ArgumentParser
import Foundation
import Testing
import TestSupport
@testable import SerializeCommands

@Suite struct LintCommandTests {
    static func path(_ fixture: String) -> String { Fixtures.url("plist/\(fixture)").path }

    @Test func parsesFilesAndQuiet() throws {
        let command = try Serialize.parseAsRoot(["lint", "-q", "a.plist", "b.plist"])
        let lint = try #require(command as? Serialize.Lint)
        #expect(lint.files == ["a.plist", "b.plist"])
        #expect(lint.quiet)
    }

    @Test func threeProblemsGiveThreeCompilerStyleLines() throws {
        let file = Self.path("three-problems.plist")
        let run = try BuiltTool.run(["lint", file])
        #expect(run.status == 1)
        #expect(run.standardOutput.split(separator: "\n").map(String.init) == [
            "\(file):6:12: error: <integer> \"3x\" is not a whole number: unexpected 'x' [root.count]",
            "\(file):8:2: error: unknown tag <person>: a property list holds plist, dict, key, array, string, data, date, integer, real, true and false [root.owner]",
            "\(file):10:20: error: <data> is not base64: data after '=' padding [root.icon]",
        ])
    }

    @Test func cleanFilesSayOKAndExitZero() throws {
        let run = try BuiltTool.run(["lint", Self.path("valid.plist"), Self.path("valid.bplist"), Self.path("findings/keyed-archive.plist")])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("valid.plist: OK\n"))
        #expect(run.standardOutput.contains("valid.bplist: OK\n"))
        #expect(run.standardOutput.contains("keyed-archive.plist:10:5: note: a CF$UID dictionary"))
    }

    @Test func oneBadFileAmongGoodOnesFailsTheRun() throws {
        let run = try BuiltTool.run(["lint", Self.path("valid.plist"), Self.path("findings/duplicate-key.plist")])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("duplicate-key.plist:7:3: warning: duplicate key \"name\""))
    }

    @Test func quietPrintsNothing() throws {
        let run = try BuiltTool.run(["lint", "--quiet", Self.path("three-problems.plist")])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.isEmpty)
    }

    @Test func binaryFindingsGiveByteOffsets() throws {
        let run = try BuiltTool.run(["lint", Self.path("findings/truncated.bplist")])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("truncated.bplist:offset 20: error: binary property list of 20 bytes is too short to hold a trailer\n"))
    }

    @Test func dashReadsStandardInput() throws {
        let run = try BuiltTool.run(["lint", "-"], input: Data("<plist><integer>x</integer></plist>".utf8))
        #expect(run.status == 1)
        #expect(run.standardOutput == "-:1:17: error: <integer> \"x\" is not a whole number: unexpected 'x'\n")
    }

    /// libxml2 prints its encoding converter's errors to standard error unless told otherwise:
    /// `convert` and `lint` print only their own one located line.
    @Test func bytesNotInTheDeclaredEncodingGiveOneLineAndNothingFromLibxml2() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<plist><string>".utf8)
        data.append(contentsOf: [0x81, 0xFF, 0xA1, 0xA1])
        data.append(contentsOf: Array("</string></plist>\n".utf8))
        let directory = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sjis.plist")
        try data.write(to: file)
        let expected = "\(file.path):2:16: error: the bytes 0x81 0xFF 0xA1 0xA1 are not valid Shift_JIS, the encoding the XML declaration names; "
            + "re-encode the file in that encoding, or correct the declaration (encoding=\"UTF-8\" if the file is UTF-8)\n"
        let lint = try BuiltTool.run(["lint", file.path])
        #expect(lint.status == 1)
        #expect(lint.standardOutput == expected)
        #expect(lint.standardError.isEmpty)
        let convert = try BuiltTool.run(["convert", file.path, directory.appendingPathComponent("out.json").path])
        #expect(convert.status != 0)
        #expect(convert.standardError == expected)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
    }

    /// JSON is linted as convert reads it: what convert writes is OK, a broken file gives its
    /// first error with line and column, on standard input too; a .plist holding JSON is still
    /// the inspector's (it is not a property list).
    @Test func jsonFilesGiveTheirFirstErrorOrOK() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try BuiltTool.run(["convert", Self.path("valid.plist"), "valid.json"], in: folder).status == 0)
        try Data("{\n  \"a\": [1,\n  }\n".utf8).write(to: folder.appendingPathComponent("broken.json"))
        try Data(#"["no extension"]"#.utf8).write(to: folder.appendingPathComponent("listing"))
        let run = try BuiltTool.run(["lint", "valid.json", "broken.json", "listing"], in: folder)
        #expect(run.status == 1)
        #expect(run.standardOutput == "valid.json: OK\nbroken.json:3:3: error: unexpected '}', expected a value\nlisting: OK\n")
        let piped = try BuiltTool.run(["lint", "-"], input: Data("[1 2]".utf8))
        #expect(piped.status == 1 && piped.standardOutput == "-:1:4: error: expected ',' or ']' after array element, found '2'\n", "\(piped.standardOutput)")
        let quiet = try BuiltTool.run(["lint", "-q", "valid.json"], in: folder)
        #expect(quiet.status == 0 && quiet.standardOutput.isEmpty)
        try Data(#"{"a": 1}"#.utf8).write(to: folder.appendingPathComponent("json.plist"))
        let plist = try BuiltTool.run(["lint", "json.plist"], in: folder)
        #expect(plist.status == 1 && plist.standardOutput.contains("not an XML or binary property list"))
    }

    /// A key an object repeats is a warning where it stands, with where the first one is and the
    /// path; the last value wins, as `convert` shows. Keys are compared by their exact scalars
    /// (K and the Kelvin sign are two keys), after escapes (`\u0069d` is `id`).
    @Test func jsonDuplicateKeysAreWarnedWhereTheyStand() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = "{\n  \"users\": [\n    {\"id\": 1, \"name\": \"a\", \"\\u0069d\": 2},\n    {\"K\": 1, \"\u{212A}\": 2}\n  ],\n  \"users\": [{\"id\": 3, \"id\": 4, \"id\": 5}]\n}\n"
        try Data(json.utf8).write(to: folder.appendingPathComponent("dup.json"))
        let run = try BuiltTool.run(["lint", "dup.json"], in: folder)
        #expect(run.status == 1)
        #expect(run.standardOutput == """
            dup.json:3:28: warning: duplicate key "id" in the object (first at 3:6); the last value wins [root.users[0].id]
            dup.json:6:3: warning: duplicate key "users" in the object (first at 2:3); the last value wins [root.users]
            dup.json:6:23: warning: duplicate key "id" in the object (first at 6:14); the last value wins [root.users[0].id]
            dup.json:6:32: warning: duplicate key "id" in the object (first at 6:14); the last value wins [root.users[0].id]

            """, "\(run.standardOutput)")
        #expect(try BuiltTool.run(["lint", "-q", "dup.json"], in: folder).status == 1)
        let converted = try BuiltTool.run(["convert", "dup.json", "-", "--compact"], in: folder)
        #expect(converted.standardOutput == #"{"users":[{"id":5}]}"#, "\(converted.standardOutput)")
    }

    @Test func missingFileIsAnError() throws {
        let run = try BuiltTool.run(["lint", "/nonexistent/x.plist"])
        #expect(run.status == 1)
        #expect(run.standardError == "/nonexistent/x.plist: error: cannot read the file: no such file: check the path\n")
    }

    /// The column of a finding in text with character references or CDATA is the column of the
    /// offending character in the source, not its index in the decoded text.
    @Test(arguments: [
        ("columns/reference-integer.plist", "3:42: error: <integer> \"1234x\" is not a whole number"),
        ("columns/cdata-data.plist", "3:36: error: <data> is not base64: unexpected '!'"),
        ("columns/reference-date.plist", "3:42: error: <date> \"2024-01-01T00:00:00X\" is not a date"),
        ("columns/reference-fractional-date.plist", "3:42: note: <date> has fractional seconds"),
        ("columns/crlf-comment-data.plist", "4:12: error: <data> is not base64: unexpected '!'"),
    ])
    func columnsCountSourceCharactersPastReferencesAndCDATA(fixture: String, expected: String) throws {
        let file = Self.path(fixture)
        let run = try BuiltTool.run(["lint", file])
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\(file):\(expected)") == true, "\(lines)")
    }
}
