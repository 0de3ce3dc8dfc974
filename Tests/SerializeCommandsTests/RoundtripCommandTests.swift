import ArgumentParser
import Foundation
import SerializeDocument
import Testing
import SerializeTesting
import TestSupport
@testable import SerializeCommands

@Suite struct RoundtripCommandTests {
    @Test func parsesFileAndFormats() throws {
        let command = try #require(try Serialize.parseAsRoot(["roundtrip", "in.json", "--through", "json, xml"]) as? Serialize.Roundtrip)
        #expect(command.file == "in.json")
        #expect(try command.throughFormats == [.json, .xmlPlist])
        #expect(!command.matrix)
    }

    @Test(arguments: [
        (["roundtrip"], "give a FILE to check, or --matrix"),
        (["roundtrip", "x.json", "--through", "json,yaml"], "unknown format 'yaml' in --through"),
        (["roundtrip", "x.json", "--matrix"], "--matrix takes no FILE"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) {
        #expect {
            _ = try Serialize.parseAsRoot(arguments)
        } throws: { error in
            Serialize.message(for: error).contains(message)
        }
    }

    @Test func reportsWhatSurvivedWhatChangedAndWhy() throws {
        let run = try BuiltTool.run(["roundtrip", Fixtures.url("roundtrip/sample.json").path, "--through", "json,xml,binary,csv"])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 4)
        #expect(lines[0] == "json: exact")
        for line in lines[1...2] {
            #expect(line.contains(": refused on write: $.owner: error: null cannot be written to a property list"), "\(line)")
            #expect(line.contains("--null omit"), "the hint names the flag: \(line)")
        }
        #expect(lines[3].hasPrefix("csv: refused on write: $: error: CSV needs an array of dictionaries"))
    }

    @Test func aChangeIsReportedWithItsPathAndReason() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rows.json")
        try Data(#"[{"a": 1, "b": "x"}, {"a": 2, "b": "y"}]"#.utf8).write(to: file)
        let run = try BuiltTool.run(["roundtrip", file.path, "--through", "json,csv"])
        #expect(run.status == 1)
        #expect(run.standardOutput == """
            json: exact
            csv: changed at 2 paths
              $[0].a: 1 became "1" (csv keeps only text: the type is gone)
              $[1].a: 2 became "2" (csv keeps only text: the type is gone)

            """)
    }

    @Test func aDocumentEveryFormatHoldsExitsZero() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ok.json")
        try Data(#"{"a":[1,2.5,"x"],"b":{"c":true}}"#.utf8).write(to: file)
        let run = try BuiltTool.run(["roundtrip", file.path, "--through", "json,binary"])
        #expect(run.standardOutput == "json: exact\nbinary: exact\n")
        #expect(run.status == 0)
    }

    @Test func anUnreadableFileIsALocatedError() throws {
        let run = try BuiltTool.run(["roundtrip", "/nonexistent/in.json"])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("/nonexistent/in.json: error: cannot read the file: no such file: check the path"))
    }

    @Test func aSyntaxErrorIsReportedWithTheFileName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.json")
        try Data("{\"a\": [1,}".utf8).write(to: file)
        let run = try BuiltTool.run(["roundtrip", file.path])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("\(file.path):1:10: error: "))
        #expect(run.standardOutput.isEmpty)
    }

    @Test func theCheckedInMatrixIsWhatTheCommandGenerates() throws {
        let checkedIn = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Docs/FidelityMatrix.md"), encoding: .utf8)
        #expect(checkedIn == ModelMatrix.full.markdown(), "Docs/FidelityMatrix.md drifted: run `swift run serialize roundtrip --matrix > Docs/FidelityMatrix.md`")
    }

    @Test func everySharedModelCellIsExactOrANamedLoss() {
        for row in ModelMatrix.rows {
            for format in ModelMatrix.table.columns {
                let cell = FidelityMatrix.cell(row, format)
                if case .unexplained = cell { Issue.record("\(row.name) × \(format.name): \(cell)") }
            }
        }
    }

    @Test func theMatrixCommandPrintsTheCheckedInDocument() throws {
        let run = try BuiltTool.run(["roundtrip", "--matrix"])
        #expect(run.status == 0)
        let checkedIn = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Docs/FidelityMatrix.md"), encoding: .utf8)
        #expect(run.standardOutput == checkedIn)
    }
}
