import PropertyBased
@testable import SerializeCore
import Testing

/// The concrete integer readers (`int`, `int64`, `uint64`) against the generic
/// `integer(_:as:)` and the standard library's `init?(_: String)`.
@Suite struct DecimalNumberConcreteIntegerTests {
    /// Each reader's answer and the two references', as text (`nil` as "nil").
    static func answers(_ text: String) -> [(name: String, ours: String, generic: String, swift: String)] {
        var text = text
        func show<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "nil" }
        return text.withUTF8 { bytes in
            [
                ("Int", show(DecimalNumber.int(bytes)), show(DecimalNumber.integer(bytes, as: Int.self)), show(Int(String(decoding: bytes, as: UTF8.self)))),
                ("Int64", show(DecimalNumber.int64(bytes)), show(DecimalNumber.integer(bytes, as: Int64.self)), show(Int64(String(decoding: bytes, as: UTF8.self)))),
                ("UInt64", show(DecimalNumber.uint64(bytes)), show(DecimalNumber.integer(bytes, as: UInt64.self)), show(UInt64(String(decoding: bytes, as: UTF8.self)))),
            ]
        }
    }

    static func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for answer in answers(text) {
            #expect(answer.ours == answer.generic, "\(answer.name) \(text.debugDescription): generic", sourceLocation: sourceLocation)
            #expect(answer.ours == answer.swift, "\(answer.name) \(text.debugDescription): String init", sourceLocation: sourceLocation)
        }
    }

    /// The limits and one past them, signs, zeros, leading zeros and what is not an integer.
    @Test(arguments: [
        "0", "-0", "+0", "1", "-1", "+1", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616", "-18446744073709551615",
        "99999999999999999999", "0000000000000000000000000000042", "-0000000000000000000009223372036854775808",
        "", "-", "+", "--1", "+-1", "1-", " 1", "1 ", "1.0", "1e3", "0x10", "１", "12a", "a12",
    ])
    func edgeTexts(text: String) {
        Self.check(text)
    }

    /// Random texts of digits, signs and a few other bytes, up to 22 characters (past 20 digits).
    @Test func randomTextsAgree() async {
        let digits = Gen.element(of: Array("0123456789")).compactMap { $0 }.array(of: 0...22)
        let text = zip(Gen.element(of: ["", "", "-", "+", "-", "x", " "]).compactMap { $0 }, digits, Gen.element(of: ["", "", "", "", "5", ".", "e1", "-"]).compactMap { $0 })
            .map { sign, digits, tail in sign + String(digits) + tail }
        await propertyCheck(count: 3_000, input: text) { text in
            Self.check(text)
        }
    }

    /// Every 64-bit value's own text reads back as itself.
    @Test func randomValuesReadBack() async {
        await propertyCheck(count: 1_000, input: Gen.int64(), Gen.uint64(in: 0...UInt64.max)) { signed, unsigned in
            Self.check(String(signed))
            Self.check(String(unsigned))
            var text = String(signed)
            #expect(text.withUTF8(DecimalNumber.int64) == signed)
            text = String(unsigned)
            #expect(text.withUTF8(DecimalNumber.uint64) == unsigned)
        }
    }
}
