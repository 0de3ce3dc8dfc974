/// DocumentDecoder keeps its keyed containers, one per key type, from one call for the next
/// (`KeptContainers`): whatever a type does with the container it was given, each call reads
/// its own document.

import Foundation
import SerializeCodable
import SerializeDocument
import Testing

/// A keyed container an `init(from:)` was given, kept to read from after its call.
final class KeptDecodingContainer: @unchecked Sendable {
    var container: KeyedDecodingContainer<KeepsItsContainer.Key>?
}

/// Reads `a` and keeps its container in `kept`.
struct KeepsItsContainer: Decodable {
    enum Key: String, CodingKey { case a, b }
    static let kept = KeptDecodingContainer()
    var a: Int
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        Self.kept.container = container
        a = try container.decode(Int.self, forKey: .a)
    }
}

/// A value under the key `value`; each level's keys are a type of their own.
struct Nest<Value: Codable & Equatable>: Codable, Equatable {
    var value: Value
}

/// A tree of one type: each level reads its children while its own container is in use.
struct Branch: Codable, Equatable {
    var name: String
    var children: [Branch]

    static func tree(_ depth: Int, _ name: String = "n") -> Branch {
        Branch(name: name, children: depth == 0 ? [] : (0..<3).map { tree(depth - 1, name + "\($0)") })
    }
}

@Suite struct KeptDecodingContainersTests {
    static let formats: [Format] = [.json, .binaryPlist, .xmlPlist]

    /// A container kept past its decode reads its own document, even after the decoder is gone
    /// and the next call's document has taken the decoder's memory.
    @Test(arguments: formats)
    func aContainerKeptPastItsCallReadsItsOwnDocument(format: Format) throws {
        let encoder = DocumentEncoder()
        do {
            let decoder = DocumentDecoder()
            let first = try decoder.decode(KeepsItsContainer.self, from: encoder.encode(["a": 1, "b": 2], as: format), as: format)
            #expect(first.a == 1)
            let kept = KeepsItsContainer.kept.container
            // The next call asks for a container of the same key type: a new one.
            let second = try decoder.decode(KeepsItsContainer.self, from: encoder.encode(["a": 10, "b": 20], as: format), as: format)
            #expect(second.a == 10)
            #expect(try kept?.decode(Int.self, forKey: .b) == 2)
            KeepsItsContainer.kept.container = kept
        }
        #expect(try KeepsItsContainer.kept.container?.decode(Int.self, forKey: .b) == 2)
        #expect(KeepsItsContainer.kept.container?.allKeys.map(\.stringValue).sorted() == ["a", "b"])
        KeepsItsContainer.kept.container = nil
    }

    /// `value` under `depth` levels of `Nest`.
    static func nested<Value: Codable & Equatable>(_ value: Value, depth: Int, format: Format, decoder: DocumentDecoder) throws -> Bool {
        if depth > 0 { return try nested(Nest(value: value), depth: depth - 1, format: format, decoder: decoder) }
        let data = try DocumentEncoder().encode(value, as: format)
        return try decoder.decode(Value.self, from: data, as: format) == value
    }

    /// Seventy key types in one document, more than the decoder keeps containers for (some
    /// collide in its table), and again in later calls.
    @Test(arguments: formats)
    func moreKeyTypesThanTheDecoderKeepsContainersFor(format: Format) throws {
        let decoder = DocumentDecoder()
        for round in 0..<3 {
            #expect(try Self.nested(1, depth: 70, format: format, decoder: decoder), "round \(round)")
            #expect(try Self.nested("x", depth: 35, format: format, decoder: decoder), "round \(round)")
            #expect(try Self.nested([true], depth: 3, format: format, decoder: decoder), "round \(round)")
        }
    }

    /// Nested values of one type, one decoder, several calls: each gives the value back, and a
    /// missing key deep inside is reported at its own path.
    @Test(arguments: formats)
    func nestedValuesOfOneTypeDecode(format: Format) throws {
        let decoder = DocumentDecoder()
        let tree = Branch.tree(4)
        let data = try DocumentEncoder().encode(tree, as: format)
        for _ in 0..<3 {
            #expect(try decoder.decode(Branch.self, from: data, as: format) == tree)
        }
        struct Loose: Encodable {
            var name: String?
            var children: [Loose]
        }
        let broken = try DocumentEncoder().encode(Loose(name: "n", children: [Loose(name: "n0", children: [Loose(children: [])])]), as: format)
        let error = #expect(throws: DecodingError.self) { try decoder.decode(Branch.self, from: broken, as: format) }
        guard case let .keyNotFound(key, context)? = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "name")
        #expect(context.codingPath.map(\.stringValue) == ["children", "Index 0", "children", "Index 0"])
        #expect(try decoder.decode(Branch.self, from: data, as: format) == tree)
    }
}
