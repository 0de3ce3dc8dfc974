/// The JSON reader's numbers: the grammar checked and the digits taken in, in one pass.

import SerializeCore

extension JSONParser {
    /// A number as ``scanNumber()`` takes it in: the digits, as ``DecimalNumber`` reads them.
    struct ScannedNumber {
        /// Neither fraction nor exponent.
        var isInteger = true
        var negative = false
        /// The significant digits (leading zeros left out), wrapped past 19 of them.
        var mantissa: UInt64 = 0
        /// How many significant digits there are.
        var digits = 0
        /// The power of ten the mantissa is scaled by (saturated beyond ±100,000).
        var exponent = 0
    }

    /// Scans one number by the JSON grammar, taking in its digits on the way (one pass over the
    /// bytes: ``parseNumber()`` needs no second scan for the common cases).
    mutating func scanNumber() throws(Diagnostic) -> ScannedNumber {
        let start = index
        var number = ScannedNumber()
        if bytes[index] == UInt8(ascii: "-") {
            number.negative = true
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error(.syntax, "expected a digit after '-', found \(describeCurrent())")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error(.syntax, "a number cannot start with a leading zero", at: start)
            }
        } else {
            takeDigits(into: &number)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            number.isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error(.syntax, "expected a digit after the decimal point, found \(describeCurrent())")
            }
            let fraction = index
            takeDigits(into: &number)
            number.exponent = fraction - index
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            number.isInteger = false
            index += 1
            var negativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error(.syntax, "expected a digit in the exponent, found \(describeCurrent())")
            }
            var written = 0
            while index < bytes.count, isDigit(bytes[index]) {
                // Saturated as DecimalNumber does: beyond 10^±100000 every mantissa is 0 or infinity.
                if written < 100_000 { written = written * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            number.exponent += negativeExponent ? -written : written
        }
        return number
    }

    /// Takes the digits from ``index`` on into `number`'s mantissa; leading zeros are not
    /// significant. Up to eight digits at a time (``ByteScanning/leadingDigitCount(_:)``) while
    /// the mantissa stays within 19 digits, then one at a time (wrapping past 19, where the
    /// mantissa is no longer used).
    @inline(__always) mutating func takeDigits(into number: inout ScannedNumber) {
        if number.mantissa == 0 {
            while index < bytes.count, bytes[index] == UInt8(ascii: "0") { index += 1 }
        }
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while bytes.count - index >= 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let count = ByteScanning.leadingDigitCount(word)
                if count == 0 { return }
                guard number.digits + count <= 19 else { break }
                number.mantissa = number.mantissa &* ByteScanning.powerOfTen(count) &+ ByteScanning.valueOfDigits(word, count: count)
                number.digits += count
                index += count
                if count < 8 { return }
            }
        }
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return }
            if number.mantissa != 0 || digit != 0 {
                number.digits += 1
                number.mantissa = number.mantissa &* 10 &+ UInt64(digit)
            }
            index += 1
        }
    }

    /// Whether `bytes` are exactly one JSON number (``NumberText``'s check).
    static func isNumber(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser<TreeBuilder>(bytes: buffer, maximumDepth: 0, builder: TreeBuilder())
            guard (try? parser.scanNumber()) != nil else { return false }
            return parser.index == buffer.count
        }
    }

    /// A number: exact in 64 bits, a correctly rounded `Double`, or, where neither holds it (an
    /// integer beyond 64 bits, a real beyond `Double`'s range either way), the text as written.
    /// Read from the bytes by ``DecimalNumber``.
    mutating func parseNumber() throws(Diagnostic) -> Document {
        let start = index
        let number = try scanNumber()
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if number.isInteger {
            // Up to 18 digits always fit an Int64; more, near or past the limits, are checked.
            if number.digits <= 18 {
                let magnitude = Int64(truncatingIfNeeded: number.mantissa)
                return .integer(number.negative ? -magnitude : magnitude)
            }
            // 19 digits are below UInt64.max, so the mantissa is exact (as DecimalNumber.integer).
            if number.digits == 19 {
                let magnitude = number.mantissa
                if !number.negative { return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude) }
                if magnitude <= UInt64(Int64.max) { return .integer(-Int64(magnitude)) }
                if magnitude == UInt64(Int64.max) + 1 { return .integer(.min) }
            }
            switch DecimalNumber.integer(text, allowsPlus: false) {
            case let .signed(value): return .integer(value)
            case let .unsigned(value): return .unsignedInteger(value)
            case nil: return .number(NumberText(validated: String(decoding: text, as: UTF8.self)))
            }
        }
        let fast = number.digits <= 19
            ? DecimalNumber.double(negative: number.negative, mantissa: number.mantissa, exponent: number.exponent) : nil
        guard let value = fast ?? DecimalNumber.double(text), value.isFinite, value != 0 || Self.isZero(text) else {
            return .number(NumberText(validated: String(decoding: text, as: UTF8.self)))
        }
        return .double(value)
    }

    /// Whether the significand of a scanned number is all zeros (`0.000e5`), so that reading it
    /// as `0` is exact rather than an underflow.
    static func isZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return true }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
        }
        return true
    }

    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
