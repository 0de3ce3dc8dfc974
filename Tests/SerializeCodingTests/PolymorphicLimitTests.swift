import Foundation
import SerializeCoding
import Testing

protocol Token: Codable, Sendable {}

/// Encodes as a single string: nowhere to put a discriminator.
enum Colour: String, Token { case red }

/// Encodes as an array.
struct Pair: Token { var values: [Int]
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(contentsOf: values)
    }
    init(values: [Int]) { self.values = values }
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        values = [try container.decode(Int.self)]
    }
}

/// Has its own field named like the discriminator.
struct Event: Token, Equatable { var type: String; var n: Int }

/// A plain keyed type that must keep working.
struct Mark: Token, Equatable { var n: Int }

enum Tokens: PolymorphicTypes {
    static let registry = TypeRegistry<any Token>([
        .type(Colour.self, as: "colour"), .type(Pair.self, as: "pair"),
        .type(Event.self, as: "event"), .type(Mark.self, as: "mark"),
    ])
}

struct TokenBox: Codable { @Polymorphic<Tokens> var token: any Token }

/// What ``TypeRegistry`` cannot encode is refused with a named error, never a crash or a lost field.
@Suite struct PolymorphicLimitTests {
    func refusal(_ token: any Token, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        do {
            _ = try JSONEncoder().encode(TokenBox(token: token))
            Issue.record("encoded \(token) without error", sourceLocation: sourceLocation)
            return nil
        } catch let EncodingError.invalidValue(_, context) {
            return context.debugDescription
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    @Test func singleValueTypeIsRefused() {
        #expect(refusal(Colour.red)?.contains("single value") == true)
    }

    @Test func unkeyedTypeIsRefused() {
        #expect(refusal(Pair(values: [1, 2]))?.contains("array") == true)
    }

    @Test func fieldNamedLikeTheDiscriminatorIsRefused() {
        #expect(refusal(Event(type: "click", n: 1))?.contains("\"type\"") == true)
    }

    @Test func keyedTypeStillRoundTrips() throws {
        let data = try JSONEncoder().encode(TokenBox(token: Mark(n: 3)))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let token = try #require(object["token"] as? [String: Any])
        #expect(token["type"] as? String == "mark")
        #expect(token["n"] as? Int == 3)
        #expect(try JSONDecoder().decode(TokenBox.self, from: data).token as? Mark == Mark(n: 3))
    }
}

/// The `.iso8601Microseconds` strategy refuses dates no four-digit timestamp can name.
@Suite struct ISO8601TimestampRangeTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, 253_402_300_800, -62_135_596_801])
    func unnameableDatesAreRefused(secondsSince1970: Double) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601Microseconds
        #expect(throws: EncodingError.self) { try encoder.encode([Date(timeIntervalSince1970: secondsSince1970)]) }
        #expect(!ISO8601Timestamp.isRepresentable(Date(timeIntervalSince1970: secondsSince1970)))
    }

    @Test(arguments: [-62_135_596_800.0, 253_402_300_799.5, 0])
    func edgeYearsRoundTrip(secondsSince1970: Double) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601Microseconds
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601Microseconds
        let date = Date(timeIntervalSince1970: secondsSince1970)
        let data = try encoder.encode([date])
        #expect(try decoder.decode([Date].self, from: data) == [date])
    }
}
