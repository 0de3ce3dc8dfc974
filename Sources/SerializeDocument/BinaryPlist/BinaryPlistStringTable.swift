/// Sharing strings in a binary property list by their exact bytes, without Swift's string hashing.

/// An open-addressing table of the strings already written, found by their payload bytes.
///
/// Every key of every record goes through here, so it avoids what `[String: Int]` does on this
/// path: SipHash, and `String ==`, which is slow and, worse, calls canonically equivalent strings
/// equal (`"\u{E9}"` and `"e\u{301}"`), which would write one object for two distinct strings.
/// A word-at-a-time hash of the payload bytes (ASCII or UTF-16 big-endian), compared with `memcmp`
/// against the bytes already in the output.
struct BinaryPlistStringTable {
    struct Slot {
        var hash: UInt64 = 0
        /// The object number, or -1 for an empty slot.
        var object = -1
        /// Where the string's bytes start in the output.
        var payload = 0
        var count = 0
    }

    var slots = [Slot](repeating: Slot(), count: 1024)
    var used = 0

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
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(base[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* multiplier
        return hash ^ (hash >> 32)
    }

    /// The object number of a string with these bytes, already written to `output`.
    func object(for bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, in output: ByteBuffer) -> Int? {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].object >= 0 {
            let slot = slots[index]
            if slot.hash == hash, slot.count == bytes.count, output.bytesEqual(at: slot.payload, bytes) { return slot.object }
            index = (index + 1) & mask
        }
        return nil
    }

    mutating func insert(hash: UInt64, object: Int, payload: Int, count: Int) {
        if (used + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].object >= 0 { index = (index + 1) & mask }
        slots[index] = Slot(hash: hash, object: object, payload: payload, count: count)
        used += 1
    }

    mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.object >= 0 {
            var index = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[index].object >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
