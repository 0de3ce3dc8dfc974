/// Text forms of values the coders share (hexadecimal data, decimals; dates are `DateText`'s), and the
/// small helpers the reader, writer and coders share (column lookup, buffer growth).

import Foundation
import SerializeCore

/// Conversions between values and the text of a field, and helpers shared across the module.
enum CSVValueText {
    // MARK: - Columns

    /// The index of column `path`: first the guess `next` (rows code their keys in the same
    /// order every time, so the column after the last one used is usually right, and a string
    /// comparison is cheaper than hashing), then the dictionary. Moves the guess on. Names
    /// compare by exact scalars: `K` and U+212A are two columns.
    @inline(__always)
    static func column(
        _ path: String, in names: [String], index: [ExactString: Int], next: UnsafeMutablePointer<Int>
    ) -> Int? {
        let guess = next.pointee
        if guess < names.count, names[guess].hasSameScalars(as: path) {
            next.pointee = guess + 1
            return guess
        }
        guard let found = index[ExactString(path)] else { return nil }
        next.pointee = found + 1
        return found
    }

    // MARK: - Buffers

    /// Moves `count` bytes into a new allocation of `newCapacity` bytes.
    static func grow(
        _ buffer: inout UnsafeMutablePointer<UInt8>, count: Int, capacity: inout Int, to newCapacity: Int
    ) {
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = grown
        capacity = newCapacity
    }

    // MARK: - Numbers

    /// A decimal integer (`-42`, `+7`) of any fixed-width type, read from the bytes by
    /// ``DecimalNumber`` (without the generic `init(_:radix:)`, whose witness lookups cost more
    /// than the parse); `nil` on anything else or on overflow.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> T? {
        var text = text
        return text.withUTF8 { DecimalNumber.integer($0, as: T.self) }
    }

    /// A double, read from the bytes by ``DecimalNumber``: exactly what `Double(_:)` reads.
    static func double(_ text: String) -> Double? {
        var text = text
        return text.withUTF8(DecimalNumber.double)
    }

    /// Whether `text` is a whole decimal number, `[+-]digits[.digits][(e|E)[+-]digits]` (digits
    /// may be absent on one side of the point), so `Decimal(string:)`, which stops at the first
    /// character it cannot use (`12abc` is 12), only ever sees a complete number.
    static func isDecimalNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        var mantissaDigits = digits()
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    // MARK: - Hexadecimal

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func hex(_ data: Data) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count * 2)
        for byte in data {
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func hex(_ text: String) -> Data? {
        let bytes = Array(text.utf8)
        guard bytes.count % 2 == 0 else { return nil }
        func value(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x61...0x66: byte - 0x61 + 10
            case 0x41...0x46: byte - 0x41 + 10
            default: nil
            }
        }
        var data = Data(capacity: bytes.count / 2)
        var index = 0
        while index < bytes.count {
            guard let high = value(bytes[index]), let low = value(bytes[index + 1]) else { return nil }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }
}

/// A coding key for CSV paths: a row index or a column name.
struct CSVCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key of a data row (0-based).
    static func row(_ index: Int) -> CSVCodingKey { CSVCodingKey(intValue: index) }
}
