import Testing
@testable import SerializeCSV

@Suite struct CSVDialectTests {
    @Test func defaultsAreRFC4180() {
        let dialect = CSVDialect()
        #expect(dialect == .rfc4180)
        #expect(dialect.delimiter == ",")
        #expect(dialect.quote == "\"")
        #expect(dialect.hasHeader)
        #expect(!dialect.trimsUnquotedWhitespace)
    }

    @Test func tsvUsesATab() {
        #expect(CSVDialect.tsv.delimiter == "\t")
        #expect(CSVDialect.tsv != .rfc4180)
    }
}
