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
