import Foundation
import SerializeCoding
import SerializeModels
import Testing
import TestSupport
@testable import SerializeCSV

/// One shared model that is a list of records: read from its JSON fixture, then through CSV.
struct CSVModelCase: Sendable, CustomTestStringConvertible {
    var file: String
    var run: @Sendable () throws -> Void

    var testDescription: String { file }

    /// - Parameters:
    ///   - rows: The list of records inside the decoded fixture.
    ///   - userInfo: What both the JSON and the CSV coders get (an API version).
    init<Model: Decodable, Row: Codable & Equatable>(
        _ file: String, as model: Model.Type, snakeCase: Bool = false, nullLiteral: Bool = false,
        userInfo: [CodingUserInfoKey: any Sendable] = [:], rows: @escaping @Sendable (Model) -> [Row]
    ) {
        self.file = file
        run = {
            let json = JSONDecoder()
            if snakeCase { json.keyDecodingStrategy = .convertFromSnakeCase }
            json.userInfo = userInfo
            let records = rows(try json.decode(Model.self, from: Fixtures.data("json/\(file)")))
            #expect(!records.isEmpty)
            try expectCSVRoundTrip(records, snakeCase: snakeCase, nullLiteral: nullLiteral, userInfo: userInfo)
        }
    }

    static let all: [CSVModelCase] = [
        CSVModelCase("people.json", as: [Person].self) { $0 },
        CSVModelCase("people_snake_case.json", as: [SnakeCasePerson].self, snakeCase: true) { $0 },
        CSVModelCase("places.json", as: [Place].self) { $0 },
        CSVModelCase("tickets.json", as: TicketList.self) { $0.tickets },
        // `override: .left(nil)` and `override: nil` both write empty fields under the default
        // nil strategy; a `null` literal keeps them apart.
        CSVModelCase("settings.json", as: SettingsFile.self, nullLiteral: true) { $0.settings },
        CSVModelCase("fleet.json", as: Fleet.self) { $0.cars },
        CSVModelCase("fleet.json", as: Fleet.self) { $0.sportsCars },
        CSVModelCase("shelter.json", as: Shelter.self) { $0.dogs },
        CSVModelCase("shelter.json", as: Shelter.self) { $0.serviceDogs },
        CSVModelCase("comments.json", as: Page<PostedComment>.self) { $0.results },
        CSVModelCase("search.json", as: Page<SearchResult>.self) { $0.results },
        CSVModelCase("feed.json", as: Feed.self) { $0.items },
        CSVModelCase("roster.json", as: Roster.self) { $0.students },
        CSVModelCase("sensors.json", as: SensorLog.self) { $0.readings },
        CSVModelCase("releases_v1.json", as: ReleaseList.self, userInfo: [.apiVersion: APIVersion.v1]) {
            $0.releases
        },
        CSVModelCase("releases_v2.json", as: ReleaseList.self, userInfo: [.apiVersion: APIVersion.v2]) {
            $0.releases
        },
        CSVModelCase("restaurants.json", as: RestaurantGuide.self) { $0.restaurants },
    ]
}

/// decode(encode(rows)) == rows through CSV, and encoding again gives the same bytes.
func expectCSVRoundTrip<Row: Codable & Equatable>(
    _ rows: [Row], snakeCase: Bool = false, nullLiteral: Bool = false, userInfo: [CodingUserInfoKey: any Sendable] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let encoder = CSVEncoder {
        $0.nonConformingFloatStrategy = .named
        if snakeCase { $0.keyStrategy = .snakeCase }
        if nullLiteral { $0.nilStrategy = .literal("null") }
    }
    encoder.userInfo = userInfo
    let decoder = CSVDecoder {
        $0.nonConformingFloatStrategy = .named
        if snakeCase { $0.keyStrategy = .snakeCase }
        if nullLiteral { $0.nilStrategy = .literal("null") }
    }
    decoder.userInfo = userInfo
    let data = try encoder.encode(rows)
    let decoded = try decoder.decode([Row].self, from: data)
    #expect(decoded == rows, "\(Row.self) changed through CSV:\n\(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
    #expect(try encoder.encode(decoded) == data, "\(Row.self) re-encoded differently", sourceLocation: sourceLocation)
}

@Suite("SerializeModels lists of records through CSV")
struct CSVModelRoundTripTests {
    @Test(arguments: CSVModelCase.all)
    func survivesCSV(_ model: CSVModelCase) throws {
        try model.run()
    }
}
