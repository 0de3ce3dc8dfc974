/// The flat index the Codable decoder reads (`DocumentIndex`, filled by `IndexBuilder`) against
/// the tree the same reader builds: the same values, keys, repeated keys and shared objects, and
/// the same errors for bad input.

import Foundation
import PropertyBased
import SerializeCore
import Testing
import TestSupport
@testable import SerializeDocument

@Suite struct DocumentIndexTests {
    static let json = Generator<String, Shrink.None<String>> { rng in RandomJSON.text(seed: UInt64.random(in: 0...UInt64.max, using: &rng)) }

    /// The index read from `data` as a tree, beside the reader's own tree.
    static func expectSameAsTree(_ data: Data, as format: Format, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let tree = try format.read(data)
        let index = try format.index(data, options: FormatOptions())
        #expect(index.document(at: index.root) == tree, "\(label)", sourceLocation: sourceLocation)
        let replayed = DocumentIndex(tree)
        #expect(replayed.document(at: replayed.root) == tree, "\(label)", sourceLocation: sourceLocation)
    }

    @Test func randomJSONIndexesAsItReads() async {
        await propertyCheck(count: 300, input: Self.json) { text in
            try Self.expectSameAsTree(Data(text.utf8), as: .json, text)
            // The same document as a binary property list (null and huge numbers left out).
            let tree = try Format.json.read(Data(text.utf8))
            let options = FormatOptions(null: .omit, bigNumbers: .string)
            if let binary = try? Format.binaryPlist.write(tree, options: options) {
                try Self.expectSameAsTree(binary, as: .binaryPlist, "binary of \(text)")
            }
        }
    }

    @Test func sharedBinaryObjectsAreCopiedWhereUsedAgain() throws {
        let bytes = Data(ConversionFidelityTests.doublingArrays(levels: 4, leaf: 7))
        try Self.expectSameAsTree(bytes, as: .binaryPlist, "doubling arrays")
        let index = try Format.binaryPlist.index(bytes, options: FormatOptions())
        // 1 + 2 + 4 + 8 + 16 values, each with its own entries, after the index's null.
        #expect(index.entries.count == 1 + 31)
    }

    @Test(arguments: [
        (Format.json, Data(#"{"a":1,"b":0,"a":2}"#.utf8)), (.binaryPlist, ConversionFidelityTests.binaryWithDuplicateKey),
        (.json, Data(#"{"K":1,"\u212a":2,"K":[3]}"#.utf8)),
        (.json, Data(("{" + (0..<20).map { "\"k\($0 % 15)\":\($0)" }.joined(separator: ",") + "}").utf8)),
    ])
    func repeatedKeysReadAsTheTreeMergesThem(format: Format, data: Data) throws {
        try Self.expectSameAsTree(data, as: format, "\(format)")
        let index = try format.index(data, options: FormatOptions())
        #expect(index.entries[index.root].repeatsKeys)
    }

    @Test func keysCompareAsExactScalars() throws {
        let index = try Format.json.index(Data(#"{"\u212a":1,"é":2}"#.utf8), options: FormatOptions())
        let kelvin = index.root + 1, composed = index.root + 3
        #expect(index.bytes(at: kelvin, equal: "\u{212A}"))
        #expect(!index.bytes(at: kelvin, equal: "K"))
        #expect(index.bytes(at: composed, equal: "\u{E9}"))
        #expect(!index.bytes(at: composed, equal: "e\u{301}"))
        #expect(!index.entries[index.root].repeatsKeys)
    }

    /// Bad inputs: reading into the index fails exactly as reading into the tree.
    @Test(arguments: [
        "", "{", "[1,]", #"{"a" 1}"#, #"{"a":1,}"#, "[1 2]", #""\x""#, "\"a\u{1}\"", "tru", "01", "1.", "-", "[1]x",
        #"{"a":[1,{"b":nul}]}"#, String(repeating: "[", count: 600) + String(repeating: "]", count: 600), "\u{FEFF}1",
    ])
    func badJSONFailsAsTheTreeReaderFails(text: String) {
        let data = Data(text.utf8)
        let tree = Result { () throws(Diagnostic) in try Format.json.read(data) }
        let index = Result { () throws(Diagnostic) in try Format.json.index(data, options: FormatOptions()) }
        switch (tree, index) {
        case let (.failure(expected), .failure(error)): #expect("\(error)" == "\(expected)", "\(text)")
        case (.success, .success): #expect(text == "\u{FEFF}1")
        default: Issue.record("\(text): tree \(tree), index \(index)")
        }
    }

    @Test func badBinaryPlistsFailAsTheTreeReaderFails() {
        let good = ConversionFidelityTests.doublingArrays(levels: 2, leaf: 1)
        var inputs = (8..<good.count).map { Data(good.prefix($0)) }
        inputs.append(Data(ConversionFidelityTests.doublingArrays(levels: 30, leaf: 1)))  // expands past the limit
        for (cut, data) in inputs.enumerated() {
            let tree = Result { () throws(Diagnostic) in try Format.binaryPlist.read(data) }
            let index = Result { () throws(Diagnostic) in try Format.binaryPlist.index(data, options: FormatOptions()) }
            switch (tree, index) {
            case let (.failure(expected), .failure(error)): #expect("\(error)" == "\(expected)", "input \(cut)")
            default: Issue.record("input \(cut): tree \(tree), index \(index)")
            }
        }
    }
}
