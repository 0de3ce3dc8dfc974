import Foundation
import SerializeCoding
import Testing
@testable import SerializeCSV

/// Each strategy, both ways: the text it writes, and that the text reads back.
@Suite struct CSVCoderStrategyTests {
    struct Value<T: Codable & Equatable>: Codable, Equatable {
        var v: T
    }

    /// Encodes `[Value(v: value)]`, checks the field, decodes it back.
    func check<T: Codable & Equatable>(
        _ value: T, writes field: String, _ configure: (inout CSVEncoder.Configuration, inout CSVDecoder.Configuration) -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var encoding = CSVEncoder.Configuration()
        var decoding = CSVDecoder.Configuration()
        configure(&encoding, &decoding)
        let text = try CSVEncoder(configuration: encoding).encodeToString([Value(v: value)])
        #expect(text == "v\n\(field)\n", sourceLocation: sourceLocation)
        let decoded = try CSVDecoder(configuration: decoding).decode([Value<T>].self, from: text)
        #expect(decoded == [Value(v: value)], sourceLocation: sourceLocation)
    }

    // MARK: - nil

    @Test func nilStrategies() throws {
        try check(String?.none, writes: "", { _, _ in })
        try check(Optional(""), writes: "\"\"", { _, _ in })
        try check(Int?.none, writes: "NA", { e, d in
            e.nilStrategy = .literal("NA")
            d.nilStrategy = .literal("NA")
        })
        try check(Optional("NA"), writes: "\"NA\"", { e, d in
            e.nilStrategy = .literal("NA")
            d.nilStrategy = .literal("NA")
        })
        let custom = CSVNilStrategy.custom(isNil: { $0 == "-" || $0 == "n/a" }, text: "-")
        try check(Int?.none, writes: "-", { e, d in
            e.nilStrategy = custom
            d.nilStrategy = custom
        })
        let decoded = try CSVDecoder { $0.nilStrategy = custom }.decode([Value<Int?>].self, from: "v\nn/a\n5\n")
        #expect(decoded == [Value(v: nil), Value(v: 5)])
    }

    // MARK: - Bool

    @Test(arguments: [
        (CSVBoolStrategy.trueFalse, "true", "false"), (.numeric, "1", "0"), (.yesNo, "yes", "no"),
        (.custom(true: "Y", false: "N"), "Y", "N"),
    ])
    func boolStrategies(strategy: CSVBoolStrategy, yes: String, no: String) throws {
        try check(true, writes: yes) { e, d in
            e.boolStrategy = strategy
            d.boolStrategy = strategy
        }
        try check(false, writes: no) { e, d in
            e.boolStrategy = strategy
            d.boolStrategy = strategy
        }
        // Reading ignores case.
        let decoded = try CSVDecoder { $0.boolStrategy = strategy }.decode([Value<Bool>].self, from: "v\n\(yes.uppercased())\n")
        #expect(decoded == [Value(v: true)])
    }

    @Test func aBoolThatIsNotOneOfTheWordsFails() {
        #expect {
            try CSVDecoder { $0.boolStrategy = .yesNo }.decode([Value<Bool>].self, from: "v\ntrue\n")
        } throws: { error in
            guard case let .typeMismatch(_, context) = error as? DecodingError else { return false }
            return context.debugDescription == "<input>:2:1: Expected to decode Bool but found \"true\" instead. Booleans are written \"yes\" and \"no\"."
        }
    }

    // MARK: - Dates

    static let date = Date(timeIntervalSince1970: 1_714_566_600.125)

    @Test func dateStrategies() throws {
        try check(Self.date, writes: "2024-05-01T12:30:00.125Z", { _, _ in })
        try check(Date(timeIntervalSince1970: 1_714_566_600), writes: "2024-05-01T12:30:00Z", { _, _ in })
        try check(Self.date, writes: "1714566600.125", { e, d in
            e.dateStrategy = .secondsSince1970
            d.dateStrategy = .secondsSince1970
        })
        try check(Self.date, writes: "1714566600125.0", { e, d in
            e.dateStrategy = .millisecondsSince1970
            d.dateStrategy = .millisecondsSince1970
        })
        try check(Self.date, writes: "736259400.125", { e, d in
            e.dateStrategy = .deferredToDate
            d.dateStrategy = .deferredToDate
        })
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd HH:mm"
        try check(Date(timeIntervalSince1970: 1_714_566_600), writes: "2024/05/01 12:30", { e, d in
            e.dateStrategy = .formatted(formatter)
            d.dateStrategy = .formatted(formatter)
        })
        let custom = CSVDateStrategy.custom(
            encode: { "day \(Int($0.timeIntervalSince1970 / 86_400))" },
            decode: { Date(timeIntervalSince1970: Double($0.dropFirst(4))! * 86_400) })
        try check(Date(timeIntervalSince1970: 86_400 * 3), writes: "day 3", { e, d in
            e.dateStrategy = custom
            d.dateStrategy = custom
        })
    }

    @Test(arguments: [
        "2024-05-01T12:30:00.125Z", "2024-05-01T14:30:00.125+02:00", "2024-05-01T07:30:00.125-05:00",
        "2024-05-01T12:30:00.12500000000000000000000Z",
    ])
    func iso8601ReadsOffsetsAndAnyPrecision(text: String) throws {
        let decoded = try CSVDecoder().decode([Value<Date>].self, from: "v\n\(text)\n")
        #expect(decoded.first?.v == Self.date)
    }

    @Test func iso8601KeepsSubMillisecondFractionsExactly() throws {
        let dates = [
            Date(timeIntervalSinceReferenceDate: 750_000_000.123456), Date(timeIntervalSince1970: 1.5e9 + 0.999999),
            Date(timeIntervalSince1970: -86_400 * 365 * 80 + 0.000001), Date(timeIntervalSinceReferenceDate: 1e9 + 1.0 / 3),
        ]
        let text = try CSVEncoder().encode(dates.map { Value(v: $0) })
        #expect(try CSVDecoder().decode([Value<Date>].self, from: text).map(\.v) == dates)
    }

    /// One grammar for every date reader (DateText): no space for `T`, no `±hhmm`, no `,`.
    @Test(arguments: ["2024-05-01T07:30:00.125-0500", "2024-05-01 12:30:00.125Z", "2024-05-01T12:30:00,125Z", "2024-05-01t12:30:00.125z"])
    func iso8601RefusesOtherShapes(text: String) {
        #expect(throws: DecodingError.self) { try CSVDecoder().decode([Value<Date>].self, from: "v\n\(text)\n") }
    }

    @Test func aDateThatDoesNotParseSaysWhatWasExpected() {
        #expect {
            try CSVDecoder().decode([Value<Date>].self, from: "v\n2024-13-01T00:00:00Z\n")
        } throws: { error in
            guard case let .dataCorrupted(context) = error as? DecodingError else { return false }
            return context.debugDescription.hasPrefix("<input>:2:1: Expected an ISO 8601 date")
        }
    }

    // MARK: - Data

    @Test func dataStrategies() throws {
        let data = Data([0xDE, 0xAD, 0xBE, 0xEF, 0x00])
        try check(data, writes: "3q2+7wA=", { _, _ in })
        try check(Data(), writes: "\"\"", { _, _ in })
        try check(data, writes: "deadbeef00", { e, d in
            e.dataStrategy = .hex
            d.dataStrategy = .hex
        })
        let custom = CSVDataStrategy.custom(
            encode: { $0.map(String.init).joined(separator: " ") },
            decode: { Data($0.split(separator: " ").compactMap { UInt8($0) }) })
        try check(data, writes: "222 173 190 239 0", { e, d in
            e.dataStrategy = custom
            d.dataStrategy = custom
        })
        let text = try CSVEncoder { $0.dataStrategy = .deferredToData }.encodeToString([Value(v: Data([7, 8]))])
        #expect(text == "v[0],v[1]\n7,8\n")
        #expect(try CSVDecoder { $0.dataStrategy = .deferredToData }.decode([Value<Data>].self, from: text) == [Value(v: Data([7, 8]))])
        // Hex reads either case.
        #expect(try CSVDecoder { $0.dataStrategy = .hex }.decode([Value<Data>].self, from: "v\nDEad\n") == [Value(v: Data([0xDE, 0xAD]))])
    }

    @Test func badBase64Fails() {
        #expect(throws: DecodingError.self) { try CSVDecoder().decode([Value<Data>].self, from: "v\n%%%\n") }
    }

    // MARK: - Non-finite floats

    @Test func nonFiniteFloatsThrowByDefault() throws {
        #expect {
            try CSVEncoder().encode([Value(v: Double.nan)])
        } throws: { error in
            guard case let .invalidValue(_, context) = error as? EncodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["0", "v"]
        }
        #expect {
            try CSVDecoder().decode([Value<Double>].self, from: "v\ninf\n")
        } throws: { error in
            guard case let .dataCorrupted(context) = error as? DecodingError else { return false }
            return context.debugDescription.contains("non-finite")
        }
    }

    @Test func nonFiniteFloatsAsNamedStrings() throws {
        let named = CSVNonConformingFloatStrategy.convertToString(positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "NaN")
        try check(Double.infinity, writes: "+∞", { e, d in
            e.nonConformingFloatStrategy = named
            d.nonConformingFloatStrategy = named
        })
        try check(-Float.infinity, writes: "-∞", { e, d in
            e.nonConformingFloatStrategy = named
            d.nonConformingFloatStrategy = named
        })
        let text = try CSVEncoder { $0.nonConformingFloatStrategy = .named }.encodeToString([Value(v: Double.nan)])
        #expect(text == "v\nnan\n")
        let decoded = try CSVDecoder { $0.nonConformingFloatStrategy = .named }.decode([Value<Double>].self, from: text)
        #expect(decoded.first?.v.isNaN == true)
    }

    // MARK: - Numbers, URLs, decimals

    @Test func numbersAndOtherLeaves() throws {
        try check(Int8.min, writes: "-128", { _, _ in })
        try check(UInt64.max, writes: "18446744073709551615", { _, _ in })
        try check(0.1 + 0.2, writes: "0.30000000000000004", { _, _ in })
        try check(Float(1.5), writes: "1.5", { _, _ in })
        try check(Decimal(string: "12345678901234567890.123")!, writes: "12345678901234567890.123", { _, _ in })
        try check(URL(string: "https://a.b/c?d=e")!, writes: "https://a.b/c?d=e", { _, _ in })
    }
}

/// The decimal fast path gives exactly what `Double(_:)` gives.
@Suite struct CSVNumberParsingTests {
    @Test(arguments: [
        "0", "-0", "-0.0", "1", "+1.5", "6052.36", "0.1", "0.30000000000000004", "123456789012345",
        "1234567890123456789", "9007199254740993", "1e10", "1.5E-7", "-.5", "5.", ".", "", "-", "1.2.3", "abc",
        "0.0000000000000000000001", "0.00000000000000000000001", "nan", "inf", "12a",
    ])
    func matchesTheStandardLibrary(text: String) {
        let ours = CSVValueText.double(text)
        let standard = Double(text)
        #expect(ours?.bitPattern == standard?.bitPattern, "\(text): \(String(describing: ours)) vs \(String(describing: standard))")
    }

    @Test func randomDecimalsMatch() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let whole = Int.random(in: -999_999...999_999, using: &generator)
            let fraction = Int.random(in: 0...99_999_999, using: &generator)
            let text = "\(whole).\(String(fraction))"
            #expect(CSVValueText.double(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }
}

/// The integer parser agrees with `init(_:radix:)`, overflow included.
@Suite struct CSVIntegerParsingTests {
    @Test(arguments: [
        "0", "-0", "+5", "-128", "127", "128", "-129", "255", "256", "", "-", "+", "1.0", " 1", "1 ", "0x10", "00042",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616",
    ])
    func matchesTheStandardLibrary(text: String) {
        #expect(CSVValueText.integer(text, as: Int.self) == Int(text, radix: 10))
        #expect(CSVValueText.integer(text, as: Int8.self) == Int8(text, radix: 10))
        #expect(CSVValueText.integer(text, as: UInt8.self) == UInt8(text, radix: 10))
        #expect(CSVValueText.integer(text, as: UInt64.self) == UInt64(text, radix: 10))
    }
}
