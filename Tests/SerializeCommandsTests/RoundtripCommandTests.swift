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
        (["roundtrip", "x.data"], "cannot tell the format of 'x.data' from its extension; pass --from"),
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
        let run = try BuiltTool.run(["roundtrip", Fixtures.url("roundtrip/sample.json").path, "--through", "json,xml,binary"])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines == [
            "json: exact",
            "xml: refused on write: $.owner: property lists have no null",
            "binary: refused on write: $.owner: property lists have no null",
        ])
    }

    @Test func aDocumentEveryFormatHoldsExitsZero() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ok.json")
        try Data(#"{"a":[1,2.5,"x"],"b":{"c":true}}"#.utf8).write(to: file)
        let run = try BuiltTool.run(["roundtrip", file.path, "--through", "json,xml,binary"])
        #expect(run.standardOutput == "json: exact\nxml: exact\nbinary: exact\n")
        #expect(run.status == 0)
    }

    @Test func anUnreadableFileIsALocatedError() throws {
        let run = try BuiltTool.run(["roundtrip", "/nonexistent/in.json"])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("/nonexistent/in.json: error: cannot read the file"))
    }

    @Test func aSyntaxErrorIsReportedWithTheFileName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.json")
        try Data("{\"a\": [1,}".utf8).write(to: file)
        let run = try BuiltTool.run(["roundtrip", file.path])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("\(file.path): error: "))
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
