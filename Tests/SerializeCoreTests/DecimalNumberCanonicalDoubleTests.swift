@testable import SerializeCore
import Testing

/// `DecimalNumber.isCanonical(doubleText:value:)`: a real's text that a JSON writer copies
/// instead of printing its value must be exactly what `withText(of:)` (Swift's shortest printer)
/// writes for that value.
@Suite struct DecimalNumberCanonicalDoubleTests {
    static func printed(_ value: Double) -> String {
        var text = ""
        DecimalNumber.withText(of: value) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    static func isCanonical(_ text: String, _ value: Double) -> Bool {
        var text = text
        return text.withUTF8 { DecimalNumber.isCanonical(doubleText: $0, value: value) }
    }

    /// Whether `text` is taken as canonical; when it is, it is what Swift prints.
    static func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool? {
        guard let value = Double(text) else { return nil }
        let canonical = isCanonical(text, value)
        if canonical {
            #expect(printed(value) == text, "\(text) taken as canonical, Swift prints \(printed(value))", sourceLocation: sourceLocation)
        }
        return canonical
    }

    @Test(arguments: [
        // Copied: plain decimals Swift prints as they are.
        ("0.5", true), ("-0.5", true), ("1.5", true), ("0.1", true), ("0.0001", true), ("0.00011", true),
        ("0.0001234567890123", true), ("-611062.0990165116", true), ("0.2249047915767547", true),
        ("900719925474099.1", true), ("123456789012345.6", true), ("0.000100000000000001", true),
        // Printed: an exponent in Swift's text (below 10^-4), or in ours.
        ("0.00001", false), ("0.00009999", false), ("0.0000999999999999", false), ("1e-05", false),
        ("1.5e-05", false), ("1.5e2", false), ("1E2", false), ("9.073320845313874e-07", false),
        // Printed: trailing zeros, no fraction, or more digits than the exact reads allow.
        ("1.0", false), ("1.50", false), ("0.10", false), ("100000.0", false), ("-0.0", false), ("0.0", false),
        ("0.30000000000000004", false), ("9007199254740993.5", false), ("0.1000000000000000055511151231257827", false),
        ("5.317135159633368e-24", false), ("0.0000000000000000000001", false), ("1", false), ("-1", false),
        // Printed: not the shortest text of its value, or not the closest of that length.
        ("0.30000000000000001", false), ("0.1000000000000000", false), ("9.999999999999999", false),
    ])
    func table(text: String, canonical: Bool) {
        #expect(Self.check(text) == canonical, "\(text): Swift prints \(Double(text).map(Self.printed) ?? "-")")
    }

    /// The sign of the value must be the text's.
    @Test func signMustMatch() {
        #expect(!Self.isCanonical("0.5", -0.5))
        #expect(!Self.isCanonical("-0.5", 0.5))
        #expect(!Self.isCanonical("0.5", 0.25))
    }

    /// Up to 15 significant digits every such text but those with a trailing zero is Swift's
    /// own, so there the check must say exactly whether Swift prints it: every fraction length
    /// 1–22, every place of the first digit (the notation boundary at 10^-4 included), digits
    /// 1–15, with and without a trailing zero.
    @Test func notationBoundariesAgreeExactly() {
        var samples = DecimalNumberSamples(seed: 71)
        var copied = 0, printed = 0
        for fraction in 1...22 {
            for integerDigits in 0...15 {
                for significant in 1...15 where integerDigits == 0 ? significant <= fraction : significant - integerDigits == fraction {
                    for _ in 0..<12 {
                        var digits = String(samples.random(in: 1...9)) + samples.digits(significant - 1)
                        if samples.random() % 4 == 0 { digits = String(digits.dropLast()) + "0" }
                        let integer = integerDigits == 0 ? "0" : String(digits.prefix(integerDigits))
                        let rest = String(digits.dropFirst(integerDigits))
                        let zeros = fraction - rest.count
                        let text = integer + "." + String(repeating: "0", count: zeros) + rest
                        guard let value = Double(text) else { continue }
                        let canonical = Self.isCanonical(text, value)
                        if text.hasSuffix("0") {
                            // A trailing zero: Swift writes one only after an integer (`87.0`),
                            // which is printed, not copied.
                            #expect(!canonical, "\(text)")
                        } else {
                            #expect(canonical == (Self.printed(value) == text), "\(text): Swift prints \(Self.printed(value))")
                        }
                        if canonical { copied += 1 } else { printed += 1 }
                    }
                }
            }
        }
        #expect(copied > 1000 && printed > 1000, "\(copied) copied, \(printed) printed")
    }

    /// Random texts of 14–17 significant digits (where several texts read as one double), Swift's
    /// own texts of random doubles and their last digit nudged either way or one more digit: a
    /// text taken as canonical is always what Swift prints.
    @Test func randomTextsTakenAsCanonicalAreSwiftsOwn() {
        var samples = DecimalNumberSamples(seed: 72)
        var copied = 0, printed = 0
        for round in 0..<60_000 {
            var texts: [String] = []
            if round % 2 == 0 {
                let digits = samples.digits(samples.random(in: 14...17))
                let point = samples.random(in: 1...digits.count - 1)
                let index = digits.index(digits.startIndex, offsetBy: point)
                let integer = digits[..<index].drop { $0 == "0" }
                texts.append((samples.random() % 2 == 0 ? "-" : "") + (integer.isEmpty ? "0" : integer) + "." + digits[index...])
            } else {
                let exponent = Double(samples.random(in: -5...15))
                let value = Double(samples.random() >> 11) / Double(1 << 53) * pow10(exponent)
                let own = Self.printed(value)
                texts.append(own)
                if let last = own.last, let digit = last.wholeNumberValue, own.contains("."), !own.contains("e") {
                    texts.append(String(own.dropLast()) + String((digit + 1) % 10))
                    texts.append(String(own.dropLast()) + String((digit + 9) % 10))
                    texts.append(own + String(samples.random(in: 1...9)))
                }
            }
            for text in texts {
                switch Self.check(text) {
                case true?: copied += 1
                case false?: printed += 1
                case nil: break
                }
            }
        }
        #expect(copied > 10_000 && printed > 10_000, "\(copied) copied, \(printed) printed")
    }

    func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent.magnitude) { result = exponent < 0 ? result / 10 : result * 10 }
        return result
    }
}
