import Foundation
import Testing
import SerializeCore
import SerializeCSV
@testable import SerializeDocument

/// Issue 15 bug 2: keys are code-unit sequences. Two keys that Swift's `String ==` calls equal
/// (canonical equivalence) are two keys through every reader, writer and converter.
@Suite struct ExactKeysTests {
    /// Pairs of keys that differ in scalars. All but the ligature are canonically equivalent
    /// (`String ==` says true); the ligature is a compatibility pair only, a control.
    static let pairs: [(String, String)] = [
        ("K", "\u{212A}"),  // LATIN CAPITAL K / KELVIN SIGN
        ("\u{E9}", "e\u{301}"),  // NFC / NFD
        ("\u{212B}", "\u{C5}"),  // ANGSTROM SIGN / LATIN CAPITAL A WITH RING
        ("\u{FB01}", "fi"),  // ligature: not canonically equivalent, a control
        ("\u{1E9B}\u{323}", "\u{17F}\u{323}\u{307}"),  // long s with dots: NFC / NFD
    ]

    /// `{"<first>":1,"<second>":2}` with the keys escaped as `\u` so the bytes are ASCII.
    static func json(_ pair: (String, String)) -> Data {
        func escaped(_ key: String) -> String {
            key.unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\u%04X", $0.value) }.joined()
        }
        return Data(#"{"\#(escaped(pair.0))":1,"\#(escaped(pair.1))":2}"#.utf8)
    }

    static func expected(_ pair: (String, String)) -> Document {
        [DocumentKey(pair.0): 1, DocumentKey(pair.1): 2]
    }

    @Test func theKeyTypeComparesScalars() {
        for (a, b) in Self.pairs {
            #expect(DocumentKey(a) != DocumentKey(b))
            #expect(Set([DocumentKey(a), DocumentKey(b)]).count == 2)
            #expect(ValuePath.Component.key(a) != ValuePath.Component.key(b))
            #expect(Set([ValuePath.Component.key(a), .key(b)]).count == 2)
            #expect(DocumentKey(a) == DocumentKey(String(a.unicodeScalars)))
        }
        #expect(Document.string("\u{E9}") != .string("e\u{301}"))
        // A literal with both keys keeps both; a String subscript finds each exactly.
        let literal: Document = ["K": 1, "\u{212A}": 2]
        guard case let .dictionary(members) = literal else { return }
        #expect(Array(members).count == 2)
        #expect(members["\u{212A}" as String] == 2)
        #expect(members["K" as String] == 1)
    }

    @Test(arguments: pairs.indices)
    func twoKeysSurviveJSONAndXMLPlist(index: Int) throws {
        let pair = Self.pairs[index]
        let expected = Self.expected(pair)
        #expect(try JSONReader().read(Self.json(pair)) == expected)
        // JSON → JSON, streamed and through the tree (sorted keys).
        for writing in [FormatOptions(pretty: false), FormatOptions(pretty: false, sortKeys: true)] {
            let json = try Format.json.convert(Self.json(pair), to: .json, writing: writing)
            #expect(try Format.json.read(json).sortedKeys == expected.sortedKeys)
            let xml = try Format.json.convert(Self.json(pair), to: .xmlPlist, writing: writing)
            #expect(try Format.xmlPlist.read(xml).sortedKeys == expected.sortedKeys)
            #expect(try Format.json.read(try Format.xmlPlist.convert(xml, to: .json)).sortedKeys == expected.sortedKeys)
        }
        // A path step finds each key exactly.
        #expect(try expected.value(at: ValuePath([.key(pair.1)])) == 2)
    }

    @Test(arguments: pairs.indices)
    func twoKeysSurviveBinaryPlist(index: Int) throws {
        let pair = Self.pairs[index]
        let binary = try Format.json.convert(Self.json(pair), to: .binaryPlist)
        // The writer shares key strings by their bytes (issue 15 bug 3), so both keys come back.
        #expect(try Format.binaryPlist.read(binary) == Self.expected(pair))
        #expect(try Format.json.read(try Format.binaryPlist.convert(binary, to: .json)) == Self.expected(pair))
    }

    @Test(arguments: pairs.indices)
    func twoColumnsSurviveCSV(index: Int) throws {
        let pair = Self.pairs[index]
        let records = Data("[".utf8) + Self.json(pair) + Data("]".utf8)
        let csv = try Format.json.convert(records, to: .csv)
        #expect(try CSVTable(csvData: csv).header == [pair.0, pair.1])
        let back = try Format.csv.convert(csv, to: .json, reading: FormatOptions(inferCSVTypes: true))
        #expect(try Format.json.read(back) == [Self.expected(pair)])
        // The Codable decoder: two columns, each read by its exact name.
        let decoded = try CSVDecoder().decode([Columns].self, from: csv)
        #expect(decoded.first?.entries.map(\.key) == [pair.0, pair.1])
        #expect(decoded.first?.entries.map(\.value) == [1, 2])
        let rows = try CSVDecoder().decode([Document].self, from: csv)
        #expect(rows == [[DocumentKey(pair.0): 1, DocumentKey(pair.1): 2]], "\(rows)")
    }

    /// Every column a row has, in header order, each decoded by its name.
    struct Columns: Decodable {
        var entries: [(key: String, value: Int)]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            entries = try container.allKeys.map { ($0.stringValue, try container.decode(Int.self, forKey: $0)) }
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    // MARK: - Exact duplicates still merge

    @Test func exactDuplicatesStillMergeLastValueFirstPlace() throws {
        let text = Data(#"{"K":1,"\u212A":2,"K":3}"#.utf8)
        let expected: Document = ["K": 3, "\u{212A}": 2]
        #expect(try JSONReader().read(text) == expected)
        // Streaming meets the duplicate and falls back to the tree: the same answer.
        #expect(try Format.json.read(try Format.json.convert(text, to: .json)) == expected)
        let xml = try Format.json.convert(text, to: .xmlPlist)
        #expect(try Format.xmlPlist.read(xml) == expected)
    }

    @Test func anXMLPlistWarnsOnlyForAnExactDuplicate() throws {
        func plist(_ second: String) -> Data {
            Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>K</key><integer>1</integer><key>\(second)</key><integer>2</integer></dict></plist>
            """.utf8)
        }
        let distinct = XMLPlistReader().inspect(plist("\u{212A}"))
        #expect(distinct.document == ["K": 1, "\u{212A}": 2])
        #expect(!distinct.diagnostics.contains { $0.code == Diagnostic.Code.duplicateKey })
        let repeated = XMLPlistReader().inspect(plist("K"))
        #expect(repeated.document == ["K": 2])
        #expect(repeated.diagnostics.contains { $0.code == Diagnostic.Code.duplicateKey })
    }

    @Test func aCSVHeaderRefusesOnlyAnExactRepeat() throws {
        #expect(throws: Never.self) { try CSVDecoder().decode([Columns].self, from: Data("K,\u{212A}\n1,2\n".utf8)) }
        do {
            _ = try CSVDecoder().decode([Columns].self, from: Data("K,K\n1,2\n".utf8))
            Issue.record("a repeated column must be refused")
        } catch let DecodingError.dataCorrupted(context) {
            #expect((context.underlyingError as? Diagnostic)?.code == .duplicateColumn)
        }
    }
}

extension Document {
    /// This document's compact JSON with keys sorted by scalars (for comparing a sorted write).
    var sortedKeys: String {
        get throws { String(decoding: try Format.json.write(self, options: FormatOptions(pretty: false, sortKeys: true)), as: UTF8.self) }
    }
}
