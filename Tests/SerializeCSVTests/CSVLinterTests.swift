import Foundation
import SerializeCore
import Testing
@testable import SerializeCSV

/// `CSVLinter`: every problem in one pass.
@Suite struct CSVLinterTests {
    static func lines(_ text: String, dialect: CSVDialect? = nil) -> [String] {
        CSVLinter(dialect: dialect).lint(Data(text.utf8)).findings.map { "\($0.location?.description ?? "-") \($0.severity.rawValue) \($0.code)" }
    }

    @Test func everyProblemIsReportedInOnePass() {
        let text = "name,,name\r\nAda,\"x\"y,1\nBo\nCy,a\"b,2,3\n\nDe,e,4\n"
        #expect(Self.lines(text) == [
            "- note csvDialect",
            "1:6 error emptyColumnName",
            "1:7 error duplicateColumn",
            "2:1 note mixedLineEnds",
            "2:8 error unexpectedCharacterAfterQuote",
            "3:3 error fieldCountMismatch",
            "4:5 error quoteInUnquotedField",
            "4:10 error fieldCountMismatch",
            "5:1 note emptyLines",
        ])
    }

    @Test func aCleanFileHasOnlyTheDialectNote() {
        let report = CSVLinter().lint(Data("a;b\n1;2\n".utf8), sourceName: "in.csv")
        #expect(report.isClean)
        #expect(report.findings.map(\.message) == [#"read as CSV: encoding utf-8, delimiter ';', quote '"', header"#])
        #expect(report.findings.first?.file == "in.csv")
        #expect(report.dialect.delimiter == ";")
    }

    /// Each error names recovery with the repair it makes; a trailing block is a warning.
    @Test func errorsNameTheirRemedy() {
        let report = CSVLinter().lint(Data("a,b,c\n1,2\n3,4,5\n\nnote: x\n".utf8))
        #expect(!report.isClean)
        let short = report.findings.first { $0.code == .fieldCountMismatch }
        #expect(short?.remedy == .recoverCSV(repair: "padded with empty fields"))
        let block = report.findings.first { $0.code == .trailingBlock }
        #expect(block?.severity == .warning)
        #expect(block?.location?.line == 5)
        #expect(block?.remedy == .recoverCSV(repair: "left out of the table"))
    }

    /// With a dialect given, errors come with a note naming the dialect the input looks like.
    @Test func aWrongDialectGetsTheSniffedOneAsANote() {
        let report = CSVLinter(dialect: CSVDialect()).lint(Data("a;b\n\"x\";y\n1;2\n".utf8))
        #expect(report.findings.first?.code == .unexpectedCharacterAfterQuote)
        #expect(report.findings.last?.remedy?.option == "delimiter")
        #expect(report.findings.last?.remedy?.value == ";")
    }

    /// Bytes that are not UTF-8, in a file stated to be UTF-8, are each an error at the byte.
    @Test func badBytesForTheEncodingAreErrors() {
        let data = Data("a,b\nx".utf8) + Data([0xFF]) + Data(",y\nz,w".utf8) + Data([0xFE]) + Data("\n".utf8)
        let report = CSVLinter(dialect: CSVDialect()).lint(data)
        let bad = report.findings.filter { $0.code == .invalidUTF8 }
        #expect(bad.map { $0.location?.description } == ["2:2", "3:4"])
        #expect(bad.allSatisfy { $0.severity == .error && $0.remedy == .recoverCSV(repair: "each bad byte replaced with U+FFFD") })
        // Sniffed, the same bytes read as Latin-1, with a note saying so.
        #expect(CSVLinter().lint(data).findings.contains { $0.severity == .note && $0.code == .invalidUTF8 })
    }

    @Test func anInputThatDoesNotDecodeIsOneError() {
        let report = CSVLinter(dialect: CSVDialect(encoding: .utf16LE)).lint(Data([0x61, 0x00, 0x62]))
        #expect(report.findings.map(\.code).contains(.invalidUTF8))
        #expect(!report.isClean)
    }
}
