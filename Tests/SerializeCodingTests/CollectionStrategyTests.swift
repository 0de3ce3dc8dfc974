import SerializeCore
import Foundation
import Testing
import SerializeCoding
import SerializeDocument

@Suite struct ArrayStrategyEveryFormatTests {
    struct Box: Codable, Equatable {
        @LossyArray var values: [Int]
    }

    let raw: Raw = ["values": [1, "two", 3, 4.5]]

    @Test(arguments: CodingFormat.allCases)
    func lossyArrayRemovesAndReportsByIndex(format: CodingFormat) throws {
        let report = DecodingReport()
        let box = try format.decode(Box.self, fromRaw: raw, userInfo: [.decodingReport: report])
        #expect(box.values == [1, 3])
        #expect(report.entries.map(\.path.description) == ["values[1]", "values[3]"].map(format.path))
        #expect(report.entries.allSatisfy { $0.action == .removed && !$0.reason.isEmpty })
    }

    @Test func lossyArrayRoundTrips() {
        expectRoundTripInEveryFormat(Box(values: [1, 2, 3]))
    }

    @Test(arguments: CodingFormat.allCases)
    func failStrategyNamesTheElementPath(format: CodingFormat) {
        struct Strict: Decodable {
            var values: [Int]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                values = try container.decodeArray(Int.self, forKey: "values", invalidElements: .fail)
            }
        }
        #expect {
            try format.decode(Strict.self, fromRaw: raw)
        } throws: { error in
            format.isPath(codingPath(of: error), "values[1]")
        }
    }

    @Test(arguments: CodingFormat.allCases)
    func customClosureThatThrowsFailsTheDecode(format: CodingFormat) {
        struct Refused: Error {}
        struct Picky: Decodable {
            init(from decoder: any Decoder) throws {
                _ = try [Int](from: decoder, invalidElements: .custom { _, _ in throw Refused() })
            }
        }
        #expect(throws: Refused.self) { try format.decode(Picky.self, fromRaw: [1, "x"]) }
    }
}

@Suite struct DictionaryStrategyTests {
    struct Scores: Decodable {
        var byName: [String: Int]
        init(from decoder: any Decoder, strategy: InvalidEntryStrategy<Int>?) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            byName = try container.decodeDictionary(Int.self, forKey: "scores", invalidValues: strategy)
        }
        init(from decoder: any Decoder) throws {
            let strategy = decoder.userInfo[Self.strategyKey] as? StrategyBox
            try self.init(from: decoder, strategy: strategy?.strategy)
        }
        static let strategyKey = CodingUserInfoKey(rawValue: "test.strategy")!
    }

    struct StrategyBox: Sendable {
        var strategy: InvalidEntryStrategy<Int>
    }

    let raw: Raw = ["scores": ["alice": 3, "bob": "n/a", "carol": 5, "dave": nil]]

    func decode(
        _ format: CodingFormat, _ strategy: InvalidEntryStrategy<Int>?, report: DecodingReport,
        extra: [CodingUserInfoKey: any Sendable] = [:]
    ) throws -> [String: Int] {
        var userInfo: [CodingUserInfoKey: any Sendable] = [.decodingReport: report]
        if let strategy { userInfo[Scores.strategyKey] = StrategyBox(strategy: strategy) }
        userInfo.merge(extra) { $1 }
        return try format.decode(Scores.self, fromRaw: raw, userInfo: userInfo).byName
    }

    @Test(arguments: CodingFormat.allCases)
    func removeReportsByKey(format: CodingFormat) throws {
        let report = DecodingReport()
        #expect(try decode(format, .remove, report: report) == ["alice": 3, "carol": 5])
        let bad = format.keepsNull ? ["scores.bob", "scores.dave"] : ["scores.bob"]
        #expect(report.entries.map(\.path.description) == bad.map(format.path))
        #expect(report.entries.allSatisfy { $0.action == .removed })
    }

    @Test(arguments: CodingFormat.allCases)
    func fallbackReplacesAndReports(format: CodingFormat) throws {
        let report = DecodingReport()
        let expected = format.keepsNull ? ["alice": 3, "bob": 0, "carol": 5, "dave": 0] : ["alice": 3, "bob": 0, "carol": 5]
        #expect(try decode(format, .fallback(0), report: report) == expected)
        #expect(report.entries.map(\.action) == (format.keepsNull ? [.replaced, .replaced] : [.replaced]))
    }

    @Test(arguments: CodingFormat.allCases)
    func customSeesTheKey(format: CodingFormat) throws {
        let report = DecodingReport()
        let decoded = try decode(format, .custom { _, key in key == "bob" ? -1 : nil }, report: report)
        #expect(decoded == ["alice": 3, "bob": -1, "carol": 5])
        let bad = format.keepsNull ? ["scores.bob", "scores.dave"] : ["scores.bob"]
        #expect(report.entries.map(\.description).map { String($0.prefix(while: { $0 != ":" })) } == bad.map(format.path))
        #expect(report.entries.map(\.action) == (format.keepsNull ? [.replaced, .removed] : [.replaced]))
    }

    @Test(arguments: CodingFormat.allCases)
    func defaultFromUserInfo(format: CodingFormat) throws {
        let report = DecodingReport()
        let decoded = try decode(
            format, nil, report: report, extra: [.invalidElementStrategy: InvalidElementDefault.remove])
        #expect(decoded == ["alice": 3, "carol": 5])
        #expect(report.entries.count == (format.keepsNull ? 2 : 1))
    }

    @Test(arguments: CodingFormat.allCases)
    func failIsTheDefaultAndNamesTheKey(format: CodingFormat) {
        #expect {
            try decode(format, nil, report: DecodingReport())
        } throws: { error in
            format.isPath(codingPath(of: error), "scores.bob")
        }
    }

    @Test(arguments: CodingFormat.allCases)
    func lossyDictionaryWrapper(format: CodingFormat) throws {
        struct Prices: Codable, Equatable {
            @LossyDictionary var byCurrency: [String: Double]
        }
        let report = DecodingReport()
        let prices = try format.decode(
            Prices.self, fromRaw: ["byCurrency": ["EUR": 1.5, "USD": "?"]], userInfo: [.decodingReport: report])
        #expect(prices.byCurrency == ["EUR": 1.5])
        #expect(report.entries.map(\.path.description) == [format.path("byCurrency.USD")])
        expectRoundTripInEveryFormat(Prices(byCurrency: ["EUR": 1.5, "GBP": 2]))
    }

    @Test func numericLookingKeysStayNames() throws {
        let report = DecodingReport()
        struct Root: Decodable {
            var ids: [String: Int]
            init(from decoder: any Decoder) throws { ids = try [String: Int](from: decoder, invalidValues: .remove) }
        }
        let decoded = try CodingFormat.json.decode(
            Root.self, fromRaw: ["1": 1, "42": "x"], userInfo: [.decodingReport: report])
        #expect(decoded.ids == ["1": 1])
        #expect(report.entries.map(\.path.description) == [#"$["42"]"#])
    }
}
