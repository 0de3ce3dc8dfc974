import Foundation
import Testing
import TestSupport
@testable import SerializeTesting

@Suite struct FidelityMatrixTests {
    static let documentURL = Fixtures.repositoryRoot.appendingPathComponent("Docs/FidelityMatrix.md")

    @Test func theCheckedInMatrixIsWhatTheHarnessGenerates() throws {
        let generated = FidelityMatrix.standard.markdown()
        let checkedIn = try String(contentsOf: Self.documentURL, encoding: .utf8)
        #expect(checkedIn == generated, "Docs/FidelityMatrix.md drifted: run `swift run serialize roundtrip --matrix > Docs/FidelityMatrix.md`")
    }

    @Test func everyCellIsExactOrANamedLoss() {
        let matrix = FidelityMatrix.standard
        for (table, cells) in zip(matrix.tables, matrix.cells()) {
            for (row, rowCells) in zip(table.rows, cells) {
                for (format, cell) in zip(table.columns, rowCells) {
                    if case let .unexplained(text) = cell { Issue.record("\(row.name) × \(format.name): \(text)") }
                }
            }
        }
    }

    @Test func everyCatalogLossShowsUpInTheMatrix() {
        let seen = Set(FidelityMatrix.standard.cells().flatMap { $0.flatMap { $0 } }.flatMap { cell -> [KnownLoss] in
            if case let .losses(losses) = cell { losses } else { [] }
        })
        for loss in KnownLoss.catalog {
            #expect(seen.contains(loss), "\(loss.name) is in the catalog but no matrix row meets it")
        }
    }

    @Test func theMatrixIsStableAcrossRuns() {
        #expect(FidelityMatrix.standard.markdown() == FidelityMatrix.standard.markdown())
    }
}
