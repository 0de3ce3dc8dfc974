import Foundation
import OrderedCollections
import Testing
@testable import SerializeDocument

/// A Codable model with a field of any shape.
struct Envelope: Codable, Equatable {
    var kind: String
    var payload: Document
}

@Suite struct DocumentCodableTests {
    @Test func aPropertyListCarriesAnyDocumentWithTypesApart() throws {
        let date = Date(timeIntervalSinceReferenceDate: 1000)
        let payload: Document = [
            "flag": true, "count": 3, "big": .unsignedInteger(.max), "ratio": 1.5, "name": "x",
            "when": .date(date), "bytes": .data(Data([1, 2])), "list": [1, "two"],
        ]
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let decoded = try PropertyListDecoder().decode(Envelope.self, from: try encoder.encode(Envelope(kind: "k", payload: payload)))
        // Foundation's decoders do not keep key order; compare member by member.
        guard case let .dictionary(members) = decoded.payload, case let .dictionary(expected) = payload else {
            Issue.record("payload is not a dictionary: \(decoded.payload)")
            return
        }
        #expect(members.count == expected.count)
        for (key, value) in expected { #expect(members[key] == value, "\(key)") }
    }

    @Test func jsonCarriesNullsBoolsAndNestedValues() throws {
        let payload: Document = ["a": nil, "b": false, "c": [1, 2.5, "s"], "d": -7]
        let data = try JSONEncoder().encode(Envelope(kind: "k", payload: payload))
        let decoded = try JSONDecoder().decode(Envelope.self, from: data)
        guard case let .dictionary(members) = decoded.payload else {
            Issue.record("payload is not a dictionary")
            return
        }
        #expect(members["a"] == .null)
        #expect(members["b"] == .bool(false))
        #expect(members["c"] == [1, 2.5, "s"])
        #expect(members["d"] == .integer(-7))
    }

    @Test func foundationDecodersHandOutIntegralRealsAsIntegers() throws {
        // A limit of Foundation's decoders, not of Document: they answer `decode(Int64.self)` for
        // `<real>1.0</real>`. Our own readers keep the real (see the converter's tests).
        let data = try PropertyListEncoder().encode(["ratio": Document.double(1.0)])
        #expect(try PropertyListDecoder().decode([String: Document].self, from: data)["ratio"] == .integer(1))
    }

    @Test func encodingKeepsOrderThroughOurWriter() throws {
        // JSONEncoder with sorted keys off still hashes; our own writer is what keeps order.
        let data = try JSONEncoder().encode(Document.array([1, "a", nil]))
        #expect(String(decoding: data, as: UTF8.self) == #"[1,"a",null]"#)
    }
}
