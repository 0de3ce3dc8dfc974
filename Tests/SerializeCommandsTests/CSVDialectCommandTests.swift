import ArgumentParser
import Foundation
import SerializeCSV
import Testing
import TestSupport
@testable import SerializeCommands
@testable import SerializeDocument

/// The CSV dialect flags of `convert`: each sets one field of the `CSVDialect` the source
/// `Format` carries.
@Suite struct CSVDialectFlagTests {
    static let flags: [([String], CSVDialect)] = [
        (["--delimiter", ";"], CSVDialect(delimiter: ";")),
        (["--delimiter", "tab"], CSVDialect(delimiter: "\t")),
        (["--quote", "'"], CSVDialect(quote: "'")),
        (["--escape", "\\"], CSVDialect(escape: "\\")),
        (["--encoding", "latin1"], CSVDialect(encoding: .latin1)),
        (["--encoding", "UTF-16BE"], CSVDialect(encoding: .utf16BE)),
        (["--encoding", "cp1252"], CSVDialect(encoding: .windows1252)),
        (["--no-header"], CSVDialect(hasHeader: false)),
        (["--skip-lines", "3"], CSVDialect(skipLines: 3)),
        (["--comment", "#"], CSVDialect(comment: "#")),
        (["--delimiter", "|", "--quote", "'", "--no-header"], CSVDialect(delimiter: "|", quote: "'", hasHeader: false)),
    ]

    @Test(arguments: flags)
    func aFlagSetsItsDialectField(arguments: [String], dialect: CSVDialect) throws {
        let command = try #require(try Serialize.parseAsRoot(["convert", "in.csv", "out.json"] + arguments) as? Serialize.Convert)
        #expect(try command.options.dialect.sourceFormat(named: .csv, data: Data()) == .csv(dialect))
        // Unnamed input read with a dialect flag is CSV in that dialect.
        #expect(try command.options.dialect.sourceFormat(named: nil, data: Data("{}".utf8)) == .csv(dialect))
    }

    @Test(arguments: [
        ["--delimiter", "ab"], ["--skip-lines", "-1"], ["--encoding", "ebcdic"], ["--delimiter", "'", "--quote", "'"],
    ])
    func aBadDialectFlagIsRefused(arguments: [String]) {
        #expect(throws: (any Error).self) { try Serialize.parseAsRoot(["convert", "in.csv", "out.json"] + arguments) }
    }

    @Test(arguments: [["--recover"], ["--delimiter", ";"]])
    func aBatchRefusesWhatItWouldApplySilently(arguments: [String]) {
        #expect(throws: (any Error).self) {
            try Serialize.parseAsRoot(["convert", "--out-dir", "out", "--to", "json", "a.csv", "b.csv"] + arguments)
        }
    }

    @Test func aBatchTakesDialectFlagsWithFromCSV() throws {
        _ = try Serialize.parseAsRoot(["convert", "--out-dir", "out", "--to", "json", "--from", "csv", "--delimiter", ";", "a.csv"])
    }

    @Test func dialectFlagsOnJSONInputAreRefused() throws {
        let command = try #require(try Serialize.parseAsRoot(["convert", "in.json", "out.csv", "--delimiter", ";"]) as? Serialize.Convert)
        #expect(throws: ValidationError.self) { try command.options.dialect.sourceFormat(named: .json, data: Data()) }
    }

    @Test func theToolReadsASemicolonLatin1FileWithAPreamble() throws {
        let input: [UInt8] = Array("Export 2024\nname;city\n".utf8) + Array("Ada;M".utf8) + [0xE1] + Array("laga\n".utf8)
        let run = try BuiltTool.run(
            ["convert", "--from", "csv", "--to", "json", "--compact", "--delimiter", ";", "--encoding", "latin1", "--skip-lines", "1", "-", "-"],
            input: Data(input))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == #"[{"name":"Ada","city":"Málaga"}]"#)
    }
}

/// Sniffing by default: `inspect` and `convert --verbose` say what was found; a strict error
/// names the flag that would get through.
@Suite struct CSVSniffingCommandTests {
    func file(_ bytes: [UInt8], named name: String = "in.csv") throws -> URL {
        let url = try scratchFolder().appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    static let inspected: [(String, [UInt8], String)] = [
        ("preamble and semicolons", Array("Report\nname;city\nAda;\"London; UK\"\nBo;Oslo\n".utf8),
         "detected: encoding utf-8, delimiter ';', quote '\"', header, skip 1 line\nrows: 2"),
        ("tabs, no header", Array("Ada\t1\nBo\t2\n".utf8), "detected: encoding utf-8, delimiter tab, quote '\"', no header\nrows: 2"),
        ("Latin-1", Array("name,city\nAda,M".utf8) + [0xE1] + Array("laga\n".utf8),
         "detected: encoding latin1, delimiter ',', quote '\"', header\nrows: 1"),
    ]

    @Test(arguments: inspected)
    func inspectPrintsTheDetectedDialect(name: String, bytes: [UInt8], expected: String) throws {
        let url = try file(bytes)
        let run = try BuiltTool.run(["inspect", url.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains(expected), "\(run.standardOutput)")
    }

    @Test func aLatin1FallbackIsANoteOnStandardError() throws {
        let url = try file(Array("name\nM".utf8) + [0xE1] + Array("laga\n".utf8))
        let run = try BuiltTool.run(["convert", "--compact", url.path, "-"])
        #expect(run.status == 0)
        #expect(run.standardOutput == #"[{"name":"Málaga"}]"#)
        #expect(run.standardError.contains("in.csv: note: the input is not UTF-8; read as latin1 (use --encoding latin1 to state the encoding)"))
    }

    /// Lines skipped as a preamble are said, without --verbose: a ragged two-line file (a row
    /// longer than its header) reads as a preamble and a header-only table, and the note with
    /// --skip-lines 0 is what gets the error that names the real problem.
    @Test func aSkippedPreambleIsANoteOnStandardError() throws {
        let url = try file(Array("a,b\n1,2,3\n".utf8))
        let run = try BuiltTool.run(["convert", "--compact", url.path, "-"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "[]")
        #expect(run.standardError.hasSuffix("in.csv: note: skipped the first line as a preamble before the table: \"a,b\" (use --skip-lines 0 to read it as part of the table)\n"))
        let asTable = try BuiltTool.run(["convert", "--skip-lines", "0", url.path, "-"])
        #expect(asTable.status == 65)
        #expect(asTable.standardError.contains("in.csv:2:5: error: row has 3 fields but the header names 2 columns"), "\(asTable.standardError)")
        let linted = try BuiltTool.run(["lint", url.path])
        #expect(linted.standardOutput.contains("in.csv: note: skipped the first line as a preamble before the table: \"a,b\""))
    }

    /// A CSV file as Excel saves it for another locale: `sep=;` first, which names the delimiter.
    @Test func excelsSeparatorLineIsReadAndSaid() throws {
        let url = try file(Array("sep=;\r\nname;price\r\nTea;1,50\r\n".utf8))
        let run = try BuiltTool.run(["convert", "--compact", url.path, "-"])
        #expect(run.status == 0 && run.standardOutput == #"[{"name":"Tea","price":"1,50"}]"#, "\(run.standardError)")
        #expect(run.standardError.hasSuffix("in.csv: note: skipped the first line \"sep=;\", which names the delimiter (as Excel writes it)\n"))
        let linted = try BuiltTool.run(["lint", url.path])
        #expect(linted.status == 0 && linted.standardOutput.hasSuffix("in.csv: OK\n"), "\(linted.standardOutput)")
    }

    @Test func verboseSaysWhatWasSniffed() throws {
        let url = try file(Array("a|b\n1|2\n".utf8))
        let run = try BuiltTool.run(["convert", "--verbose", url.path, "-"])
        #expect(run.status == 0)
        #expect(run.standardError.contains("in.csv: note: read as CSV: encoding utf-8, delimiter '|', quote '\"', header"))
    }

    @Test func aStrictErrorNamesTheDelimiterFlag() throws {
        let url = try file(Array("name;city\n\"A\";x\nb;c\n".utf8))
        let run = try BuiltTool.run(["convert", "--delimiter", ",", url.path, "-"])
        #expect(run.status == 65)
        #expect(run.standardError.contains("in.csv:2:4: error: unexpected character after a closing quote"))
        #expect(run.standardError.contains("(use --delimiter ';' to split fields at ;"))
    }
}

/// `convert --recover`: the repaired output, each repair on standard error, the count, status 0.
@Suite struct CSVRecoverCommandTests {
    @Test func repairsArePrintedWithTheirPlacesAndCounted() throws {
        let url = try scratchFolder().appendingPathComponent("in.csv")
        try Data("name,city\nAda,Lon\"don\nBo\n".utf8).write(to: url)
        let run = try BuiltTool.run(["convert", "--recover", "--compact", url.path, "-"])
        #expect(run.status == 0)
        #expect(run.standardOutput == #"[{"name":"Ada","city":"Lon\"don"},{"name":"Bo","city":null}]"#)
        #expect(run.standardError.contains("in.csv:2:8: warning: quote inside an unquoted field (repaired: kept as text)"))
        #expect(run.standardError.contains("in.csv:3:3: warning: row has 1 fields but the header names 2 columns (repaired: padded with empty fields)"))
        #expect(run.standardError.hasSuffix("in.csv: 2 repairs (--recover)\n"))
        let strict = try BuiltTool.run(["convert", url.path, "-"])
        #expect(strict.status == 65)
    }
}

/// The pollution corpus through the tool: `convert --recover` with no dialect flag.
@Suite struct CSVPollutionCommandTests {
    @Test(arguments: ["table 1: latin1+preamble+semicolon", "table 2: mixedLineEnds+noHeader+tab", "table 1: pipe+singleQuote+utf8BOM"])
    func aPollutedFileConvertsToItsCleanTable(name: String) throws {
        let entry = try #require(CSVPollution.corpus.first { $0.name == name })
        let url = try scratchFolder().appendingPathComponent("in.csv")
        try Data(entry.bytes).write(to: url)
        let run = try BuiltTool.run(["convert", "--recover", "--compact", url.path, "-"])
        #expect(run.status == 0, "\(run.standardError)")
        let expected = try CSVFlattening.restore(CSVTable(header: entry.expected.header, rows: entry.expected.rows))
        #expect(run.standardOutput == String(decoding: try Format.json.write(expected, options: FormatOptions(pretty: false)), as: UTF8.self))
    }
}
