import Foundation
import Testing
import TestSupport
@testable import SerializeCSV

/// Every csv-spectrum case reads to exactly its JSON.
@Suite struct CSVSpectrumTests {
    static let cases: [String] = (try? Fixtures.files(in: "csv/csv-spectrum/csvs", withExtension: "csv"))?
        .map { $0.deletingPathExtension().lastPathComponent } ?? []

    @Test func allCasesArePresent() {
        #expect(Self.cases.count == 11)
    }

    @Test(arguments: cases)
    func readsToItsJSON(name: String) throws {
        let expected = try JSONDecoder().decode(
            [[String: String]].self, from: Fixtures.data("csv/csv-spectrum/json/\(name).json"))
        let reader = try CSVReader(fileAt: Fixtures.url("csv/csv-spectrum/csvs/\(name).csv"))
        let header = try #require(reader.header)
        var records: [[String: String]] = []
        while let row = try reader.readRow() {
            #expect(row.count == header.count)
            records.append(Dictionary(uniqueKeysWithValues: zip(header, row)))
        }
        #expect(records == expected)
    }

    /// The same cases through a 16-byte buffer: every refill boundary inside quotes and CRLFs.
    @Test(arguments: cases)
    func readsTheSameThroughATinyBuffer(name: String) throws {
        let url = Fixtures.url("csv/csv-spectrum/csvs/\(name).csv")
        let whole = try CSVReader(data: Data(contentsOf: url)).readAllRows()
        let reader = try CSVReader(fileAt: url, configuration: .init(bufferSize: 16))
        #expect(try reader.readAllRows() == whole)
    }

    /// Writing what was read and reading it again gives the same rows.
    @Test(arguments: cases)
    func survivesAWriteAndARead(name: String) throws {
        let reader = try CSVReader(fileAt: Fixtures.url("csv/csv-spectrum/csvs/\(name).csv"))
        let rows = [try #require(reader.header)] + (try reader.readAllRows())
        let text = try written(rows)
        let again = try #require(readAll(text, .init(dialect: .init(hasHeader: false))))
        #expect(again.rows == rows)
    }
}
