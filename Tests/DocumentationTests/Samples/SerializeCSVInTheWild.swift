/// SerializeCSV "CSV in the wild": the article's Swift samples, verbatim, compiled and run.

import Foundation
import SerializeCSV
import Testing

enum CSVInTheWildSamples {
    struct Address: Codable, Equatable {
        var street: String
        var city: String
    }

    struct Person: Codable, Equatable {
        var name: String
        var address: Address
        var age: Int
    }

    static func headerRows(_ text: String) throws -> [Person] {
        var configuration = CSVDecoder.Configuration()
        configuration.dialect = CSVDialect(headerRows: 2)
        // name,address,,age
        // ,street,city,
        // Ada,1 Main St,London,36
        let people = try CSVDecoder(configuration: configuration).decode([Person].self, from: text)
        return people
    }

    static func lint(_ data: Data) -> Bool {
        let report = CSVLinter().lint(data, sourceName: "in.csv")
        for finding in report.findings { print(finding) }   // in.csv:3:9: error: row has 2 fields …
        print(report.isClean)
        return report.isClean
    }
}

@Suite struct CSVInTheWildSampleTests {
    @Test func theSamplesRun() throws {
        let people = try CSVInTheWildSamples.headerRows("name,address,,age\n,street,city,\nAda,1 Main St,London,36\n")
        // The Codable coder (persistence's CSV format) nests the combined names.
        #expect(people == [.init(name: "Ada", address: .init(street: "1 Main St", city: "London"), age: 36)])
        #expect(!CSVInTheWildSamples.lint(Data("a,b,c\n1,2\n".utf8)))
    }
}
