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
