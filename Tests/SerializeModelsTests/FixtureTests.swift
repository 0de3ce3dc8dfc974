import SerializeCore
import Foundation
import Testing
import SerializeCoding
import SerializeModels
import TestSupport

/// One fixture of `Fixtures/json`, decoded as its model.
struct FixtureCase: Sendable, CustomTestStringConvertible {
    var file: String
    /// Decodes the fixture with JSONDecoder, round-trips the value through `coder`, and returns
    /// what the lenient decode reported.
    var run: @Sendable (Coder) throws -> [DecodingReport.Entry]

    var testDescription: String { file }

    init<T: Codable & Equatable & Sendable>(_ file: String, as type: T.Type, options: Coder.Options = .init()) {
        self.file = file
        self.run = { coder in
            let report = DecodingReport()
            var options = options
            options.report = report
            let value = try Coder.json.decode(T.self, from: Fixtures.data("json/\(file)"), options: options)
            // The value read from JSON is written in every format and read back.
            try expectRoundTrip(value, through: coder, options: options)
            return report.entries
        }
    }

    static let all: [FixtureCase] = [
        FixtureCase("people.json", as: [Person].self),
        FixtureCase("people_snake_case.json", as: [SnakeCasePerson].self, options: .init(snakeCaseKeys: true)),
        FixtureCase("places.json", as: [Place].self),
        FixtureCase("tickets.json", as: TicketList.self),
        FixtureCase("settings.json", as: SettingsFile.self),
        FixtureCase("fleet.json", as: Fleet.self),
        FixtureCase("shelter.json", as: Shelter.self),
        FixtureCase("comments.json", as: Page<PostedComment>.self),
        FixtureCase("search.json", as: Page<SearchResult>.self),
        FixtureCase("feed.json", as: Feed.self),
        FixtureCase("roster.json", as: Roster.self),
        FixtureCase("sensors.json", as: SensorLog.self),
        FixtureCase("releases_v1.json", as: ReleaseList.self, options: .init(apiVersion: .v1)),
        FixtureCase("releases_v2.json", as: ReleaseList.self, options: .init(apiVersion: .v2)),
        FixtureCase("restaurants.json", as: RestaurantGuide.self),
    ]

    /// The elements each fixture is expected to lose, with the reason's key phrase.
    static let expectedRemovals: [String: [String: String]] = [
        "comments.json": ["$.results[2]": "Unknown type \"video\"", "$.results[3]": "\"body\""],
        "search.json": ["$.results[2]": "Unknown type \"podcast\"", "$.results[4]": "Expected to decode Int"],
    ]
}

@Suite("Fixtures/json: decode, re-encode in every format, decode again, compare")
struct FixtureTests {
    @Test func everyFixtureIsInTheTable() throws {
        let files = try Fixtures.files(in: "json", withExtension: "json").map(\.lastPathComponent)
        #expect(Set(files) == Set(FixtureCase.all.map(\.file)))
    }

    @Test(arguments: FixtureCase.all, Coder.allCases)
    func roundTrips(_ fixture: FixtureCase, coder: Coder) throws {
        let entries = try fixture.run(coder)
        let expected = FixtureCase.expectedRemovals[fixture.file] ?? [:]
        #expect(entries.map(\.path.description) == expected.keys.sorted(), "removed elements of \(fixture.file)")
        for entry in entries {
            #expect(entry.action == .removed)
            let phrase = try #require(expected[entry.path.description])
            #expect(entry.reason.contains(phrase), "\(entry.path): \(entry.reason)")
        }
    }
}
