/// DocumentDecoder reads a flat index: filled straight by the JSON and binary plist readers when
/// it decodes bytes, replayed from the tree when it decodes a `Document`. Both ways give the same
/// value or the same error (case, coding path and wording) for random models, random JSON under
/// every strategy, and a table of bad inputs.

import Foundation
import PropertyBased
import SerializeCodable
import SerializeCoding
import SerializeCore
import SerializeDocument
import SerializeModels
import SerializeTesting
import Testing
import TestSupport

/// What a decode gives: the value as Swift prints it, or the error with its coding path.
enum DecodeAnswer: Equatable, CustomStringConvertible {
    case value(String)
    case error(String)

    init(_ body: () throws -> Any) {
        do { self = .value(String(reflecting: try body())) } catch { self = .error(Self.describe(error)) }
    }

    /// The error as a reader sees it: its case, type, coding path and text (not the place the
    /// bytes path adds as the underlying error).
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String { context.codingPath.map(\.stringValue).joined(separator: ".") }
        switch error {
        case let DecodingError.typeMismatch(type, context): return "typeMismatch \(type) at \(path(context)): \(context.debugDescription)"
        case let DecodingError.valueNotFound(type, context): return "valueNotFound \(type) at \(path(context)): \(context.debugDescription)"
        case let DecodingError.keyNotFound(key, context): return "keyNotFound \(key.stringValue) at \(path(context)): \(context.debugDescription)"
        case let DecodingError.dataCorrupted(context): return "dataCorrupted at \(path(context)): \(context.debugDescription)"
        default: return "\(error)"
        }
    }

    var description: String {
        switch self {
        case let .value(text): text
        case let .error(text): "error: " + text
        }
    }
}

/// A type that reads with every container call: optional members, `allKeys`, nested keyed and
/// unkeyed containers, `superDecoder`, `decodeNil`.
struct Probe: Decodable, CustomStringConvertible {
    var id: Int?
    var name: String?
    var keys: [String]
    var nested: [String]
    var elements: [String]
    var parent: String

    enum Keys: String, CodingKey { case id, name, a, b, snakeCase = "snake_case", camelCase }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let known = try decoder.container(keyedBy: Keys.self)
        id = try known.decodeIfPresent(Int.self, forKey: .id)
        name = try known.decodeIfPresent(String.self, forKey: .name)
        keys = container.allKeys.map(\.stringValue)
        nested = []
        if known.contains(.a), (try? known.decodeNil(forKey: .a)) == false {
            if let inner = try? known.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .a) {
                nested = inner.allKeys.map(\.stringValue)
            } else if var list = try? known.nestedUnkeyedContainer(forKey: .a) {
                while !list.isAtEnd {
                    if try list.decodeNil() { nested.append("nil"); continue }
                    nested.append(String(reflecting: try list.decode(Document.self)))
                }
            }
        }
        elements = try known.decodeIfPresent([Document].self, forKey: .b).map { $0.map { String(reflecting: $0) } } ?? []
        parent = String(reflecting: try Document(from: try container.superDecoder()))
    }

    var description: String { "Probe(\(String(reflecting: id)), \(String(reflecting: name)), \(keys), \(nested), \(elements), \(parent))" }
}

@Suite struct IndexDecodingTests {
    /// Decodes `type` from `data` through its bytes and through the tree read from them.
    static func expectSame<T: Decodable>(
        _ type: T.Type, _ data: Data, as format: Format, _ decoder: DocumentDecoder = DocumentDecoder(), _ label: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let fromBytes = DecodeAnswer { try decoder.decode(type, from: data, as: format) }
        var reading = decoder.options
        reading.inferCSVTypes = false
        let fromTree = DecodeAnswer { try decoder.decode(type, from: try format.read(data, options: reading)) }
        #expect(fromBytes == fromTree, "\(label) \(T.self): bytes \(fromBytes), tree \(fromTree)", sourceLocation: sourceLocation)
    }

    static let decoders: [(String, DocumentDecoder)] = {
        var custom = DocumentDecoder()
        custom.custom.keys = { path in AnyCodingKey(stringValue: (path.last?.stringValue ?? "").lowercased()) }
        return [
            ("default", DocumentDecoder()),
            ("snake_case, non-finite as strings", DocumentDecoder(options: FormatOptions(nonFinite: .string, keys: .convertToSnakeCase))),
            ("nil marker", DocumentDecoder(nilMarker: "$")),
            ("nil as $null", DocumentDecoder(options: FormatOptions(null: .string("$null")))),
            ("custom keys", custom),
        ]
    }()

    static let json = Generator<String, Shrink.None<String>> { rng in RandomJSON.text(seed: UInt64.random(in: 0...UInt64.max, using: &rng)) }

    @Test func randomJSONDecodesTheSameThroughBytesAndTree() async {
        await propertyCheck(count: 150, input: Self.json) { text in
            let data = Data(text.utf8)
            for (label, decoder) in Self.decoders {
                Self.expectSame(Document.self, data, as: .json, decoder, label)
                Self.expectSame(Probe.self, data, as: .json, decoder, label)
                Self.expectSame([String: Int].self, data, as: .json, decoder, label)
                Self.expectSame([String: [Double]].self, data, as: .json, decoder, label)
                Self.expectSame([String?].self, data, as: .json, decoder, label)
                Self.expectSame([Decimal].self, data, as: .json, decoder, label)
                Self.expectSame([Date].self, data, as: .json, decoder, label)
                Self.expectSame([Data].self, data, as: .json, decoder, label)
                Self.expectSame([Int8].self, data, as: .json, decoder, label)
                Self.expectSame([Bool].self, data, as: .json, decoder, label)
                Self.expectSame([Probe].self, data, as: .json, decoder, label)
            }
        }
    }

    static func expectSameInEveryFormat<T: Codable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let encoder = DocumentEncoder()
        for format in [Format.json, .binaryPlist, .xmlPlist] {
            guard let data = try? encoder.encode(value, as: format) else { continue }
            expectSame(T.self, data, as: format, DocumentDecoder(), "\(format)", sourceLocation: sourceLocation)
        }
    }

    @Test func randomModelsDecodeTheSameThroughBytesAndTree() async {
        await propertyCheck(count: 30, input: SharedModelGen.comments, SharedModelGen.search, SharedModelGen.feed) { comments, search, feed in
            try Self.expectSameInEveryFormat(comments)
            try Self.expectSameInEveryFormat(search)
            try Self.expectSameInEveryFormat(feed)
        }
        await propertyCheck(count: 30, input: SharedModelGen.sensors, SharedModelGen.releases, SharedModelGen.roster) { sensors, releases, roster in
            try Self.expectSameInEveryFormat(sensors)
            try Self.expectSameInEveryFormat(releases)
            try Self.expectSameInEveryFormat(roster)
        }
    }

    /// Bad inputs, each with the error it gives both ways (so the wording is pinned too).
    nonisolated(unsafe) static let badInputs: [(String, any Decodable.Type, String)] = [
        (#"{"id":"x"}"#, Probe.self, #"typeMismatch Int at id: Expected to decode Int but found a string instead."#),
        (#"[1,2,"3"]"#, [Int].self, #"typeMismatch Int at Index 2: Expected to decode Int but found a string instead."#),
        (#"{"a":1e400}"#, [String: Int].self, "dataCorrupted at a: Number 1e400 does not fit in Int."),
        (#"{"a":300}"#, [String: Int8].self, "dataCorrupted at a: Number 300 does not fit in Int8."),
        ("null", Int.self, "valueNotFound Int at : Expected Int value but found null instead."),
        (#"{"K":1,"\u212a":2}"#, [String: Int].self,
         #"dataCorrupted at : Keys "K" and "\u{212A}" are one key in a Swift Dictionary<String, Int> (canonically equivalent); decode a Document or a type keyed by exact scalars to keep both."#),
        (#"{"a":{"b":[1,{"c":true}]}}"#, [String: [String: [Int]]].self,
         "typeMismatch Int at a.b.Index 1: Expected to decode Int but found a dictionary instead."),
        (#"[{"id":1},{"name":"x"}]"#, [Release].self, #"keyNotFound name at Index 0: No value associated with key CodingKeys(stringValue: "name", intValue: nil) ("name")."#),
        (#"{"a":[1,2]}"#, [String: [String: Int]].self, "typeMismatch Dictionary<String, Any> at a: Expected to decode Dictionary<String, Any> but found an array instead."),
        ("[1,2]", [Int].self, "none"),
        (#"{"a":null}"#, [String: [Int]].self, "valueNotFound Array<Any> at a: Cannot get unkeyed decoding container -- found null value instead"),
        (#"["not a date"]"#, [Date].self, #"dataCorrupted at Index 0: Expected a date (iso8601) but found "not a date"."#),
        (#"["%%"]"#, [Data].self, "dataCorrupted at Index 0: Encountered Data is not valid Base64."),
        (#"[18446744073709551616]"#, [UInt64].self, "dataCorrupted at Index 0: Number 18446744073709551616 does not fit in UInt64."),
    ]

    @Test(arguments: 0..<badInputs.count)
    func badInputsFailTheSameThroughBytesAndTree(row: Int) throws {
        let (text, type, expected) = Self.badInputs[row]
        let data = Data(text.utf8)
        func decode<T: Decodable>(_ type: T.Type) -> (DecodeAnswer, DecodeAnswer) {
            (DecodeAnswer { try DocumentDecoder().decode(type, from: data, as: .json) },
             DecodeAnswer { try DocumentDecoder().decode(type, from: try Format.json.read(data)) })
        }
        let (fromBytes, fromTree) = decode(type)
        #expect(fromBytes == fromTree)
        if expected == "none" {
            #expect(fromBytes == .value(String(reflecting: try DocumentDecoder().decode(type, from: data, as: .json))))
        } else {
            #expect(fromBytes == .error(expected), "\(text)")
        }
    }

    @Test func customKeysThatCollideAreRefusedBothWays() {
        var decoder = DocumentDecoder()
        decoder.custom.keys = { _ in AnyCodingKey(stringValue: "same") }
        let data = Data(#"{"a":1,"b":2}"#.utf8)
        Self.expectSame([String: Int].self, data, as: .json, decoder)
        Self.expectSame(Probe.self, data, as: .json, decoder)
        #expect(DecodeAnswer { try decoder.decode(Probe.self, from: data, as: .json) }
            == .error(#"dataCorrupted at : Keys "a" and "b" both become "same" through the custom key strategy; the decoder would lose one of them."#))
    }
}
