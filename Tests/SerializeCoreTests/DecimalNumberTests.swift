import Foundation
import PropertyBased
@testable import SerializeCore
import Testing

@Suite struct DecimalNumberTests {
    // MARK: - Helpers

    static func double(_ text: String) -> Double? {
        var text = text
        return text.withUTF8(DecimalNumber.double)
    }

    static func integer(_ text: String, allowsPlus: Bool = true) -> DecimalNumber.Integer? {
        var text = text
        return text.withUTF8 { DecimalNumber.integer($0, allowsPlus: allowsPlus) }
    }

    static func text(_ value: Double) -> String {
        var text = ""
        DecimalNumber.withText(of: value) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    static func text(_ value: Int64) -> String {
        var text = ""
        DecimalNumber.withText(of: value) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    static func text(_ value: UInt64) -> String {
        var text = ""
        DecimalNumber.withText(of: value) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// Whether our reading of `text` is Swift's `Double(String)`, bit for bit (NaN as NaN).
    static func agrees(_ text: String) -> Bool {
        let ours = double(text), swift = Double(text)
        guard let ours, let swift else { return ours == nil && swift == nil }
        return ours.bitPattern == swift.bitPattern || (ours.isNaN && swift.isNaN)
    }

    // MARK: - Integers

    @Test(arguments: [
        ("0", DecimalNumber.Integer.signed(0)), ("-0", .signed(0)), ("+7", .signed(7)), ("42", .signed(42)),
        ("9223372036854775807", .signed(.max)), ("-9223372036854775808", .signed(.min)),
        ("9223372036854775808", .unsigned(1 << 63)), ("18446744073709551615", .unsigned(.max)),
        ("0000000000000000000000000001", .signed(1)), ("9007199254740993", .signed(9_007_199_254_740_993)),
    ])
    func integersAreExact(text: String, expected: DecimalNumber.Integer) {
        #expect(Self.integer(text) == expected)
    }

    @Test(arguments: [
        "", "-", "+", "18446744073709551616", "-9223372036854775809", "99999999999999999999", "1.0", "1e3", " 1",
        "1 ", "--1", "0x10", "１",
    ])
    func notIntegersOrBeyond64Bits(text: String) {
        #expect(Self.integer(text) == nil)
    }

    @Test func plusIsRefusedWhereTheGrammarHasNone() {
        #expect(Self.integer("+1", allowsPlus: false) == nil)
        #expect(Self.integer("-1", allowsPlus: false) == .signed(-1))
    }

    @Test(arguments: [
        ("127", Int8(127)), ("-128", Int8(-128)), ("128", nil), ("-129", nil), ("+5", 5),
    ] as [(String, Int8?)])
    func fixedWidthIntegersCheckTheirRange(text: String, expected: Int8?) {
        var text = text
        #expect(text.withUTF8 { DecimalNumber.integer($0, as: Int8.self) } == expected)
    }

    @Test func unsignedTypesTakeMinusZeroOnly() {
        var zero = "-0", one = "-1"
        #expect(zero.withUTF8 { DecimalNumber.integer($0, as: UInt8.self) } == 0)
        #expect(one.withUTF8 { DecimalNumber.integer($0, as: UInt32.self) } == nil)
    }

    @Test func integerTextMatchesDescription() {
        for value in [Int64.min, -1, 0, 1, 9_007_199_254_740_993, .max] {
            #expect(Self.text(value) == String(value))
        }
        for value in [UInt64.min, 10, 1 << 63, .max] {
            #expect(Self.text(value) == String(value))
        }
    }

    // MARK: - Doubles: hard cases

    /// Texts whose reading is easy to get wrong, each checked against `Double(String)` bit for
    /// bit and, where given, against the value it must be.
    static let hardCases: [(String, Double?)] = [
        ("1e23", 1e23), ("9007199254740993", 9_007_199_254_740_992), ("9007199254740995", 9_007_199_254_740_996),
        ("9007199254740991", 9_007_199_254_740_991), ("9007199254740992", 9_007_199_254_740_992),
        ("0e999999", 0), ("-0e999999", -0.0), ("0.000e5", 0), ("-0", -0.0), ("1e-400", nil), ("-1e-400", nil),
        ("1e400", nil), ("-1e400", nil), ("1.7976931348623157e308", .greatestFiniteMagnitude),
        ("1.7976931348623158e308", .greatestFiniteMagnitude), ("1.7976931348623159e308", .infinity),
        ("2.2250738585072014e-308", .leastNormalMagnitude), ("2.2250738585072011e-308", nil),
        ("4.9406564584124654e-324", .leastNonzeroMagnitude), ("5e-324", .leastNonzeroMagnitude),
        ("2.4703282292062327e-324", 0), ("2.4703282292062328e-324", .leastNonzeroMagnitude),
        ("-734521.1234567891", -734_521.123_456_789_1), ("0.1", 0.1), ("0.3", 0.3), ("1.0", 1), (".5", 0.5),
        ("5.", 5), ("+1.5", 1.5), ("123456789012345678", 123_456_789_012_345_678),
        ("1234567890123456789", 1_234_567_890_123_456_789), ("12345678901234567890", 12_345_678_901_234_567_890),
        ("9007199254740993.000000000000000000001", 9_007_199_254_740_994),
        ("0.1000000000000000055511151231257827021181583404541015625", 0.1),
        ("2.0000000000000002220446049250313080847263336181640625", 2),
        ("2.0000000000000002220446049250313080847263336181640626", 2.0000000000000004),
        ("7.2057594037927933e16", 72_057_594_037_927_936), ("1e22", 1e22), ("1e-22", 1e-22), ("123e-22", 123e-22),
        ("4503599627370496.5", 4_503_599_627_370_496), ("4503599627370497.5", 4_503_599_627_370_498),
        ("1e308", 1e308), ("1e-308", 1e-308), ("1e-323", nil), ("1e-324", nil), ("9e-325", nil),
        ("nan", nil), ("inf", .infinity), ("-infinity", -.infinity), ("0x1p3", 8), ("", nil), (" 1", nil), ("1 ", nil),
        ("1e", nil), ("1e+", nil), ("e5", nil), (".", nil), ("-", nil), ("1..2", nil), ("1.2.3", nil), ("00.5", 0.5),
        ("1E5", 1e5), ("1e+05", 1e5), ("1e-05", 1e-5),
    ]

    @Test(arguments: hardCases)
    func hardCasesAgreeWithSwift(text: String, expected: Double?) {
        #expect(Self.agrees(text), "\(text): ours \(String(describing: Self.double(text))), Swift \(String(describing: Double(text)))")
        if let expected { #expect(Self.double(text) == expected, "\(text)") }
    }

    /// Every power of ten in the table; the exact ones (10^0 … 10^38 fit 128 bits) against exact
    /// arithmetic.
    @Test func powersOfTenTableIsExactWhereTenToTheEFits128Bits() {
        #expect(DecimalNumber.powersOfTen.count == DecimalNumber.powersOfTenExponents.count * 2)
        var power: UInt128 = 1
        for exponent in 0...38 {
            let normalized = power << power.leadingZeroBitCount
            let row = (exponent - DecimalNumber.powersOfTenExponents.lowerBound) * 2
            #expect(DecimalNumber.powersOfTen[row] == UInt64(normalized >> 64), "1e\(exponent)")
            #expect(DecimalNumber.powersOfTen[row + 1] == UInt64(truncatingIfNeeded: normalized), "1e\(exponent)")
            if exponent < 38 { power *= 10 }
        }
        for exponent in DecimalNumber.powersOfTenExponents {
            let row = (exponent - DecimalNumber.powersOfTenExponents.lowerBound) * 2
            #expect(DecimalNumber.powersOfTen[row] >> 63 == 1, "1e\(exponent) is normalized")
        }
    }

    // MARK: - Doubles: round trip and agreement

    /// Printing is Swift's `description`, and reading it back gives the same bits, for random bit
    /// patterns (NaN aside; infinities are never printed).
    @Test func printedDoublesReadBackBitForBit() async {
        await propertyCheck(count: 20_000, input: Gen.uint64(in: 0...UInt64.max)) { bits in
            let value = Double(bitPattern: bits)
            guard value.isFinite else { return }
            let text = Self.text(value)
            #expect(text == value.description)
            #expect(Self.double(text)?.bitPattern == bits, "\(text)")
        }
    }

    /// Random decimal text of every shape (`DecimalNumberSamples`) agrees with `Double(String)`.
    /// Set `SERIALIZE_DECIMAL_AGREEMENT=10000000` for the long run recorded in Benchmarks/README.md.
    @Test func randomDecimalTextAgreesWithSwift() {
        let count = ProcessInfo.processInfo.environment["SERIALIZE_DECIMAL_AGREEMENT"].flatMap(Int.init) ?? 30_000
        var samples = DecimalNumberSamples(seed: 13)
        var disagreements: [String] = []
        for _ in 0..<count {
            let text = samples.next()
            if !Self.agrees(text) { disagreements.append(text) }
            if disagreements.count > 20 { break }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        if count > 30_000 { print("DecimalNumber agreement: \(count) texts, \(disagreements.count) disagreements") }
    }
}

/// Random decimal texts: short and long mantissas, exponents across the whole range, exact
/// halfway points between neighbouring doubles (as integers and as long fractions), neighbours of
/// printed doubles, and 17–19 digit texts.
struct DecimalNumberSamples {
    var generator: Xoshiro

    init(seed: UInt64) { generator = Xoshiro(seed: (seed, 0x9E37_79B9_7F4A_7C15, 1, 2)) }

    mutating func random() -> UInt64 { generator.next() }

    mutating func random(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random() % UInt64(range.count))
    }

    mutating func digits(_ count: Int) -> String {
        String((0..<count).map { _ in Character(String(random() % 10)) })
    }

    mutating func next() -> String {
        let sign = random() % 4 == 0 ? "-" : ""
        switch random() % 6 {
        case 0:
            // Any mantissa of 1–25 digits, a point anywhere, an exponent near the limits or not.
            let mantissa = digits(random(in: 1...25))
            let point = random(in: 0...mantissa.count)
            let exponent = random() % 2 == 0 ? random(in: -30...30) : random(in: -360...320)
            let index = mantissa.index(mantissa.startIndex, offsetBy: point)
            return sign + mantissa[..<index] + "." + mantissa[index...] + "e\(exponent)"
        case 1:
            // 17–19 significant digits, a plain decimal.
            let mantissa = digits(random(in: 17...19))
            let point = random(in: 1...mantissa.count)
            let index = mantissa.index(mantissa.startIndex, offsetBy: point)
            return sign + mantissa[..<index] + "." + mantissa[index...]
        case 2:
            // Halfway between two doubles above 2^53: an integer (m·2 + 1)·2^(k-1).
            let m = (random() >> 11) | (1 << 52)
            let k = random(in: 1...11)
            return sign + String(UInt128(m * 2 + 1) << (k - 1))
        case 3:
            // Halfway with a fraction: (2m + 1)·2^-j = (2m + 1)·5^j·10^-j, every digit written
            // (up to 38 of them).
            let m = (random() >> 11) | (1 << 52)
            let j = random(in: 1...31)
            var power: UInt128 = 1
            for _ in 0..<j { power *= 5 }
            return sign + String(UInt128(m * 2 + 1) * power) + "e-\(j)"
        case 4:
            // A printed double, its last digit nudged.
            let value = Double(bitPattern: random() & 0x7FEF_FFFF_FFFF_FFFF)
            var text = value.description
            if let last = text.lastIndex(where: \.isNumber), let digit = text[last].wholeNumberValue {
                text.replaceSubrange(last...last, with: String((digit + 1) % 10))
            }
            return sign + text
        default:
            // Subnormals and the smallest normals.
            let mantissa = digits(random(in: 1...19))
            return sign + "0." + mantissa + "e\(random(in: -325 ... -300))"
        }
    }

}
