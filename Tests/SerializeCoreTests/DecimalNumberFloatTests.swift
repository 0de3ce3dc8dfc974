import PropertyBased
@testable import SerializeCore
import Testing

/// `DecimalNumber.float`: what `Float(String)` reads, bit for bit, without a `String` on the exact
/// path (the CSV decoder's `Float` fields).
@Suite struct DecimalNumberFloatTests {
    static func float(_ text: String) -> Float? {
        var text = text
        return text.withUTF8(DecimalNumber.float)
    }

    static func agrees(_ text: String) -> Bool {
        let ours = float(text), swift = Float(text)
        guard let ours, let swift else { return ours == nil && swift == nil }
        return ours.bitPattern == swift.bitPattern || (ours.isNaN && swift.isNaN)
    }

    @Test(arguments: [
        "0", "-0", "+1.5", "0.1", "16777216", "16777217", "16777218", "1e10", "1e11", "1e-10", "1e-11", "3.4028235e38",
        "3.4028236e38", "1e39", "1e-46", "1.4e-45", "0.000e5", "-0e999999", "123456.789", ".5", "5.", "1E5", "1e+05",
        "nan", "inf", "-infinity", "0x1p3", "", " 1", "1 ", "1e", "e5", ".", "-", "1..2", "1.2.3",
        "0.100000001490116119384765625", "1.00000005960464477539062500001", "8388609.5", "8388610.5",
    ])
    func hardCasesAgreeWithSwift(text: String) {
        #expect(Self.agrees(text), "\(text): ours \(String(describing: Self.float(text))), Swift \(String(describing: Float(text)))")
    }

    /// Short texts (the exact path: at most 2^24, 10^±10, and just past it) and the double
    /// samples of every shape.
    @Test func randomDecimalTextAgreesWithSwift() {
        var samples = DecimalNumberSamples(seed: 14)
        var disagreements: [String] = []
        for round in 0..<20_000 {
            let text: String
            if round % 2 == 0 {
                let mantissa = samples.digits(samples.random(in: 1...9))
                let point = samples.random(in: 0...mantissa.count)
                let index = mantissa.index(mantissa.startIndex, offsetBy: point)
                text = (samples.random() % 3 == 0 ? "-" : "") + mantissa[..<index] + "." + mantissa[index...]
                    + (samples.random() % 2 == 0 ? "e\(samples.random(in: -12...12))" : "")
            } else {
                text = samples.next()
            }
            if !Self.agrees(text) { disagreements.append(text) }
            if disagreements.count > 20 { break }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    /// A float's `description` reads back as the same bits (NaN and infinities aside).
    @Test func printedFloatsReadBackBitForBit() async {
        await propertyCheck(count: 5_000, input: Gen.uint32(in: 0...UInt32.max)) { bits in
            let value = Float(bitPattern: bits)
            guard value.isFinite else { return }
            #expect(Self.float(value.description)?.bitPattern == bits, "\(value)")
        }
    }
}

/// `DecimalNumber.integer(_:as:)` reads what each fixed-width type's `init?(_: String)` reads
/// (within 64-bit magnitudes).
@Suite struct DecimalNumberFixedWidthTests {
    static func agrees<T: FixedWidthInteger>(_ text: String, _ type: T.Type) -> Bool {
        var copy = text
        return copy.withUTF8 { DecimalNumber.integer($0, as: T.self) } == T(text)
    }

    @Test(arguments: [
        "0", "-0", "+0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32768", "-32769",
        "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "-18446744073709551615", "00000000000000000000255", "-00128",
    ])
    func everyWidthAgreesWithItsStringInitializer(text: String) {
        #expect(Self.agrees(text, Int8.self), "Int8 \(text)")
        #expect(Self.agrees(text, Int16.self), "Int16 \(text)")
        #expect(Self.agrees(text, Int32.self), "Int32 \(text)")
        #expect(Self.agrees(text, Int64.self), "Int64 \(text)")
        #expect(Self.agrees(text, Int.self), "Int \(text)")
        #expect(Self.agrees(text, UInt8.self), "UInt8 \(text)")
        #expect(Self.agrees(text, UInt16.self), "UInt16 \(text)")
        #expect(Self.agrees(text, UInt32.self), "UInt32 \(text)")
        #expect(Self.agrees(text, UInt64.self), "UInt64 \(text)")
        // Magnitudes beyond 64 bits are refused (the reader's range), even where 128 bits hold them.
        guard UInt64(text.drop { $0 == "-" || $0 == "+" }) != nil else { return }
        #expect(Self.agrees(text, Int128.self), "Int128 \(text)")
        #expect(Self.agrees(text, UInt128.self), "UInt128 \(text)")
    }
}
