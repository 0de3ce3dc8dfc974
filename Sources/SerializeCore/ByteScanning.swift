/// Finding the next byte of interest in text eight bytes at a time, and making strings from bytes.
///
/// The one scanner of the JSON reader, the JSON writer, the XML property-list writer and the
/// binary property-list reader and writer (and the one maker of strings from UTF-8 bytes, for the
/// CSV parser too): each loads the text as little-endian 64-bit words and tests all
/// eight bytes at once with the classic SWAR tricks (a byte equal to `c`, a byte below `n`, a byte
/// with its high bit set), so a run of ordinary text costs a few instructions per eight bytes and
/// is then copied in one `memcpy`. Only the byte found is looked at one at a time.
///
/// The word tests are exact (no false positives, no carries between bytes), so the first set high
/// bit of a word's mask is the first byte of interest; the tail shorter than a word is tested with
/// the same rule byte by byte.

/// `@usableFromInline`, so that its `@inlinable` members are inlined into the other modules: the
/// members of a `package` type that is not are compiled as calls there, whatever they are marked
/// (Swift 6.3; measured on the CSV parser, which called ``equal(_:_:)`` per word).
@usableFromInline
package enum ByteScanning {
    // MARK: - The stops

    /// The index of the first byte at or after `start` that a JSON string cannot hold as it is:
    /// `"`, `\` or a control byte below 0x20; `bytes.count` when there is none.
    ///
    /// The reader stops there to end the string, decode an escape or refuse a control byte; the
    /// writer to escape it. Non-ASCII bytes are not stops: the reader validates a whole run once,
    /// when it makes the `String` (``string(validatingUTF8:)``), and a `String` being written is
    /// valid UTF-8 already.
    @inlinable
    package static func firstJSONStringStop(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        firstIndex(in: bytes, from: start) { word in
            below(0x20, word) | equal(UInt8(ascii: "\""), word) | equal(UInt8(ascii: "\\"), word)
        } byte: { byte in
            isJSONStringStop(byte)
        }
    }

    /// Whether `byte` is one that ``firstJSONStringStop(in:from:)`` stops at.
    @inlinable @inline(__always)
    package static func isJSONStringStop(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The index of the first byte at or after `start` that XML text cannot hold as it is, or
    /// that needs a look: `<`, `&`, `>` (escaped), a control byte below 0x20 (tab and newline are
    /// copied, carriage return escaped, the others refused) and 0xEF, the lead byte of U+FFFE and
    /// U+FFFF, which XML 1.0 cannot carry; `bytes.count` when there is none.
    ///
    /// Other non-ASCII bytes are not stops: a `String` is valid UTF-8, and every other scalar from
    /// U+0080 up is a character XML 1.0 carries, so Greek, CJK and emoji are copied in bulk.
    @inlinable
    package static func firstXMLTextStop(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        firstIndex(in: bytes, from: start) { word in
            below(0x20, word) | equal(UInt8(ascii: "<"), word) | equal(UInt8(ascii: "&"), word)
                | equal(UInt8(ascii: ">"), word) | equal(0xEF, word)
        } byte: { byte in
            isXMLTextStop(byte)
        }
    }

    /// Whether `byte` is one that ``firstXMLTextStop(in:from:)`` stops at.
    @inlinable @inline(__always)
    package static func isXMLTextStop(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: ">") || byte == 0xEF
    }

    /// The index of the first byte at or after `start` with its high bit set (not ASCII);
    /// `bytes.count` when there is none.
    @inlinable
    package static func firstNonASCII(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int {
        firstIndex(in: bytes, from: start) { word in
            word & highBits
        } byte: { byte in
            byte >= 0x80
        }
    }

    /// Whether every byte is ASCII.
    @inlinable
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstNonASCII(in: bytes) == bytes.count
    }

    // MARK: - Strings from bytes

    /// The string these UTF-8 bytes spell, or nil when they are not valid UTF-8; validated once.
    ///
    /// `String._tryFromUTF8` is the standard library's validating initializer for a buffer (the
    /// one swift-foundation's JSON scanner uses): measured on 12–45-byte ASCII, Greek and CJK
    /// strings it takes 0.2–0.6× the time of `String(validating:as:)`, which goes through the
    /// generic sequence path, and it refuses exactly the same bytes.
    @inlinable
    package static func string(validatingUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        String._tryFromUTF8(bytes)
    }

    // MARK: - Digits

    /// How many of the eight bytes of `word` (little-endian: the first byte lowest) are ASCII
    /// digits before the first one that is not: 0…8.
    @inlinable @inline(__always)
    package static func leadingDigitCount(_ word: UInt64) -> Int {
        let digits = below(UInt8(ascii: "9") + 1, word) & ~below(UInt8(ascii: "0"), word) & highBits
        return (~digits & highBits).trailingZeroBitCount >> 3
    }

    /// The value of the first `count` (1…8) bytes of `word` read as decimal digits, the first
    /// byte the most significant: the digits are moved to the top of the word (zeros, that is
    /// leading zero digits, come in below) and combined in three multiplications (the
    /// eight-digit step of simdjson and fast_float).
    @inlinable @inline(__always)
    package static func valueOfDigits(_ word: UInt64, count: Int) -> UInt64 {
        var value = (word << UInt64(64 - 8 * count)) & 0x0F0F_0F0F_0F0F_0F0F
        value = (value &* 2561) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        return UInt64(UInt32(truncatingIfNeeded: ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32))
    }

    /// 10^`count` for 1…8: what a mantissa is scaled by before ``valueOfDigits(_:count:)`` is
    /// added.
    @inlinable @inline(__always)
    package static func powerOfTen(_ count: Int) -> UInt64 {
        switch count {
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    // MARK: - Word tests

    /// The first index at or after `start` where `byte` holds, testing eight bytes at a time with
    /// `word`, which must mark (with the high bit of each byte) exactly the bytes `byte` holds for.
    @inlinable @inline(__always)
    package static func firstIndex(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, word: (UInt64) -> UInt64, byte: (UInt8) -> Bool
    ) -> Int {
        var index = start
        let end = bytes.count
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while end - index >= 8 {
                let marks = word(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                if marks != 0 { return index + marks.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < end, !byte(bytes[index]) { index += 1 }
        return index
    }

    /// The `count` (below eight) bytes at `base` as the low bytes of a little-endian word, the
    /// rest zero: two loads that may overlap (an overlapping byte is the same byte in both),
    /// never a byte loop or a copy through memory, whose narrow stores an eight-byte load right
    /// after cannot be forwarded from (that stall was a third of the
    /// binary plist string table's `addString` on keys).
    @inlinable @inline(__always)
    package static func shortWord(_ base: UnsafeRawPointer, count: Int) -> UInt64 {
        if count >= 4 {
            let low = UInt64(UInt32(littleEndian: base.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            return low | high << UInt64(8 * (count - 4))
        }
        if count >= 2 {
            let low = UInt64(UInt16(littleEndian: base.loadUnaligned(as: UInt16.self)))
            let high = UInt64(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)))
            return low | high << UInt64(8 * (count - 2))
        }
        return count == 1 ? UInt64(base.load(as: UInt8.self)) : 0
    }

    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var highBits: UInt64 { 0x8080_8080_8080_8080 }
    @inlinable static var lowBits: UInt64 { 0x7F7F_7F7F_7F7F_7F7F }

    /// The high bit of each byte of `word` that is zero. Exact: `(byte & 0x7F) + 0x7F` sets the
    /// high bit unless the low seven bits are zero, and never carries into the next byte.
    @inlinable @inline(__always)
    package static func zero(_ word: UInt64) -> UInt64 {
        ~(((word & lowBits) &+ lowBits) | word | lowBits)
    }

    /// The high bit of each byte of `word` equal to `value`.
    @inlinable @inline(__always)
    package static func equal(_ value: UInt8, _ word: UInt64) -> UInt64 {
        zero(word ^ (ones &* UInt64(value)))
    }

    /// The high bit of each byte of `word` equal to `a`, `b` or `c`: three ``equal(_:_:)`` tests.
    @inlinable @inline(__always)
    package static func equal(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ word: UInt64) -> UInt64 {
        equal(a, word) | equal(b, word) | equal(c, word)
    }

    /// The high bit of each byte of `word` below `limit` (1...128). Exact: `(byte & 0x7F) +
    /// (128 - limit)` sets the high bit when the low seven bits reach `limit`, without carrying;
    /// a byte is below `limit` when neither that nor its own high bit is set.
    @inlinable @inline(__always)
    package static func below(_ limit: UInt8, _ word: UInt64) -> UInt64 {
        ~(((word & lowBits) &+ ones &* UInt64(128 - limit)) | word) & highBits
    }
}
