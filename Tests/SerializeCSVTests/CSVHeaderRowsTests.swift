import Foundation
import SerializeCore
import Testing
@testable import SerializeCSV

/// Several header rows (`CSVDialect.headerRows`): one rule combines them into one name a column.
@Suite struct CSVHeaderRowsTests {
    static let combined: [([[String]], [String])] = [
        // A group carried right over the empty cells after it, joined to the row below with `.`.
        ([["id", "address", ""], ["", "street", "city"]], ["id", "address.street", "address.city"]),
        // Three rows: each upper row carries, the rows below nest deeper.
        ([["a", "", ""], ["x", "", "y"], ["1", "2", "3"]], ["a.x.1", "a.x.2", "a.y.3"]),
        // A carried cell stops where the row above starts another group.
        ([["g", "", "h"], ["p", "", ""], ["1", "2", "3"]], ["g.p.1", "g.p.2", "h.3"]),
        // The last row is never carried: an empty cell there names the group alone.
        ([["name", "total"], ["", ""]], ["name", "total"]),
        // Each part is a key: a `.` inside one is escaped (CSVColumnName).
        ([["a.b", ""], ["c", "d"]], [#"a\.b.c"#, #"a\.b.d"#]),
        // One row is the header as it is.
        ([["a", "", "b"]], ["a", "", "b"]),
        // Rows of different widths: the missing cells are empty.
        ([["a", "b"], ["x", "y", "z"]], ["a.x", "b.y", "b.z"]),
    ]

    @Test(arguments: combined)
    func headerRowsCombineByTheOneRule(rows: [[String]], names: [String]) {
        #expect(CSVColumnName.combining(headerRows: rows) == names)
    }

    @Test func theReaderReadsSeveralHeaderRowsAsOne() throws {
        let reader = try CSVReader(string: ",address,\nname,street,city\nAda,1 Main St,London\n",
                                   configuration: .init(dialect: CSVDialect(headerRows: 2)))
        #expect(reader.header == ["name", "address.street", "address.city"])
        #expect(try reader.readAllRows() == [["Ada", "1 Main St", "London"]])
    }

    @Test func aHeaderShorterThanItsRowsCountIsTheWholeInput() throws {
        let reader = try CSVReader(string: "a,b\n", configuration: .init(dialect: CSVDialect(headerRows: 3)))
        #expect(reader.header == ["a", "b"])
        #expect(try reader.readRow() == nil)
    }

    // The Codable coder nesting the combined names: DocumentationTests' CSVInTheWildSampleTests.
}

/// The sniffing rules for a space delimiter, a backslash escape and blanks around fields.
@Suite struct CSVSniffWildTests {
    static let cases: [(String, String)] = [
        // A one-column file of text with spaces stays one column (the header has no space).
        ("name\nAda Lovelace\nBo Smith\n", "delimiter ','"),
        ("a b\n1 2\n3 4\n", "delimiter ' '"),
        // A backslash before a closing quote is no escape.
        ("path,n\n\"C:\\\",1\n", #"delimiter ',', quote '"', header"#),
        ("a,b\n\"x \\\"y\\\"\",1\n", "escape '\\'"),
        // Blanks beside most delimiters trim; a space inside a value does not.
        ("a, b\n1, 2\n", "trim blanks around fields"),
        ("city,n\nNew York,1\nSan Jose,2\n", #"delimiter ',', quote '"', header"#),
    ]

    @Test(arguments: cases)
    func sniffingFollowsItsRules(text: String, expected: String) {
        let summary = CSVDialect.sniff(Data(text.utf8)).summary
        #expect(summary.contains(expected), "\(summary)")
        if !expected.contains("escape") { #expect(!summary.contains("escape"), "\(summary)") }
        if !expected.contains("trim") { #expect(!summary.contains("trim"), "\(summary)") }
    }
}
