import SerializeCore
import Foundation
import Testing
@testable import SerializeCoding

@Suite struct EitherTests {
    @Test func rightDoubleStaysRight() throws {
        let value: Either<Int, Double> = .right(1.0)
        let data = try JSONEncoder().encode(value)
        #expect(String(decoding: data, as: UTF8.self) == #"{"right":1}"#)
        #expect(try JSONDecoder().decode(Either<Int, Double>.self, from: data) == .right(1.0))
    }

    @Test func leftNilSurvives() throws {
        let value: Either<Int?, String> = .left(nil)
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(Either<Int?, String>.self, from: data) == .left(nil))
    }

    @Test func neitherKeyIsAKeyNotFoundError() {
        #expect {
            try JSONDecoder().decode(Either<Int, String>.self, from: Data("{}".utf8))
        } throws: { error in
            guard case let .keyNotFound(key, context) = error as? DecodingError else { return false }
            return key.stringValue == "left" && context.debugDescription.contains("neither")
        }
    }

    @Test func bothKeysIsDataCorrupted() {
        #expect {
            try JSONDecoder().decode(Either<Int, String>.self, from: Data(#"{"left":1,"right":"x"}"#.utf8))
        } throws: { error in
            guard case let .dataCorrupted(context) = error as? DecodingError else { return false }
            return context.debugDescription.contains("both")
        }
    }
}

@Suite struct DefaultCaseCodableTests {
    enum Status: String, DefaultCaseCodable, Equatable {
        case active, suspended, unknown
        static let defaultCase = Status.unknown
    }

    @Test func unknownRawValueFallsBack() throws {
        let decoded = try JSONDecoder().decode([Status].self, from: Data(#"["active","banned"]"#.utf8))
        #expect(decoded == [.active, .unknown])
    }

    @Test func wrongTypeStillFails() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Status].self, from: Data("[1]".utf8))
        }
    }
}

@Suite struct InvalidElementStrategyTests {
    struct Box: Decodable, Equatable {
        var values: [Int]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            values = try container.decodeArray(Int.self, forKey: "values", invalidElements: nil)
        }
    }

    let json = Data(#"{"values":[1,"two",3,null]}"#.utf8)

    @Test func failIsTheDefault() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Box.self, from: json) }
    }

    @Test func removeFromUserInfoReportsEachRemoval() throws {
        let decoder = JSONDecoder()
        let report = DecodingReport()
        decoder.userInfo[.invalidElementStrategy] = InvalidElementDefault.remove
        decoder.userInfo[.decodingReport] = report
        #expect(try decoder.decode(Box.self, from: json).values == [1, 3])
        #expect(report.entries.map(\.path.description) == ["$.values[1]", "$.values[3]"])
        #expect(report.entries.allSatisfy { $0.action == .removed })
    }

    @Test func fallbackAndCustomReplace() throws {
        let data = Data(#"[1,"two",3]"#.utf8)
        struct Fallback: Decodable {
            var values: [Int]
            init(from decoder: any Decoder) throws { values = try [Int](from: decoder, invalidElements: .fallback(0)) }
        }
        struct Custom: Decodable {
            var values: [Int]
            init(from decoder: any Decoder) throws {
                values = try [Int](from: decoder, invalidElements: .custom { _, index in index * 100 })
            }
        }
        #expect(try JSONDecoder().decode(Fallback.self, from: data).values == [1, 0, 3])
        #expect(try JSONDecoder().decode(Custom.self, from: data).values == [1, 100, 3])
    }
}
