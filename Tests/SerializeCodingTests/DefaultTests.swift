import Foundation
import Testing
import SerializeCoding
import SerializeDocument

@Suite struct DefaultTests {
    enum Theme: String, DefaultCaseCodable, Equatable, Sendable {
        case light, dark, system
        static let defaultCase = Theme.system
    }

    enum DefaultRetries: DefaultValueProvider {
        static var defaultValue: Int { 3 }
    }

    struct Settings: Codable, Equatable {
        @Default<DefaultFalse> var isPro: Bool
        @Default<DefaultTrue> var notifications: Bool
        @Default<DefaultEmpty<[String]>> var tags: [String]
        @Default<DefaultEmptyDictionary<String, Int>> var limits: [String: Int]
        @Default<DefaultZero<Double>> var volume: Double
        @Default<DefaultCase<Theme>> var theme: Theme
        @Default<DefaultRetries> var retries: Int
    }

    @Test(arguments: CodingFormat.allCases)
    func missingKeysTakeTheirDefaults(format: CodingFormat) throws {
        // One unrelated key, so that CSV has a column and therefore a row.
        let settings = try format.decode(Settings.self, fromRaw: ["unrelated": 1])
        #expect(settings.isPro == false)
        #expect(settings.notifications == true)
        #expect(settings.tags == [])
        #expect(settings.limits == [:])
        #expect(settings.volume == 0)
        #expect(settings.theme == .system)
        #expect(settings.retries == 3)
    }

    @Test(arguments: CodingFormat.allCases)
    func nullsTakeTheirDefaults(format: CodingFormat) throws {
        let settings = try format.decode(
            Settings.self,
            fromRaw: ["isPro": nil, "notifications": nil, "tags": nil, "limits": nil, "volume": nil, "theme": nil,
                      "retries": nil])
        #expect(settings == Settings())
    }

    @Test(arguments: CodingFormat.allCases)
    func presentValuesWin(format: CodingFormat) throws {
        let settings = try format.decode(
            Settings.self, fromRaw: ["isPro": true, "tags": ["a"], "theme": "dark", "retries": 7, "volume": 0.5])
        #expect(settings.isPro && settings.tags == ["a"] && settings.theme == .dark && settings.retries == 7)
        #expect(settings.volume == 0.5)
    }

    @Test(arguments: CodingFormat.allCases)
    func wrongTypeIsNotReplacedByTheDefault(format: CodingFormat) {
        #expect {
            try format.decode(Settings.self, fromRaw: ["retries": "many"])
        } throws: { error in
            guard case .typeMismatch = error as? DecodingError else { return false }
            return format.isPath(codingPath(of: error), "retries")
        }
    }

    @Test func roundTripsSymmetrically() {
        var settings = Settings()
        settings.isPro = true
        settings.tags = ["x", "y"]
        settings.limits = ["daily": 5]
        settings.theme = .dark
        expectRoundTripInEveryFormat(settings)
        expectRoundTripInEveryFormat(Settings())
    }

    @Test(arguments: CodingFormat.allCases)
    func containerMethodForHandWrittenInit(format: CodingFormat) throws {
        struct Job: Decodable {
            var retries: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                retries = try container.decode(Int.self, forKey: "retries", default: 3)
            }
        }
        #expect(try format.decode(Job.self, fromRaw: ["unrelated": 1]).retries == 3)
        #expect(try format.decode(Job.self, fromRaw: ["retries": nil, "unrelated": 1]).retries == 3)
        #expect(try format.decode(Job.self, fromRaw: ["retries": 9]).retries == 9)
        #expect(throws: DecodingError.self) { try format.decode(Job.self, fromRaw: ["retries": "x"]) }
    }
}
