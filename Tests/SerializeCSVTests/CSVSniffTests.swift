import Foundation
import SerializeCore
import Testing
@testable import SerializeCSV

/// `CSVDialect.sniff(_:)`: the dialect a sample suggests, one knob a row.
@Suite struct CSVSniffTests {
    static let samples: [(String, [UInt8], CSVDialect)] = [
        ("RFC 4180", Array("name,city\nAda,\"London, UK\"\nBo,Oslo\n".utf8), CSVDialect()),
        ("semicolons", Array("name;city\nAda;\"London; UK\"\nBo;Oslo\n".utf8), CSVDialect(delimiter: ";")),
        ("tabs", Array("name\tcity\nAda\tLondon\n".utf8), CSVDialect(delimiter: "\t")),
        ("pipes and single quotes", Array("name|city\n'Ada'|'London|UK'\n'Bo'|'Oslo'\n".utf8), CSVDialect(delimiter: "|", quote: "'")),
        ("no header", Array("Ada,1,2.5\nBo,2,3\nCy,3,4\n".utf8), CSVDialect(hasHeader: false)),
        ("numbers under a header", Array("name,age\nAda,36\nBo,41\n".utf8), CSVDialect()),
        ("preamble", Array("Sales report\nexported today\nname,age\nAda,36\nBo,41\n".utf8), CSVDialect(skipLines: 2)),
        ("UTF-8 BOM", [0xEF, 0xBB, 0xBF] + Array("name,city\nAda,Oslo\n".utf8), CSVDialect()),
        ("UTF-16LE BOM", [0xFF, 0xFE] + Array("name;city\nAda;Oslo\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
            CSVDialect(delimiter: ";", encoding: .utf16LE)),
        ("Latin-1", Array("name,city\nAda,M".utf8) + [0xE1] + Array("laga\n".utf8), CSVDialect(encoding: .latin1)),
        ("Windows-1252", Array("name,price\nAda,".utf8) + [0x80] + Array("5\n".utf8), CSVDialect(encoding: .windows1252)),
    ]

    @Test(arguments: samples)
    func sniffsTheDialect(name: String, bytes: [UInt8], expected: CSVDialect) {
        #expect(CSVDialect.sniff(bytes).dialect == expected)
    }

    @Test func aLatin1FallbackIsReportedAsANote() {
        let sniff = CSVDialect.sniff(Array("a\n".utf8) + [0xE9, 0x0A])
        #expect(sniff.notes.map(\.severity) == [.note])
        #expect(sniff.notes.first?.remedy == Remedy(option: "encoding", value: "latin1", effect: "state the encoding"))
        #expect(CSVDialect.sniff(Array("a,b\n1,2\n".utf8)).notes.isEmpty)
    }

    /// Skipping lines leaves part of the file out, so the guess is said: a note quoting the
    /// first skipped line, with the flag that reads the lines as the table. `a,b` above one
    /// longer row reads as a header-only table after a preamble, or as a row too long for its
    /// header: the note is what tells the two apart for the reader.
    @Test func aSkippedPreambleIsSaidWithItsFirstLine() throws {
        let report = CSVDialect.sniff(Array("Sales report\nexported today\nname,age\nAda,36\n".utf8))
        #expect(report.dialect.skipLines == 2)
        let note = try #require(report.notes.first { $0.code == .csvPreamble })
        #expect(note.severity == .note)
        #expect(note.message == "skipped the first 2 lines as a preamble before the table (the first: \"Sales report\")")
        #expect(note.remedy == Remedy(option: "skipLines", value: "0", effect: "read them as part of the table"))
        let ragged = CSVDialect.sniff(Array("a,b\n1,2,3\n".utf8))
        #expect(ragged.dialect.skipLines == 1)
        #expect(ragged.notes.map(\.message) == ["skipped the first line as a preamble before the table: \"a,b\""])
        // A long first line is cut.
        let long = String(repeating: "x", count: 70)
        let cut = CSVDialect.sniff(Array("\(long)\nname,age\nAda,36\nBo,41\n".utf8))
        #expect(cut.notes.first?.message == "skipped the first line as a preamble before the table: \"\(String(repeating: "x", count: 60))…\"")
        #expect(CSVDialect.sniff(Array("name,age\nAda,36\n".utf8)).notes.isEmpty)
    }

    /// Excel's first line `sep=;` names the delimiter; the line is skipped, and said. Anything
    /// else on the line (`sep=;;`, `separator=;`) is no such line.
    @Test func excelsSeparatorLineNamesTheDelimiter() throws {
        let excel = CSVDialect.sniff(Array("sep=;\r\nname;price\r\nTea;1,50\r\n".utf8))
        #expect(excel.dialect == CSVDialect(delimiter: ";", skipLines: 1))
        #expect(excel.notes.map(\.message) == ["skipped the first line \"sep=;\", which names the delimiter (as Excel writes it)"])
        #expect(CSVDialect.sniff(Array("SEP=|\nname|price\nTea|1\n".utf8)).dialect == CSVDialect(delimiter: "|", skipLines: 1))
        let table = try CSVReader(data: Data("sep=;\nname;price\nTea;1,50\n".utf8), configuration: .init(dialect: excel.dialect)).readAllRows()
        #expect(table == [["Tea", "1,50"]])
        for text in ["sep=;;\na;b\n1;2\n", "separator=;\na;b\n1;2\n", "sep=\"\na,b\n1,2\n"] {
            #expect(!CSVDialect.sniff(Array(text.utf8)).notes.contains { $0.message.contains("Excel") }, "\(text)")
        }
    }

    @Test func aMultibyteSequenceCutByTheSampleEndIsStillUTF8() {
        let bytes = Array(repeating: UInt8(ascii: "a"), count: CSVDialect.sniffSampleSize - 1) + Array("é\n".utf8)
        #expect(CSVDialect.sniff(bytes).dialect.encoding == .utf8)
    }

    @Test func theSummaryNamesEveryGuess() {
        #expect(CSVSniff(dialect: CSVDialect(delimiter: "\t", hasHeader: false, skipLines: 1), notes: []).summary
            == "encoding utf-8, delimiter tab, quote '\"', no header, skip 1 line")
    }
}
