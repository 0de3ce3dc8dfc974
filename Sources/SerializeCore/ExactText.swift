/// The one rule for comparing keys and strings: by their exact Unicode scalars.
///
/// Swift's `String ==`, `<` and hashing follow canonical equivalence, so `"K"` (U+004B) equals
/// `"\u{212A}"` (KELVIN SIGN) and `"\u{E9}"` equals `"e\u{301}"`. JSON, property-list and CSV keys
/// are sequences of code units: two keys that differ in one scalar are two keys. Every dictionary
/// key, duplicate-key check, column index and path step in serialize compares through here.

extension String {
    /// Whether the two strings hold the same Unicode scalars (compared as UTF-8 bytes, which is
    /// the same thing), unlike `==`, which treats canonically equivalent strings as equal.
    @inlinable @inline(__always)
    package func hasSameScalars(as other: String) -> Bool {
        #if _pointerBitWidth(_64)
        // The same representation (one literal, or copies of one string) is the same scalars:
        // a coding key's `stringValue` met again costs one comparison of two words.
        let (a, b) = (StringWords(self), StringWords(other))
        if a == b { return true }
        // Two small strings differ in their words only when their bytes differ: most keys are
        // small, so a mismatch costs no byte comparison.
        if StringWords.bothSmall(a, b) { return false }
        #endif
        return hasSameBytes(as: other)
    }

    /// ``hasSameScalars(as:)`` by reading the bytes: its part not inlined (the words' checks are,
    /// in the loops that compare a key against its siblings).
    @inlinable @inline(never)
    package func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var left = self, right = other
        return left.withUTF8 { a in right.withUTF8 { b in String.sameBytes(a, b) } }
    }

    /// Whether two buffers of one length hold the same bytes, compared eight at a time (the
    /// generic `elementsEqual` goes a byte at a time through its iterators).
    @inlinable @inline(__always)
    static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        guard count > 0, let p = a.baseAddress, let q = b.baseAddress else { return true }
        if p == q { return true }
        var index = 0
        while index + 8 <= count {
            let x = UnsafeRawPointer(p + index).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(q + index).loadUnaligned(as: UInt64.self)
            if x != y { return false }
            index += 8
        }
        while index < count {
            if p[index] != q[index] { return false }
            index += 1
        }
        return true
    }

    /// Feeds this string's UTF-8 bytes (and a terminator no UTF-8 text holds) to `hasher`,
    /// consistent with ``hasSameScalars(as:)``.
    @inlinable
    package func hashScalars(into hasher: inout Hasher) {
        var copy = self
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(0xFF as UInt8)
    }

    /// Whether this string's scalars come before `other`'s (the order of their UTF-8 bytes).
    @inlinable
    package func scalarsPrecede(_ other: String) -> Bool {
        utf8.lexicographicallyPrecedes(other.utf8)
    }

    /// The string with every non-ASCII scalar written `\u{…}`, so that two strings that print
    /// alike (canonically equivalent) show apart in a message.
    package var scalarsEscaped: String {
        unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
    }
}

/// A string that compares, hashes and orders by its exact Unicode scalars: the key of the
/// dictionaries and sets that hold document keys and CSV column names.
package struct ExactString: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text.
    package var string: String

    @inlinable package init(_ string: String) { self.string = string }
    @inlinable package init(stringLiteral value: String) { string = value }

    @inlinable package static func == (lhs: Self, rhs: Self) -> Bool { lhs.string.hasSameScalars(as: rhs.string) }
    @inlinable package static func < (lhs: Self, rhs: Self) -> Bool { lhs.string.scalarsPrecede(rhs.string) }
    @inlinable package func hash(into hasher: inout Hasher) { string.hashScalars(into: &hasher) }
    package var description: String { string }
}

/// A `String`'s two words as the standard library lays them out on 64-bit platforms, and what
/// the top bits of the second say: the one place serialize reads a string's representation
/// (``String/hasSameScalars(as:)``'s shortcut, the binary plist string table's probe of a small
/// ASCII string, and the Codable encoder's stack of open keys). `ExactTextTests` checks the
/// bits against the strings' bytes, so a change of layout fails a test.
@frozen @usableFromInline package struct StringWords: Equatable {
    @usableFromInline package let first: UInt64
    @usableFromInline package let second: UInt64

    /// The words of `string` (64-bit platforms only: a `String` is two words there).
    @inlinable @inline(__always)
    package init(_ string: String) {
        (first, second) = unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    /// Whether the string is small: up to 15 UTF-8 bytes held in the two words with their count
    /// (bit 61 of the second word, the standard library's `isSmall`). A small string owns no
    /// storage, and two small strings hold the same bytes exactly when their words are equal.
    @inlinable @inline(__always)
    package var isSmall: Bool { second & (1 << 61) != 0 }

    /// Whether `a` and `b` are both small (one test of the two words' bits, no branch between).
    @inlinable @inline(__always)
    package static func bothSmall(_ a: StringWords, _ b: StringWords) -> Bool { a.second & b.second & (1 << 61) != 0 }

    /// Whether the string is small and all ASCII (bit 62 of a small string's second word).
    @inlinable @inline(__always)
    package var isSmallASCII: Bool { second & (0b11 << 61) == 0b11 << 61 }

    /// A small string's count of UTF-8 bytes: the low four bits of the second word's top byte.
    @inlinable @inline(__always)
    package var smallCount: Int { Int(truncatingIfNeeded: (second >> 56) & 0xF) }
}
