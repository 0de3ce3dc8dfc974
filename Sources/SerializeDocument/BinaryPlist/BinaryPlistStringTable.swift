/// Sharing strings in a binary property list by their exact bytes, without Swift's string hashing.

/// An open-addressing table of the strings already written, found by their payload bytes.
///
/// Every key of every record goes through here, so it avoids what `[String: Int]` does on this
/// path: SipHash, and `String ==`, which is slow and, worse, calls canonically equivalent strings
/// equal (`"\u{E9}"` and `"e\u{301}"`), which would write one object for two distinct strings.
/// FNV-1a over the payload bytes (ASCII or UTF-16 big-endian), compared with `memcmp` against the
/// bytes already in the output.
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

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
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
