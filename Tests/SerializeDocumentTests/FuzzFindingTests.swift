import Foundation
import OrderedCollections
import SerializeCore
import Testing
@testable import SerializeDocument

/// Regression tests for the losses fuzzing found (issue 15, bugs 3, 5 and 6), each replaying the
/// input through the public API: `Format.read`, `Format.write` and `Format.convert`.
@Suite struct FuzzFindingTests {
    // MARK: - Bug 3: the binary plist writer shares strings by their exact code units

    /// Every string and key of `document` in document order, as scalars: `Document ==` compares
    /// strings with `String ==`, which calls canonically equivalent strings equal.
    static func texts(_ document: Document) -> [[Unicode.Scalar]] {
        switch document {
        case let .string(text): [Array(text.unicodeScalars)]
        case let .array(elements): elements.flatMap(texts)
        case let .dictionary(members): members.flatMap { [Array($0.key.string.unicodeScalars)] + texts($0.value) }
        default: []
        }
    }

    @Test(arguments: [
        #"["\u00E9","e\u0301"]"#,  // the finding: canonically equivalent strings
        #"["e\u0301","\u00E9","\u00E9"]"#,
        #"[{"\u00E9":1},{"e\u0301":2}]"#,  // keys of two dictionaries
        #"[{"\u212B":"\u00C5"},"A\u030A"]"#,  // a key and strings
        #"["ab","\u6162"]"#,  // the same two bytes as ASCII and as UTF-16
        #"["K","\u212A",{"K":"\u212A"}]"#,
    ])
    func binaryPlistKeepsDistinctStringsDistinct(json: String) throws {
        let document = try Format.json.read(Data(json.utf8))
        let streamed = try Format.json.convert(Data(json.utf8), to: .binaryPlist)
        let tree = try Format.binaryPlist.write(document)
        for output in [streamed, tree] {
            let back = try Format.binaryPlist.read(output)
            #expect(Self.texts(back) == Self.texts(document))
            let json = try Format.binaryPlist.convert(output, to: .json, writing: FormatOptions(pretty: false))
            #expect(Self.texts(try Format.json.read(json)) == Self.texts(document))
        }
    }

    /// Equal strings are still stored once (the uniquing the table is for).
    @Test func binaryPlistStillSharesIdenticalStrings() throws {
        let once = try Format.binaryPlist.write(.array([.string("\u{E9}t\u{E9}")]))
        let twice = try Format.binaryPlist.write(.array([.string("\u{E9}t\u{E9}"), .string("\u{E9}t\u{E9}")]))
        // The second element costs one more reference, not a second string object.
        #expect(twice.count == once.count + 1)
    }

    /// Foundation's writer shares `0.0` and `-0.0` (the harness's `binaryPlistSignedZeroUniqued`);
    /// ours keeps them apart, reals and dates alike.
    @Test func binaryPlistKeepsSignedZeroDistinct() throws {
        let document = Document.array([
            .double(0.0), .double(-0.0), .double(-0.0), .double(0.0),
            .date(Date(timeIntervalSinceReferenceDate: -0.0)), .date(Date(timeIntervalSinceReferenceDate: 0.0)),
        ])
        let back = try Format.binaryPlist.read(try Format.binaryPlist.write(document))
        guard case let .array(elements) = back, elements.count == 6 else {
            Issue.record("read back \(back)")
            return
        }
        let bits = elements.compactMap { element -> UInt64? in
            switch element {
            case let .double(value): value.bitPattern
            case let .date(date): date.timeIntervalSinceReferenceDate.bitPattern
            default: nil
            }
        }
        #expect(bits == [0.0, -0.0, -0.0, 0.0, -0.0, 0.0].map(\.bitPattern))
    }

    // MARK: - Bug 5: one depth rule for every reader and writer

    enum Innermost: CaseIterable {
        case scalar, empty, uid
    }

    /// `depth` containers (an array, then dictionaries under `k`, the shape CSV holds); the
    /// innermost holds `1`, is empty, or is a UID `{"CF$UID": 1}`.
    static func nested(_ depth: Int, _ innermost: Innermost) -> Document {
        var value: Document = switch innermost {
        case .scalar: .dictionary(["k": .integer(1)])
        case .empty: .dictionary([:])
        case .uid: .dictionary(["CF$UID": .integer(1)])
        }
        for level in stride(from: depth - 1, through: 1, by: -1) {
            value = level == 1 ? .array([value]) : .dictionary(["k": value])
        }
        return value
    }

    /// The path of the container at `level` in ``nested(_:_:)``.
    static func path(ofLevel level: Int) -> ValuePath {
        ValuePath(level <= 1 ? [] : [.index(0)] + Array(repeating: .key("k"), count: level - 2))
    }

    static let limit = 6
    static let formats: [Format] = [.json, .xmlPlist, .binaryPlist, .csv]

    @Test(arguments: formats, Innermost.allCases)
    func everyFormatWritesAndReadsExactlyToTheLimit(format: Format, innermost: Innermost) throws {
        let limited = FormatOptions(null: .string("null"), inferCSVTypes: true, maximumDepth: Self.limit)
        var generous = limited
        generous.maximumDepth = Self.limit + 10
        for depth in [Self.limit - 1, Self.limit, Self.limit + 1] {
            let document = Self.nested(depth, innermost)
            if depth <= Self.limit {
                let output = try format.write(document, options: limited)
                #expect(try format.read(output, options: limited) == document, "\(format) depth \(depth)")
                continue
            }
            // The writer refuses by name at the first container too deep…
            let refusal = #expect(throws: Diagnostic.self, "\(format) depth \(depth)") { try format.write(document, options: limited) }
            #expect(refusal?.code == .tooDeep)
            #expect(refusal?.path == Self.path(ofLevel: depth))
            // …and the reader refuses the same document written under a larger limit.
            let output = try format.write(document, options: generous)
            #expect(try format.read(output, options: generous) == document)
            let reading = #expect(throws: Diagnostic.self, "\(format) depth \(depth)") { try format.read(output, options: limited) }
            #expect(reading?.code == .tooDeep)
        }
    }

    /// Conversions, streamed and through the tree, refuse by name what the target's readers would.
    @Test(arguments: formats, [false, true])
    func conversionRefusesWhatTheReadersWould(target: Format, sortKeys: Bool) throws {
        let reading = FormatOptions(maximumDepth: Self.limit + 10)
        let writing = FormatOptions(sortKeys: sortKeys, inferCSVTypes: true, maximumDepth: Self.limit)
        for depth in [Self.limit - 1, Self.limit, Self.limit + 1] {
            let json = try Format.json.write(Self.nested(depth, .scalar), options: reading)
            if depth <= Self.limit {
                let output = try Format.json.convert(json, to: target, reading: reading, writing: writing)
                #expect(try target.read(output, options: writing) == Self.nested(depth, .scalar))
            } else {
                let failure = #expect(throws: ConversionFailure.self) {
                    try Format.json.convert(json, to: target, reading: reading, writing: writing)
                }
                guard case let .writing(error) = failure else {
                    Issue.record("expected a writing failure, got \(String(describing: failure))")
                    continue
                }
                #expect(error.code == .tooDeep)
                #expect(failure?.error.path == Self.path(ofLevel: depth))
            }
        }
    }

    /// The finding: 512 nested JSON arrays became an XML property list our reader refused.
    @Test func fiveHundredTwelveArraysSurviveEveryFormat() throws {
        let json = Data((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8)
        let document = try Format.json.read(json)
        for target in [Format.xmlPlist, .binaryPlist] {
            let output = try Format.json.convert(json, to: target)
            #expect(try target.read(output) == document)
            #expect(try target.convert(output, to: .json, writing: FormatOptions(pretty: false)) == json)
        }
        let deeper = Data(("[" + String(decoding: json, as: UTF8.self) + "]").utf8)
        #expect(throws: ConversionFailure.self) { try Format.json.convert(deeper, to: .xmlPlist) }
    }

    /// The finding: a UID under 512 arrays was a 513th level the JSON reader refused; a UID
    /// counts as a dictionary in every format, so the binary reader refuses it too.
    @Test func aUIDCountsAsALevel() throws {
        let generous = FormatOptions(maximumDepth: 600)
        let fits = try Format.binaryPlist.write(Self.uid(under: 511), options: generous)
        let json = try Format.binaryPlist.convert(fits, to: .json)
        #expect(try Format.json.read(json) == Self.uid(under: 511))
        let tooDeep = try Format.binaryPlist.write(Self.uid(under: 512), options: generous)
        let failure = #expect(throws: ConversionFailure.self) { try Format.binaryPlist.convert(tooDeep, to: .json) }
        guard case let .reading(error) = failure else {
            Issue.record("expected a reading failure, got \(String(describing: failure))")
            return
        }
        #expect(error.code == .tooDeep)
        #expect(throws: Diagnostic.self) { try Format.binaryPlist.write(Self.uid(under: 512)) }
    }

    static func uid(under arrays: Int) -> Document {
        var value = Document.dictionary(["CF$UID": .integer(7)])
        for _ in 0..<arrays { value = .array([value]) }
        return value
    }

    // MARK: - Bug 6: streaming and the tree give one answer for duplicate keys

    /// A binary property list `{"a": first, "a": "ok"}`: one dictionary, the key object used twice.
    static func binaryPlistWithDuplicateKey(first: [UInt8]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in [[0xD2, 1, 1, 2, 3], [0x51, UInt8(ascii: "a")], first, [0x52, UInt8(ascii: "o"), UInt8(ascii: "k")]] {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [offsets.count, 0, table] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        return Data(bytes)
    }

    static let duplicateKeyInputs: [(Format, Data)] = [
        (.json, Data(#"{"a":"\u0011","a":"ok"}"#.utf8)),
        (.json, Data(#"{"a":null,"a":1}"#.utf8)),
        (.json, Data(#"[{"x":{"a":null},"a":null,"a":{"b":1}}]"#.utf8)),
        (.json, Data(#"{"a":1,"a":null}"#.utf8)),  // both refuse: the last value is null
        (.json, Data(#"{"a":null,"b":]"#.utf8)),  // both report the syntax error, not the null
        (.binaryPlist, binaryPlistWithDuplicateKey(first: [0x51, 0x11])),
        (.binaryPlist, binaryPlistWithDuplicateKey(first: [0x61, 0xD8, 0x00])),  // a lone surrogate
    ]

    @Test(arguments: duplicateKeyInputs.indices)
    func streamingAndTreeGiveOneAnswer(index: Int) throws {
        let (source, input) = Self.duplicateKeyInputs[index]
        for target in [Format.json, .xmlPlist, .binaryPlist] {
            var sorted = FormatOptions(pretty: false)
            sorted.sortKeys = true
            let streamed = Result { () throws(ConversionFailure) in try source.convert(input, to: target, writing: FormatOptions(pretty: false)) }
            let tree = Result { () throws(ConversionFailure) in try source.convert(input, to: target, writing: sorted) }
            switch (streamed, tree) {
            case let (.success(a), .success(b)):
                #expect(try Self.sortingKeys(target.read(a)) == Self.sortingKeys(target.read(b)), "\(source) → \(target)")
            case let (.failure(a), .failure(b)):
                #expect(a == b, "\(source) → \(target)")
            default:
                Issue.record("\(source) → \(target): streamed \(streamed), tree \(tree)")
            }
        }
    }

    static func sortingKeys(_ document: Document) -> Document {
        switch document {
        case let .array(elements): .array(elements.map(sortingKeys))
        case let .dictionary(members):
            .dictionary(OrderedDictionary(uniqueKeysWithValues: members.map { ($0.key, sortingKeys($0.value)) }.sorted { $0.0 < $1.0 }))
        default: document
        }
    }

    @Test func theFindingsNowConvert() throws {
        let first = try Format.json.convert(Data(#"{"a":"\u0011","a":"ok"}"#.utf8), to: .xmlPlist)
        #expect(try Format.xmlPlist.read(first) == .dictionary(["a": .string("ok")]))
        let second = try Format.json.convert(Data(#"{"a":null,"a":1}"#.utf8), to: .binaryPlist)
        #expect(try Format.binaryPlist.read(second) == .dictionary(["a": .integer(1)]))
        let binary = try Format.binaryPlist.convert(Self.binaryPlistWithDuplicateKey(first: [0x51, 0x11]), to: .xmlPlist)
        #expect(try Format.xmlPlist.read(binary) == .dictionary(["a": .string("ok")]))
    }
}
