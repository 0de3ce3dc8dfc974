/// One `DocumentDecoder` used for many calls keeps the memory of the index it read for the next
/// call (DecodingReuse): calls at the same time, calls that fail, a huge document and a type
/// that keeps its decoder must all decode exactly what a fresh decoder decodes.

import Foundation
import Testing
@testable import SerializeCodable
import SerializeDocument

@Suite struct DocumentDecoderReuseTests {
    struct Leaf: Codable, Equatable {
        var name: String
        var values: [Int]
        var when: Date
    }

    struct Record: Codable, Equatable {
        var id: Int
        var title: String
        var leaves: [Leaf]
        var tags: [String: String]
    }

    /// Records of different sizes and contents, so that a call reusing another's memory would
    /// show what it left behind.
    static func record(_ seed: Int) -> Record {
        Record(
            id: seed, title: String(repeating: "t\(seed)·", count: seed % 7 + 1),
            leaves: (0..<(seed % 5)).map { Leaf(name: "leaf \($0) of \(seed)", values: Array(0..<($0 + seed % 3)), when: Date(timeIntervalSince1970: Double(seed) + 0.25)) },
            tags: Dictionary(uniqueKeysWithValues: (0..<(seed % 4)).map { ("k\($0)", "v\(seed)") }))
    }

    static func documents(_ format: Format, count: Int) throws -> [Data] {
        let encoder = DocumentEncoder()
        return try (0..<count).map { try encoder.encode(record($0), as: format) }
    }

    @Test(arguments: [Format.json, .binaryPlist, .xmlPlist])
    func concurrentDecodesEqualSerialOnes(format: Format) async throws {
        let inputs = try Self.documents(format, count: 40)
        let serial = try inputs.map { try DocumentDecoder().decode(Record.self, from: $0, as: format) }
        #expect(serial == (0..<40).map(Self.record))
        let shared = DocumentDecoder()
        let concurrent = try await withThrowingTaskGroup(of: (Int, [Record]).self) { group in
            for task in 0..<8 {
                group.addTask {
                    // Each task walks the inputs from its own starting point, three times over.
                    let order = (0..<(3 * inputs.count)).map { ($0 + task * 5) % inputs.count }
                    return (task, try order.map { try shared.decode(Record.self, from: inputs[$0], as: format) })
                }
            }
            var results: [(Int, [Record])] = []
            for try await result in group { results.append(result) }
            return results
        }
        for (task, records) in concurrent {
            let expected = (0..<(3 * inputs.count)).map { serial[($0 + task * 5) % inputs.count] }
            #expect(records == expected, "task \(task)")
        }
    }

    /// A failed call, whether the reader or the decoding failed, leaves the decoder decoding
    /// exactly as before, with the same error text as a fresh decoder's.
    @Test(arguments: [
        (#"{"id":1,"title":"x","leaves":[{"name":"a","values":[1,"two"],"when":"2024-05-01T12:30:45Z"}],"tags":{}}"#, "Expected to decode Int but found a string instead."),
        (#"{"id":1,"title":"x","leaves":[{"name":"a","values":[1,2"#, "The given data was not valid json"),
        (#"{"id":1,"title":"x","leaves":[{"name":"a","values":[]}],"tags":{}}"#, "No value associated with key"),
    ])
    func anErrorLeavesTheDecoderUsable(bad: String, message: String) throws {
        let shared = DocumentDecoder()
        let good = try Self.documents(.json, count: 6)
        for (number, data) in good.enumerated() {
            let fresh = Self.errorText { try DocumentDecoder().decode(Record.self, from: Data(bad.utf8), as: .json, file: URL(fileURLWithPath: "in.json")) }
            let reused = Self.errorText { try shared.decode(Record.self, from: Data(bad.utf8), as: .json, file: URL(fileURLWithPath: "in.json")) }
            #expect(reused == fresh)
            #expect(reused.contains(message), "\(reused)")
            #expect(try shared.decode(Record.self, from: data, as: .json) == Self.record(number))
        }
    }

    static func errorText(_ body: () throws -> Record) -> String {
        do {
            _ = try body()
            return "no error"
        } catch let error as DecodingError {
            switch error {
            case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context), let .dataCorrupted(context):
                return "\(context.debugDescription) at \(context.codingPath.map(\.stringValue)) \(context.underlyingError.map { "\($0)" } ?? "")"
            @unknown default: return "\(error)"
            }
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [Format.json, .binaryPlist])
    func aHugeDocumentIsNotKeptAndASmallOneIs(format: Format) throws {
        let shared = DocumentDecoder()
        let small = try DocumentEncoder().encode(Self.record(3), as: format)
        #expect(try shared.decode(Record.self, from: small, as: format) == Self.record(3))
        let kept = shared.reuse.retainedBytes
        #expect(kept > 0 && kept <= DecodingReuse.retainedLimit)

        let many = (0..<1_500).map(Self.record)
        let huge = try DocumentEncoder().encode(many, as: format)
        #expect(try shared.decode([Record].self, from: huge, as: format) == many)
        // The huge index's memory was let go of; the call had taken the small one's.
        #expect(shared.reuse.retainedBytes == 0)
        #expect(try shared.decode(Record.self, from: small, as: format) == Self.record(3))
        #expect(shared.reuse.retainedBytes > 0 && shared.reuse.retainedBytes <= DecodingReuse.retainedLimit)
    }

    /// A type that keeps its decoder and reads from it later (after the decoder has decoded
    /// other documents, which reuse the memory) still reads its own document.
    final class Keeper: Decodable, @unchecked Sendable {
        let decoder: any Decoder
        init(from decoder: any Decoder) throws { self.decoder = decoder }
        func record() throws -> Record { try Record(from: decoder) }
    }

    @Test(arguments: [Format.json, .binaryPlist])
    func aKeptDecoderStillReadsItsDocument(format: Format) throws {
        let shared = DocumentDecoder()
        let inputs = try Self.documents(format, count: 5)
        let keeper = try shared.decode(Keeper.self, from: inputs[4], as: format)
        for (number, data) in inputs.enumerated() {
            #expect(try shared.decode(Record.self, from: data, as: format) == Self.record(number))
        }
        #expect(try keeper.record() == Self.record(4))
    }

    /// Decoding a `Document` reuses the memory the same way.
    @Test func documentsDecodeAlikeWithReuse() throws {
        let shared = DocumentDecoder()
        for seed in 0..<8 {
            let document = try Format.json.read(DocumentEncoder().encode(Self.record(seed), as: .json), options: FormatOptions())
            #expect(try shared.decode(Record.self, from: document) == Self.record(seed))
        }
    }
}
