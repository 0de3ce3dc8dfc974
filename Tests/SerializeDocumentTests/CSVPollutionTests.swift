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
}
