import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OrderedCollections
import Testing
import SerializeCore
import TestSupport
@testable import SerializeDocument

/// Random documents; `json` limits them to what JSON holds without strategies.
struct DocumentGenerator {
    var random: SeededGenerator
    let json: Bool

    mutating func string() -> String {
        let alphabet: [Character] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "é", "𝄞", "<", "&", ".", "[", "\u{1}", "\u{0}"]
        return String((0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
    }

    mutating func scalar() -> Document {
        switch Int.random(in: 0..<(json ? 7 : 10), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .integer(Int64.random(in: .min ... .max, using: &random))
        case 3: return .integer(Int64.random(in: -300...300, using: &random))
        case 4: return .unsignedInteger(UInt64.random(in: UInt64(Int64.max) + 1 ... .max, using: &random))
        case 5: return .double(Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &random)) * (Bool.random(using: &random) ? 1 : -1))
        case 6: return .string(string())
        case 7: return .date(Date(timeIntervalSinceReferenceDate: Double.random(in: -6e10...2.5e11, using: &random)))
        case 8: return .data(Data((0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }))
        default: return .double([Double.nan, .infinity, -.infinity, -0.0].randomElement(using: &random) ?? .nan)
        }
    }

    mutating func document(depth: Int = 0) -> Document {
        guard depth < 4, Int.random(in: 0..<3, using: &random) == 0 || depth == 0 else { return scalar() }
        let count = Int.random(in: 0...5, using: &random)
        if Bool.random(using: &random) {
            return .array((0..<count).map { _ in document(depth: depth + 1) })
        }
        var members = OrderedDictionary<DocumentKey, Document>()
        for _ in 0..<count { members[string()] = document(depth: depth + 1) }
        return .dictionary(members)
    }
}

@Suite struct RandomRoundTripTests {
    @Test func jsonRoundTripsAnyJSONDocument() throws {
        for seed in UInt64(1)...300 {
            var generator = DocumentGenerator(random: SeededGenerator(state: seed), json: true)
            let document = generator.document()
            for options in [FormatOptions(), FormatOptions(pretty: false)] {
                let text = try JSONWriter(options: options).write(document)
                #expect(try JSONReader().read(text) == document, "seed \(seed)")
                // Streaming JSON to JSON writes what the tree writes.
                #expect(try Format.json.convert(text, to: .json, writing: options) == text, "seed \(seed)")
            }
        }
    }

    @Test func binaryPlistRoundTripsAnyDocumentWithoutNull() throws {
        for seed in UInt64(1)...300 {
            var generator = DocumentGenerator(random: SeededGenerator(state: seed), json: false)
            let document = generator.document()
            let options = FormatOptions(null: .string("NULL"))
            let bytes = try BinaryPlistWriter(options: options).write(document)
            let back = try BinaryPlistReader().read(bytes)
            // With nulls written as "NULL", the read document is the written one with that swap.
            #expect(back == replacingNulls(document), "seed \(seed)")
            // Streaming a binary plist to a binary plist gives the same document back.
            #expect(try BinaryPlistReader().read(try Format.binaryPlist.convert(bytes, to: .binaryPlist)) == back, "seed \(seed)")
        }
    }

    @Test func xmlPlistOutputIsAlwaysWellFormedOrRefusedByName() throws {
        var written = 0, refused = 0
        defer {
            #expect(written > 100 && refused > 10, "\(written) written, \(refused) refused: the generator lost its variety")
        }
        for seed in UInt64(1)...300 {
            var generator = DocumentGenerator(random: SeededGenerator(state: seed), json: false)
            let document = generator.document()
            do {
                let bytes = try XMLPlistWriter(options: FormatOptions(null: .omit)).write(document)
                let parser = XMLParser(data: bytes)
                #expect(parser.parse(), "seed \(seed): \(String(describing: parser.parserError))")
                written += 1
            } catch {
                refused += 1
                #expect(error.code == .characterNotRepresentable, "seed \(seed): \(error)")
            }
        }
    }

    func replacingNulls(_ document: Document) -> Document {
        switch document {
        case .null: "NULL"
        case let .array(elements): .array(elements.map(replacingNulls))
        case let .dictionary(members): .dictionary(members.mapValues(replacingNulls))
        default: document
        }
    }
}
