/// serialize's own coder (SerializeCodable) behind Persistence: every shared model in every
/// format, located decoding errors, and the fidelity Foundation's coders lack.

import Foundation
import Testing
import SerializeCodable
import SerializeCoding
import SerializeCore
import SerializeDocument
import SerializeModels
@testable import SerializePersistence

@Suite struct DocumentCoderTests {
    static let formats: [Format] = [.json, .xmlPlist, .binaryPlist, .csv]
    /// NaN as text in JSON and CSV, nil as the collision-free marker in property lists; keys
    /// sorted so that equal values give equal bytes whatever a `Dictionary`'s order.
    static let persistence = Persistence(
        options: FormatOptions(sortKeys: true, null: .string("$null"), nonFinite: .string, missing: .null), coder: .serialize)

    static let when = Date(timeIntervalSince1970: 1_714_566_645.123456)

    /// Saves `value` to a file and loads it back, then encodes what came back: equal values, equal bytes.
    func expectRoundTrip<T: Codable & Equatable>(_ value: T, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        for format in Self.formats {
            do {
                let url = folder.appendingPathComponent("\(T.self)-\(UUID().uuidString).\(format.fileExtension)")
                try Self.persistence.save(value, to: url, as: format)
                let loaded = try Self.persistence.load(T.self, from: url, as: format)
                #expect(loaded == value, "\(format)", sourceLocation: sourceLocation)
                #expect(try Self.persistence.encode(loaded, as: format) == Data(contentsOf: url), "\(format): bytes changed", sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(T.self) through \(format): \(error)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func everySharedModelRoundTripsThroughPersistenceInAllFourFormats() async {
        let ada = User(id: 42, username: "ada")
        let song = Song(id: 7, title: "Blue Train", artist: "John Coltrane", durationSeconds: 643)
        await withScratchFolder { folder in
            expectRoundTrip(Person(firstName: "Ada", lastName: "Lovelace", amount: 2500.5, profileURL: URL(string: "https://example.com/ada?tab=1"), nickname: "$null"), in: folder)
            expectRoundTrip(Person(firstName: "", lastName: "Ünïcødé 🚀", amount: -0.0, nickname: nil), in: folder)
            expectRoundTrip(SnakeCasePerson(firstName: "Alan", lastName: "Turing", loanAmount: 800, profileURL: "https://x.example/a"), in: folder)
            expectRoundTrip(Place(name: "Blue Door", country: "PT", city: "Lisbon", latitude: 38.7139, longitude: -9.1394, grossScore: 4.5, scores: [5, 4]), in: folder)
            expectRoundTrip(TicketList(tickets: [Ticket(id: 1, status: .unknown, priority: .urgent, payment: .failed)]), in: folder)
            expectRoundTrip(SettingsFile(settings: [
                Setting(name: "retry.delay", value: .right(1.0), override: .left(nil)),
                Setting(name: "pool.size", value: .left(Int.max), override: .right("auto")),
            ]), in: folder)
            expectRoundTrip(Fleet(vehicles: [Vehicle(make: "Brompton", wheels: 2)], cars: [Car(make: "Volvo", doors: 5)], sportsCars: [SportsCar(make: "Porsche", topSpeed: 293.5)]), in: folder)
            expectRoundTrip(Shelter(animals: [Animal(name: "Tripod", legs: 3)], dogs: [Dog(name: "Lassie", breed: "collie")], serviceDogs: [ServiceDog(name: "Rex", breed: "lab", task: "guide")]), in: folder)
            expectRoundTrip(Page(count: 57, offset: 20, limit: 5, results: [PostedComment(id: 1, author: ada, body: "Love it.", target: .song(song))]), in: folder)
            expectRoundTrip(Page<SearchResult>(count: 2, offset: 0, limit: 10, results: [.user(ada), .playlist(Playlist(id: 11, name: "Late", songCount: 23))]), in: folder)
            expectRoundTrip(Feed(items: [
                FeedItem(id: 1, content: .photo(Photo(url: "https://cdn.example.com/1.jpg", width: 800, height: 600))),
                FeedItem(id: 3, content: .poll(Poll(question: "Tabs?", options: []))),
            ]), in: folder)
            expectRoundTrip(Roster(students: [Student(id: 10, name: "Edsger"), Student(id: -3, name: "Negative")]), in: folder)
            expectRoundTrip(SensorLog(readings: [
                SensorReading(sensorID: "g3", takenAt: Self.when, raw: Data([0, 1, 255]), source: URL(fileURLWithPath: "/var/log/g3"), temperature: 1.5, humidity: -.infinity),
                SensorReading(sensorID: "g4", takenAt: Self.when, raw: Data(), source: URL(fileURLWithPath: "/var/log/g4"), temperature: 21.5, humidity: 0.42),
            ]), in: folder)
            expectRoundTrip(ReleaseList(releases: [Release(name: "2.4.1", publishedAt: Self.when)]), in: folder)
            expectRoundTrip(ShopProduct(
                id: 7, inStock: true, price: 19.99, name: "Mug", tags: ["kitchen"], isFeatured: true, availability: .preorder,
                pricesByCurrency: ["EUR": 18.5], variants: [ProductVariant(sku: "MUG-1")]), in: folder)
            expectRoundTrip(Inbox(
                owner: "ada", pinned: InboxText(sender: "bo", body: "hi"),
                messages: [InboxImage(sender: "cy", url: "a.png", width: 2, height: 1), InboxInvite(sender: "di", event: "tea", startsAt: Self.when)]), in: folder)
            if let restaurant = try? Restaurant(name: "Blue Door", latitude: -90, longitude: 180, meals: [.dinner, .lunch]) {
                expectRoundTrip(RestaurantGuide(restaurants: [restaurant]), in: folder)
            }
        }
    }

    // MARK: - Located errors

    struct Pair: Codable, Equatable {
        var a: Int
        var b: Int
    }

    /// A decoding error from a file names the file, the place of the value and the coding path.
    @Test(arguments: [
        (Format.json, "{\n  \"a\": 1,\n  \"b\": \"two\"\n}\n", "3:8"),
        (Format.xmlPlist, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<key>b</key>\n\t<string>two</string>\n</dict>\n</plist>\n", "7:2"),
        (Format.csv, "a,b\r\n1,two\r\n", "2:3"),
    ])
    func aTypeMismatchFromAFileSaysWhere(format: Format, text: String, place: String) async throws {
        try await withScratchFolder { folder in
            let url = folder.appendingPathComponent("pair.\(format.fileExtension)")
            try Data(text.utf8).write(to: url)
            #expect {
                try Self.persistence.load(Pair.self, from: url, as: format)
            } throws: { error in
                let error = error as? PersistenceError
                return error?.description == "\(url.path):\(place): error: cannot decode Pair at '$.b' from \(format): Expected to decode Int but found a string instead."
            }
        }
    }

    @Test func aBinaryPlistErrorGivesTheByteOffsetOfTheValue() throws {
        struct Texts: Codable { var a: Int; var b: String }
        let data = try DocumentEncoder().encode(Texts(a: 1, b: "two"), as: .binaryPlist)
        do {
            _ = try DocumentDecoder().decode(Pair.self, from: data, as: .binaryPlist, file: URL(fileURLWithPath: "/tmp/pair.bplist"))
            Issue.record("decoded a string as Int")
        } catch let DecodingError.typeMismatch(_, context) {
            let diagnostic = try #require(context.underlyingError as? Diagnostic)
            let offset = try #require(diagnostic.location?.byteOffset)
            #expect(diagnostic.location?.line == nil)
            // The object at that offset is the ASCII string "two" (marker 0x53, then the bytes).
            #expect(data[offset] == 0x53 && data[(offset + 1)...].prefix(3) == Data("two".utf8))
            #expect(diagnostic.description.hasPrefix("/tmp/pair.bplist:offset \(offset): error: Expected to decode Int but found a string instead."))
        }
    }

    @Test func aMissingKeyIsLocatedAtItsDictionary() throws {
        let text = "[\n  {\"a\": 1, \"b\": 2},\n  {\"a\": 3}\n]"
        do {
            _ = try DocumentDecoder().decode([Pair].self, from: Data(text.utf8), as: .json, file: URL(fileURLWithPath: "/tmp/p.json"))
            Issue.record("decoded without b")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "b")
            let diagnostic = try #require(context.underlyingError as? Diagnostic)
            #expect(diagnostic.location?.description == "3:3")
            #expect(diagnostic.path?.description == "$[1].b")
        }
    }

    @Test func aSyntaxErrorIsDataCorruptedWithItsPlace() {
        #expect {
            try DocumentDecoder().decode(Pair.self, from: Data("{\"a\": 1,,}".utf8), as: .json)
        } throws: { error in
            guard case let DecodingError.dataCorrupted(context) = error, let diagnostic = context.underlyingError as? Diagnostic else { return false }
            return diagnostic.location?.description == "1:9"
        }
    }

    // MARK: - Fidelity

    struct Ordered: Codable, Equatable {
        var zebra = 1
        var apple = UInt64.max
        var middle: Int?? = .some(nil)
        var when = Date(timeIntervalSinceReferenceDate: 784_111_777.123_456_7)
    }

    @Test func keysKeepTheOrderEncodeWritesThemInOrSorted() throws {
        let when = Document.date(Date(timeIntervalSinceReferenceDate: 784_111_777.123_456_7))
        #expect(try DocumentEncoder().encode(Ordered()) == ["zebra": 1, "apple": .unsignedInteger(.max), "middle": nil, "when": when])
        #expect(try DocumentEncoder(options: FormatOptions(sortKeys: true)).encode(Ordered()) == ["apple": .unsignedInteger(.max), "middle": nil, "when": when, "zebra": 1])
    }

    @Test(arguments: [Format.json, .xmlPlist, .binaryPlist])
    func topLevelScalarsExactIntegersAndDateFractionsSurvive(format: Format) throws {
        let encoder = DocumentEncoder(options: FormatOptions(null: .string("$null")))
        let decoder = DocumentDecoder(options: FormatOptions(null: .string("$null")))
        #expect(try decoder.decode(UInt64.self, from: encoder.encode(UInt64.max, as: format), as: format) == .max)
        #expect(try decoder.decode(Int64.self, from: encoder.encode(Int64.min, as: format), as: format) == .min)
        let date = Date(timeIntervalSinceReferenceDate: 784_111_777.123_456_7)
        #expect(try decoder.decode(Date.self, from: encoder.encode(date, as: format), as: format) == date)
        #expect(try decoder.decode([String?].self, from: encoder.encode(["$null", nil, "$$x", "$"], as: format), as: format) == ["$null", nil, "$$x", "$"])
    }

    /// Foundation cannot read an XML plist `<date>` with a fraction; rounded to whole seconds it can.
    @Test func wholeSecondDatesInAnXMLPlistReadInFoundation() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let stamp = Stamp(at: Date(timeIntervalSince1970: 1_714_566_645.6))
        let exact = try DocumentEncoder().encode(stamp, as: .xmlPlist)
        #expect(String(decoding: exact, as: UTF8.self).contains("<date>2024-05-01T12:30:45.5999999Z</date>"))
        #expect(throws: DecodingError.self) { try PropertyListDecoder().decode(Stamp.self, from: exact) }
        let seconds = try DocumentEncoder(datePrecision: .seconds).encode(stamp, as: .xmlPlist)
        #expect(try PropertyListDecoder().decode(Stamp.self, from: seconds) == Stamp(at: Date(timeIntervalSince1970: 1_714_566_646)))
        let milliseconds = try DocumentEncoder(datePrecision: .milliseconds).encode(Date(timeIntervalSince1970: 0.123_456))
        #expect(milliseconds == .date(Date(timeIntervalSince1970: 0.123)))
    }

    @Test func theNilMarkerNeverCollidesWithARealString() throws {
        let encoder = DocumentEncoder(nilMarker: "$null")
        #expect(try encoder.encode(["$null", nil, "plain"] as [String?]) == .array([.string("$$null"), .string("$null"), .string("plain")]))
        #expect(try DocumentDecoder(nilMarker: "$null").decode([String?].self, from: .array([.string("$$null"), .string("$null")])) == ["$null", nil])
    }

    @Test func plistsRefuseNilByDefaultNamingTheOption() {
        #expect {
            try DocumentEncoder().encode([1, nil] as [Int?], as: .binaryPlist)
        } throws: { error in
            guard case let EncodingError.invalidValue(_, context) = error, let diagnostic = context.underlyingError as? Diagnostic else { return false }
            return diagnostic.code == .nullNotRepresentable && diagnostic.path?.description == "$[1]" && diagnostic.remedy?.option == "null"
        }
    }

    struct Acronym: Codable, Equatable {
        var myURLValue: String
        var plain: Int
    }

    @Test func snakeCaseKeysGoBothWays() throws {
        let options = FormatOptions(pretty: false, keys: .convertToSnakeCase)
        let data = try DocumentEncoder(options: options).encode(Acronym(myURLValue: "u", plain: 1), as: .json)
        #expect(String(decoding: data, as: UTF8.self) == #"{"my_url_value":"u","plain":1}"#)
        #expect(try DocumentDecoder(options: options).decode(Acronym.self, from: data, as: .json) == Acronym(myURLValue: "u", plain: 1))
    }

    @Test func errorsUseFoundationsWording() {
        #expect {
            try DocumentDecoder().decode(Pair.self, from: ["a": 1, "b": true])
        } throws: { error in
            guard case let DecodingError.typeMismatch(_, context) = error else { return false }
            return context.debugDescription == "Expected to decode Int but found a boolean instead." && context.codingPath.map(\.stringValue) == ["b"]
        }
        #expect {
            try DocumentDecoder().decode([Int].self, from: [1, nil])
        } throws: { error in
            guard case let DecodingError.valueNotFound(_, context) = error else { return false }
            return context.debugDescription == "Expected Int value but found null instead." && context.codingPath.map(\.stringValue) == ["Index 1"]
        }
    }

    struct Versioned: Codable {
        static let key = CodingUserInfoKey(rawValue: "version")!
        var seen: Int
        init(seen: Int) { self.seen = seen }
        init(from decoder: any Decoder) throws { seen = decoder.userInfo[Self.key] as? Int ?? -1 }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.userInfo[Self.key] as? Int ?? -1)
        }
    }

    @Test func userInfoReachesEveryValue() throws {
        let document = try DocumentEncoder(userInfo: [Versioned.key: 2]).encode([Versioned(seen: 0)])
        #expect(document == [2])
        #expect(try DocumentDecoder(userInfo: [Versioned.key: 3]).decode([Versioned].self, from: document).first?.seen == 3)
    }

    @Test func aRecordStoreTakesTheCoderBesideTheFormat() async throws {
        try await withScratchFolder { folder in
            let store = RecordStore<Pair>(folder: folder, format: .binaryPlist, coder: .serialize)
            try await store.save(Pair(a: 1, b: 2), id: "one")
            #expect(try await store.load(id: "one") == Pair(a: 1, b: 2))
            let stored = try Data(contentsOf: folder.appendingPathComponent("one.plist"))
            #expect(try Format.binaryPlist.read(stored) == ["a": 1, "b": 2])
        }
    }
}

/// Issue 15: serialize's coder keeps keys apart by their exact scalars and reads numbers beyond
/// 64 bits into `Decimal` (or refuses them by name for a type that cannot hold them).
@Suite struct DocumentCoderExactnessTests {
    @Test func keysThatStringEqualityMergesStayTwo() throws {
        let document: Document = ["K": 1, "\u{212A}": 2, "\u{E9}": 3, "e\u{301}": 4]
        #expect(try DocumentEncoder().encode(document) == document)
        #expect(try DocumentDecoder().decode(Document.self, from: document) == document)
    }

    @Test func aBigNumberDecodesIntoDecimalAndNotIntoAnInteger() throws {
        struct Row: Codable, Equatable { var n: Decimal }
        struct Whole: Codable { var n: Int64 }
        struct Real: Codable { var n: Double }
        let json = Data(#"{"n":123456789012345678901234567890}"#.utf8)
        let document = try Format.json.read(json)
        #expect(try DocumentDecoder().decode(Row.self, from: document) == Row(n: Decimal(string: "123456789012345678901234567890")!))
        #expect(throws: DecodingError.self) { try DocumentDecoder().decode(Whole.self, from: document) }
        #expect(try DocumentDecoder().decode(Real.self, from: document).n == 123456789012345678901234567890.0)
        #expect(throws: DecodingError.self) { try DocumentDecoder().decode(Real.self, from: try Format.json.read(Data(#"{"n":1e400}"#.utf8))) }
    }
}
