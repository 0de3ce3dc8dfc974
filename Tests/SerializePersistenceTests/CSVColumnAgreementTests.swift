import Foundation
import SerializeCSV
import SerializeCore
import SerializeDocument
import SerializePersistence
import Testing

/// Issue 10: `convert`, `CSVEncoder`/`CSVDecoder` and `Persistence` name CSV columns by one
/// grammar, so a CSV one writes the others read back to the same value.
@Suite struct CSVColumnAgreementTests {
    struct Item: Codable, Equatable {
        struct Supplier: Codable, Equatable { var name: String }
        var name: String
        var tags: [String]
        var supplier: Supplier
    }

    static let json = Data(#"[{"name":"a","tags":["x","y"],"supplier":{"name":"s"}},{"name":"b.c[0]","tags":["z","w"],"supplier":{"name":"t"}}]"#.utf8)
    static let items = [
        Item(name: "a", tags: ["x", "y"], supplier: .init(name: "s")),
        Item(name: "b.c[0]", tags: ["z", "w"], supplier: .init(name: "t")),
    ]

    @Test func aCSVFromConvertDecodesThroughCSVDecoderAndPersistence() throws {
        let csv = try Format.json.convert(Self.json, to: .csv, reading: FormatOptions(), writing: FormatOptions())
        #expect(String(decoding: csv, as: UTF8.self).hasPrefix("name,tags[0],tags[1],supplier.name\r\n"))
        #expect(try CSVDecoder().decode([Item].self, from: csv) == Self.items)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("agreement-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try csv.write(to: url)
        #expect(try Persistence().load([Item].self, from: url) == Self.items)
    }

    @Test func csvEncoderOutputConvertsToTheStructureJSONEncoderWrites() throws {
        let csv = try CSVEncoder().encode(Self.items)
        let converted = try Format.csv.read(csv)
        let viaJSON = try Format.json.read(JSONEncoder().encode(Self.items))
        // JSONEncoder's key order is not the declaration order: compare with sorted keys.
        var sorted = FormatOptions()
        sorted.sortKeys = true
        #expect(try Format.json.write(converted, options: sorted) == Format.json.write(viaJSON, options: sorted))
    }

    @Test func keysWithSeparatorsRoundTripBetweenTheTwo() throws {
        let json = Data(#"[{"a.b":"1","c[0]":"2","back\\slash":"3","\uFEFFbom":"4","n":{"x.y":"5"}}]"#.utf8)
        let csv = try Format.json.convert(json, to: .csv, reading: FormatOptions(), writing: FormatOptions())
        let decoded = try CSVDecoder().decode([[String: AnyCodableString]].self, from: csv)
        #expect(decoded.first?["a.b"] == .string("1"))
        #expect(decoded.first?["c[0]"] == .string("2"))
        #expect(decoded.first?["back\\slash"] == .string("3"))
        #expect(decoded.first?["\u{FEFF}bom"] == .string("4"))
        #expect(decoded.first?["n"] == .dictionary(["x.y": "5"]))
        // And back through convert: the same document.
        #expect(try Format.csv.read(csv) == Format.json.read(json))
    }

    @Test func columnsTheTypeDoesNotReadAreRefusedNotEmptied() throws {
        // The old spelling `tags.0` must not decode as `tags == []`.
        let csv = "name,tags.0,tags.1,supplier.name\na,x,y,s\n"
        let error = try #require(throws: DecodingError.self) { try CSVDecoder().decode([Item].self, from: csv) }
        guard case let .dataCorrupted(context) = error, let diagnostic = context.underlyingError as? Diagnostic else {
            Issue.record("\(error)")
            return
        }
        #expect(diagnostic.code == .unmatchedColumn)
        #expect(diagnostic.location?.description == "2:3")
        #expect(diagnostic.message.contains("\"tags.0\"") && diagnostic.message.contains("row 1"))
        #expect(diagnostic.remedy == Remedy(option: "unmatchedColumns", value: "ignore", effect: "skip columns the type does not read"))
        // Ignored by name, the array is then really empty.
        let ignoring = CSVDecoder { $0.unmatchedColumns = .ignore }
        #expect(try ignoring.decode([Item].self, from: csv).first?.tags == [])
    }

    @Test func aMissingColumnForANonOptionalNamesTheColumnAndTheRow() throws {
        let error = try #require(throws: DecodingError.self) {
            try CSVDecoder().decode([Item].self, from: "name,tags[0]\na,x\n")
        }
        guard case let .keyNotFound(_, context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.debugDescription.contains("\"supplier.name\"") && context.debugDescription.contains("row 1"))
    }

    /// A string or a dictionary of strings, for decoding rows with arbitrary keys.
    enum AnyCodableString: Codable, Equatable {
        case string(String)
        case dictionary([String: String])
        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self = .string(text)
            } else {
                self = .dictionary(try [String: String](from: decoder))
            }
        }
        func encode(to encoder: any Encoder) throws {}
    }
}
