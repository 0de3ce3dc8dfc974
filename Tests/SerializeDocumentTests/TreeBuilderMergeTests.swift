import Foundation
import OrderedCollections
import Testing
import TestSupport
import SerializeCore
@testable import SerializeDocument

/// The tree builder makes a small dictionary without repeated keys straight from its keys and
/// values, and merges the rest member by member: both must give what the merge rule says (a
/// repeated key keeps its first place and takes its last value; keys compare by exact scalars).
@Suite struct TreeBuilderMergeTests {
    /// Keys that collide often, and pairs that `String ==` would take for one.
    static let keys = ["a", "b", "K", "\u{212A}", "\u{E9}", "e\u{301}", "name", "a\u{0}", ""]

    @Test func randomObjectsMergeAsTheRuleSays() throws {
        let seed = UInt64.random(in: 0 ... .max)
        var random = SeededGenerator(state: seed)
        for _ in 0..<400 {
            // Around the pairwise limit and well past it.
            let count = Int.random(in: 0...(TreeBuilder.pairwiseLimit + 8), using: &random)
            var pairs: [(String, Int64)] = []
            for value in 0..<count {
                let key = Bool.random(using: &random)
                    ? Self.keys.randomElement(using: &random) ?? "a" : "k\(Int.random(in: 0..<40, using: &random))"
                pairs.append((key, Int64(value)))
            }
            var expected = OrderedDictionary<DocumentKey, Document>()
            for (key, value) in pairs { expected[DocumentKey(key)] = .integer(value) }
            let text = "{" + pairs.map { "\(Self.quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
            let read = try JSONReader().read(Data(text.utf8))
            #expect(read == .dictionary(expected), "seed \(seed): \(text)")
            if case let .dictionary(members) = read {
                #expect(members.keys.elementsEqual(expected.keys), "seed \(seed): key order of \(text)")
            }
        }
    }

    @Test(arguments: [
        (#"{"a":1,"a":2}"#, ["a"], [2]),
        (#"{"a":1,"b":2,"a":3}"#, ["a", "b"], [3, 2]),
        (#"{"K":1,"\u212A":2}"#, ["K", "\u{212A}"], [1, 2]),
        (#"{"\u00E9":1,"e\u0301":2,"\u00E9":3}"#, ["\u{E9}", "e\u{301}"], [3, 2]),
        (#"{}"#, [], []),
    ] as [(String, [String], [Int64])])
    func repeatsAndLookAlikes(text: String, keys: [String], values: [Int64]) throws {
        let expected = Document.dictionary(OrderedDictionary(uniqueKeys: keys.map { DocumentKey($0) }, values: values.map(Document.integer)))
        #expect(try JSONReader().read(Data(text.utf8)) == expected)
    }

    static func quoted(_ key: String) -> String {
        "\"" + key.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : String(format: "\\u%04X", $0.value) }.joined() + "\""
    }
}
