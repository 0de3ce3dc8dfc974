import Foundation
import PropertyBased
import Testing
import SerializeCoding
import SerializeModels

/// Generators for the models, sized so every property runs in well under a second.
enum ModelGen {
    /// Strings over an alphabet that often spells the `$null` marker or its escapes.
    static let markerishString = Gen<Character?>.element(of: Array("$nul$x"))
        .map { $0 ?? "x" }
        .string(of: 0...8)

    /// Dates between 1900 and 2200, the `Date` nearest to a whole microsecond (one rounding from
    /// microseconds since 2001: what ISO8601Timestamp promises to keep).
    static let microsecondDate = Gen.int64(in: -2_208_988_800_000_000...7_258_118_400_000_000)
        .map { Date(timeIntervalSinceReferenceDate: Double($0 - 978_307_200_000_000) / 1_000_000) }

    /// Finite and non-finite doubles.
    static let anyDouble = zip(Gen.int(in: 0...5), Gen.double(in: -1e12...1e12)).map { choice, finite in
        switch choice {
        case 0: Double.nan
        case 1: Double.infinity
        case 2: -Double.infinity
        default: finite
        }
    }

    static let roster = zip(
        Gen.int(in: -1000...1000).set(ofAtMost: 0...12),
        Gen.letterOrNumber.string(of: 0...6)
    ).map { ids, name in Roster(students: ids.map { Student(id: $0, name: name + String($0)) }) }

    static let either = zip(Gen.int(in: 0...2), Gen.int(in: -1_000_000...1_000_000)).map {
        choice, n -> Either<Int, Double> in
        choice == 0 ? .left(n) : .right(Double(n) / (choice == 1 ? 1 : 8))
    }
}

@Suite("Properties: decode(encode(v)) == v in every format")
struct ModelPropertyTests {
    @Test func plistSafeStringsSurviveEveryFormat() async {
        await propertyCheck(count: 60, input: ModelGen.markerishString) { text in
            for coder in Coder.allCases {
                try expectRoundTrip([PlistSafeString(text)], through: coder)
            }
            #expect(PlistSafeString.unescaped(PlistSafeString.escaped(text)) == text)
        }
    }

    @Test func timestampsKeepEveryMicrosecond() async {
        await propertyCheck(count: 200, input: ModelGen.microsecondDate) { date in
            let text = ISO8601Timestamp.string(from: date)
            #expect(ISO8601Timestamp.date(from: text) == date, "\(text)")
        }
    }

    @Test func sensorReadingsSurviveWithAnyNumbers() async {
        await propertyCheck(count: 40, input: ModelGen.microsecondDate, ModelGen.anyDouble) { date, number in
            let reading = SensorReading(
                sensorID: "p", takenAt: date, raw: Data("\(number)".utf8),
                source: URL(fileURLWithPath: "/tmp/p"), temperature: Float(number), humidity: number)
            for coder in Coder.allCases { try expectRoundTrip(reading, through: coder) }
        }
    }

    @Test func rostersSurviveAndKeepNumericKeyOrder() async {
        await propertyCheck(count: 40, input: ModelGen.roster) { roster in
            for coder in Coder.allCases { try expectRoundTrip(roster, through: coder) }
            let keys = try KeyOrderRecorder.keys(of: roster)
            #expect(keys.compactMap(Int.init) == roster.students.map(\.id).sorted())
        }
    }

    @Test func eitherKeepsItsSide() async {
        await propertyCheck(count: 60, input: ModelGen.either) { value in
            for coder in Coder.allCases {
                try expectRoundTrip(Setting(name: "p", value: value), through: coder)
            }
        }
    }
}
