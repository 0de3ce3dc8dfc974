import SerializeCore
import Testing

@testable import SerializeCSV

/// Where each field of a record starts: counted once per row (each field from the one before on
/// its line), and the same as locating every field on its own from the start of its line.
@Suite struct CSVFieldLocationTests {
    @Test func fieldsAfterMultibyteTextAndQuotedLineBreaksAreLocatedInScalars() throws {
        let text = "h1,h2,h3,h4\nκόσμε,\"a\nβ\",😀x,\"q\"\"r\"\n"
        let reader = try CSVReader(string: text)
        let record = try #require(try reader.readRecord())
        #expect(record.fields == ["κόσμε", "a\nβ", "😀x", "q\"r"])
        #expect(record.location(ofField: 0) == InputLocation(line: 2, column: 1, byteOffset: 12))
        // The quoted field starts at its opening quote, after the five Greek letters (10 bytes).
        #expect(record.location(ofField: 1) == InputLocation(line: 2, column: 7, byteOffset: 23))
        // The quoted line break ends line 2: the next fields are on line 3.
        #expect(record.location(ofField: 2) == InputLocation(line: 3, column: 4, byteOffset: 30))
        #expect(record.location(ofField: 3) == InputLocation(line: 3, column: 7, byteOffset: 36))
    }

    @Test func aWideRowLocatesEveryFieldByItsOwnColumn() throws {
        let cells = (0..<2_000).map { $0 % 3 == 0 ? "é\($0)" : "\($0)" }
        let reader = try CSVReader(string: cells.joined(separator: ",") + "\n",
                                   configuration: .init(dialect: CSVDialect(hasHeader: false)))
        let record = try #require(try reader.readRecord())
        var column = 1
        for (index, cell) in cells.enumerated() {
            #expect(record.location(ofField: index).column == column)
            column += cell.unicodeScalars.count + 1
        }
    }

    @Test func headerLocationsAreTheHeaderCellsPlaces() throws {
        let reader = try CSVReader(string: "ä,\"b\",c\n1,2,3\n")
        #expect(reader.headerLocations.map(\.column) == [1, 3, 7])
    }
}
