import ArgumentParser
import Foundation
import SerializeCSV
import SerializeCore
import SerializeDocument
import Testing
import TestSupport
@testable import SerializeCommands

/// `serialize lint FILE.csv`: SerializeCSV's `CSVLinter`, printed like the plist linter.
@Suite struct CSVLintCommandTests {
    static func fixture(_ name: String) -> String { Fixtures.url("csv-wild/\(name)").path }

    @Test func everyProblemOfACSVFileIsOneLine() throws {
        let file = Self.fixture("ragged-rows.csv")
        let run = try BuiltTool.run(["lint", file])
        #expect(run.status == 1)
        #expect(run.standardOutput.split(separator: "\n").map(String.init) == [
            #"\#(file): note: read as CSV: encoding utf-8, delimiter ',', quote '"', header"#,
            "\(file):2:15: error: row has 4 fields but the header names 3 columns (use --recover to repair it: the extra fields kept under columns extra1, …)",
            "\(file):3:9: error: row has 2 fields but the header names 3 columns (use --recover to repair it: padded with empty fields)",
        ])
    }

    @Test func quotesFootnotesAndNotesAreReported() throws {
        let stray = try BuiltTool.run(["lint", Self.fixture("stray-quotes.csv")])
        #expect(stray.status == 1)
        #expect(stray.standardOutput.contains("stray-quotes.csv:2:6: error: quote inside an unquoted field (use --recover to repair it: kept as text)\n"))
        #expect(stray.standardOutput.contains("stray-quotes.csv:3:6: error: unterminated quoted field (use --recover to repair it: closed at the end of the input)\n"))
        let footnotes = try BuiltTool.run(["lint", Self.fixture("footnotes.csv")])
        #expect(footnotes.status == 1)
        #expect(footnotes.standardOutput.contains(
            "footnotes.csv:4:1: warning: 2 rows after the table (lines 4–5) look like footnotes or another table (use --recover to repair it: left out of the table)\n"))
        let header = try BuiltTool.run(["lint", Self.fixture("header-rows.csv")])
        #expect(header.standardOutput.contains("header-rows.csv:1:14: error: column 3 has no name in the header (use --header-rows 2 to "))
        #expect(try BuiltTool.run(["lint", "--header-rows", "2", Self.fixture("header-rows.csv")]).status == 0)
    }

    @Test func aCleanCSVFileSaysOKAndNotesDoNotCount() throws {
        let file = Self.fixture("mixed-line-ends.csv")
        let run = try BuiltTool.run(["lint", file, Self.fixture("empty-lines.csv")])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("\(file):2:1: note: line ends of more than one kind (2 CRLF, 1 LF, 1 CR): this line ends in LF, line 1 in CRLF\n"))
        #expect(run.standardOutput.contains("empty-lines.csv:4:1: note: 2 empty lines (skipped)\n"))
        #expect(run.standardOutput.contains("\(file): OK\n"))
        #expect(run.standardOutput.contains("empty-lines.csv: OK\n"))
    }

    @Test func aDialectFlagMakesStandardInputCSV() throws {
        let run = try BuiltTool.run(["lint", "--delimiter", ",", "-"], input: Data("a;b\n\"x\";y\n".utf8))
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("-:2:4: error: text after a closing quote"))
        #expect(run.standardOutput.contains("note: the input looks like another dialect: encoding utf-8, delimiter ';'"))
        #expect(run.standardOutput.contains("(use --delimiter ';' to split fields at ;"))
    }

    @Test func quietCSVLintPrintsNothing() throws {
        let run = try BuiltTool.run(["lint", "-q", Self.fixture("ragged-rows.csv")])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
    }
}

/// `--header-rows N`: several header rows, one nested name a column.
@Suite struct CSVHeaderRowsCommandTests {
    @Test func headerRowsNestTheGroupedColumns() throws {
        let run = try BuiltTool.run(["convert", "--header-rows", "2", "--compact", Fixtures.url("csv-wild/header-rows.csv").path, "-"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == #"[{"name":"Ada","address":{"street":"1 Main St","city":"London"},"age":"36"},{"name":"Bo","address":{"street":"2 High St","city":"Malmö"},"age":"41"}]"#)
    }

    @Test(arguments: [(["--header-rows", "2"], CSVDialect(headerRows: 2)), (["--header-rows", "0"], CSVDialect(hasHeader: false)),
                      (["--trim-whitespace"], CSVDialect(trimsUnquotedWhitespace: true))])
    func theFlagSetsTheDialect(arguments: [String], dialect: CSVDialect) throws {
        let command = try #require(try Serialize.parseAsRoot(["convert", "in.csv", "out.json"] + arguments) as? Serialize.Convert)
        #expect(try command.options.dialect.sourceFormat(named: .csv, data: Data()) == .csv(dialect))
    }

    @Test(arguments: [["--header-rows", "-1"], ["--header-rows", "2", "--no-header"]])
    func aBadHeaderRowsFlagIsRefused(arguments: [String]) {
        #expect(throws: (any Error).self) { try Serialize.parseAsRoot(["convert", "in.csv", "out.json"] + arguments) }
    }

    /// The new remedies are flags `convert` takes.
    @Test(arguments: [
        (Remedy.recoverCSV, "use --recover to repair it and read on, each repair a warning"),
        (Remedy(option: "headerRows", value: "2", effect: "read 2 rows as the header"), "use --header-rows 2 to read 2 rows as the header"),
        (Remedy(option: "trimWhitespace", effect: "trim"), "use --trim-whitespace to trim"),
        (Remedy(option: "escape", value: "\\", effect: "escape"), #"use --escape '\' to escape"#),
    ])
    func newRemediesAreConvertFlags(_ remedy: Remedy, _ text: String) throws {
        #expect(remedy.commandLineText == text)
        _ = try Serialize.parseAsRoot(["convert", "in.csv", "out.json", remedy.flag] + [remedy.flagValue].compactMap { $0 })
    }
}
