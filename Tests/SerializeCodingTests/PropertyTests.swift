import SerializeCore
import Foundation
import PropertyBased
import Testing
import SerializeCoding
import SerializeDocument

/// Generators for the helpers' property tests.
enum HelperGen {
    /// Dictionary entries, some of which hold a value that is not an integer.
    static let scoreEntries = zip(Gen.int64(in: -1_000...1_000), Gen.int(in: 0...3)).array(of: 0...12)
}

@Suite struct LosslessPropertyTests {
    struct Count: Codable, Equatable { @Lossless var value: Int64 }
    struct Amount: Codable, Equatable { @Lossless var value: Double }

    @Test func everyIntegerSurvivesAsANumberAndAsAString() async {
        await propertyCheck(count: 150, input: Gen.int64()) { number in
            for format in CodingFormat.allCases {
                for raw: Raw in [["value": .string(String(number))], ["value": .int(Int(number))]] {
                    let count = try format.decode(Count.self, fromRaw: raw)
                    #expect(count.value == number)
                    let back = try format.encode(count, userInfo: [.losslessEncoding: LosslessEncoding.originalForm])
                    #expect(back == (try format.encode(raw)), "\(format) \(raw)")
                }
            }
        }
    }

    @Test func everyFiniteDoubleSurvivesAsAString() async {
        await propertyCheck(count: 150, input: Gen.double(in: -1e12...1e12)) { number in
            for format in CodingFormat.allCases {
                let raw: Raw = ["value": .string(String(number))]
                let amount = try format.decode(Amount.self, fromRaw: raw)
                #expect(amount.value == number)
                let back = try format.encode(amount, userInfo: [.losslessEncoding: LosslessEncoding.originalForm])
                #expect(back == (try format.encode(raw)))
            }
        }
    }
}

@Suite struct DictionaryStrategyPropertyTests {
    @Test func removeKeepsExactlyTheGoodEntriesAndReportsEachBadOne() async {
        await propertyCheck(count: 100, input: HelperGen.scoreEntries) { entries in
            // One good entry always, so that CSV has a column and therefore a row.
            var members: [(String, Raw)] = [("fixed", 1)]
            var good: [String: Int] = ["fixed": 1]
            var bad: [String] = []
            var nulls: [String] = []
            for (index, (value, kind)) in entries.enumerated() {
                let key = "k\(index)"
                switch kind {
                case 0: members.append((key, .string("x\(value)"))); bad.append(key)
                case 1: members.append((key, .null)); nulls.append(key)
                default: members.append((key, .int(Int(value)))); good[key] = Int(value)
                }
            }
            struct Root: Decodable {
                var scores: [String: Int]
                init(from decoder: any Decoder) throws { scores = try [String: Int](from: decoder, invalidValues: .remove) }
            }
            for format in CodingFormat.allCases {
                let report = DecodingReport()
                let root = try format.decode(Root.self, fromRaw: .object(members), userInfo: [.decodingReport: report])
                #expect(root.scores == good)
                let removed = format.keepsNull ? (bad + nulls).sorted() : bad.sorted()
                #expect(report.entries.map(\.path.description) == removed.map(format.path))
            }
        }
    }
}
