import ArgumentParser
import Foundation
import SerializeCSV
import Testing
import TestSupport
@testable import SerializeCommands
@testable import SerializeDocument

/// `--output-delimiter` and `--output-quote`: the CSV `convert` writes is in the dialect they
/// state, and serialize's readers (told the dialect, or sniffing it) and `CSVDecoder` read it back.
@Suite struct CSVOutputCommandTests {
    static let records = #"[{"name":"Ada; Lovelace","rate":"2,5","quote":"say \"hi\""},{"name":"Bo","rate":"3","quote":"é"}]"#

    func file(_ text: String, named name: String) throws -> URL {
        let url = try scratchFolder().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test(arguments: [
        (["--output-delimiter", ";"], CSVDialect(delimiter: ";")),
        (["--output-delimiter", "tab"], CSVDialect(delimiter: "\t")),
        (["--output-quote", "'"], CSVDialect(quote: "'")),
        (["--output-delimiter", "|", "--output-quote", "'"], CSVDialect(delimiter: "|", quote: "'")),
    ])
    func theOutputIsInTheDialectTheFlagsState(arguments: [String], dialect: CSVDialect) throws {
        let input = try file(Self.records, named: "in.json")
        // Tree and streaming paths alike (--sort-keys goes through the tree).
        for extra in [[], ["--sort-keys"]] {
            let run = try BuiltTool.run(["convert", "--to", "csv", input.path, "-"] + arguments + extra)
            #expect(run.status == 0, "\(run.standardError)")
            let written = Data(run.standardOutput.utf8)
            let expected = try Format.csv(dialect).write(try Format.json.read(Data(Self.records.utf8)), options: FormatOptions(sortKeys: !extra.isEmpty))
            #expect(written == expected)
            // Read back in the dialect stated, and by sniffing where the quote is the usual one
            // (sniffing cannot always tell another quote: `say "hi"` is a plain field then).
            let back = try Format.csv(dialect).read(written)
            #expect(back == (try Format.csv.read(try Format.csv.write(try Format.json.read(Data(Self.records.utf8)), options: FormatOptions(sortKeys: !extra.isEmpty)))))
            if dialect.quote == "\"" { #expect(try Format.csv(CSVDialect.sniff(written).dialect).read(written) == back) }
        }
    }

    @Test func aSemicolonFileIsWhatSpreadsheetsAndTheDecoderRead() throws {
        let input = try file(Self.records, named: "in.json")
        let output = try scratchFolder().appendingPathComponent("out.csv")
        let run = try BuiltTool.run(["convert", "--output-delimiter", ";", input.path, output.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "name;rate;quote\r\n\"Ada; Lovelace\";2,5;\"say \"\"hi\"\"\"\r\nBo;3;é\r\n")
        struct Row: Decodable, Equatable { var name: String; var rate: String; var quote: String }
        let rows = try CSVDecoder { $0.dialect = CSVDialect(delimiter: ";") }.decode([Row].self, fromFileAt: output)
        #expect(rows == [Row(name: "Ada; Lovelace", rate: "2,5", quote: #"say "hi""#), Row(name: "Bo", rate: "3", quote: "é")])
        // convert reads it back (sniffed) as the JSON it came from.
        let back = try BuiltTool.run(["convert", "--compact", output.path, "-"])
        #expect(back.standardOutput == Self.records)
    }

    /// `--output-bom`: Excel's UTF-8 sign first, on the streamed path and the tree's alike; the
    /// file reads back (convert, lint, the decoder) as if it had none.
    @Test func theByteOrderMarkFlagWritesOne() throws {
        let input = try file(Self.records, named: "in.json")
        for extra in [[], ["--sort-keys"]] {
            let output = try scratchFolder().appendingPathComponent("out.csv")
            let run = try BuiltTool.run(["convert", "--output-bom", "--output-delimiter", ";", input.path, output.path] + extra)
            #expect(run.status == 0, "\(run.standardError)")
            let bytes = try Data(contentsOf: output)
            #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
            #expect(bytes.dropFirst(3) == (try Format.csv(CSVDialect(delimiter: ";")).write(try Format.json.read(Data(Self.records.utf8)), options: FormatOptions(sortKeys: !extra.isEmpty))))
            // Sniffed, it reads as the same bytes without the mark do.
            let back = try BuiltTool.run(["convert", "--compact", output.path, "-"])
            let withoutMark = try BuiltTool.run(["convert", "--compact", "--delimiter", ";", "-", "-"], input: bytes.dropFirst(3))
            #expect(back.status == 0 && back.standardOutput == withoutMark.standardOutput, "\(back.standardError)")
            if extra.isEmpty { #expect(back.standardOutput == Self.records) }
            let lint = try BuiltTool.run(["lint", output.path])
            #expect(lint.status == 0 && lint.standardOutput.hasSuffix("\(output.path): OK\n"), "\(lint.standardOutput)")
            struct Row: Decodable, Equatable { var name: String; var rate: String; var quote: String }
            #expect(try CSVDecoder { $0.dialect = CSVDialect(delimiter: ";") }.decode([Row].self, fromFileAt: output).count == 2)
        }
    }

    /// CSV to CSV changes the dialect: semicolons in (sniffed), tabs out.
    @Test func csvToCSVChangesTheDialect() throws {
        let input = try file("name;city\r\nAda;\"London, UK\"\r\n", named: "in.csv")
        let run = try BuiltTool.run(["convert", "--output-delimiter", "tab", input.path, "-", "--to", "csv"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "name\tcity\r\nAda\tLondon, UK\r\n")
    }

    @Test func aBatchWritesEveryFileInTheDialect() throws {
        let folder = try scratchFolder()
        let first = try file(#"[{"a":"x;y","b":1}]"#, named: "first.json")
        let second = try file(#"[{"a":"z","b":2}]"#, named: "second.json")
        let run = try BuiltTool.run(["convert", "--out-dir", folder.path, "--to", "csv", "--output-delimiter", ";", first.path, second.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try String(contentsOf: folder.appendingPathComponent("first.csv"), encoding: .utf8) == "a;b\r\n\"x;y\";1\r\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("second.csv"), encoding: .utf8) == "a;b\r\nz;2\r\n")
    }

    @Test(arguments: [
        (["in.json", "out.plist", "--output-delimiter", ";"], "--output-delimiter, --output-quote and --output-bom apply to CSV output; the output is XML property list"),
        (["in.json", "-", "--output-quote", "'"], "--output-delimiter, --output-quote and --output-bom apply to CSV output; the output is JSON"),
        (["in.json", "out.csv", "--output-delimiter", "\""], "the output's delimiter and quote must differ (both are '\"')"),
        (["in.tsv", "out.tsv", "--output-quote", "tab"], "the output's delimiter and quote must differ (both are tab)"),
        (["in.json", "out.csv", "--output-delimiter", "ab"], "The value 'ab' is invalid for '--output-delimiter <char>'"),
        (["--out-dir", "out", "--to", "json", "--output-delimiter", ";", "a.csv"], "--output-delimiter, --output-quote and --output-bom apply to CSV output; the output is JSON"),
        (["in.csv", "out.json", "--output-bom"], "--output-delimiter, --output-quote and --output-bom apply to CSV output; the output is JSON"),
    ])
    func flagsThatCannotApplyAreRefused(arguments: [String], message: String) {
        do {
            _ = try Serialize.parseAsRoot(["convert"] + arguments)
            Issue.record("accepted \(arguments)")
        } catch {
            #expect(Serialize.message(for: error).contains(message), "\(Serialize.message(for: error))")
        }
    }
}
