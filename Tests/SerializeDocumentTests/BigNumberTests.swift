import Foundation
import Testing
import SerializeCore
import SerializeCSV
@testable import SerializeDocument

/// Issue 15: every number JSON allows reads, and goes through JSON and CSV as written; a
/// property list, which has no such number, refuses it by name or applies `bigNumbers`.
@Suite struct BigNumberTests {
    static let numbers = [
        "18446744073709551616", "-9223372036854775809", "1e400", "-1E+400", "1e-400",
        "123456789012345678901234567890", "-0.5e-99999",
    ]

    static func record(_ text: String) -> Data { Data(#"[{"n":\#(text),"s":"x"}]"#.utf8) }

    @Test(arguments: numbers)
    func jsonToJSONKeepsTheTextStreamedAndThroughTheTree(text: String) throws {
        for writing in [FormatOptions(pretty: false), FormatOptions(pretty: false, sortKeys: true)] {
            let json = try Format.json.convert(Self.record(text), to: .json, writing: writing)
            #expect(String(decoding: json, as: UTF8.self) == #"[{"n":\#(text),"s":"x"}]"#)
        }
    }

    @Test(arguments: numbers)
    func csvKeepsTheTextAndInferReadsTheNumber(text: String) throws {
        let csv = try Format.json.convert(Self.record(text), to: .csv)
        #expect(String(decoding: csv, as: UTF8.self) == "n,s\r\n\(text),x\r\n")
        let inferred = try Format.csv.read(csv, options: FormatOptions(inferCSVTypes: true))
        #expect(inferred == [["n": .number(try #require(NumberText(text))), "s": "x"]])
        #expect(try Format.csv.read(csv) == [["n": .string(text), "s": "x"]])
        let back = try Format.csv.convert(csv, to: .json, reading: FormatOptions(inferCSVTypes: true), writing: FormatOptions(pretty: false))
        #expect(String(decoding: back, as: UTF8.self) == #"[{"n":\#(text),"s":"x"}]"#)
    }

    @Test(arguments: [Format.xmlPlist, .binaryPlist], [false, true])
    func plistsRefuseByNameWithThePath(format: Format, sortKeys: Bool) throws {
        do {
            _ = try Format.json.convert(Self.record("18446744073709551616"), to: format, writing: FormatOptions(sortKeys: sortKeys))
            Issue.record("a number beyond 64 bits must be refused")
        } catch {
            #expect(error.error.code == .numberOutOfRange)
            #expect(error.error.path?.description == "$[0].n")
            #expect(error.error.remedy?.option == "bigNumbers")
            #expect(error.error.message.contains("18446744073709551616"))
        }
    }

    @Test(arguments: [Format.xmlPlist, .binaryPlist])
    func bigNumbersStrategiesGetThemThrough(format: Format) throws {
        let asString = try Format.json.convert(Self.record("18446744073709551616"), to: format, writing: FormatOptions(bigNumbers: .string))
        #expect(try format.read(asString) == [["n": "18446744073709551616", "s": "x"]])
        let rounded = try Format.json.convert(Self.record("18446744073709551616"), to: format, writing: FormatOptions(bigNumbers: .nearestReal))
        #expect(try format.read(rounded) == [["n": .double(18446744073709551616.0), "s": "x"]])
        let infinite = try Format.json.convert(Self.record("1e400"), to: format, writing: FormatOptions(bigNumbers: .nearestReal))
        #expect(try format.read(infinite) == [["n": .double(.infinity), "s": "x"]])
    }

    @Test func theCSVDecoderReadsABigNumberAsDecimalOrString() throws {
        struct Row: Decodable, Equatable {
            var n: Decimal
            var s: String
        }
        struct Text: Decodable, Equatable {
            var n: String
            var s: String
        }
        let csv = Data("n,s\n123456789012345678901234567890,x\n".utf8)
        #expect(try CSVDecoder().decode([Row].self, from: csv) == [Row(n: Decimal(string: "123456789012345678901234567890")!, s: "x")])
        #expect(try CSVDecoder().decode([Text].self, from: csv) == [Text(n: "123456789012345678901234567890", s: "x")])
        // An integer type cannot hold it: refused, not wrapped.
        struct Whole: Decodable {
            var n: UInt64
            var s: String
        }
        #expect(throws: DecodingError.self) { try CSVDecoder().decode([Whole].self, from: csv) }
    }

    @Test func documentsEncodeABigNumberAsItsText() throws {
        let document: Document = ["n": .number(NumberText("1e400")!)]
        let data = try JSONEncoder().encode(document)
        #expect(String(decoding: data, as: UTF8.self) == #"{"n":"1e400"}"#)
    }
}
