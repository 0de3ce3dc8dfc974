/// DocumentDecoder's keyed lookups (a cursor tried before the dictionary's own lookup) and its
/// coding paths made only on error: answers and error texts as a plain lookup would give.

import Foundation
import OrderedCollections
import Testing
import SerializeCodable
import SerializeCore
import SerializeDocument

@Suite struct DocumentDecoderLookupTests {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Asks a keyed container for the keys in `userInfo[Probe.asked]` in that order (present
    /// or not, repeated, out of order) and records what each lookup found.
    struct Probe: Decodable {
        static let asked = CodingUserInfoKey(rawValue: "asked")!
        var found: [Int64?]
        var contained: [Bool]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            found = []
            contained = []
            for name in decoder.userInfo[Self.asked] as? [String] ?? [] {
                let key = AnyKey(stringValue: name)
                contained.append(container.contains(key))
                found.append(try container.decodeIfPresent(Int64.self, forKey: key))
            }
        }
    }

    static let names = ["a", "b", "c", "K", "\u{212A}", "\u{E9}", "e\u{301}", "long key past sixteen bytes", "x"]

    /// Random dictionaries of up to 20 members asked for in random orders: every lookup finds
    /// exactly the member with the same scalars, or none.
    @Test func lookupsInAnyOrderFindTheMemberWithTheSameScalars() throws {
        // Each failure message names its keys and the order they were asked in.
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var members = OrderedDictionary<DocumentKey, Document>()
            for index in 0..<Int.random(in: 0...20, using: &random) {
                let name = Bool.random(using: &random) ? Self.names.randomElement(using: &random) ?? "a" : "m\(index)"
                members[DocumentKey(name)] = .integer(Int64(index))
            }
            var asked = members.keys.map(\.string)
            asked.shuffle(using: &random)
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                asked.insert(Self.names.randomElement(using: &random) ?? "z", at: Int.random(in: 0...asked.count, using: &random))
            }
            if Bool.random(using: &random) { asked = members.keys.map(\.string) + asked }  // in order first, then again
            let probe = try DocumentDecoder(userInfo: [Probe.asked: asked]).decode(Probe.self, from: .dictionary(members))
            let expected: [Int64?] = asked.map { name in
                if case let .integer(value) = members[DocumentKey(name)] { return value }
                return nil
            }
            #expect(probe.found == expected, "\(asked) in \(members.keys.map(\.string))")
            #expect(probe.contained == expected.map { $0 != nil }, "\(asked) in \(members.keys.map(\.string))")
        }
    }

    struct Inner: Decodable {
        var name: String
        var score: Double
        var flag: Bool
        var count: Int
        var tags: [String]
    }

    struct Outer: Decodable {
        var inner: Inner
        var list: [Inner]
        var small: Float?
    }

    /// Errors keep their wording and coding path now that scalars build their path only when
    /// they fail.
    @Test(arguments: [
        (#"{"inner":{"name":1,"score":1,"flag":true,"count":1,"tags":[]},"list":[]}"#,
         "Expected to decode String but found a number instead.", ["inner", "name"]),
        (#"{"inner":{"name":"n","score":"x","flag":true,"count":1,"tags":[]},"list":[]}"#,
         "Expected to decode Double but found a string instead.", ["inner", "score"]),
        (#"{"inner":{"name":"n","score":1,"flag":1,"count":1,"tags":[]},"list":[]}"#,
         "Expected to decode Bool but found a number instead.", ["inner", "flag"]),
        (#"{"inner":{"name":"n","score":1,"flag":true,"count":1.5,"tags":[]},"list":[]}"#,
         "Number 1.5 does not fit in Int.", ["inner", "count"]),
        (#"{"inner":{"name":"n","score":1,"flag":true,"count":1,"tags":["a",2]},"list":[]}"#,
         "Expected to decode String but found a number instead.", ["inner", "tags", "Index 1"]),
        (#"{"inner":{"name":"n","score":1,"flag":true,"count":1,"tags":[]},"list":[{"name":"n","score":1,"flag":true,"count":null,"tags":[]}]}"#,
         "Expected Int value but found null instead.", ["list", "Index 0", "count"]),
        (#"{"inner":{"name":"n","score":1,"flag":true,"count":1,"tags":[]},"list":[{"name":"n","score":1,"flag":true,"tags":[]}]}"#,
         "No value associated with key AnyKey(stringValue: \"count\", intValue: nil) (\"count\").", ["list", "Index 0"]),
        (#"{"inner":{"name":"n","score":1,"flag":true,"count":1,"tags":[]},"list":[],"small":1e300}"#,
         "Number 1e+300 does not fit in Float.", ["small"]),
    ])
    func errorsKeepTheirTextAndPath(json: String, message: String, path: [String]) {
        do {
            _ = try DocumentDecoder().decode(Outer.self, from: Data(json.utf8), as: .json)
            Issue.record("decoded \(json)")
        } catch let error as DecodingError {
            let context: DecodingError.Context? = switch error {
            case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context), let .dataCorrupted(context): context
            @unknown default: nil
            }
            #expect(context?.codingPath.map(\.stringValue) == path)
            if case .keyNotFound = error {
                #expect(context?.debugDescription.hasPrefix("No value associated with key") == true)
            } else {
                #expect(context?.debugDescription == message)
            }
            // The place in the file rides along as the underlying diagnostic.
            #expect(context?.underlyingError is Diagnostic)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    // MARK: - decodeIfPresent

    /// Every member optional: the synthesized `init(from:)` asks through `decodeIfPresent`.
    struct Optionals: Decodable, Equatable {
        var b: Bool?
        var s: String?
        var d: Double?
        var i: Int?
        var l: Int64?
        var u: [Int]?
    }

    /// The same members required: the texts of their errors are the ones `decodeIfPresent` must give.
    struct Required: Decodable {
        var b: Bool
        var s: String
        var d: Double
        var i: Int
        var l: Int64
        var u: [Int]
    }

    @Test(arguments: [
        (#"{"b":true,"s":"x","d":1.5,"i":2,"l":3,"u":[4]}"#, Optionals(b: true, s: "x", d: 1.5, i: 2, l: 3, u: [4])),
        (#"{"b":null,"s":null,"d":null,"i":null,"l":null,"u":null}"#, Optionals()),
        (#"{}"#, Optionals()),
        (#"{"u":[4],"l":3,"i":2,"d":1.5,"s":"x","b":false}"#, Optionals(b: false, s: "x", d: 1.5, i: 2, l: 3, u: [4])),
    ])
    func decodeIfPresentReadsPresentNullAndAbsentMembers(json: String, expected: Optionals) throws {
        #expect(try DocumentDecoder().decode(Optionals.self, from: Data(json.utf8), as: .json) == expected)
    }

    /// A member of the wrong type fails as `decode` fails, with the same text and path.
    @Test(arguments: ["b", "s", "d", "i", "l", "u"])
    func decodeIfPresentFailsAsDecodeDoes(key: String) throws {
        let valid: [String: String] = ["b": "true", "s": #""x""#, "d": "1.5", "i": "2", "l": "3", "u": "[4]"]
        let members = valid.map { name, value in "\"\(name)\":\(name == key ? (key == "s" ? "[1]" : #""wrong""#) : value)" }
        let json = Data("{\(members.joined(separator: ","))}".utf8)
        func text(_ body: () throws -> Void) -> String {
            do {
                try body()
                return "no error"
            } catch let error as DecodingError {
                switch error {
                case let .typeMismatch(type, context): return "\(type) \(context.debugDescription) \(context.codingPath.map(\.stringValue))"
                default: return "\(error)"
                }
            } catch {
                return "\(error)"
            }
        }
        let optional = text { _ = try DocumentDecoder().decode(Optionals.self, from: json, as: .json) }
        let required = text { _ = try DocumentDecoder().decode(Required.self, from: json, as: .json) }
        #expect(optional == required)
        #expect(optional.contains("Expected to decode"), "\(optional)")
    }
}
