import Foundation
import SerializeCSV
import SerializeCore
import SerializeDocument
import Testing

/// `Format.csv(dialect)`: the document reader and writer honour the delimiter, and refuse by
/// name a dialect they would otherwise ignore part of.
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

    @Test(arguments: [CSVDialect(quote: "'"), CSVDialect(hasHeader: false), CSVDialect(delimiter: "·"), CSVDialect(trimsUnquotedWhitespace: true)])
    func aDialectTheDocumentLayerCannotHonourIsRefused(dialect: CSVDialect) {
        #expect {
            _ = try Format.csv(dialect).write(Self.rows)
        } throws: { error in
            (error as? Diagnostic)?.code == .unsupported && "\(error)".contains("needs SerializeCSV's CSVReader and CSVWriter")
        }
        #expect(throws: Diagnostic.self) { _ = try Format.csv(dialect).read(Data("a\n1\n".utf8)) }
    }
}
