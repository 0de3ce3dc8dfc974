import Foundation
import Testing
import TestSupport
@testable import PlistInspector
import SerializeCore
import SerializeDocument

@Suite struct PlistPrinterTests {
    static let document: Document = [
        "name": "Ann \"A\"\n",
        "tags": [7, 1.5, true],
        "when": .date(Date(timeIntervalSince1970: 0)),
        "blob": .data(Data([0xDE, 0xAD])),
        "big": .unsignedInteger(UInt64.max),
        "none": [:],
    ]

    @Test func textTreeIsTypedAndStable() {
        #expect(PlistPrinter.text(Self.document) == """
            dictionary (6 entries)
              "name": string "Ann \\"A\\"\\n"
              "tags": array (3 items)
                [0]: integer 7
                [1]: real 1.5
                [2]: bool true
              "when": date 1970-01-01T00:00:00Z
              "blob": data (2 bytes) <dead>
              "big": integer 18446744073709551615
              "none": dictionary (0 entries)

            """)
    }

    @Test func jsonTreeParsesAndKeepsTypesAndOrder() throws {
        let json = PlistPrinter.json(Self.document)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "dictionary")
        let entries = object?["entries"] as? [[String: Any]] ?? []
        #expect(entries.map { $0["key"] as? String } == ["name", "tags", "when", "blob", "big", "none"])
        let blob = entries[3]["value"] as? [String: Any]
        #expect(blob?["type"] as? String == "data")
        #expect(blob?["value"] as? String == "3q0=")
    }

    @Test func summaryCountsTypesDepthAndLargestValues() throws {
        let report = try PlistLinter().lint(contentsOf: Fixtures.url("plist/valid.plist"))
        let summary = DocumentSummary(report)
        #expect(summary.format == "XML property list")
        #expect(summary.rootType == "dictionary")
        #expect(summary.depth == 2)
        #expect(summary.counts == ["dictionary": 2, "array": 1, "string": 2, "integer": 3, "real": 1, "date": 1, "data": 1, "bool": 2])
        #expect(summary.largest.first == .init(path: ValuePath([.key("name")]), type: "string", size: 14, sizeDescription: "14 bytes"))
        #expect(summary.text.contains("largest values:\n  root.name: string, 14 bytes\n"))
    }

    @Test(arguments: [
        (Date(timeIntervalSince1970: -30_610_224_000), "1000-01-01T00:00:00Z"),
        (Date(timeIntervalSinceReferenceDate: 0.0001), "2001-01-01T00:00:00.0001Z"),
    ])
    func iso8601IsProlepticGregorianWithExactFractions(date: Date, expected: String) {
        #expect(PlistPrinter.iso8601(date) == expected)
    }
}
