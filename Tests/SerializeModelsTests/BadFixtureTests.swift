import SerializeCore
import Foundation
import Testing
import SerializeCoding
import SerializeModels
import TestSupport

/// A fixture of `Fixtures/json/bad` and the error it must produce.
struct BadFixture: Sendable, CustomTestStringConvertible {
    var file: String
    /// The full coding path of the failure, `a.b[3].c`.
    var path: String
    /// Text the error's description must contain besides the path.
    var phrase: String
    var decode: @Sendable (Data, Coder) throws -> Void

    var testDescription: String { file }

    init<T: Decodable>(_ file: String, as type: T.Type, path: String, phrase: String) {
        self.file = file
        self.path = path
        self.phrase = phrase
        self.decode = { data, coder in _ = try coder.decode(T.self, from: data) }
    }

    static let all: [BadFixture] = [
        BadFixture(
            "tickets_unknown_payment.json", as: TicketList.self, path: "$.tickets[1].payment",
            phrase: "Cannot initialize PaymentState from invalid String value refunded_twice"),
        BadFixture(
            "tickets_wrong_type.json", as: TicketList.self, path: "$.tickets[0].priority",
            phrase: "Expected to decode Int"),
        BadFixture(
            "people_wrong_type.json", as: [Person].self, path: "$[1].loan_amount", phrase: "Expected to decode Double"),
        BadFixture(
            "places_missing_key.json", as: [Place].self, path: "$[0].meta.gross_score", phrase: "gross_score"),
        BadFixture(
            "restaurants_bad_latitude.json", as: RestaurantGuide.self, path: "$.restaurants[1].latitude",
            phrase: "latitude 123.4 is outside -90...90"),
        BadFixture(
            "restaurants_duplicate_meal.json", as: RestaurantGuide.self, path: "$.restaurants[0].meals[2]",
            phrase: "meal \"lunch\" is listed twice"),
        BadFixture(
            "feed_two_payloads.json", as: Feed.self, path: "$.items[1]",
            phrase: "Expected exactly one payload of photo, article, poll (null and {} mean absent); found photo and article"),
        BadFixture(
            "comment_unknown_target.json", as: PostedComment.self, path: "$.target.type",
            phrase: "Unknown type \"video\"; expected one of \"song\", \"user\""),
        BadFixture(
            "roster_bad_key.json", as: Roster.self, path: "$.two", phrase: "Expected a student id (an integer key)"),
        BadFixture(
            "sensors_bad_base64.json", as: SensorLog.self, path: "$.readings[0].raw",
            phrase: "Expected Base64 data but found \"not base64!\""),
        BadFixture(
            "sensors_bad_temperature.json", as: SensorLog.self, path: "$.readings[0].temperature",
            phrase: "Expected a number, \"NaN\", \"Infinity\" or \"-Infinity\" but found \"hot\""),
        BadFixture(
            "settings_both_sides.json", as: SettingsFile.self, path: "$.settings[0].value",
            phrase: "Either has both a \"left\" and a \"right\" key"),
    ]

    /// The fixture's bytes in `coder`'s format (the JSON converted for property lists).
    func data(for coder: Coder) throws -> Data {
        let json = try Fixtures.data("json/bad/\(file)")
        guard coder.isPlist else { return json }
        let object = try JSONSerialization.jsonObject(with: json)
        return try PropertyListSerialization.data(
            fromPropertyList: object, format: coder == .xmlPlist ? .xml : .binary, options: 0)
    }
}

@Suite("Fixtures/json/bad: each fails with an error naming its coding path")
struct BadFixtureTests {
    @Test func everyBadFixtureIsInTheTable() throws {
        let files = try Fixtures.files(in: "json/bad", withExtension: "json").map(\.lastPathComponent)
        #expect(Set(files) == Set(BadFixture.all.map(\.file)))
    }

    @Test(arguments: BadFixture.all, Coder.allCases)
    func failsWithThePath(_ fixture: BadFixture, coder: Coder) throws {
        let data = try fixture.data(for: coder)
        let error = try #require(throws: DecodingError.self) { try fixture.decode(data, coder) }
        #expect(decodingErrorPath(error) == fixture.path)
        let message = String(describing: error)
        // Foundation's description names the path of the failing container in its own form
        // (ours without the leading `$` and its `.`): for a missing key that is the path without
        // the key, which it names separately.
        var shownPath = fixture.path
        if case let .keyNotFound(_, context) = error {
            shownPath = ValuePath(codingPath: context.codingPath).jsonPathDescription
        }
        shownPath = String(shownPath.dropFirst().drop { $0 == "." })
        #expect(message.contains("Path: \(shownPath)."), "\(message)")
        #expect(message.contains(fixture.phrase), "\(message)")
    }
}
