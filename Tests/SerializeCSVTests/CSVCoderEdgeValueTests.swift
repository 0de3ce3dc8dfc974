import Foundation
import SerializeCoding
import Testing
@testable import SerializeCSV

/// Values at the edges of what a CSV field can hold: refused with a named error, never a crash
/// or a silent guess.
@Suite struct CSVCoderEdgeValueTests {
    struct Stamp: Codable, Equatable { var d: Date }

    // MARK: - ISO 8601 dates outside four-digit years

    @Test(arguments: [
        Double.nan, .infinity, -.infinity, 1e19,
        253_402_300_800,  // 10000-01-01T00:00:00Z
        -62_167_219_201,  // one second before 0000-01-01
        -62_135_596_801,  // one second before 0001-01-01 (year 0000 has no text: DateText.years)
        -6.4e10 + 978_307_200,  // a year before 0000
    ])
    func iso8601RefusesDatesWithoutAFourDigitYear(secondsSince1970: Double) throws {
        let rows = [Stamp(d: Date(timeIntervalSince1970: secondsSince1970))]
        let error = try #require(throws: EncodingError.self) { try CSVEncoder().encode(rows) }
        guard case let .invalidValue(_, context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.contains("'d'"))
        #expect(context.debugDescription.contains(".secondsSince1970"))
    }

    /// Epoch numbers keep the one range (DateText.years) too: refused when read.
    @Test func hugeEpochSecondsAreRefusedWhenDecoded() throws {
        #expect(throws: DecodingError.self) {
            try CSVDecoder { $0.dateStrategy = .secondsSince1970 }.decode([Stamp].self, from: "d\n1e19\n")
        }
        #expect(throws: DecodingError.self) {
            try CSVDecoder { $0.dateStrategy = .millisecondsSince1970 }.decode([Stamp].self, from: "d\n-1e15\n")
        }
    }

    @Test(arguments: [-62_135_596_800.0, 253_402_300_799.0, 0])
    func iso8601KeepsTheEdgeYears(secondsSince1970: Double) throws {
        let rows = [Stamp(d: Date(timeIntervalSince1970: secondsSince1970))]
        let text = try CSVEncoder().encodeToString(rows)
        #expect(try CSVDecoder().decode([Stamp].self, from: text) == rows)
    }
}

/// Decimal fields must be whole numbers: `Decimal(string:)` alone reads `12abc` as 12.
@Suite struct CSVDecimalFieldTests {
    struct Amount: Codable, Equatable { var x: Decimal }

    @Test(arguments: ["12abc", "1.5.6", "3 apples", "abc", "", ".", "-", "1e", "1e+", " 1", "1 ", "NaN", "0x10"])
    func garbageIsRefused(text: String) {
        #expect(throws: DecodingError.self) { try CSVDecoder().decode([Amount].self, from: "x\n\"\(text)\"\n") }
    }

    @Test(arguments: [
        ("12", Decimal(12)), ("-0.5", Decimal(string: "-0.5")!), ("+7", Decimal(7)), (".25", Decimal(string: "0.25")!),
        ("3.", Decimal(3)), ("1.5e3", Decimal(1500)), ("2E-2", Decimal(string: "0.02")!),
    ])
    func numbersAreRead(text: String, expected: Decimal) throws {
        #expect(try CSVDecoder().decode([Amount].self, from: "x\n\(text)\n") == [Amount(x: expected)])
    }
}

/// The ISO 8601 reader refuses days a month does not have.
@Suite struct CSVISO8601CalendarTests {
    struct Stamp: Codable, Equatable { var d: Date }

    @Test(arguments: ["2024-02-31T00:00:00Z", "2023-02-29T00:00:00Z", "2024-04-31T12:00:00Z", "2024-06-31T00:00:00+02:00"])
    func impossibleDaysAreRefused(text: String) {
        #expect(throws: DecodingError.self) { try CSVDecoder().decode([Stamp].self, from: "d\n\(text)\n") }
    }

    @Test(arguments: [
        ("2024-02-29T00:00:00Z", 1_709_164_800.0), ("2000-02-29T00:00:00Z", 951_782_400), ("2024-12-31T23:59:59Z", 1_735_689_599),
    ])
    func realDaysAreRead(text: String, secondsSince1970: Double) throws {
        let rows = try CSVDecoder().decode([Stamp].self, from: "d\n\(text)\n")
        #expect(rows == [Stamp(d: Date(timeIntervalSince1970: secondsSince1970))])
    }
}

/// A header whose column is both a value and a dotted prefix of another is refused, not halved.
@Suite struct CSVDottedPrefixHeaderTests {
    struct Labels: Codable, Equatable { var d: [String: String] }

    @Test func dictionaryWithDottedKeyRoundTripsEscaped() throws {
        // Before the one column grammar, `d.x.y` was refused as both a value and a prefix; the
        // key "x.y" is now written `d.x\.y` and comes back.
        let text = try CSVEncoder().encodeToString([Labels(d: ["x": "1", "x.y": "2"])])
        #expect(text.split(separator: "\n").first?.split(separator: ",").sorted() == ["d.x", "d.x\\.y"])
        #expect(try CSVDecoder().decode([Labels].self, from: text) == [Labels(d: ["x": "1", "x.y": "2"])])
    }

    @Test(arguments: ["a,a.b\n1,2\n", "a.b,a\n1,2\n", "id,c,c[0]\n1,2,3\n"])
    func valueAndPrefixColumnsAreRefused(text: String) {
        struct Any1: Codable { var id: Int? }
        #expect(throws: DecodingError.self) { try CSVDecoder().decode([Any1].self, from: text) }
    }

    @Test func nestedColumnsStillDecode() throws {
        struct Inner: Codable, Equatable { var x: String; var y: String }
        struct Outer: Codable, Equatable { var d: Inner; var e: String }
        let rows = try CSVDecoder().decode([Outer].self, from: "d.x,d.y,e\n1,2,3\n")
        #expect(rows == [Outer(d: Inner(x: "1", y: "2"), e: "3")])
    }
}

/// Under `.empty`, a nil that ends an array would read back as no element: refused by name.
@Suite struct CSVTrailingNilTests {
    struct Series: Codable, Equatable { var id: Int; var xs: [Int?] }

    @Test(arguments: [[1, nil], [nil], [nil, 2, nil]] as [[Int?]])
    func trailingNilIsRefusedUnderEmpty(xs: [Int?]) throws {
        let error = try #require(throws: EncodingError.self) { try CSVEncoder().encode([Series(id: 1, xs: xs)]) }
        guard case let .invalidValue(_, context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.contains("'xs[\(xs.count - 1)]'"))
        #expect(context.debugDescription.contains(".literal"))
    }

    @Test func innerNilStillRoundTrips() throws {
        let rows = [Series(id: 1, xs: [1, nil, 3])]
        let text = try CSVEncoder().encodeToString(rows)
        #expect(try CSVDecoder().decode([Series].self, from: text) == rows)
    }

    /// An empty literal, or a custom strategy whose text is empty, writes nil as `.empty` does,
    /// so it has `.empty`'s limit (it used to write the row and read back one element short).
    @Test(arguments: [0, 1])
    func trailingNilIsRefusedWhenAnyStrategyWritesItEmpty(which: Int) throws {
        let strategy: CSVNilStrategy = which == 0 ? .literal("") : .custom(isNil: { $0 == "-" }, text: "")
        let error = try #require(throws: EncodingError.self) {
            try CSVEncoder { $0.nilStrategy = strategy }.encode([Series(id: 1, xs: [1, nil])])
        }
        guard case let .invalidValue(_, context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.contains("'xs[1]'"))
        let kept = [Series(id: 1, xs: [nil, 2])]
        let text = try CSVEncoder { $0.nilStrategy = strategy }.encodeToString(kept)
        #expect(try CSVDecoder { $0.nilStrategy = strategy }.decode([Series].self, from: text) == kept)
    }

    @Test func trailingNilRoundTripsUnderLiteral() throws {
        let rows = [Series(id: 1, xs: [1, nil]), Series(id: 2, xs: [nil, nil])]
        let text = try CSVEncoder { $0.nilStrategy = .literal("NULL") }.encodeToString(rows)
        #expect(try CSVDecoder { $0.nilStrategy = .literal("NULL") }.decode([Series].self, from: text) == rows)
    }
}

/// Rows that encode no field (each property nil, which synthesized `Codable` skips) leave no
/// column to write them in: a CSV record cannot be empty, so they are refused by name instead
/// of vanishing (`[Note(text: nil)]` used to encode as an empty file, read back as no rows).
@Suite struct CSVRowsWithoutColumnsTests {
    struct Note: Codable, Equatable { var text: String? }

    func refusal(_ encoder: CSVEncoder, _ rows: [Note]) throws -> String {
        let error = try #require(throws: EncodingError.self) { try encoder.encode(rows) }
        guard case let .invalidValue(_, context) = error else { Issue.record("\(error)"); return "" }
        #expect(context.codingPath.first?.intValue == 0)
        return context.debugDescription
    }

    @Test func rowsWithNoFieldAreRefusedByName() throws {
        #expect(try refusal(CSVEncoder(), [Note(text: nil)]).contains("the row encoded no field"))
        let many = try refusal(CSVEncoder(), [Note(text: nil), Note(text: nil)])
        #expect(many.contains("none of the 2 rows encoded a field"))
        #expect(many.contains("header"))
    }

    /// Sequential buffering takes the header from the first row: a first row with no field would
    /// have frozen an empty header and dropped every later row.
    @Test func aSequentialFirstRowWithNoFieldIsRefused() throws {
        let encoder = CSVEncoder { $0.bufferingStrategy = .sequential }
        #expect(try refusal(encoder, [Note(text: nil), Note(text: "kept")]).contains("the first row encoded no field"))
        #expect(try refusal(CSVEncoder { $0.header = [] }, [Note(text: nil)]).contains("header names no column"))
    }

    @Test func aHeaderOrAnotherRowNamesTheColumn() throws {
        let rows = [Note(text: nil), Note(text: nil)]
        let named = try CSVEncoder { $0.header = ["text"] }.encodeToString(rows)
        #expect(try CSVDecoder().decode([Note].self, from: named) == rows)
        let mixed = [Note(text: nil), Note(text: "x"), Note(text: nil)]
        let text = try CSVEncoder().encodeToString(mixed)
        #expect(try CSVDecoder().decode([Note].self, from: text) == mixed)
        #expect(try CSVEncoder().encodeToString([Note]()) == "")
    }
}
