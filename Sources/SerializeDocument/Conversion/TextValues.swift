/// How data and reals become text, shared by the JSON, XML plist and CSV writers (dates:
/// `DateText` in SerializeCore).

package import Foundation

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

    // MARK: - Reals

    /// The shortest text that reads back as the same double, always with a `.` or an exponent so
    /// that it stays a real: `1.0`, `0.1`, `1e-05`, `1.7976931348623157e+308`.
    ///
    /// - Returns: `nil` for NaN and infinities.
    package static func real(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        return value.description
    }
}
