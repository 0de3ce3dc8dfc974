import Foundation
import SerializeCSV
import SerializeCore
import SerializeDocument
import Testing

/// `Format.csv(dialect)`: the document reader and writer honour the whole dialect.
@Suite struct FormatDialectTests {
    static let rows: Document = [["name": "Ada", "city": "London; UK"], ["name": "Bo", "city": "Oslo"]]

    @Test func aSemicolonDialectWritesAndReadsBack() throws {
        let semicolons = Format.csv(CSVDialect(delimiter: ";"))
        let text = String(decoding: try semicolons.write(Self.rows), as: UTF8.self)
        #expect(text == "name;city\r\nAda;\"London; UK\"\r\nBo;Oslo\r\n")
        #expect(try semicolons.read(Data(text.utf8)) == Self.rows)
        #expect(try Format.json.convert(try Format.json.write(Self.rows), to: semicolons) == Data(text.utf8))
    }

    @Test func tsvIsTheTabDialect() throws {
        #expect(Format.tsv == .csv(.tsv))
        #expect(String(decoding: try Format.tsv.write(Self.rows), as: UTF8.self).hasPrefix("name\tcity\r\n"))
    }

    @Test(arguments: [CSVDialect(quote: "'"), CSVDialect(delimiter: "·"), CSVDialect(delimiter: "|", quote: "'"), CSVDialect(trimsUnquotedWhitespace: true)])
    func everyDialectWritesAndReadsBack(dialect: CSVDialect) throws {
        let data = try Format.csv(dialect).write(Self.rows)
        #expect(try Format.csv(dialect).read(data) == Self.rows)
    }

    @Test func withoutAHeaderTheColumnsAreNumberedAndNoHeaderIsWritten() throws {
        let dialect = CSVDialect(hasHeader: false)
        #expect(try Format.csv(dialect).read(Data("Ada,London\nBo,Oslo\n".utf8))
            == [["column1": "Ada", "column2": "London"], ["column1": "Bo", "column2": "Oslo"]])
        // The first row's width names the columns: a longer row is refused like a short one.
        #expect(throws: Diagnostic.self) { _ = try Format.csv(dialect).read(Data("Ada,London\nBo,Oslo,NO\n".utf8)) }
        #expect(throws: Diagnostic.self) { _ = try Format.csv(dialect).read(Data("Ada,London\nBo\n".utf8)) }
        #expect(String(decoding: try Format.csv(dialect).write(Self.rows), as: UTF8.self) == "Ada,London; UK\r\nBo,Oslo\r\n")
    }

    /// Each dialect knob over a fixture: the text in that dialect reads as `name,city` rows.
    static let readings: [(String, CSVDialect, [UInt8])] = [
        ("escape", CSVDialect(escape: "\\"), Array("name,city\n\"A\\\"da\",\"Lon\\\\don\"\n".utf8)),
        ("comment", CSVDialect(comment: "#"), Array("# exported\nname,city\n#note\nAda,London\n".utf8)),
        ("skip lines", CSVDialect(skipLines: 2), Array("Report\n\"2024, Q1\"\nname,city\nAda,London\n".utf8)),
        ("latin1", CSVDialect(encoding: .latin1), [0x6E, 0x61, 0x6D, 0x65, 0x2C, 0x63, 0x69, 0x74, 0x79, 0x0A, 0x41, 0x64, 0x61, 0x2C, 0x4D, 0xE1, 0x6C, 0x61, 0x67, 0x61, 0x0A]),
        ("windows-1252", CSVDialect(encoding: .windows1252), Array("name,city\nAda,".utf8) + [0x80, 0x0A]),
        ("utf-16le with BOM", CSVDialect(encoding: .utf16LE), [0xFF, 0xFE] + Array("name,city\nAda,Zürich\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
        ("utf-16be", CSVDialect(encoding: .utf16BE), Array("name,city\nAda,😀\n".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
        ("utf-32", CSVDialect(encoding: .utf32), Array("name,city\nAda,Oslo\n".unicodeScalars).flatMap { s in (0..<4).map { UInt8((s.value >> (8 * $0)) & 0xFF) } }),
    ]
    static let expected: [String: String] = [
        "escape": "Lon\\don", "comment": "London", "skip lines": "London", "latin1": "Málaga", "windows-1252": "€",
        "utf-16le with BOM": "Zürich", "utf-16be": "😀", "utf-32": "Oslo",
    ]

    @Test(arguments: readings)
    func aDialectKnobIsHonouredOnRead(name: String, dialect: CSVDialect, bytes: [UInt8]) throws {
        let document = try Format.csv(dialect).read(Data(bytes))
        let name0: Document = name == "escape" ? "A\"da" : "Ada"
        #expect(document == [["name": name0, "city": .string(Self.expected[name] ?? "?")]])
    }

    @Test func aCommentLineKeepsTheLineNumbersOfLaterErrors() {
        #expect {
            _ = try Format.csv(CSVDialect(comment: "#", skipLines: 1)).read(Data("title\n#c\nname,city\nAda,\"x\"y\n".utf8))
        } throws: { error in
            (error as? Diagnostic)?.location?.line == 4
        }
    }

    @Test func aCutUTF16InputIsALocatedError() {
        #expect {
            _ = try Format.csv(CSVDialect(encoding: .utf16LE)).read(Data([0x61, 0x00, 0x62]))
        } throws: { error in
            (error as? Diagnostic)?.code == .invalidUTF8 && (error as? Diagnostic)?.location?.byteOffset == 2
        }
    }
}

/// A strict reading error names the dialect field the file looks like it needs.
@Suite struct CSVDialectRemedyTests {
    static let cases: [(String, CSVDialect, Remedy?)] = [
        ("name;city\n\"A\";x\nb;c\n", CSVDialect(), Remedy(option: "delimiter", value: ";", effect: "split fields at ; (the delimiter the file looks like it uses)")),
        ("name,city\n'a,b','c'\nd,e\n", CSVDialect(quote: "|"), Remedy(option: "quote", value: "'", effect: "")),
        // The dialect is right: recovery is what gets through.
        ("name,city\na\"b,c\n", CSVDialect(), .recoverCSV),
    ]

    @Test(arguments: cases)
    func theRemedyNamesTheSniffedField(text: String, dialect: CSVDialect, remedy: Remedy?) {
        #expect {
            _ = try Format.csv(dialect).read(Data(text.utf8))
        } throws: { error in
            (error as? Diagnostic)?.remedy?.option == remedy?.option && (error as? Diagnostic)?.remedy?.value == remedy?.value
        }
    }
}

/// Short and long rows alike, header-only in and out, empty and duplicate column names.
@Suite struct CSVConsistencyTests {
    static let refused: [(String, String, Diagnostic.Code, Int, Int)] = [
        ("short row", "a,b\n1\n", .fieldCountMismatch, 2, 2),
        ("long row", "a,b\n1,2,3\n", .fieldCountMismatch, 2, 5),
        ("duplicate column", "id,name,name\n1,a,b\n", .duplicateColumn, 1, 9),
        ("empty column", "id,,name\n1,a,b\n", .emptyColumnName, 1, 4),
    ]

    @Test(arguments: refused)
    func aRowOrHeaderOutOfShapeIsALocatedError(name: String, text: String, code: Diagnostic.Code, line: Int, column: Int) {
        #expect {
            _ = try Format.csv.read(Data(text.utf8))
        } throws: { error in
            let diagnostic = error as? Diagnostic
            return diagnostic?.code == code && diagnostic?.location?.line == line && diagnostic?.location?.column == column
        }
    }

    @Test(arguments: ["a,b\n", "a,b\r\n", "a,b"])
    func aHeaderOnlyFileKeepsItsHeader(text: String) throws {
        #expect(try Format.csv.read(Data(text.utf8)) == [])
        #expect(try Format.csv.convert(Data(text.utf8), to: .json, writing: FormatOptions(pretty: false)) == Data("[]".utf8))
        #expect(try Format.csv.convert(Data(text.utf8), to: .csv) == Data("a,b\r\n".utf8))
        #expect(try Format.csv.convert(Data(text.utf8), to: .tsv) == Data("a\tb\r\n".utf8))
    }
}
