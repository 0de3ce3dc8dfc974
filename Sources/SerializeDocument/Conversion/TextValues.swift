/// How data and reals become text, shared by the JSON, XML plist and CSV writers (dates:
/// `DateText` in SerializeCore).

package import Foundation
import SerializeCore

/// Text forms of the values that have no native form in a text format.
package enum TextValues {
    // MARK: - Data

    /// Lowercase hexadecimal, two digits a byte.
    package static func hex(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes = [UInt8]()
        bytes.reserveCapacity(data.count * 2)
        for byte in data {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of lowercase or uppercase hexadecimal text (two digits a byte), or `nil`.
    public static func bytes(hex text: String) -> Data? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes = Data(capacity: digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    // MARK: - Reals

    /// The shortest text that reads back as the same double, always with a `.` or an exponent so
    /// that it stays a real: `1.0`, `0.1`, `1e-05`, `1.7976931348623157e+308`.
    ///
    /// Writers that fill a byte buffer call `DecimalNumber.withText(of:_:)` (SerializeCore, the
    /// owner) to skip the `String`; both print the same text.
    ///
    /// - Returns: `nil` for NaN and infinities.
    package static func real(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        var text = ""
        DecimalNumber.withText(of: value) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }
}
