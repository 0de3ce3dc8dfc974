/// DocumentEncoder's spare state (the direct binary plist path's frames, buffers and string
/// tables, kept from one call for the next): whatever came before, a call writes the bytes a
/// fresh encoder's tree path writes.

import Foundation
import SerializeCodable
import SerializeCoding
import SerializeDocument
import Testing

/// Keeps a keyed container an `encode(to:)` was given, to write to it during a later call.
final class KeptContainer: @unchecked Sendable {
    var container: KeyedEncodingContainer<Scripted.Key>?
}

@Suite struct DirectEncodingSpareTests {
    /// The tree path's bytes for `value`, from an encoder that never kept a state.
    static func treeBytes(_ value: some Encodable, as format: Format = .binaryPlist) throws -> Data {
        var tree = DocumentEncoder()
        tree.encodesDirectly = false
        return try tree.encode(value, as: format)
    }

    /// Documents whose references need 1, 2 and 4 bytes, so that each call starts from the
    /// width the last one ended with and widens or narrows it.
    static let sizes: [[Int]] = [[1, 2], Array(0..<300), [3], Array(0..<70_000), Array(0..<400), [4]]

    @Test func oneEncoderGivesEachDocumentItsOwnBytes() throws {
        let encoder = DocumentEncoder()
        for (round, numbers) in (Self.sizes + Self.sizes.reversed()).enumerated() {
            let value = Wrap(numbers)
            #expect(try encoder.encode(value, as: .binaryPlist) == Self.treeBytes(value), "round \(round): \(numbers.count) numbers")
        }
    }

    @Test func concurrentEncodesGiveTheSerialBytes() async throws {
        let encoder = DocumentEncoder()
        @Sendable func value(_ index: Int) -> Wrap<[String: [Int]]> { Wrap(["k\(index % 5)": Array(0..<(index % 3 == 0 ? 300 : index))]) }
        let serial = try (0..<64).map { try Self.treeBytes(value($0)) }
        let concurrent = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for index in serial.indices {
                group.addTask { (index, try encoder.encode(value(index), as: .binaryPlist)) }
            }
            var answers = [Data?](repeating: nil, count: serial.count)
            for try await (index, data) in group { answers[index] = data }
            return answers
        }
        #expect(concurrent == serial)
    }

    @Test func anErrorMidEncodeLeavesTheNextCallRight() throws {
        let encoder = DocumentEncoder()
        let value = Wrap(["a": [1, 2, 3]])
        _ = try encoder.encode(Wrap(Array(0..<300)), as: .binaryPlist)
        #expect(throws: EncodingError.self) { try encoder.encode(Wrap([AnyBox(1), AnyBox("two"), AnyBox(Thrower())]), as: .binaryPlist) }
        #expect(encoder.keptStateBytes != nil, "the state is kept after an error")
        #expect(try encoder.encode(value, as: .binaryPlist) == Self.treeBytes(value))
        // A refused null (the default: an error) mid-document, then a document again.
        #expect(throws: EncodingError.self) { try encoder.encode(Wrap([1, nil, 3] as [Int?]), as: .binaryPlist) }
        #expect(try encoder.encode(value, as: .binaryPlist) == Self.treeBytes(value))
    }

    @Test func aHugeDocumentThenASmallOne() throws {
        let encoder = DocumentEncoder()
        let huge = Wrap(Data(repeating: 7, count: 1_500_000))
        #expect(try encoder.encode(huge, as: .binaryPlist) == Self.treeBytes(huge))
        #expect(encoder.keptStateBytes == nil, "a state over the limit is not kept")
        let small = Wrap(["x": "y"])
        #expect(try encoder.encode(small, as: .binaryPlist) == Self.treeBytes(small))
        #expect((encoder.keptStateBytes ?? .max) <= 1 << 20)
        #expect(try encoder.encode(huge, as: .binaryPlist) == Self.treeBytes(huge))
    }

    /// A kept state starts with 1-byte references; strings are found again after they widen.
    @Test func referencesWidenWhileStringsAreSharedThenNarrowAgain() throws {
        let encoder = DocumentEncoder()
        let small = Wrap(["x": "y"])
        let widening = Wrap((0..<30_000).map { ["repeated string \($0 % 300)", "short \($0 % 3)"] })
        for value in [AnyBox(small), AnyBox(widening), AnyBox(small), AnyBox(widening)] {
            #expect(try encoder.encode(value, as: .binaryPlist) == Self.treeBytes(value))
        }
    }

    /// A kept state has the settings it was made with: changing one (on the encoder or on a
    /// copy, which shares the state until then) gives the next call the new settings.
    @Test func aChangedSettingReachesTheNextCall() throws {
        struct Sample: Encodable {
            enum Key: String, CodingKey { case firstName, nickname, when }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode("Ada", forKey: .firstName)
                try container.encodeNil(forKey: .nickname)
                try container.encode(Date(timeIntervalSinceReferenceDate: 0.25), forKey: .when)
            }
        }
        func expectTree(_ encoder: DocumentEncoder, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            var tree = encoder
            tree.encodesDirectly = false
            #expect(try encoder.encode(Sample(), as: .binaryPlist) == tree.encode(Sample(), as: .binaryPlist), "\(label)", sourceLocation: sourceLocation)
        }
        var encoder = DocumentEncoder(options: FormatOptions(null: .omit))
        try expectTree(encoder, "first")
        var copy = encoder
        copy.nilMarker = "$"
        try expectTree(copy, "copy with a nil marker")
        try expectTree(encoder, "the original after its copy changed")
        encoder.options.keys = .convertToSnakeCase
        try expectTree(encoder, "snake_case keys")
        encoder.datePrecision = .seconds
        try expectTree(encoder, "dates in seconds")
        encoder.userInfo[CodingUserInfoKey(rawValue: "k")!] = 1
        encoder.custom.keys = { path in AnyCodingKey(stringValue: (path.last?.stringValue ?? "").uppercased()) }
        try expectTree(encoder, "custom keys")
    }

    /// A container kept from one call and written to during the next writes nothing into the
    /// next call's document (JSON and XML plist calls share the encoder's kept containers too).
    @Test(arguments: [Format.binaryPlist, .json, .xmlPlist])
    func aContainerKeptFromAnEarlierCallDoesNotReachALaterDocument(format: Format) throws {
        let encoder = DocumentEncoder()
        let kept = KeptContainer()
        let keeper = Scripted { encoder in
            kept.container = encoder.container(keyedBy: Scripted.Key.self)
            try kept.container?.encode(1, forKey: .a)
        }
        let later = Scripted { encoder in
            try? kept.container?.encode(2, forKey: .b)
            var container = encoder.container(keyedBy: Scripted.Key.self)
            try container.encode(3, forKey: .c)
        }
        _ = try encoder.encode(keeper, as: format)
        for _ in 0..<3 {
            #expect(try encoder.encode(later, as: format) == Self.treeBytes(["c": 3], as: format))
        }
    }

    /// A keyed container written to after its encoder, and the state the encoder kept, are gone
    /// refuses the write (the container holds the state it writes into; nothing is freed under it).
    @Test func aContainerKeptPastItsEncoderRefusesItsWrites() throws {
        let kept = KeptContainer()
        do {
            let encoder = DocumentEncoder()
            let keeper = Scripted { encoder in
                kept.container = encoder.container(keyedBy: Scripted.Key.self)
                try kept.container?.encode(1, forKey: .a)
            }
            #expect(try encoder.encode(keeper, as: .binaryPlist) == Self.treeBytes(["a": 1]))
        }
        #expect(throws: (any Error).self) { try kept.container?.encode(2, forKey: .b) }
        #expect(kept.container?.codingPath.isEmpty == true)
    }

    /// An encoder kept past its call, after the encoder that made it is gone, refuses its
    /// writes: it holds the state it writes into (the encoders the state keeps for its next
    /// call do not).
    @Test(arguments: [Format.binaryPlist, .json])
    func anEncoderKeptPastItsCallRefusesItsWrites(format: Format) throws {
        let kept = Kept()
        do {
            let encoder = DocumentEncoder()
            for _ in 0..<2 {
                let data = try encoder.encode([Keeper(kept: kept)], as: format)
                #expect(data == (try Self.treeBytes(["Index 0#0"], as: format)))
            }
        }
        #expect(kept.encoder?.codingPath.isEmpty == true)
        var single = kept.encoder?.singleValueContainer()
        #expect(throws: (any Error).self) { try single?.encode(2) }
    }

    /// `value` under `depth` levels of `Wrap`, each level's keys a type of its own.
    static func nested<Value: Encodable>(_ value: Value, depth: Int) -> any Encodable {
        depth == 0 ? value : nested(Wrap(value), depth: depth - 1)
    }

    /// Seventy key types in one document, more than the encoder keeps containers for (some
    /// collide in its table), and again in later calls: each call gives the tree's bytes.
    @Test func moreKeyTypesThanTheEncoderKeepsContainersFor() throws {
        let encoder = DocumentEncoder()
        let values: [any Encodable] = [Self.nested(1, depth: 70), Self.nested("x", depth: 35), Self.nested([true], depth: 3)]
        for round in 0..<3 {
            for (index, value) in values.enumerated() {
                let box = AnyBox(value)
                #expect(try encoder.encode(box, as: .binaryPlist) == Self.treeBytes(box), "round \(round), value \(index)")
                #expect(try encoder.encode(box, as: .json) == Self.treeBytes(box, as: .json), "round \(round), value \(index)")
            }
        }
    }

    /// A tree of one type: each level asks for a container of the keys its enclosing level
    /// still writes to. Each call gives the tree's bytes, and the state is kept for the next
    /// (the containers made for the inner levels let go of it when their values end).
    @Test func nestedValuesOfOneTypeGiveTheTreesBytesAndKeepTheState() throws {
        struct Node: Encodable {
            var name: String
            var children: [Node]
        }
        func node(_ depth: Int, _ name: String) -> Node {
            Node(name: name, children: depth == 0 ? [] : (0..<3).map { node(depth - 1, name + "\($0)") })
        }
        let encoder = DocumentEncoder()
        let tree = node(4, "n")
        for _ in 0..<3 {
            #expect(try encoder.encode(tree, as: .binaryPlist) == Self.treeBytes(tree))
            #expect(encoder.keptStateBytes != nil)
        }
    }
}

/// Any encodable value, to put values of several types in one array.
struct AnyBox: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
