/// Eisel–Lemire: a decimal `mantissa × 10^exponent` to the nearest double with one or two
/// 64×64-bit multiplications by a 128-bit power of ten, or no answer when the truncated product
/// cannot decide the rounding (then `strtod` decides).
///
/// Daniel Lemire, "Number Parsing at a Gigabyte per Second" (Software: Practice and Experience,
/// 2021), after Michael Eisel's idea; this follows the shape of Go's `strconv.eiselLemire64`.

extension DecimalNumber {
    /// The double nearest `mantissa × 10^exponent`, or `nil` when this method cannot be sure
    /// (an ambiguous product, a halfway case, a result outside the normal range).
    ///
    /// - Parameter mantissa: not zero, at most 19 decimal digits.
    @inline(__always)
    static func eiselLemire(mantissa: UInt64, exponent: Int, negative: Bool) -> Double? {
        guard powersOfTenExponents.contains(exponent) else { return nil }
        let row = (exponent - powersOfTenExponents.lowerBound) &* 2
        let table = powersOfTen
        // Normalize the mantissa so its top bit is set.
        let leadingZeros = mantissa.leadingZeroBitCount
        let normalized = mantissa << UInt64(leadingZeros)
        // floor(exponent × log2(10)) + 64 + bias, minus the shift: 217706 / 2^16 ≈ log2(10).
        var binaryExponent = UInt64(bitPattern: Int64((217_706 &* exponent) >> 16 &+ 64 &+ 1023)) &- UInt64(leadingZeros)

        // The product with the high word of the power; widened with the low word when the lower
        // bits are all ones (the truncation might have carried into them).
        var (high, low) = normalized.multipliedFullWidth(by: table[row])
        if high & 0x1FF == 0x1FF, low &+ normalized < normalized {
            let (wideHigh, wideLow) = normalized.multipliedFullWidth(by: table[row + 1])
            var mergedHigh = high
            let mergedLow = low &+ wideHigh
            if mergedLow < low { mergedHigh &+= 1 }
            if mergedHigh & 0x1FF == 0x1FF, mergedLow &+ 1 == 0, wideLow &+ normalized < normalized {
                return nil
            }
            high = mergedHigh
            low = mergedLow
        }

        // Down to 54 bits (one more than the significand, for rounding).
        let topBit = high >> 63
        var significand = high >> (topBit + 9)
        binaryExponent &-= 1 ^ topBit

        // Exactly halfway between two doubles: the truncated bits cannot say which way to round.
        if low == 0, high & 0x1FF == 0, significand & 3 == 1 { return nil }

        // Round to nearest, ties to even, from 54 to 53 bits.
        significand &+= significand & 1
        significand >>= 1
        if significand >> 53 > 0 {
            significand >>= 1
            binaryExponent &+= 1
        }
        // Zero or below: subnormal; 0x7FF or above: infinity. Both go to strtod.
        if binaryExponent &- 1 >= 0x7FF - 1 { return nil }
        var bits = binaryExponent << 52 | significand & 0x000F_FFFF_FFFF_FFFF
        if negative { bits |= 1 << 63 }
        return Double(bitPattern: bits)
    }
}
