/// SerializeCSV GettingStarted: the documentation's Swift samples, verbatim, compiled (and some run) so the docs
/// cannot rot. DocumentationSamplesTests checks every ```swift block appears here.

import Foundation
import SerializeCSV
import Testing

enum CSVSamples {
    static func read(_ url: URL) throws {
        let reader = try CSVReader(fileAt: url)          // streams: 64 KiB buffer + the longest row
        print(reader.header ?? [])
        while let row = try reader.readRow() {
            print(row)                                   // ["Zürich", "421878", ...]
        }
    }

    static func readWithADialect(_ url: URL) throws -> CSVReader {
        let reader = try CSVReader(
            fileAt: url,
            configuration: .init(dialect: .init(delimiter: ";", hasHeader: false), detectsDelimiter: true))
        return reader
    }

    static func write(_ url: URL) throws {
        let writer = try CSVWriter(fileAt: url)          // a temporary file, renamed by finish()
        try writer.write(row: ["name", "note"])
        try writer.write(row: ["Ada", "said \"hi\", twice"])
        try writer.finish()
    }

    struct City: Codable {
        struct Coordinate: Codable { var latitude, longitude: Double }
        var name: String
        var coordinate: Coordinate          // columns coordinate.latitude, coordinate.longitude
        var tags: [String]                  // columns tags[0], tags[1], … (<doc:ColumnNames>)
        var founded: Date?                  // ISO 8601, fractions kept
    }

    static func code(_ cities: [City], url: URL) throws -> [City] {
        let data = try CSVEncoder().encode(cities)
        let back = try CSVDecoder().decode([City].self, from: data)

        // Large files: one row at a time, in constant memory.
        for row in try CSVDecoder().rows(City.self, fromFileAt: url) {
            let city = try row.get()
        }
        return back
    }

    static func strategies() -> CSVDecoder {
        let decoder = CSVDecoder {
            $0.nilStrategy = .literal("NULL")
            $0.boolStrategy = .yesNo
            $0.dateStrategy = .secondsSince1970
            $0.dataStrategy = .hex
            $0.nonConformingFloatStrategy = .named      // inf, -inf, nan
            $0.keyStrategy = .snakeCase                  // myURLValue ⇄ my_url_value, both ways
        }
        return decoder
    }
}

extension CSVSamples.City: Equatable {}
extension CSVSamples.City.Coordinate: Equatable {}

@Suite struct CSVSampleTests {
    @Test func writeThenReadAndCode() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID()).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try CSVSamples.write(url)
        try CSVSamples.read(url)
        let cities = [CSVSamples.City(name: "Zürich", coordinate: .init(latitude: 47.37, longitude: 8.54), tags: ["lake"], founded: nil)]
        try CSVEncoder().encode(cities).write(to: url)
        #expect(try CSVSamples.code(cities, url: url) == cities)
    }
}
