import SerializeCore
import Foundation
import Testing
import SerializeCoding
import SerializeModels

/// Each information loss of Foundation's coders, shown as it happens on this machine, next to
/// the model or wrapper of ours that makes the value survive.
@Suite("Foundation's losses, and how the models survive them")
struct FoundationLossTests {
    static let plistCoders: [Coder] = [.xmlPlist, .binaryPlist]

    // MARK: - No top-level fragments in property lists

    @Test(arguments: plistCoders)
    func plistRefusesTopLevelFragments(coder: Coder) throws {
        let error = try #require(throws: EncodingError.self) { try coder.encode(42) }
        #expect(String(describing: error).contains("Top-level Int encoded as number property list fragment"))
        #expect(throws: EncodingError.self) { try coder.encode("text") }
        #expect(throws: EncodingError.self) { try coder.encode(Date(timeIntervalSince1970: 0)) }
        // JSON takes the fragment; the box makes it a one-key dictionary everywhere.
        #expect(try Coder.json.decode(Int.self, from: Coder.json.encode(42)) == 42)
        try expectRoundTrip(TopLevelBox(42), through: coder)
        try expectRoundTrip(TopLevelBox("text"), through: coder)
    }

    @Test(arguments: plistCoders)
    func plistHasNoTopLevelNull(coder: Coder) throws {
        #expect(throws: EncodingError.self) { try coder.encode(Int?.none) }
        let boxed = try expectRoundTrip(TopLevelBox<Int?>(nil), through: coder)
        #expect(boxed.value == nil)
    }

    // MARK: - nil is written as the string "$null"

    @Test func plistWritesNilAsTheStringDollarNull() throws {
        let xml = try String(decoding: Coder.xmlPlist.encode([nil, "x"] as [String?]), as: UTF8.self)
        #expect(xml.contains("<string>$null</string>"))
        #expect(!xml.contains("<null"))
        // Either's explicit `.left(nil)` therefore survives as the marker.
        let setting = Setting(name: "n", value: .left(1), override: .left(nil))
        let settingXML = try String(decoding: Coder.xmlPlist.encode(setting), as: UTF8.self)
        #expect(settingXML.contains("<key>left</key>\n\t\t<string>$null</string>"))
        for coder in Self.plistCoders { try expectRoundTrip(setting, through: coder) }
    }

    @Test(arguments: plistCoders)
    func aRealDollarNullStringDoesNotSurvivePlist(coder: Coder) throws {
        struct Optionals: Codable, Equatable { var text: String?; var list: [String?] }
        struct Required: Codable, Equatable { var text: String }
        // Lost: read back as nil.
        let optionals = try coder.decode(Optionals.self, from: coder.encode(Optionals(text: "$null", list: ["$null"])))
        #expect(optionals == Optionals(text: nil, list: [nil]))
        // Refused: a non-optional String holding it cannot be read back at all.
        let error = try #require(throws: DecodingError.self) {
            try coder.decode(Required.self, from: coder.encode(Required(text: "$null")))
        }
        guard case let .valueNotFound(_, context) = error else {
            Issue.record("expected valueNotFound, got \(error)")
            return
        }
        #expect(ValuePath(codingPath: context.codingPath).jsonPathDescription == "$.text")
        // PlistSafeString keeps it, optional or not, and in JSON too.
        for value in ["$null", "$$null", "$$$null", "null", "$nul", "x$null"] {
            try expectRoundTrip(TopLevelBox(PlistSafeString(value)), through: coder)
            try expectRoundTrip([PlistSafeString(value)], through: coder)
            try expectRoundTrip(TopLevelBox(PlistSafeString?.some(PlistSafeString(value))), through: coder)
            try expectRoundTrip(TopLevelBox(PlistSafeString(value)), through: .json)
        }
    }

    @Test func plistSafeStringEscapesOnlyMarkerShapedText() throws {
        #expect(PlistSafeString.escaped("$null") == "$$null")
        #expect(PlistSafeString.escaped("$$null") == "$$$null")
        #expect(PlistSafeString.escaped("null") == "null")
        #expect(PlistSafeString.escaped("a$null") == "a$null")
        #expect(PlistSafeString.unescaped("$null") == "$null")
        #expect(PlistSafeString.unescaped("$$null") == "$null")
        let json = try String(decoding: JSONEncoder().encode([PlistSafeString("$null"), "plain"]), as: UTF8.self)
        #expect(json == #"["$$null","plain"]"#)
    }

    // MARK: - Dates

    @Test func iso8601StrategyDropsFractionalSeconds() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let stamp = Stamp(at: Date(timeIntervalSince1970: 1_714_566_645.678))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(stamp)
        #expect(String(decoding: data, as: UTF8.self) == #"{"at":"2024-05-01T12:30:45Z"}"#)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(Stamp.self, from: data).at == Date(timeIntervalSince1970: 1_714_566_645))

        // Foundation's fractional format style truncates through binary floating point.
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        #expect(Date(timeIntervalSince1970: 1_714_566_645.123).formatted(style) == "2024-05-01T12:30:45.122Z")

        // Ours keeps microseconds.
        encoder.dateEncodingStrategy = .iso8601Microseconds
        decoder.dateDecodingStrategy = .iso8601Microseconds
        let precise = try encoder.encode(stamp)
        #expect(String(decoding: precise, as: UTF8.self) == #"{"at":"2024-05-01T12:30:45.678000Z"}"#)
        #expect(try decoder.decode(Stamp.self, from: precise) == stamp)
    }

    @Test func xmlPlistDatesKeepWholeSecondsOnly() throws {
        let date = Date(timeIntervalSince1970: 1_714_566_645.25)
        let xml = try Coder.xmlPlist.decode(TopLevelBox<Date>.self, from: Coder.xmlPlist.encode(TopLevelBox(date)))
        #expect(xml.value == Date(timeIntervalSince1970: 1_714_566_645))
        let binary = try Coder.binaryPlist.decode(
            TopLevelBox<Date>.self, from: Coder.binaryPlist.encode(TopLevelBox(date)))
        #expect(binary.value == date)
        // SensorReading writes its date as an ISO 8601 string with microseconds.
        let reading = SensorReading(
            sensorID: "s", takenAt: date, raw: Data(), source: URL(fileURLWithPath: "/dev/null"), temperature: 1)
        try expectRoundTrip(reading, through: .xmlPlist)
    }

    // MARK: - Key strategies and acronyms

    @Test func snakeCaseStrategiesBreakAcronyms() throws {
        struct Link: Codable, Equatable { var myURLValue: Int }
        let options = Coder.Options(snakeCaseKeys: true)
        let data = try Coder.json.encode(Link(myURLValue: 1), options: options)
        #expect(String(decoding: data, as: UTF8.self) == #"{"my_url_value":1}"#)
        let error = try #require(throws: DecodingError.self) { try Coder.json.decode(Link.self, from: data, options: options) }
        guard case let .keyNotFound(key, _) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "myURLValue")

        // The explicit key "profileUrl" is what the strategy produces, so profileURL survives.
        let person = SnakeCasePerson(firstName: "Ada", lastName: "L", loanAmount: 1, profileURL: "https://x.example")
        let personJSON = try String(decoding: Coder.json.encode(person, options: options), as: UTF8.self)
        #expect(personJSON.contains(#""profile_url":"https:\/\/x.example""#))
        #expect(personJSON.contains(#""loan_amount":1"#))
        try expectRoundTrip(person, through: .json, options: options)
    }

    // MARK: - Subclass fields

    @Test func subclassWithoutItsOwnEncodeLosesItsFields() throws {
        class Base: Codable { var make = "Volvo" }
        final class Derived: Base, @unchecked Sendable { var doors = 5 }
        let json = try String(decoding: Coder.json.encode(Derived()), as: UTF8.self)
        #expect(json == #"{"make":"Volvo"}"#)
        // Every level of our hierarchies codes its own fields.
        let car = try String(decoding: Coder.json.encode(SportsCar(make: "Porsche", topSpeed: 293.5)), as: UTF8.self)
        #expect(car == #"{"doors":2,"make":"Porsche","top_speed":293.5,"wheels":4}"#)
    }

    // MARK: - Non-finite numbers

    @Test func jsonRefusesNonFiniteNumbers() throws {
        #expect(throws: EncodingError.self) { try Coder.json.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try Coder.json.encode([Float.infinity]) }
        let reading = SensorReading(
            sensorID: "s", takenAt: Date(timeIntervalSince1970: 0), raw: Data([1]),
            source: URL(fileURLWithPath: "/dev/null"), temperature: .nan, humidity: -.infinity)
        let json = try String(decoding: Coder.json.encode(reading), as: UTF8.self)
        #expect(json.contains(#""temperature":"NaN""#))
        #expect(json.contains(#""humidity":"-Infinity""#))
        for coder in Coder.allCases { try expectRoundTrip(reading, through: coder) }
    }

    // MARK: - Key order

    @Test func jsonEncoderDoesNotKeepTheOrderKeysWereEncodedIn() throws {
        // Roster hands its keys over in numeric order (see DynamicKeysTests); JSONEncoder
        // without `.sortedKeys` writes them in hash order, which is not repeatable.
        let roster = Roster(students: (1...8).map { Student(id: $0, name: "s\($0)") })
        let inOrder = "{" + (1...8).map { #""\#($0)":{"name":"s\#($0)"}"# }.joined(separator: ",") + "}"
        let outputs = try (0..<50).map { _ in String(decoding: try JSONEncoder().encode(roster), as: UTF8.self) }
        #expect(outputs.contains { $0 != inOrder })
        // `.sortedKeys` is repeatable; its order is the strings' order.
        #expect(try jsonText(roster).hasPrefix(#"{"1":{"name":"s1"},"2":"#))
        let ten = Roster(students: [Student(id: 10, name: "t"), Student(id: 9, name: "n")])
        #expect(try jsonText(ten) == #"{"10":{"name":"t"},"9":{"name":"n"}}"#)
    }

    // MARK: - Encoding errors

    @Test(arguments: plistCoders)
    func plistEncoderMovesAnErrorsPathUnderARootError(coder: Coder) throws {
        let list = ReleaseList(releases: [Release(name: "x", publishedAt: Date(timeIntervalSince1970: 0.5))])
        let options = Coder.Options(apiVersion: .v1)
        let error = try #require(throws: EncodingError.self) { try coder.encode(list, options: options) }
        guard case let .invalidValue(_, outer) = error else { return }
        #expect(outer.codingPath.isEmpty)
        #expect(outer.debugDescription == "Unable to encode the given top-level value as a property list")
        let inner = try #require(innermostEncodingContext(error))
        #expect(ValuePath(codingPath: inner.codingPath).jsonPathDescription == "$.releases[0].published_at")
        // JSONEncoder reports the path directly.
        let jsonError = try #require(throws: EncodingError.self) { try Coder.json.encode(list, options: options) }
        guard case let .invalidValue(_, context) = jsonError else { return }
        #expect(ValuePath(codingPath: context.codingPath).jsonPathDescription == "$.releases[0].published_at")
    }

    // MARK: - URLs

    @Test func plistWritesURLsAsDictionaries() throws {
        let url = try #require(URL(string: "https://example.com/a?b=c"))
        let xml = try String(decoding: Coder.xmlPlist.encode(TopLevelBox(url)), as: UTF8.self)
        #expect(xml.contains("<key>relative</key>"))
        // Person writes the absolute string in every format.
        let person = Person(firstName: "A", lastName: "B", amount: 1, profileURL: url)
        let personXML = try String(decoding: Coder.xmlPlist.encode(person), as: UTF8.self)
        #expect(personXML.contains("<key>profile_url</key>\n\t<string>https://example.com/a?b=c</string>"))
    }
}
