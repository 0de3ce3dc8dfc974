import Foundation
import SerializeCSV
import SerializeCore
import SerializeDocument
import Testing
import TestSupport

/// The pollution corpus: with sniffing (no dialect flags) and `recoverCSV`, every polluted
/// file gives back its clean table cell for cell.
@Suite struct CSVPollutionTests {
    static func document(_ table: CleanTable) throws -> Document {
        try CSVFlattening.restore(CSVTable(header: table.header, rows: table.rows))
    }

    @Test(arguments: CSVPollution.corpus.map(\.name))
    func aPollutedTableComesBackCellForCell(name: String) throws {
        let entry = try #require(CSVPollution.corpus.first { $0.name == name })
        let data = Data(entry.bytes)
        var warnings: [Diagnostic] = []
        let document = try Format.csv(CSVDialect.sniff(data).dialect).read(data, options: FormatOptions(recoverCSV: true), warnings: &warnings)
        #expect(document == (try Self.document(entry.expected)), "\(CSVDialect.sniff(data).summary)")
    }

    /// A header-only table with footnotes under an empty line reads as no records, the
    /// footnotes left out with one warning (the trailing-block rule from the first row).
    @Test func aHeaderOnlyTableBeforeFootnotesHasNoRecords() throws {
        let data = Data("name,age,city\n\nSource: a survey, 2024\n* provisional\n".utf8)
        var warnings: [Diagnostic] = []
        let document = try Format.csv(CSVDialect.sniff(data).dialect).read(data, options: FormatOptions(recoverCSV: true), warnings: &warnings)
        #expect(document == (try Self.document(CleanTable(header: ["name", "age", "city"], rows: []))))
        #expect(warnings.map(\.code) == [.trailingBlock])
    }

    /// The full corpus (`CSVPollution.fullCorpus`) is written with each file's expected table
    /// as JSON, into `SERIALIZE_POLLUTION_DIR` when set (for
    /// `Benchmarks/Scripts/pollution-compare.sh`: every table); else (a quick check) the corpus
    /// of the two sample tables into a temporary folder. Every file is polluted (each family
    /// changes the bytes of some table), Windows-1252 files are not UTF-8, and each expected
    /// table reads back.
    @Test func theFullCorpusIsWrittenWithItsExpectedTables() throws {
        let environment = ProcessInfo.processInfo.environment["SERIALIZE_POLLUTION_DIR"]
        let folder = environment.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("pollution-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if environment == nil { try? FileManager.default.removeItem(at: folder) } }
        let corpus = CSVPollution.fullCorpus(over: environment == nil ? Array(CleanTable.corpusTables.prefix(2)) : CleanTable.corpusTables)
        #expect(Set(corpus.map(\.name)).count == corpus.count)
        // Every family changes the bytes of some table; Windows-1252 files are not UTF-8.
        for family in CSVPollution.allCases {
            let changes = CleanTable.samples.contains { CSVPollution.apply([family], to: $0).bytes != CSVPollution.apply([], to: $0).bytes }
            #expect(changes, "\(family)")
        }
        for entry in corpus where entry.name.contains("windows1252") {
            #expect(String(validating: entry.bytes, as: UTF8.self) == nil, "\(entry.name)")
        }
        for entry in corpus {
            try Data(entry.bytes).write(to: folder.appendingPathComponent(entry.name + ".csv"))
            let expected: [String: Any] = [
                "header": entry.expected.header,
                "rows": entry.expected.rows.map { $0.map { $0.map { $0 as Any } ?? NSNull() } },
            ]
            let url = folder.appendingPathComponent(entry.name + ".expected.json")
            try JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys]).write(to: url)
            let back = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            #expect(back["header"] as? [String] == entry.expected.header)
        }
    }
}
