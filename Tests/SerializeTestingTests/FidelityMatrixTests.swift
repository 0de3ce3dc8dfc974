import Foundation
import Testing
import TestSupport
@testable import SerializeRoundTrip

@Suite struct FidelityMatrixTests {
    static let documentURL = Fixtures.repositoryRoot.appendingPathComponent("Docs/FidelityMatrix.md")

    /// The document also has the shared models' table (added by the command, checked in
    /// SerializeCommandsTests); here every table of the harness's own must be in it verbatim.
    @Test func theCheckedInMatrixHoldsWhatTheHarnessGenerates() throws {
        let checkedIn = try String(contentsOf: Self.documentURL, encoding: .utf8)
        for table in FidelityMatrix.standard.tables {
            #expect(checkedIn.contains(FidelityMatrix.markdown(table)),
                    "Docs/FidelityMatrix.md drifted in \"\(table.title)\": run `swift run serialize roundtrip --matrix > Docs/FidelityMatrix.md`")
        }
        for loss in KnownLoss.catalog { #expect(checkedIn.contains("| `\(loss.name)` | \(loss.summary)"), "\(loss.name)") }
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
