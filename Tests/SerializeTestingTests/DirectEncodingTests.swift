/// DocumentEncoder's direct path (written straight into the writer while the Codable calls come in
/// order) against its tree path (`encodesDirectly = false`): the same bytes, or the same error
/// with its coding path, for the shared models, the fidelity matrix values and every strategy;
/// and each call the stream cannot express falls back to the tree.

import Foundation
import PropertyBased
import SerializeCodable
import SerializeCoding
import SerializeDocument
import SerializeModels
import Testing
@testable import SerializeRoundTrip
import SerializeTesting

/// What an encode gives: bytes, or the error's text (which names the coding path).
enum EncodeAnswer: Equatable, CustomStringConvertible {
    case bytes(Data)
    case error(String)

    init(_ value: some Encodable, _ encoder: DocumentEncoder, as format: Format) {
        do { self = .bytes(try encoder.encode(value, as: format)) } catch { self = .error("\(error)") }
    }

    var description: String {
        switch self {
        case let .bytes(data): String(decoding: data.prefix(400), as: UTF8.self)
        case let .error(text): text
        }
    }
}

enum DirectEncodingCheck {
    static let formats: [Format] = [.json, .xmlPlist, .binaryPlist]

    /// Expects the direct path to give the tree path's answer in JSON, XML and binary plists:
    /// taken (when `inOrder`) exactly where the tree path succeeds, never taken otherwise.
    static func expectSame(
        _ value: any Encodable, _ encoder: DocumentEncoder = DocumentEncoder(), inOrder: Bool = true, _ label: String = "",
        formats: [Format] = formats, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var tree = encoder
        tree.encodesDirectly = false
        for format in formats {
            let expected = EncodeAnswer(value, tree, as: format)
            let answer = EncodeAnswer(value, encoder, as: format)
            #expect(answer == expected, "\(label) \(format): direct \(answer), tree \(expected)", sourceLocation: sourceLocation)
            let direct = encoder.encodeDirectly(value, as: format)
            if inOrder, case let .bytes(bytes) = expected {
                #expect(direct == bytes, "\(label) \(format): the direct path was not taken or differs", sourceLocation: sourceLocation)
            } else {
                #expect(direct == nil, "\(label) \(format): the direct path answered where the tree must", sourceLocation: sourceLocation)
            }
        }
    }

    /// An encoder per strategy ``DocumentEncoder`` has.
    static let encoders: [(String, DocumentEncoder)] = {
        var list: [(String, DocumentEncoder)] = [
            ("default", DocumentEncoder()),
            ("compact, nil omitted, non-finite as strings", DocumentEncoder(options: FormatOptions(pretty: false, null: .omit, nonFinite: .string))),
            ("nil as the string $null", DocumentEncoder(options: FormatOptions(null: .string("$null")))),
            ("nil marker", DocumentEncoder(nilMarker: "$")),
            ("snake_case keys", DocumentEncoder(options: FormatOptions(nonFinite: .string, keys: .convertToSnakeCase))),
            ("hex data", DocumentEncoder(options: FormatOptions(data: .hex))),
            ("depth limit 3", DocumentEncoder(options: FormatOptions(maximumDepth: 3))),
            ("userInfo", DocumentEncoder(userInfo: [CodingUserInfoKey(rawValue: "k")!: 1])),
        ]
        list += DateStrategy.allCases.map { ("dates \($0)", DocumentEncoder(options: FormatOptions(dates: $0))) }
        list += DatePrecision.allCases.map { ("date precision \($0)", DocumentEncoder(datePrecision: $0)) }
        var custom = DocumentEncoder(options: FormatOptions(null: .omit))
        custom.custom.keys = { path in AnyCodingKey(stringValue: (path.last?.stringValue ?? "").uppercased()) }
        custom.custom.dates = { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        }
        custom.custom.data = { _, _ in }  // encodes nothing: {}
        list.append(("custom keys, dates and data", custom))
        var customNested = DocumentEncoder()
        customNested.custom.dates = { date, encoder in
            var container = encoder.unkeyedContainer()
            try container.encode(date.timeIntervalSince1970)
            try container.encode("s")
        }
        list.append(("custom dates as an array", customNested))
        // The direct path renders each container's coding path from its frames when a key
        // strategy asks: a key spelled from the whole path checks every level of it.
        var wholePath = DocumentEncoder()
        wholePath.custom.keys = { path in AnyCodingKey(stringValue: path.map(\.stringValue).joined(separator: ".")) }
        list.append(("custom keys from the whole coding path", wholePath))
        return list
    }()
}

/// A value that writes its members through the calls given, to trigger each fallback.
struct Scripted: Encodable {
    enum Key: String, CodingKey { case a, b, c }
    let script: @Sendable (any Encoder) throws -> Void
    func encode(to encoder: any Encoder) throws { try script(encoder) }
}

/// A value under the key `value`, for types that only encode.
struct Wrap<Value: Encodable>: Encodable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Writes a member, then throws.
struct Thrower: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Scripted.Key.self)
        try container.encode(1, forKey: .a)
        throw EncodingError.invalidValue(1, .init(codingPath: encoder.codingPath, debugDescription: "no"))
    }
}

/// The coding path as one string, to write it as a value.
func spelled(_ path: [any CodingKey]) -> String {
    path.map { "\($0.stringValue)#\($0.intValue.map(String.init) ?? "-")" }.joined(separator: "/")
}

/// Keeps what an `encode(to:)` was given, to use it after its value is done.
final class Kept: @unchecked Sendable {
    var encoder: (any Encoder)?
}

/// Writes its encoder's coding path and keeps the encoder in `kept`.
struct Keeper: Encodable {
    let kept: Kept
    func encode(to encoder: any Encoder) throws {
        kept.encoder = encoder
        var single = encoder.singleValueContainer()
        try single.encode(spelled(encoder.codingPath))
    }
}

/// A type with more members than the linear duplicate check looks at.
struct Wide: Codable, Equatable {
    var a0 = 0, a1 = 1, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7, a8 = 8, a9 = 9
    var b0 = "0", b1 = "1", b2 = "2", b3 = "3", b4 = "4", b5 = "5", b6 = "6", b7 = "7", b8 = "8", b9 = "9"
}

@Suite struct DirectEncodingTests {
    static let when = Date(timeIntervalSince1970: 1_714_566_645.123456)

    /// One of each shared model (the benchmark's record and the persistence test's values).
    static var models: [any Encodable] {
        let ada = User(id: 42, username: "ada")
        let song = Song(id: 7, title: "Blue Train", artist: "John Coltrane", durationSeconds: 643)
        return [
            Person(firstName: "Ada", lastName: "Lovelace", amount: 2500.5, profileURL: URL(string: "https://example.com/ada?tab=1"), nickname: "$null"),
            Person(firstName: "", lastName: "Ünïcødé 🚀", amount: -0.0, nickname: nil),
            SnakeCasePerson(firstName: "Alan", lastName: "Turing", loanAmount: 800, profileURL: "https://x.example/a"),
            Place(name: "Blue Door", country: "PT", city: "Lisbon", latitude: 38.7139, longitude: -9.1394, grossScore: 4.5, scores: [5, 4]),
            TicketList(tickets: [Ticket(id: 1, status: .unknown, priority: .urgent, payment: .failed)]),
            SettingsFile(settings: [
                Setting(name: "retry.delay", value: .right(1.0), override: .left(nil)),
                Setting(name: "pool.size", value: .left(Int.max), override: .right("auto")),
            ]),
            Fleet(vehicles: [Vehicle(make: "Brompton", wheels: 2)], cars: [Car(make: "Volvo", doors: 5)], sportsCars: [SportsCar(make: "Porsche", topSpeed: 293.5)]),
            Shelter(animals: [Animal(name: "Tripod", legs: 3)], dogs: [Dog(name: "Lassie", breed: "collie")], serviceDogs: [ServiceDog(name: "Rex", breed: "lab", task: "guide")]),
            Page(count: 57, offset: 20, limit: 5, results: [PostedComment(id: 1, author: ada, body: "Love it.", target: .song(song))]),
            Page<SearchResult>(count: 2, offset: 0, limit: 10, results: [.user(ada), .playlist(Playlist(id: 11, name: "Late", songCount: 23))]),
            Feed(items: [
                FeedItem(id: 1, content: .photo(Photo(url: "https://cdn.example.com/1.jpg", width: 800, height: 600))),
                FeedItem(id: 3, content: .poll(Poll(question: "Tabs?", options: []))),
            ]),
            Roster(students: [Student(id: 10, name: "Edsger"), Student(id: -3, name: "Negative")]),
            SensorLog(readings: [
                SensorReading(sensorID: "g3", takenAt: when, raw: Data([0, 1, 255]), source: URL(fileURLWithPath: "/var/log/g3"), temperature: 1.5, humidity: -.infinity)
            ]),
            SensorLog(readings: [SensorReading(sensorID: "g4", takenAt: when, raw: Data(), source: URL(fileURLWithPath: "/"), temperature: .nan, humidity: nil)]),
            ReleaseList(releases: [Release(name: "1.0", publishedAt: when)]),
            Wide(),
        ]
    }

    /// The fidelity matrix's value samples (`FidelityMatrix.valueRows`), as values.
    static var matrixValues: [any Encodable] { [
        Box(Int.min), Box(Int.max), Box([Int64(Int8.min), Int64(UInt8.max), Int64.min, Int64.max]), Box(UInt64.max), Box(UInt.max), Box(true),
        Box(0.1), Box(-0.0), Box(Double.leastNonzeroMagnitude), Box([-0.0, 0.0]), Box(Double.nan), Box(-Double.infinity),
        Box(Float(0.1)), Box(Float.infinity), Box([Int8(-1)]), Box([UInt8(255)]), Box([Int16(-2)]), Box([UInt16(2)]), Box([Int32(-3)]), Box([UInt32(3)]),
        Box("a\u{0}b"), Box("\r\n\r"), Box("\u{85}\u{9F}"), Box("👩‍👩‍👧"), Box("\u{FFFE}\u{FFFF}\u{10FFFF}"), Box("\u{202E}x"), Box(""),
        Box("$null"), Box(Optional("$null")), Box(["\u{E9}", "e\u{301}"]), Box(Int?.none),
        Box(Date(timeIntervalSinceReferenceDate: 784_111_777.123_456_7)), Box(Date(timeIntervalSinceReferenceDate: -1_000_000_000.25)),
        Box(Date(timeIntervalSinceReferenceDate: 1e15)),
        Box(Data()), Box(Data([0, 1, 0xFF])), Box(Data((0..<700).map { UInt8(truncatingIfNeeded: $0 &* 7) })),
        Box([[Int]]()), Box([[], [1], [2, 3]]), Box(["": 0, "ключ": 1, "a b": 2, "🔑": 3]), Box(["a.b": 1]), Box(["\u{301}x": 2]),
        Box([1: "one", -2: "minus two"]),
        Box(Either<Int, Double>.right(1.0)), Box(Either<Int?, String?>.left(nil)), Box(Either<String, [Int]>.right([1, 2])),
        Box(SampleDerived(base: 1, derived: "d")), Box(SampleLeaf(base: 1, derived: "d", leaf: 2.5)), Box(SampleForgetful(base: 1, extra: 42)),
        SampleAcronym(myURLValue: "u", plain: 1), SampleDeep.nested(5), 7, [1, 2, 3], "top", Int?.none,
        Box(Document.array([.integer(1), .string("y"), .null, .date(when)])), Box(["CF$UID": 5]), Box(["CF$UID": 70_000]),
        Box(Array(0..<300)), Box((0..<20).map { "s\($0 % 7)" }), Box(Dictionary(uniqueKeysWithValues: (0..<40).map { ("k\($0)", $0) })),
    ] }

    @Test(arguments: DirectEncodingCheck.encoders.indices)
    func sharedModelsGiveTheTreesBytes(encoder index: Int) {
        let (label, encoder) = DirectEncodingCheck.encoders[index]
        for model in Self.models { DirectEncodingCheck.expectSame(model, encoder, "\(label) \(type(of: model))") }
    }

    @Test(arguments: DirectEncodingCheck.encoders.indices)
    func matrixValuesGiveTheTreesBytesOrErrors(encoder index: Int) {
        let (label, encoder) = DirectEncodingCheck.encoders[index]
        for value in Self.matrixValues { DirectEncodingCheck.expectSame(value, encoder, "\(label) \(type(of: value))") }
    }

    /// More objects than 1- and 2-byte references reach: the narrowed references are the tree's.
    @Test func binaryPlistReferenceWidthsMatchTheTree() {
        for count in [254, 255, 256, 65_535, 65_536] {
            DirectEncodingCheck.expectSame(Array(0..<count), DocumentEncoder(), "\(count) integers", formats: [.binaryPlist])
        }
        // Shared strings: fewer objects than the bound, which sizes references as in the tree.
        DirectEncodingCheck.expectSame(Array(repeating: "x", count: 300), DocumentEncoder(), "300 equal strings")
    }

    @Test func errorsAreTheTreesWithTheirCodingPaths() throws {
        let nan = Box(["a": [1.0, .nan]])
        DirectEncodingCheck.expectSame(nan, DocumentEncoder(), inOrder: true, "NaN")
        // Containers 600 deep: within the default limit, streamed.
        DirectEncodingCheck.expectSame(SampleDeep.nested(600), DocumentEncoder(), "600 deep")
        let refused = EncodeAnswer(nan, DocumentEncoder(), as: .json)
        guard case let .error(text) = refused else {
            Issue.record("NaN was written to JSON")
            return
        }
        #expect(text.contains("Path: value.a[1]"), "\(text)")
        DirectEncodingCheck.expectSame(Box(Int?.none), DocumentEncoder(), "nil in a plist")
        DirectEncodingCheck.expectSame(SampleDeep.nested(10), DocumentEncoder(options: FormatOptions(maximumDepth: 4)), "too deep")
        DirectEncodingCheck.expectSame(Wrap([Thrower()]), DocumentEncoder(), inOrder: false, "a user's error")
    }

    // MARK: - Fallback triggers

    /// Calls the stream cannot express: each gives the tree's bytes through the tree.
    static let outOfOrder: [(String, Scripted)] = [
        ("a nested container written after a later sibling", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            var nested = container.nestedContainer(keyedBy: Scripted.Key.self, forKey: .a)
            try container.encode(2, forKey: .b)
            try nested.encode(1, forKey: .c)
        }),
        ("a repeated key", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            try container.encode(1, forKey: .a)
            try container.encode(2, forKey: .b)
            try container.encode("again", forKey: .a)
        }),
        ("a repeated key through a nested container", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            var first = container.nestedContainer(keyedBy: Scripted.Key.self, forKey: .a)
            try first.encode(1, forKey: .b)
            var second = container.nestedContainer(keyedBy: Scripted.Key.self, forKey: .a)
            try second.encode(2, forKey: .c)
        }),
        ("superEncoder used after its parent moved on", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            let base = container.superEncoder()
            try container.encode(1, forKey: .a)
            var single = base.singleValueContainer()
            try single.encode("late")
        }),
        ("an unkeyed superEncoder used late", Scripted { encoder in
            var container = encoder.unkeyedContainer()
            let base = container.superEncoder()
            try container.encode(1)
            var keyed = base.container(keyedBy: Scripted.Key.self)
            try keyed.encode(2, forKey: .a)
        }),
        ("a second single value", Scripted { encoder in
            var single = encoder.singleValueContainer()
            try single.encode(1)
            try single.encode("two")
        }),
        ("a keyed container after an unkeyed one", Scripted { encoder in
            var array = encoder.unkeyedContainer()
            try array.encode(1)
            var keyed = encoder.container(keyedBy: Scripted.Key.self)
            try keyed.encode(2, forKey: .a)
        }),
        ("a nested array written after the parent's next element", Scripted { encoder in
            var array = encoder.unkeyedContainer()
            var nested = array.nestedUnkeyedContainer()
            try array.encode(1)
            try nested.encode(2)
        }),
        ("a nested container's codingPath read after its parent moved on", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            let nested = container.nestedContainer(keyedBy: Scripted.Key.self, forKey: .a)
            try container.encode(1, forKey: .b)
            try container.encode(spelled(nested.codingPath), forKey: .c)
        }),
        ("a nested array's codingPath read after the parent's next element", Scripted { encoder in
            var array = encoder.unkeyedContainer()
            let nested = array.nestedUnkeyedContainer()
            try array.encode(1)
            try array.encode(spelled(nested.codingPath))
        }),
        ("superEncoder's codingPath read after its parent moved on", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            let base = container.superEncoder(forKey: .a)
            try container.encode(1, forKey: .b)
            try container.encode(spelled(base.codingPath), forKey: .c)
        }),
        ("a child's encoder kept and asked for its codingPath after the child is done", Scripted { encoder in
            let kept = Kept()
            var container = encoder.container(keyedBy: Scripted.Key.self)
            try container.encode(Keeper(kept: kept), forKey: .a)
            try container.encode(spelled(kept.encoder?.codingPath ?? []), forKey: .b)
        }),
        ("an error caught and ignored", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            try? container.encode(Thrower(), forKey: .a)
            try container.encode(2, forKey: .b)
        }),
    ]

    @Test(arguments: outOfOrder.indices)
    func outOfOrderCallsFallBackToTheTree(index: Int) {
        let (label, value) = Self.outOfOrder[index]
        let encoder = DocumentEncoder(options: FormatOptions(nonFinite: .string))
        DirectEncodingCheck.expectSame(value, encoder, inOrder: false, label)
        DirectEncodingCheck.expectSame(Wrap([value]), encoder, inOrder: false, "\(label), nested")
    }

    /// What the stream expresses exactly: taken, with the tree's bytes.
    static let inOrder: [(String, Scripted)] = [
        ("an unused nested container and nested array", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            _ = container.nestedContainer(keyedBy: Scripted.Key.self, forKey: .a)
            _ = container.nestedUnkeyedContainer(forKey: .b)
        }),
        ("a value that encodes nothing", Scripted { _ in }),
        ("an unused superEncoder", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            _ = container.superEncoder()
            try container.encode(1, forKey: .a)
        }),
        ("superEncoder(forKey:) and an unkeyed superEncoder used at once", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            var single = container.superEncoder(forKey: .b).singleValueContainer()
            try single.encode(2)
            var array = container.nestedUnkeyedContainer(forKey: .c)
            var base = array.superEncoder().container(keyedBy: Scripted.Key.self)
            try base.encode(3, forKey: .a)
            try array.encode(4)
        }),
        ("the same keyed container asked for twice", Scripted { encoder in
            var first = encoder.container(keyedBy: Scripted.Key.self)
            try first.encode(1, forKey: .a)
            var second = encoder.container(keyedBy: Scripted.Key.self)
            try second.encode(2, forKey: .b)
            try first.encode(3, forKey: .c)
        }),
        ("a nested container closed by the parent's next write, never used again", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            var nested = container.nestedContainer(keyedBy: Scripted.Key.self, forKey: .a)
            try nested.encode(1, forKey: .a)
            try container.encode(nil as Int?, forKey: .b)
            try container.encode([Self.when], forKey: .c)
        }),
        ("codingPath and count while writing", Scripted { encoder in
            var array = encoder.unkeyedContainer()
            let before = array.count
            try array.encode(before)
            var nested = array.nestedContainer(keyedBy: Scripted.Key.self)
            let path = nested.codingPath.map(\.stringValue).joined(separator: "/")
            try nested.encode(path, forKey: .a)
            let after = array.count
            try array.encode(after)
        }),
        ("codingPath at every depth, read while each container is open", Scripted { encoder in
            var container = encoder.container(keyedBy: Scripted.Key.self)
            try container.encode(spelled(encoder.codingPath), forKey: .a)
            var nested = container.nestedContainer(keyedBy: Scripted.Key.self, forKey: .b)
            var array = nested.nestedUnkeyedContainer(forKey: .c)
            try array.encode(spelled(array.codingPath))
            var inner = array.nestedContainer(keyedBy: Scripted.Key.self)
            try inner.encode(spelled(inner.codingPath), forKey: .a)
            try inner.encode(Keeper(kept: Kept()), forKey: .b)
            try array.encode([Keeper(kept: Kept()), Keeper(kept: Kept())])
            let base = array.superEncoder()
            var single = base.singleValueContainer()
            try single.encode(spelled(base.codingPath))
            try nested.encode(spelled(nested.codingPath), forKey: .a)
            let keyedBase = nested.superEncoder(forKey: .b)
            var keyedBaseContainer = keyedBase.container(keyedBy: Scripted.Key.self)
            try keyedBaseContainer.encode(spelled(keyedBase.codingPath), forKey: .a)
            try keyedBaseContainer.encode(spelled(keyedBaseContainer.codingPath), forKey: .b)
            let superBase = container.superEncoder()
            var superArray = superBase.unkeyedContainer()
            try superArray.encode(spelled(superArray.codingPath))
            try superArray.encode(Keeper(kept: Kept()))
        }),
    ]

    @Test(arguments: inOrder.indices)
    func inOrderCallsStream(index: Int) {
        let (label, value) = Self.inOrder[index]
        for (name, encoder) in DirectEncodingCheck.encoders.prefix(5) {
            DirectEncodingCheck.expectSame(value, encoder, "\(label), \(name)")
            DirectEncodingCheck.expectSame(Wrap([value, value]), encoder, "\(label), \(name), nested")
        }
    }

    @Test func sortedKeysTakeTheTree() {
        DirectEncodingCheck.expectSame(Self.models[0], DocumentEncoder(options: FormatOptions(sortKeys: true)), inOrder: false)
    }

    @Test func repeatedKeysAmongManyFallBack() {
        let many = Scripted { encoder in
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for index in 0..<40 { try container.encode(index, forKey: AnyCodingKey(stringValue: "k\(index)")) }
            try container.encode(-1, forKey: AnyCodingKey(stringValue: "k3"))
        }
        DirectEncodingCheck.expectSame(many, DocumentEncoder(), inOrder: false)
    }

    /// The repeated-key check compares a small string (at most 15 bytes, held in its two words)
    /// by its words, and any other by its bytes: a key repeated in another form (a short key
    /// held in heap storage, a long one made twice) is still found, and distinct keys that
    /// share a prefix are not taken for one.
    @Test func repeatedKeysAreFoundInEveryStringForm() {
        /// `text` in heap storage even when short (a small string would be made from a literal).
        func large(_ text: String) -> String {
            var string = String(repeating: "#", count: 32) + text
            string.removeFirst(32)
            return string
        }
        let isSmall = { (text: String) in unsafeBitCast(text, to: (UInt64, UInt64).self).1 & (1 << 61) != 0 }
        #expect(isSmall("name") && !isSmall(large("name")), "the test needs a short key in both forms")
        let long = "a key longer than fifteen bytes"
        let pairs: [(String, String, repeated: Bool)] = [
            ("name", "name", true), ("name", large("name"), true), (large("name"), "name", true),
            (large("name"), large("name"), true), (long, large(long), true), (long, long + "!", false),
            ("name", "names", false), (large("name"), "nam", false), ("e\u{301}", "\u{E9}", false),
        ]
        for (first, second, repeated) in pairs {
            let value = Scripted { encoder in
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encode(1, forKey: AnyCodingKey(stringValue: "other"))
                try container.encode(2, forKey: AnyCodingKey(stringValue: first))
                try container.encode(3, forKey: AnyCodingKey(stringValue: second))
            }
            DirectEncodingCheck.expectSame(value, DocumentEncoder(), inOrder: !repeated, "\(first) then \(second)")
        }
    }

    /// A key is written after its value, and the binary plist writer skips looking it up again
    /// when no ASCII string was written in between: every way a string can come between (the
    /// value is the key's own text, in an array, in a nested dictionary's key or value; an
    /// omitted nil; an empty key over an empty or all-nil dictionary; non-ASCII text) must give
    /// the tree path's bytes, one object per distinct string.
    @Test func keysWrittenAfterTheirValuesAreSharedWithStrings() throws {
        typealias Key = AnyCodingKey
        let value = Scripted { encoder in
            var top = encoder.container(keyedBy: Key.self)
            try top.encode("a", forKey: Key(stringValue: "a"))  // the key's own text as its value
            try top.encode(["b", "x"], forKey: Key(stringValue: "b"))
            try top.encodeNil(forKey: Key(stringValue: "c"))  // omitted under .omit: "c" stays unwritten
            try top.encode("c", forKey: Key(stringValue: "d"))
            var empty = top.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: ""))
            _ = empty
            var nils = top.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "e"))
            try nils.encodeNil(forKey: Key(stringValue: "f"))
            var nested = top.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "g"))
            try nested.encode("g", forKey: Key(stringValue: "h"))
            try nested.encode("é", forKey: Key(stringValue: "i"))
            try top.encode("é", forKey: Key(stringValue: "j"))
            try top.encode("h", forKey: Key(stringValue: "k"))
            try top.encode(1, forKey: Key(stringValue: "i"))
            empty = top.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "l"))
            // "e" and "f" as values: found as the objects their keys made, by their own probes.
            try top.encode("e", forKey: Key(stringValue: "m"))
            try top.encode("f", forKey: Key(stringValue: "n"))
        }
        for encoder in [DocumentEncoder(options: FormatOptions(null: .omit)), DocumentEncoder(options: FormatOptions(null: .string("c")))] {
            DirectEncodingCheck.expectSame(value, encoder, formats: [.binaryPlist])
            DirectEncodingCheck.expectSame(Wrap([value, value]), encoder, formats: [.binaryPlist])
        }
        // And the strings are shared: each distinct text is one object.
        let bytes = try DocumentEncoder(options: FormatOptions(null: .omit)).encode(value, as: .binaryPlist)
        let document = try Format.binaryPlist.read(bytes)
        #expect(try Format.json.write(document, options: FormatOptions(pretty: false)) == Data(#"{"a":"a","b":["b","x"],"d":"c","":{},"e":{},"g":{"h":"g","i":"é"},"j":"é","k":"h","i":1,"l":{},"m":"e","n":"f"}"#.utf8))
        let strings = Set(["a", "b", "x", "c", "d", "", "e", "f", "g", "h", "i", "é", "j", "k", "l", "m", "n"].map { Array($0.utf8) })
        #expect(Self.stringObjects(in: bytes) == strings.count)
    }

    /// How many string objects a binary plist holds (ASCII and UTF-16), from its offset table.
    static func stringObjects(in bytes: Data) -> Int {
        let trailer = bytes.suffix(32)
        let offsetSize = Int(trailer[trailer.startIndex + 6])
        func integer(_ at: Int, _ size: Int) -> Int { (0..<size).reduce(0) { $0 << 8 | Int(bytes[bytes.startIndex + at + $1]) } }
        let count = integer(bytes.count - 24, 8)
        let table = integer(bytes.count - 8, 8)
        return (0..<count).filter { index in
            let marker = bytes[bytes.startIndex + integer(table + index * offsetSize, offsetSize)] >> 4
            return marker == 0x5 || marker == 0x6
        }.count
    }

    // MARK: - Properties

    /// Random shared models: the direct path's bytes are the tree path's, in every format.
    @Test func randomModelsGiveTheTreesBytes() async {
        let encoder = DocumentEncoder(options: FormatOptions(null: .string("$null"), nonFinite: .string))
        await propertyCheck(count: 40, input: SharedModelGen.person) { DirectEncodingCheck.expectSame($0, encoder) }
        await propertyCheck(count: 40, input: SharedModelGen.settings) { DirectEncodingCheck.expectSame($0, encoder) }
        await propertyCheck(count: 40, input: SharedModelGen.fleet) { DirectEncodingCheck.expectSame($0, encoder) }
        await propertyCheck(count: 40, input: SharedModelGen.search) { DirectEncodingCheck.expectSame($0, encoder) }
        await propertyCheck(count: 40, input: SharedModelGen.feed) { DirectEncodingCheck.expectSame($0, encoder) }
        await propertyCheck(count: 20, input: SharedModelGen.sensors) { DirectEncodingCheck.expectSame($0, encoder) }
        await propertyCheck(count: 40, input: SharedModelGen.place) { DirectEncodingCheck.expectSame($0, DocumentEncoder()) }
    }
}
