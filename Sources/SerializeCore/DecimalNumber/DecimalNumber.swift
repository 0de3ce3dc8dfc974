/// Numbers straight from and into bytes: exact integers, correctly rounded doubles (Clinger's fast
/// path, then Eisel–Lemire, then `strtod` for what neither decides), and shortest round-trip text.
/// The one owner of number text for the JSON and XML plist readers and writers, the CSV coders
/// and CSV type inference.

/// Reads and writes decimal numbers without making a `String` on the common paths.
///
/// Reading a double is correctly rounded, and agrees bit for bit with Swift's `Double(String)`
/// on every input: decimal text of up to 19 significant digits is converted here; anything else
/// (more digits, `nan`, `inf`, hexadecimal floats) goes to `Double(String)` itself.
/// `@usableFromInline`, so that its `@inlinable` members are inlined into the other modules (see
/// `ByteScanning`).
@usableFromInline
package enum DecimalNumber {
    /// An integer read exactly: signed when it fits `Int64`, else unsigned.
    package enum Integer: Equatable, Sendable {
        case signed(Int64)
        case unsigned(UInt64)
    }

    // MARK: - Integers

    /// `[+-]digits` (a `+` only when `allowsPlus`) as an exact integer; `nil` when the text is not
    /// such an integer or is outside `Int64.min … UInt64.max`.
    @inline(__always)
    package static func integer(_ text: UnsafeBufferPointer<UInt8>, allowsPlus: Bool = true) -> Integer? {
        guard let (negative, magnitude) = magnitude(text, allowsPlus: allowsPlus) else { return nil }
        if negative {
            if magnitude <= UInt64(Int64.max) { return .signed(-Int64(magnitude)) }
            return magnitude == UInt64(Int64.max) + 1 ? .signed(.min) : nil
        }
        return magnitude <= UInt64(Int64.max) ? .signed(Int64(magnitude)) : .unsigned(magnitude)
    }

    /// `[+-]digits` as a value of `type`; `nil` when it is not such an integer or does not fit.
    /// Inlinable, so that each caller gets a copy specialized for its `T`.
    @inlinable
    package static func integer<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type) -> T? {
        guard let (negative, magnitude) = magnitude(text, allowsPlus: true) else { return nil }
        // Range checks on the bit width and truncating conversions, which specialize fully
        // (the generic `init(exactly:)` is a call into the standard library per value).
        let valueBits = T.bitWidth - (T.isSigned ? 1 : 0)  // the bits of the largest value
        if !negative {
            guard valueBits >= 64 || magnitude >> UInt64(valueBits) == 0 else { return nil }
            return T(truncatingIfNeeded: magnitude)
        }
        guard T.isSigned else { return magnitude == 0 ? 0 : nil }
        // The least value is -2^valueBits.
        guard valueBits >= 64 || magnitude <= (1 as UInt64) << UInt64(valueBits) else { return nil }
        // Up to 64 bits: the two's complement of the magnitude, truncated; wider: negated.
        return T.bitWidth <= 64 ? T(truncatingIfNeeded: 0 &- magnitude) : 0 &- T(truncatingIfNeeded: magnitude)
    }

    /// `[+-]digits` as an `Int64`; `nil` when it is not such an integer or does not fit.
    ///
    /// What ``integer(_:as:)`` answers for `Int64`, as a concrete function: a caller that is
    /// itself generic (a decoder's container) calls this directly instead of a generic body
    /// that goes through the standard library's witnesses per value.
    @inlinable
    package static func int64(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let (negative, magnitude) = magnitude(text, allowsPlus: true) else { return nil }
        if !negative { return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil }
        return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
    }

    /// `[+-]digits` as an `Int` (see ``int64(_:)``).
    @inlinable
    package static func int(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let value = int64(text) else { return nil }
        return Int(exactly: value)
    }

    /// `[+-]digits` as a `UInt64` (`-0` included, as for every unsigned type); `nil` when it is
    /// not such an integer or does not fit (see ``int64(_:)``).
    @inlinable
    package static func uint64(_ text: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard let (negative, magnitude) = magnitude(text, allowsPlus: true) else { return nil }
        return !negative || magnitude == 0 ? magnitude : nil
    }

    /// The sign and magnitude of `[+-]digits`; `nil` on anything else or beyond `UInt64.max`.
    @inlinable
    package static func magnitude(_ text: UnsafeBufferPointer<UInt8>, allowsPlus: Bool) -> (Bool, UInt64)? {
        var index = 0
        var negative = false
        if index < text.count, text[index] == UInt8(ascii: "-") || (allowsPlus && text[index] == UInt8(ascii: "+")) {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < text.count else { return nil }
        var magnitude: UInt64 = 0
        // 19 digits never overflow; only the 20th needs checking.
        let safeEnd = min(text.count, index + 19)
        while index < safeEnd {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            magnitude = magnitude &* 10 &+ UInt64(digit)
            index += 1
        }
        while index < text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
            index += 1
        }
        return (negative, magnitude)
    }

    // MARK: - Doubles

    /// Exact powers of ten a `Double` holds: 10^0 … 10^22.
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The double `text` denotes, correctly rounded, exactly as `Double(String)` reads it (so
    /// also `nan`, `inf`, `0x1p3`; `nil` for what it refuses, such as white space or `1e`).
    ///
    /// Decimal text `[+-]digits[.digits][(e|E)[+-]digits]` (digits may be absent on one side of
    /// the point) with at most 19 significant digits is converted here without a `String`.
    package static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = fastDouble(text) { return value }
        return Double(String(decoding: text, as: UTF8.self))
    }

    /// The float `text` denotes, correctly rounded, exactly as `Float(String)` reads it: decimal
    /// text whose digits and power of ten a `Float` holds exactly (at most 2^24, 10^±10) is
    /// converted here; anything else goes to `Float(String)` itself (rounding through a `Double`
    /// would round twice).
    package static func float(_ text: UnsafeBufferPointer<UInt8>) -> Float? {
        if let (negative, mantissa, exponent) = decimal(text) {
            if mantissa == 0 { return negative ? -0.0 : 0.0 }
            if mantissa <= 1 << 24, exponent >= -10, exponent <= 10 {
                let value = Float(mantissa)
                let power = Float(exactPowersOfTen[abs(exponent)])
                let scaled = exponent < 0 ? value / power : value * power
                return negative ? -scaled : scaled
            }
        }
        return Float(String(decoding: text, as: UTF8.self))
    }

    /// The decimal cases this module decides itself; `nil` means "ask `strtod`", not "invalid".
    @inline(__always)
    static func fastDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let (negative, mantissa, exponent) = decimal(text) else { return nil }
        return double(negative: negative, mantissa: mantissa, exponent: exponent)
    }

    /// The double `mantissa × 10^exponent` (negated when `negative`), correctly rounded, for a
    /// reader that has taken in the digits of decimal text itself (at most 19 significant digits,
    /// as ``double(_:)`` counts them); `nil` when neither Clinger's nor Eisel–Lemire's method
    /// decides it: then ``double(_:)`` of the text does.
    @inline(__always)
    package static func double(negative: Bool, mantissa: UInt64, exponent: Int) -> Double? {
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        // Clinger: both operands exact, so the one rounding of * or / is the correct one.
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let value = Double(mantissa)
            let scaled = exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
            return negative ? -scaled : scaled
        }
        return eiselLemire(mantissa: mantissa, exponent: exponent, negative: negative)
    }

    /// Decimal text `[+-]digits[.digits][(e|E)[+-]digits]` with at most 19 significant digits as
    /// sign, significant digits and power of ten; `nil` for anything else (which may still be a
    /// number `strtod` reads: more digits, `nan`, `inf`, hexadecimal).
    @inline(__always)
    static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> (negative: Bool, mantissa: UInt64, exponent: Int)? {
        let count = text.count
        var index = 0
        var negative = false
        if index < count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0  // significant digits taken into the mantissa
        /// Takes the digits from `index` on into the mantissa (leading zeros are not significant);
        /// returns how many it read.
        @inline(__always) func takeDigits() -> Int {
            let start = index
            while index < count {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if mantissa != 0 || digit != 0 {
                    digits += 1
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                }
                index += 1
            }
            return index - start
        }
        var sawDigit = takeDigits() > 0
        var exponent = 0
        if index < count, text[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = takeDigits()
            exponent = -fraction
            sawDigit = sawDigit || fraction > 0
        }
        guard sawDigit, digits <= 19 else { return nil }
        if index < count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            var negativeExponent = false
            if index < count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                negativeExponent = text[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < count else { return nil }
            var written = 0
            while index < count {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                // Saturate: beyond 10^±100000 every mantissa is 0 or infinity either way.
                if written < 100_000 { written = written * 10 + Int(digit) }
                index += 1
            }
            exponent += negativeExponent ? -written : written
        }
        guard index == count else { return nil }
        return (negative, mantissa, exponent)
    }

    // MARK: - Text

    /// Calls `body` with the shortest text that reads back as the same double, as Swift's
    /// `description` writes it (`1.0`, `0.1`, `1e-05`, `1.7976931348623157e+308`), in ASCII bytes,
    /// without making a `String`. `value` must be finite. (Not generic, so that a call from
    /// another module needs no generic metadata.)
    package static func withText(of value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        // Swift's own shortest round-trip printer (swift_dtoa) hands its bytes to
        // `TextOutputStream._writeASCII`; this stream keeps them on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var stream = StackTextStream(buffer: buffer)
            value.write(to: &stream)
            body(UnsafeBufferPointer(rebasing: buffer[0..<stream.count]))
        }
    }

    /// Whether `text`, an integer in JSON's grammar (an optional `-`, then digits with no
    /// leading zero) that fits 64 bits, is exactly what `withText(of:)` writes for
    /// its value: every such text but `-0`, which is
    /// written `0`. A writer copies such a text instead of printing the value again.
    @inlinable
    package static func isCanonical(integerText text: UnsafeBufferPointer<UInt8>) -> Bool {
        !(text.count == 2 && text[0] == UInt8(ascii: "-") && text[1] == UInt8(ascii: "0"))
    }

    /// Whether `text`, a real in JSON's grammar that reads as `value`, is exactly what
    /// `withText(of: value)` writes, so that a writer may copy it instead of printing `value`.
    ///
    /// Decided only where it is cheap and exact, false (print it) elsewhere: plain decimals
    /// (`-`? digits `.` digits, no exponent) of at most 22 fraction digits whose significant
    /// digits `D` are below 2^53 and whose first significant digit is at 10^-4 or above (where
    /// Swift writes no exponent). Such a text `D × 10^-f` is Swift's shortest round-trip text of
    /// `value` when no other multiple of 10^-f (`D ± 1`) and no multiple of 10^(1-f)
    /// (`⌊D / 10⌋`, `⌊D / 10⌋ + 1`) reads as `value`: the texts that read as `value` fill an
    /// interval, so it holds none with fewer digits and no other with as many, and Swift writes
    /// the shortest, closest one. Every one of these reads is exact (Clinger: both operands exact,
    /// one rounding), and the text is never a halfway point between two doubles (its odd part is
    /// below 2^53 / 5), so it lies inside that interval, not on its edge.
    package static func isCanonical(doubleText text: UnsafeBufferPointer<UInt8>, value: Double) -> Bool {
        var index = 0
        let count = text.count
        if count > 0, text[0] == UInt8(ascii: "-") { index = 1 }
        guard (value < 0) == (index == 1) else { return false }
        var mantissa: UInt64 = 0
        let integerStart = index
        guard takeDigits(text, from: &index, into: &mantissa) else { return false }
        guard index > integerStart, index < count, text[index] == UInt8(ascii: ".") else { return false }
        let fractionStart = index + 1
        index = fractionStart
        guard takeDigits(text, from: &index, into: &mantissa) else { return false }
        let fractionDigits = index - fractionStart
        guard index == count, fractionDigits > 0, fractionDigits <= 22, mantissa > 0 else { return false }
        let powers = exactPowersOfTen
        // The first significant digit at 10^-5 or below (D < 10^(f-4)): Swift writes an
        // exponent (`1e-05`). (Both sides exact.)
        if fractionDigits > 4, Double(mantissa) < powers[fractionDigits - 4] { return false }
        let magnitude = value.magnitude
        let scale = powers[fractionDigits], coarseScale = powers[fractionDigits - 1]
        let coarse = mantissa / 10
        return Double(mantissa) / scale == magnitude
            && Double(mantissa - 1) / scale != magnitude && Double(mantissa + 1) / scale != magnitude
            && Double(coarse) / coarseScale != magnitude && Double(coarse + 1) / coarseScale != magnitude
    }

    /// Takes the digits of `text` from `index` on into `mantissa`, eight at a time while eight
    /// bytes are left (``ByteScanning/valueOfDigits(_:count:)``); false once the mantissa
    /// reaches 2^53 (``isCanonical(doubleText:value:)`` then prints).
    @inline(__always)
    static func takeDigits(_ text: UnsafeBufferPointer<UInt8>, from index: inout Int, into mantissa: inout UInt64) -> Bool {
        if let base = text.baseAddress {
            while text.count - index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let digits = ByteScanning.leadingDigitCount(word)
                if digits == 0 { return true }
                let (high, low) = mantissa.multipliedFullWidth(by: ByteScanning.powerOfTen(digits))
                guard high == 0, low < 1 << 53 else { return false }
                mantissa = low + ByteScanning.valueOfDigits(word, count: digits)
                index += digits
                if mantissa >= 1 << 53 { return false }
                if digits < 8 { return true }
            }
        }
        while index < text.count, text[index] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(text[index] &- UInt8(ascii: "0"))
            index += 1
            if mantissa >= 1 << 53 { return false }
        }
        return true
    }

    /// Calls `body` with the decimal digits of `value` (a `-` first when negative).
    package static func withText(of value: Int64, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withText(magnitude: value.magnitude, negative: value < 0, body)
    }

    /// Calls `body` with the decimal digits of `value`.
    package static func withText(of value: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withText(magnitude: value, negative: false, body)
    }

    @inline(__always)
    static func withText(magnitude: UInt64, negative: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var start = 24
            var rest = magnitude
            // Two digits per division while there are two, then the last one.
            while rest >= 10 {
                let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
                let tens = UInt8(truncatingIfNeeded: pair / 10), ones = UInt8(truncatingIfNeeded: pair % 10)
                start -= 2
                buffer[start] = UInt8(ascii: "0") &+ tens
                buffer[start + 1] = UInt8(ascii: "0") &+ ones
                rest = quotient
            }
            if rest != 0 || start == 24 {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
            }
            if negative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            body(UnsafeBufferPointer(rebasing: buffer[start..<24]))
        }
    }
}

/// A `TextOutputStream` into a small stack buffer: receives `Double.write(to:)`'s ASCII bytes
/// through `_writeASCII` (a public requirement of the protocol) without a `String` in between.
private struct StackTextStream: TextOutputStream {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    mutating func write(_ string: String) {
        for byte in string.utf8 where count < buffer.count {
            buffer[count] = byte
            count += 1
        }
    }

    mutating func _writeASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        let taken = min(bytes.count, buffer.count - count)
        guard taken > 0, let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + count).update(from: source, count: taken)
        count += taken
    }
}
