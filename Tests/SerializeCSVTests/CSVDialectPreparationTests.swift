import Foundation
import SerializeCore
import Testing
@testable import SerializeCSV

/// The dialect knobs reach every CSV reader: `CSVReader` from memory and from a file, and the
/// Codable `CSVDecoder` (the coder behind Persistence's `.csv(dialect)`).
@Suite struct CSVDialectPreparationTests {
    struct Person: Codable, Equatable {
        var name: String
        var city: String
    }

    static let dialect = CSVDialect(delimiter: ";", escape: "\\", comment: "#", skipLines: 1, encoding: .latin1)
    static let bytes: [UInt8] = Array("Export\nname;city\n# a comment\nAda;\"M".utf8) + [0xE1] + Array("laga \\\"sur\\\"\"\n".utf8)

    @Test func theDecoderReadsThroughTheDialect() throws {
        let decoder = CSVDecoder { $0.dialect = Self.dialect }
        #expect(try decoder.decode([Person].self, from: Data(Self.bytes)) == [Person(name: "Ada", city: "Málaga \"sur\"")])
    }

    @Test func aFileReaderReadsThroughTheDialect() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dialect-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(Self.bytes).write(to: url)
        let reader = try CSVReader(fileAt: url, configuration: .init(dialect: Self.dialect))
        #expect(reader.header == ["name", "city"])
        #expect(try reader.readAllRows() == [["Ada", "Málaga \"sur\""]])
    }
}
