import Foundation
import SerializeCoding
import Testing
@testable import SerializeCSV

/// Values at the edges of what a CSV field can hold: refused with a named error, never a crash
/// or a silent guess.
@Suite struct CSVCoderEdgeValueTests {
    struct Stamp: Codable, Equatable { var d: Date }

    // MARK: - ISO 8601 dates outside four-digit years

    @Test(arguments: [
        Double.nan, .infinity, -.infinity, 1e19,
        253_402_300_800,  // 10000-01-01T00:00:00Z
        -62_167_219_201,  // one second before 0000-01-01
        -6.4e10 + 978_307_200,  // a year before 0000
    ])
    func iso8601RefusesDatesWithoutAFourDigitYear(secondsSince1970: Double) throws {
        let rows = [Stamp(d: Date(timeIntervalSince1970: secondsSince1970))]
        let error = try #require(throws: EncodingError.self) { try CSVEncoder().encode(rows) }
        guard case let .invalidValue(_, context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.contains("'d'"))
        #expect(context.debugDescription.contains(".secondsSince1970"))
    }

    @Test func iso8601HugeDecodedSecondsAreRefusedOnReencode() throws {
        let rows = try CSVDecoder { $0.dateStrategy = .secondsSince1970 }.decode([Stamp].self, from: "d\n1e19\n")
        #expect(throws: EncodingError.self) { try CSVEncoder().encode(rows) }
    }

    @Test(arguments: [-62_167_219_200.0, 253_402_300_799.0, 0])
    func iso8601KeepsTheEdgeYears(secondsSince1970: Double) throws {
        let rows = [Stamp(d: Date(timeIntervalSince1970: secondsSince1970))]
        let text = try CSVEncoder().encodeToString(rows)
        #expect(try CSVDecoder().decode([Stamp].self, from: text) == rows)
    }
}
