import Foundation
import SerializeCSV
import SerializeCore
import Testing
import TestSupport
@testable import SerializeCommands
@testable import SerializeDocument

/// One pollution family of issue 12: a fixture in `Fixtures/csv-wild/`, what sniffing finds,
/// what strict reading does (reads it right, or a located error naming the flag that gets
/// through) and what `--recover` does (the repaired table and each warning).
struct CSVFamily: Sendable, CustomTestStringConvertible {
    enum Strict: Sendable {
        /// Strict reading with sniffing gives this compact JSON.
        case reads(String)
        /// Strict reading refuses at `line:column` with this message and remedy.
        case refused(at: String, message: String, remedy: Remedy)
    }

    var family: String
    var fixture: String
    /// Part of `CSVSniff.summary` the fixture must sniff as.
    var sniffed: String
    var strict: Strict
    /// The compact JSON `--recover` gives.
    var recovered: String
    /// Each warning of `--recover`, as `line:column: message`.
    var warnings: [String] = []

    var testDescription: String { family }
    var path: String { Fixtures.url("csv-wild/\(fixture)").path }
    var data: Data { get throws { try Data(contentsOf: URL(fileURLWithPath: path)) } }
}

@Suite struct CSVFamilyTests {
    static let people = #"[{"name":"Ada","city":"London","age":"36"},{"name":"Bo","city":"Malmö","age":"41"}]"#
    static func notes(_ last: String) -> String { #"[{"name":"Ada","city":"London","note":"\#(last)"},{"name":"Bo","city":"Malmö","note":"plain"}]"# }
    static let recover = Remedy.recoverCSV
    static let recoverText = "use --recover to repair it and read on, each repair a warning"

    static let families: [CSVFamily] = [
        CSVFamily(family: "delimiter ;", fixture: "delimiter-semicolon.csv", sniffed: "delimiter ';'", strict: .reads(notes("a; b")), recovered: notes("a; b")),
        CSVFamily(family: "delimiter tab", fixture: "delimiter-tab.csv", sniffed: "delimiter tab", strict: .reads(notes(#"a\tb"#)), recovered: notes(#"a\tb"#)),
        CSVFamily(family: "delimiter space", fixture: "delimiter-space.csv", sniffed: "delimiter ' '", strict: .reads(notes("a b")), recovered: notes("a b")),
        CSVFamily(family: "delimiter |", fixture: "delimiter-pipe.csv", sniffed: "delimiter '|'", strict: .reads(notes("a|b")), recovered: notes("a|b")),
        CSVFamily(family: "delimiter , and a space", fixture: "delimiter-comma-space.csv", sniffed: "delimiter ',', quote '\"', header, trim blanks around fields",
                  strict: .reads(notes("a, b")), recovered: notes("a, b")),
        CSVFamily(family: "quote '", fixture: "quote-single.csv", sniffed: "quote '''",
                  strict: .reads(#"[{"name":"Ada","city":"London","note":"a, b"},{"name":"Bo","city":"Malmö","note":"it's"}]"#),
                  recovered: #"[{"name":"Ada","city":"London","note":"a, b"},{"name":"Bo","city":"Malmö","note":"it's"}]"#),
        CSVFamily(family: "escape by backslash", fixture: "escape-backslash.csv", sniffed: "escape '\\'",
                  strict: .reads(notes(#"say \"hi\""#)), recovered: notes(#"say \"hi\""#)),
        CSVFamily(family: "no quoting where needed", fixture: "unquoted-delimiter.csv", sniffed: "delimiter ','",
                  strict: .refused(at: "2:16", message: "row has 4 fields but the header names 3 columns", remedy: recover),
                  recovered: #"[{"name":"Ada","city":"London","age":" UK","extra1":"36"},{"name":"Bo","city":"Malmö","age":"41","extra1":null}]"#,
                  warnings: ["2:16: row has 4 fields but the header names 3 columns (repaired: the extra fields kept under extra1)"]),
        CSVFamily(family: "stray or unbalanced quotes", fixture: "stray-quotes.csv", sniffed: "delimiter ','",
                  strict: .refused(at: "2:6", message: "quote inside an unquoted field; quote the whole field and double the inner quote", remedy: recover),
                  recovered: #"[{"name":"Ada","height":"5\" 6","note":"ok"},{"name":"Bo","height":"6","note":"open"}]"#,
                  warnings: ["2:6: quote inside an unquoted field (repaired: kept as text)", "3:6: unterminated quoted field (repaired: closed at the end of the input)"]),
        CSVFamily(family: "extra or missing separators", fixture: "ragged-rows.csv", sniffed: "delimiter ','",
                  strict: .refused(at: "2:15", message: "row has 4 fields but the header names 3 columns", remedy: recover),
                  recovered: #"[{"name":"Ada","city":"London","age":"36","extra1":"extra"},{"name":"Bo","city":"Malmö","age":null,"extra1":null},{"name":"Cy","city":"Oslo","age":"29","extra1":null}]"#,
                  warnings: ["2:15: row has 4 fields but the header names 3 columns (repaired: the extra fields kept under extra1)",
                             "3:9: row has 2 fields but the header names 3 columns (repaired: padded with empty fields)"]),
        CSVFamily(family: "preamble lines", fixture: "preamble.csv", sniffed: "header, skip 2 lines", strict: .reads(people), recovered: people),
        CSVFamily(family: "several header rows", fixture: "header-rows.csv", sniffed: "header",
                  strict: .refused(at: "1:14", message: "column 3 has no name in the header",
                                   remedy: Remedy(option: "headerRows", value: "2", effect: "read 2 rows as the header, a group name carried over the empty cells after it")),
                  recovered: #"[{"name":null,"address":"street","column3":"city","age":null},{"name":"Ada","address":"1 Main St","column3":"London","age":"36"},{"name":"Bo","address":"2 High St","column3":"Malmö","age":"41"}]"#,
                  warnings: ["1:14: column 3 has no name (repaired: named 'column3')"]),
        CSVFamily(family: "no header", fixture: "no-header.csv", sniffed: "no header",
                  strict: .reads(#"[{"column1":"Ada","column2":"London","column3":"36"},{"column1":"Bo","column2":"Malmö","column3":"41"},{"column1":"Cy","column2":"Oslo","column3":"29"}]"#),
                  recovered: #"[{"column1":"Ada","column2":"London","column3":"36"},{"column1":"Bo","column2":"Malmö","column3":"41"},{"column1":"Cy","column2":"Oslo","column3":"29"}]"#),
        CSVFamily(family: "header only", fixture: "header-only.csv", sniffed: "header", strict: .reads("[]"), recovered: "[]"),
        CSVFamily(family: "empty lines", fixture: "empty-lines.csv", sniffed: "header", strict: .reads(people), recovered: people),
        CSVFamily(family: "trailing footnotes", fixture: "footnotes.csv", sniffed: "header",
                  strict: .refused(at: "4:20", message: "row has 1 field but the header names 3 columns", remedy: recover), recovered: people,
                  warnings: ["4:1: 2 rows after the table (lines 4–5) look like footnotes or another table (repaired: left out of the table)"]),
        CSVFamily(family: "several tables", fixture: "two-tables.csv", sniffed: "header",
                  strict: .refused(at: "5:9", message: "row has 2 fields but the header names 3 columns", remedy: recover), recovered: people,
                  warnings: ["5:1: 3 rows after the table (lines 5–7) look like footnotes or another table (repaired: left out of the table)"]),
        CSVFamily(family: "whitespace around fields", fixture: "whitespace.csv", sniffed: "trim blanks around fields",
                  strict: .reads(#"[{"name":"Ada","city":"London","age":"36"},{"name":"Bo","city":"Malmö, SE","age":"41"}]"#),
                  recovered: #"[{"name":"Ada","city":"London","age":"36"},{"name":"Bo","city":"Malmö, SE","age":"41"}]"#),
        CSVFamily(family: "CR, LF and CRLF mixed", fixture: "mixed-line-ends.csv", sniffed: "header",
                  strict: .reads(#"[{"name":"Ada","city":"London","age":"36"},{"name":"Bo","city":"Malmö","age":"41"},{"name":"Cy","city":"Oslo","age":"29"}]"#),
                  recovered: #"[{"name":"Ada","city":"London","age":"36"},{"name":"Bo","city":"Malmö","age":"41"},{"name":"Cy","city":"Oslo","age":"29"}]"#),
        CSVFamily(family: "BOM", fixture: "bom.csv", sniffed: "encoding utf-8", strict: .reads(people), recovered: people),
        CSVFamily(family: "UTF-16", fixture: "utf16.csv", sniffed: "encoding utf-16le", strict: .reads(people), recovered: people),
        CSVFamily(family: "Latin-1", fixture: "latin1.csv", sniffed: "encoding latin1",
                  strict: .reads(#"[{"name":"Ada","city":"Zürich","age":"36"},{"name":"René","city":"Málaga","age":"41"}]"#),
                  recovered: #"[{"name":"Ada","city":"Zürich","age":"36"},{"name":"René","city":"Málaga","age":"41"}]"#),
        CSVFamily(family: "Windows-1252", fixture: "windows-1252.csv", sniffed: "encoding windows-1252",
                  strict: .reads(#"[{"name":"Ada","city":"London","note":"“quoted”"},{"name":"Bo","city":"Malmö","note":"50 €"}]"#),
                  recovered: #"[{"name":"Ada","city":"London","note":"“quoted”"},{"name":"Bo","city":"Malmö","note":"50 €"}]"#),
    ]

    static func json(_ document: Document) throws -> String {
        String(decoding: try Format.json.write(document, options: FormatOptions(pretty: false)), as: UTF8.self)
    }

    /// Every fixture of the folder is in the table, and every family of the issue has one.
    @Test func everyFixtureHasAFamily() throws {
        let files = try Fixtures.files(in: "csv-wild", withExtension: "csv").map(\.lastPathComponent)
        #expect(Set(files) == Set(Self.families.map(\.fixture)))
    }

    @Test(arguments: families)
    func sniffingFindsTheDialect(_ family: CSVFamily) throws {
        let summary = CSVDialect.sniff(try family.data).summary
        #expect(summary.contains(family.sniffed), "\(summary)")
    }

    /// Strict mode with sniffing, in the library (`Format.read`) and through `serialize convert`.
    @Test(arguments: families)
    func strictReadsItRightOrNamesTheFlag(_ family: CSVFamily) throws {
        let data = try family.data
        let format = Format.csv(CSVDialect.sniff(data).dialect)
        let run = try BuiltTool.run(["convert", "--compact", family.path, "-"])
        switch family.strict {
        case let .reads(expected):
            #expect(try Self.json(format.read(data)) == expected)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput == expected)
            #expect(!run.standardError.contains("error:"))
        case let .refused(at, message, remedy):
            #expect {
                _ = try format.read(data)
            } throws: { error in
                let error = error as? Diagnostic
                return error?.location?.description == at && error?.message == message && error?.remedy == remedy
            }
            #expect(run.status == 65)
            #expect(run.standardError == "\(family.path):\(at): error: \(message) (\(remedy.commandLineText))\n")
        }
    }

    /// `--recover` with sniffing, in the library (`FormatOptions.recoverCSV`) and through the tool.
    @Test(arguments: families)
    func recoverGivesTheRepairedTableAndEachWarning(_ family: CSVFamily) throws {
        let data = try family.data
        var warnings: [Diagnostic] = []
        let document = try Format.csv(CSVDialect.sniff(data).dialect).read(data, options: FormatOptions(recoverCSV: true), warnings: &warnings)
        #expect(try Self.json(document) == family.recovered)
        #expect(warnings.map { "\($0.location?.description ?? ""): \($0.message)" } == family.warnings)
        #expect(warnings.allSatisfy { $0.severity == .warning })

        let run = try BuiltTool.run(["convert", "--recover", "--compact", family.path, "-"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == family.recovered)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains(": warning: ") } == family.warnings.map { warning in
            let (place, message) = (warning.prefix { $0 != " " }.dropLast(), warning.drop { $0 != " " }.dropFirst())
            return "\(family.path):\(place): warning: \(message)"
        })
        let count = family.warnings.count
        #expect(lines.last == "\(family.path): \(count) repair\(count == 1 ? "" : "s") (--recover)")
    }

    /// A delimiter given wrong is a located error naming the delimiter the file looks like it uses.
    @Test(arguments: [("delimiter-semicolon.csv", ",", "';'"), ("delimiter-tab.csv", ",", "tab"), ("delimiter-space.csv", ",", "' '"),
                      ("delimiter-pipe.csv", ";", "'|'"), ("delimiter-comma-space.csv", ";", "','")])
    func aWrongDelimiterNamesTheSniffedOne(fixture: String, given: String, named: String) throws {
        let path = Fixtures.url("csv-wild/\(fixture)").path
        let run = try BuiltTool.run(["convert", "--delimiter", given, path, "-"])
        #expect(run.status == 65)
        #expect(run.standardError.contains(": error: "))
        #expect(run.standardError.contains("(use --delimiter \(named) to split fields at "), "\(run.standardError)")
    }
}
