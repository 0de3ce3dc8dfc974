import Foundation
import PropertyBased
import Testing
@testable import SerializeDocument

/// The JSON reader takes a number's digits in while it checks the grammar (one pass): what it
/// reads agrees with Swift's own parsing of the same text, and the tree and the streamed writers
/// agree.
@Suite struct JSONNumberScanTests {
    /// What the number text should read as: an exact integer when it fits 64 bits, a double
    /// (Swift's `Double(String)`) when finite and not an underflow, the text otherwise.
    static func expected(_ text: String) -> Document {
        if !text.contains(where: { ".eE".contains($0) }) {
            if let value = Int64(text) { return .integer(value) }
            if let value = UInt64(text) { return .unsignedInteger(value) }
            return .number(NumberText(validated: text))
        }
        let significand = text.prefix { $0 != "e" && $0 != "E" }
        let isZero = !significand.contains { ("1"..."9").contains($0) }
        guard let value = Double(text), value.isFinite, value != 0 || isZero else { return .number(NumberText(validated: text)) }
        return .double(value)
    }

    /// Digits with the lengths where the paths part: 18, 19 and 20 significant digits, leading
    /// zeros in a fraction, exponents near the limits and far past them.
    static let numbers = Generator<String, Shrink.None<String>> { rng in
        func digits(_ count: Int, leading: Bool) -> String {
            String((0..<count).map { position in
                Character(String(position == 0 && leading ? Int.random(in: 1...9, using: &rng) : Int.random(in: 0...9, using: &rng)))
            })
        }
        let exponent = Int.random(in: 0...400, using: &rng)
        var text = Bool.random(using: &rng) ? "-" : ""
        let integerDigits = Int.random(in: 0...22, using: &rng)
        text += integerDigits == 0 ? "0" : digits(integerDigits, leading: true)
        let fractionDigits = Int.random(in: 0...24, using: &rng)
        if fractionDigits > 0 {
            text += "." + String(repeating: "0", count: Int.random(in: 0...6, using: &rng)) + digits(fractionDigits, leading: false)
        }
        switch Int.random(in: -3...3, using: &rng) {
        case -3: text += "e-\(exponent)"
        case -2: text += "E+\(exponent)"
        case -1: text += "e\(exponent % 30)"
        case 3: text += "e-\(100_000 + exponent)"
        default: break
        }
        return text
    }

    @Test func numbersReadAsSwiftReadsThem() async throws {
        await propertyCheck(count: 3000, input: Self.numbers) { text in
            let document = try JSONReader().read(Data("[\(text)]".utf8))
            #expect(document == [Self.expected(text)], "\(text)")
            // Streamed: the same bytes as through the tree.
            let json = Data("[\(text)]".utf8)
            #expect(try Format.json.convert(json, to: .json) == Format.json.write(document), "\(text)")
        }
    }

    @Test(arguments: [
        "0", "-0", "0.0", "-0.0", "0e5", "0.000e-400", "1e-400", "1e400", "999999999999999999", "-999999999999999999",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "1234567890123456789.5", "12345678901234567890.5",
        "0.00000000000000000000123456789012345678", "4.9406564584124654e-324", "2.2250738585072011e-308",
        "1.7976931348623157e308", "1.7976931348623159e308", "9007199254740993", "9007199254740993.0",
    ])
    func edgeNumbers(text: String) throws {
        #expect(try JSONReader().read(Data("[\(text)]".utf8)) == [Self.expected(text)])
    }
}
