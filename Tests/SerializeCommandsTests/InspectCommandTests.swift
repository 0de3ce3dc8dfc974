import Foundation
import Testing
import TestSupport

@Suite struct InspectCommandTests {
    @Test func summarizesAReadableFile() throws {
        let size = try Fixtures.data("plist/valid.plist").count
        let run = try BuiltTool.run(["inspect", Fixtures.url("plist/valid.plist").path])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.prefix(4) == ["format: XML property list", "size: \(size) bytes", "root: dictionary", "depth: 2"])
        #expect(lines.contains("  integer: 3"))
        #expect(lines.contains("largest values:"))
        #expect(lines.last == "findings: 0 errors, 0 warnings")
    }

    @Test func saysWhenAFileIsUnreadable() throws {
        let run = try BuiltTool.run(["inspect", Fixtures.url("plist/three-problems.plist").path])
        #expect(run.status == 1, "a file with errors fails, as a CSV or JSON file that does not read")
        #expect(run.standardOutput.contains("root: unreadable (run `serialize lint` for the problems)"))
        #expect(run.standardOutput.contains("findings: 3 errors, 0 warnings"))
    }

    /// A JSON file gets the summary a property list gets; `convert` to either plist format
    /// gives the same root, depth, counts and largest values (only the format and size differ).
    @Test func summarizesJSONAsItsConvertedPlists() throws {
        let json = Fixtures.url("convert/catalog.json")
        let run = try BuiltTool.run(["inspect", json.path])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["format: JSON", "size: \(try Fixtures.data("convert/catalog.json").count) bytes", "root: array"])
        #expect(lines.contains("largest values:"))
        #expect(lines.last == "findings: 0 errors, 0 warnings")
        let folder = try scratchFolder()
        for (name, format) in [("xml.plist", "XML property list"), ("binary.plist", "binary property list (bplist00)")] {
            let plist = folder.appendingPathComponent(name)
            let to = name == "xml.plist" ? "xml" : "binary"
            #expect(try BuiltTool.run(["convert", "--to", to, json.path, plist.path]).status == 0)
            let inspected = try BuiltTool.run(["inspect", plist.path]).standardOutput.split(separator: "\n").map(String.init)
            #expect(inspected.first == "format: \(format)")
            #expect(Array(inspected.dropFirst(2)) == Array(lines.dropFirst(2)))
        }
    }

    /// JSON is told as `lint` tells it: by its bytes without an extension, and on standard input.
    @Test func toldByItsBytesAndOnStandardInput() throws {
        let bytes = Data(#"{"b":[1,2,3],"a":"xyz"}"#.utf8)
        let file = try scratchFolder().appendingPathComponent("response")
        try bytes.write(to: file)
        let expected = """
            format: JSON
            size: 23 bytes
            root: dictionary
            depth: 2
            values: 6
              dictionary: 1
              array: 1
              string: 1
              integer: 3
            largest values:
              root.a: string, 3 bytes
              root.b: array, 3 items
              root: dictionary, 2 entries
            findings: 0 errors, 0 warnings

            """
        #expect(try BuiltTool.run(["inspect", file.path]).standardOutput == expected)
        #expect(try BuiltTool.run(["inspect", "-"], input: bytes).standardOutput == expected)
        // CSV on standard input is told by its bytes too, as a named file would be.
        let csv = Data("name;city\nAda;London\nBo;Oslo\n".utf8)
        let run = try BuiltTool.run(["inspect", "-"], input: csv)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "format: CSV\nsize: \(csv.count) bytes\ndetected: encoding utf-8, delimiter ';', quote '\"', header\nrows: 2\n")
    }

    /// Repeated keys are warnings in a JSON file's summary as in a plist's: the same count for
    /// the same repeats, as `lint` lists them, and no failure.
    @Test func repeatedKeysAreCountedAsInAPlist() throws {
        let folder = try scratchFolder()
        let json = folder.appendingPathComponent("dup.json")
        try Data(#"{"a": 1, "b": {"c": 2, "c": 3}, "a": 4}"#.utf8).write(to: json)
        let plist = folder.appendingPathComponent("dup.plist")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict><key>a</key><integer>1</integer><key>b</key><dict><key>c</key><integer>2</integer><key>c</key><integer>3</integer></dict><key>a</key><integer>4</integer></dict>
            </plist>

            """.utf8).write(to: plist)
        for file in [json, plist] {
            let run = try BuiltTool.run(["inspect", file.path])
            #expect(run.status == 0, "\(file.lastPathComponent): \(run.standardError)")
            #expect(run.standardOutput.hasSuffix("findings: 0 errors, 2 warnings\n"), "\(run.standardOutput)")
            let lint = try BuiltTool.run(["lint", file.path])
            #expect(lint.standardOutput.components(separatedBy: "warning: duplicate key").count - 1 == 2, "\(lint.standardOutput)")
        }
    }

    /// A JSON file that does not read is summarized as unreadable, its error said with
    /// line:column on standard error (not "not a property list").
    @Test func anUnreadableJSONFileSaysWhere() throws {
        let file = try scratchFolder().appendingPathComponent("broken.json")
        try Data("{\n  \"a\": [1, 2,]\n}".utf8).write(to: file)
        let run = try BuiltTool.run(["inspect", file.path])
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix("format: JSON\n"))
        #expect(run.standardOutput.contains("root: unreadable (run `serialize lint` for the problems)"))
        #expect(run.standardOutput.hasSuffix("findings: 1 error, 0 warnings\n"))
        #expect(run.standardError.hasPrefix("\(file.path):2:"), "\(run.standardError)")
        let lint = try BuiltTool.run(["lint", file.path])
        #expect(lint.standardOutput.trimmingCharacters(in: .newlines) == run.standardError.trimmingCharacters(in: .newlines))
    }
}
