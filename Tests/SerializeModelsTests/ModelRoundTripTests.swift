import Foundation
import Testing
import SerializeCoding
import SerializeModels

/// One model's sample round-tripped through one coder.
struct RoundTripCase: Sendable, CustomTestStringConvertible {
    var name: String
    var run: @Sendable (Coder) throws -> Void

    var testDescription: String { name }

    init<T: Codable & Equatable & Sendable>(
        _ name: String, _ value: @escaping @Sendable () throws -> T, options: Coder.Options = .init()
    ) {
        self.name = name
        self.run = { coder in try expectRoundTrip(try value(), through: coder, options: options) }
    }

    static let all: [RoundTripCase] = [
        RoundTripCase("Person", { Samples.people }),
        RoundTripCase("SnakeCasePerson (key strategies in JSON)", { Samples.snakeCasePeople }, options: .init(snakeCaseKeys: true)),
        RoundTripCase("Place", { Samples.places }),
        RoundTripCase("TicketList", { Samples.tickets }),
        RoundTripCase("SettingsFile (Either)", { Samples.settings }),
        RoundTripCase("Fleet (shared container)", { Samples.fleet }),
        RoundTripCase("Shelter (superEncoder)", { Samples.shelter }),
        RoundTripCase("Page<PostedComment>", { Samples.comments }),
        RoundTripCase("Page<SearchResult>", { Samples.search }),
        RoundTripCase("Feed", { Samples.feed }),
        RoundTripCase("Roster", { Samples.roster }),
        RoundTripCase("SensorLog", { Samples.sensors }),
        RoundTripCase("ReleaseList v1", { Samples.releasesV1 }, options: .init(apiVersion: .v1)),
        RoundTripCase("ReleaseList v2", { Samples.releasesV2 }, options: .init(apiVersion: .v2)),
        RoundTripCase("ReleaseList, no version", { Samples.releasesV2 }),
        RoundTripCase("RestaurantGuide", { try Samples.restaurants }),
        RoundTripCase("TopLevelBox<Int>", { TopLevelBox(42) }),
        RoundTripCase("TopLevelBox<Int?> nil", { TopLevelBox<Int?>(nil) }),
        RoundTripCase("TopLevelBox<PlistSafeString>", { TopLevelBox(PlistSafeString("$null")) }),
        RoundTripCase("TopLevelBox<Date>", { TopLevelBox(Date(timeIntervalSinceReferenceDate: 0)) }),
    ]
}

@Suite("Every model round-trips through JSON, XML plist and binary plist")
struct ModelRoundTripTests {
    @Test(arguments: RoundTripCase.all, Coder.allCases)
    func roundTrips(_ model: RoundTripCase, coder: Coder) throws {
        try model.run(coder)
    }
}
