import SerializeCore
import Foundation
import Testing
import SerializeCoding
import SerializeDocument

@Suite struct DefaultCaseEveryFormatTests {
    enum Status: String, DefaultCaseCodable, Equatable {
        case active, suspended, unknown
        static let defaultCase = Status.unknown
    }

    enum Level: Int, DefaultCaseCodable, Equatable {
        case low = 1, high = 2, other = 0
        static let defaultCase = Level.other
    }

    struct Account: Codable, Equatable {
        var status: Status
        var level: Level
    }

    @Test(arguments: CodingFormat.allCases)
    func unknownRawValuesFallBack(format: CodingFormat) throws {
        let account = try format.decode(Account.self, fromRaw: ["status": "banned", "level": 7])
        #expect(account == Account(status: .unknown, level: .other))
        let known = try format.decode(Account.self, fromRaw: ["status": "suspended", "level": 2])
        #expect(known == Account(status: .suspended, level: .high))
    }

    /// CSV is left out: its fields are text, so `1` is the raw value `"1"`, an unknown status.
    @Test(arguments: CodingFormat.typed)
    func wrongTypeFailsWithThePath(format: CodingFormat) {
        #expect {
            try format.decode(Account.self, fromRaw: ["status": 1, "level": 1])
        } throws: { error in
            guard case .typeMismatch = error as? DecodingError else { return false }
            return codingPath(of: error) == "$.status"
        }
    }

    @Test func roundTripsInEveryFormat() {
        expectRoundTripInEveryFormat(Account(status: .active, level: .low))
        expectRoundTripInEveryFormat(Account(status: .unknown, level: .other))
    }
}

@Suite struct AnyCodingKeyEveryFormatTests {
    /// A bag of counters whose keys are data, written with string-literal keys.
    struct Counters: Codable, Equatable {
        var version: Int
        var counts: [String: Int]

        init(version: Int, counts: [String: Int]) {
            self.version = version
            self.counts = counts
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            version = try container.decode(Int.self, forKey: "version")
            var counts: [String: Int] = [:]
            for key in container.allKeys where key != "version" {
                counts[key.stringValue] = try container.decode(Int.self, forKey: key)
            }
            self.counts = counts
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(version, forKey: "version")
            for (key, value) in counts.sorted(by: { $0.key < $1.key }) {
                try container.encode(value, forKey: AnyCodingKey(stringValue: key))
            }
        }
    }

    @Test(arguments: CodingFormat.allCases)
    func dynamicKeysDecode(format: CodingFormat) throws {
        let counters = try format.decode(Counters.self, fromRaw: ["version": 2, "apples": 3, "42": 1])
        #expect(counters == Counters(version: 2, counts: ["apples": 3, "42": 1]))
    }

    @Test(arguments: CodingFormat.allCases)
    func missingLiteralKeyIsNamed(format: CodingFormat) {
        #expect {
            try format.decode(Counters.self, fromRaw: ["apples": 3])
        } throws: { error in
            guard case let .keyNotFound(key, _) = error as? DecodingError else { return false }
            return key.stringValue == "version"
        }
    }

    @Test func roundTripsInEveryFormat() {
        expectRoundTripInEveryFormat(Counters(version: 1, counts: ["a": 1, "b": 2, "7": 7]))
    }

    @Test func literalsAndConversions() {
        let named: AnyCodingKey = "name"
        let indexed: AnyCodingKey = 3
        #expect(named.stringValue == "name" && named.intValue == nil)
        #expect(indexed.stringValue == "3" && indexed.intValue == 3)
        #expect(AnyCodingKey(stringValue: "12").intValue == 12)
        #expect(ValuePath(codingPath: [AnyCodingKey("items"), AnyCodingKey(intValue: 2), "id"]).jsonPathDescription == "$.items[2].id")
    }
}
