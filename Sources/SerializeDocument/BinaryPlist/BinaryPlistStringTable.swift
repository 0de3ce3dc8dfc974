/// Sharing strings in a binary property list by their exact bytes, without Swift's string hashing.

import SerializeCore

/// An open-addressing table of the strings already written, found by their payload bytes.
///
/// Every key of every record goes through here, so it avoids what `[String: Int]` does on this
/// path: SipHash, and `String ==`, which is slow and, worse, calls canonically equivalent strings
/// equal (`"\u{E9}"` and `"e\u{301}"`), which would write one object for two distinct strings.
/// A word-at-a-time hash of the payload bytes (ASCII or UTF-16 big-endian); a candidate is
/// compared by its first eight bytes, kept in its slot, then by the rest against the bytes
/// already in the output.
struct BinaryPlistStringTable {
    /// 32 bytes: two slots to a cache line.
    struct Slot {
        /// The low half of the string's hash (which the slot index is taken from too).
        var hash: UInt32 = 0
        var count: UInt32 = 0
        /// The object number, or -1 for an empty slot.
        var object = -1
        /// Where the string's bytes start in the output.
        var payload = 0
        /// The string's first eight bytes, zero-padded: a string of at most eight bytes (most
        /// keys) is compared here, without reading the output, where it lies far back.
        var prefix: UInt64 = 0
    }

    /// What a string is looked up by: its hash and its first eight bytes.
    struct Probe {
        var hash: UInt64
        var prefix: UInt64
    }

    /// Starts small, so that encoding a small value costs no large table; doubles at half full.
    var slots = [Slot](repeating: Slot(), count: 64)
    var used = 0

    /// The probe of `bytes`.
    @inline(__always) static func probe(_ bytes: UnsafeBufferPointer<UInt8>) -> Probe {
        Probe(hash: hash(bytes), prefix: prefix(bytes))
    }

    /// The first eight bytes of `bytes`, in memory order, zero-padded.
    @inline(__always) static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        if bytes.count >= 8 { return UnsafeRawPointer(base).loadUnaligned(as: UInt64.self) }
        return ByteScanning.shortWord(UnsafeRawPointer(base), count: bytes.count)
    }

    /// The probe of `string` when it is a small ASCII string (at most 15 bytes, held in its two
    /// words with its count and flags: most keys, and short values), read from the words, with
    /// no scan of the bytes for ASCII and no loop; nil for any other string. The same probe as
    /// ``probe(_:)`` of its bytes (`BinaryPlistStringTableTests` checks every length).
    @inline(__always) static func smallASCIIProbe(_ string: String) -> Probe? {
        #if _pointerBitWidth(_64) && _endian(little)
        let words = StringWords(string)
        guard words.isSmallASCII else { return nil }
        let count = words.smallCount
        @inline(__always) func low(_ word: UInt64, bytes: Int) -> UInt64 {
            bytes >= 8 ? word : word & ((1 << UInt64(8 * bytes)) &- 1)
        }
        let first = low(words.first, bytes: count)
        let second = count > 8 ? low(words.second, bytes: count - 8) : 0
        return Probe(hash: shortHash(first, second, count: count), prefix: first)
        #else
        return nil
        #endif
    }

    /// The probe of `bytes` when they are ASCII, nil when not: sixteen bytes or fewer (most keys
    /// and short values) read as two words and checked and hashed with no loop; longer ones
    /// scanned and hashed. The same probe as ``probe(_:)``.
    @inline(__always) static func asciiProbe(_ bytes: UnsafeBufferPointer<UInt8>) -> Probe? {
        let count = bytes.count
        guard count <= 16, let base = bytes.baseAddress else {
            return ByteScanning.isASCII(bytes) ? probe(bytes) : nil
        }
        let raw = UnsafeRawPointer(base)
        let first = count >= 8 ? UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) : ByteScanning.shortWord(raw, count: count)
        let second = count > 8 ? ByteScanning.shortWord(raw + 8, count: count - 8) : 0
        guard (first | second) & 0x8080_8080_8080_8080 == 0 else { return nil }
        return Probe(hash: shortHash(first, second, count: count), prefix: first)
    }

    /// ``hash(_:)`` of at most sixteen bytes given as two zero-padded words.
    @inline(__always) static func shortHash(_ first: UInt64, _ second: UInt64, count: Int) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(count)
        if count >= 8 {
            hash = (hash ^ first) &* multiplier
            hash ^= hash >> 29
        }
        let tail: UInt64
        if count >= 16 {
            hash = (hash ^ second) &* multiplier
            hash ^= hash >> 29
            tail = 0
        } else {
            tail = count >= 8 ? second : first
        }
        hash = (hash ^ tail) &* multiplier
        return hash ^ (hash >> 32)
    }

    /// A hash of the bytes taken eight at a time (a multiply and a shift per word, the tail
    /// shorter than a word as one more word), the high bits folded into the low ones that pick
    /// the slot. Which slot a string lands in never changes the output: objects are numbered in
    /// the order they are written.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while bytes.count - index >= 8 {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            index += 8
        }
        let tail = ByteScanning.shortWord(raw + index, count: bytes.count - index)
        hash = (hash ^ tail) &* multiplier
        return hash ^ (hash >> 32)
    }

    /// The object number of a string with these bytes, already written to `output`.
    func object(for bytes: UnsafeBufferPointer<UInt8>, probe: Probe, in output: ByteBuffer) -> Int? {
        guard bytes.count < UInt32.max else { return nil }
        let hash = UInt32(truncatingIfNeeded: probe.hash)
        let count = UInt32(bytes.count)
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = Int(hash) & mask
            while slots[index].object >= 0 {
                let slot = slots[index]
                if slot.hash == hash, slot.count == count, slot.prefix == probe.prefix,
                    bytes.count <= 8 || output.bytesEqual(at: slot.payload + 8, UnsafeBufferPointer(rebasing: bytes[8...]))
                {
                    return slot.object
                }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    /// Records the string of `count` bytes written at `payload` as object `object`. A string of
    /// 4 GiB or more is not recorded (a later equal one is written again, as its own object).
    mutating func insert(probe: Probe, object: Int, payload: Int, count: Int) {
        guard count < UInt32.max else { return }
        if (used + 1) * 2 > slots.count { grow() }
        let hash = UInt32(truncatingIfNeeded: probe.hash)
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while slots[index].object >= 0 { index = (index + 1) & mask }
        slots[index] = Slot(hash: hash, count: UInt32(count), object: object, payload: payload, prefix: probe.prefix)
        used += 1
    }

    mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.object >= 0 {
            var index = Int(slot.hash) & mask
            while slots[index].object >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}

/// The object numbers of strings met before as the same `String` value: a coding key's
/// `stringValue` (or a tree's shared key) and a literal in a model are one string value for every
/// record, so its object is found by the string's two words, without reading its bytes, hashing
/// them or probing the string table.
///
/// An entry holds its `String`, so its storage stays alive and unchanged: while it does, another
/// string with the same two words is the same storage (or, for a small string, the same bytes
/// inline), hence the same bytes. Strings are never matched by `==`. A string met as a different
/// value (another copy of the bytes) simply misses, and the string table decides.
struct BinaryPlistKnownStrings {
    /// What a lookup reads: the string's two words and its object.
    struct Entry {
        var words = StringWords("")
        /// The key's object number, or -1 for an empty entry.
        var object = -1
        /// Whether the key is `CF$UID` (an NSKeyedArchiver UID's only key).
        var isUID = false
    }

    /// Direct-mapped: a colliding key replaces the entry. Starts at 32 entries, so that encoding
    /// a small value costs no large cache, and grows fourfold (to 512) as strings are recorded.
    var entries = [Entry](repeating: Entry(), count: 32)
    /// The strings of ``entries``, kept alive (never read).
    var keys = [String](repeating: "", count: 32)
    /// Strings recorded since the cache last grew.
    var recorded = 0

    @inline(__always) static func index(_ words: StringWords, mask: Int) -> Int {
        let mixed = (words.first ^ words.second &* 0x9E37_79B9_7F4A_7C15) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 40) & mask
    }

    /// The entry of `key`, when the same string value was recorded.
    @inline(__always) func entry(for key: String) -> Entry? {
        #if _pointerBitWidth(_64)
        let words = StringWords(key)
        return entries.withUnsafeBufferPointer { entries in
            let entry = entries[Self.index(words, mask: entries.count - 1)]
            guard entry.object >= 0, entry.words == words else { return nil }
            return entry
        }
        #else
        return nil
        #endif
    }

    /// Records `key` as object `object`.
    mutating func record(_ key: String, object: Int, isUID: Bool) {
        #if _pointerBitWidth(_64)
        recorded += 1
        if recorded > entries.count, entries.count < 256 { grow() }
        let words = StringWords(key)
        let index = Self.index(words, mask: entries.count - 1)
        keys[index] = key
        entries[index] = Entry(words: words, object: object, isUID: isUID)
        #endif
    }

    /// Four times the entries, the current ones moved over (a colliding one is dropped: this is
    /// a cache, and the string table still knows every string).
    mutating func grow() {
        let oldEntries = entries, oldKeys = keys
        entries = [Entry](repeating: Entry(), count: oldEntries.count * 4)
        keys = [String](repeating: "", count: oldEntries.count * 4)
        recorded = 0
        let mask = entries.count - 1
        for (entry, key) in zip(oldEntries, oldKeys) where entry.object >= 0 {
            let index = Self.index(entry.words, mask: mask)
            entries[index] = entry
            keys[index] = key
        }
    }
}
