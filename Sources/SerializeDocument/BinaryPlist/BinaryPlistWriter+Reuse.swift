/// One ``BinaryPlistOutput`` for document after document: emptied rather than built again, and its
/// references written at the width the last document needed, widened or narrowed at the end.

import SerializeCore

extension BinaryPlistOutput {
    /// Empties the output for a new document written with `options`, keeping its storage (the
    /// buffers, the object offsets, the string tables) and its reference width: the width the
    /// last document ended with is the guess for the next, which ``resizeReferences(to:)``
    /// corrects at the end.
    package mutating func reset(options: FormatOptions) {
        self.options = options
        bytes.removeAll()
        bytes.append("bplist00")
        offsets.removeAll(keepingCapacity: true)
        pendingRefs.removeAll(from: 0)
        asciiStrings.removeAll()
        utf16Strings.removeAll()
        knownStrings.removeAll()
        keyBytes.removeAll()
        utf16Scratch.removeAll()
        if tracksPath { path = ValuePath() }
        depth = 0
    }

    /// About how many bytes of memory the output holds: what a caller keeping it for the next
    /// document weighs against a cap, so that one huge document does not pin its memory.
    /// A `mutating get` only so that reading it through a pointer (the direct encoder, every
    /// call) does not copy the writer and retain each of its buffers first.
    package var retainedBytes: Int {
        mutating get {
            bytes.capacity + keyBytes.capacity + utf16Scratch.capacity
                + MemoryLayout<Int>.stride * (offsets.capacity + pendingRefs.capacity)
                + MemoryLayout<BinaryPlistStringTable.Slot>.stride * (asciiStrings.slots.count + utf16Strings.slots.count)
                + (MemoryLayout<BinaryPlistKnownStrings.Entry>.stride + MemoryLayout<String>.stride) * knownStrings.entries.count
        }
    }

    /// Rewrites every object reference `size` bytes wide: narrowed in place
    /// (``narrowReferences(to:)``), or widened, the objects moving up (read from a copy of them).
    package mutating func resizeReferences(to size: Int) {
        guard size > refSize else { return narrowReferences(to: size) }
        guard let first = offsets.first else {
            refSize = size
            return
        }
        let oldOffsets = offsets
        let old = ByteBuffer(capacity: bytes.count - first)
        old.append(UnsafeBufferPointer(rebasing: bytes.written[first...]))
        bytes.truncate(to: first)
        for index in offsets.indices {
            let start = offsets[index] - first
            let next = index + 1 < offsets.count ? offsets[index + 1] - first : old.count
            offsets[index] = bytes.count
            guard let (count, firstReference) = Self.references(ofObjectAt: start, in: old) else {
                bytes.append(UnsafeBufferPointer(rebasing: old.written[start..<next]))
                continue
            }
            bytes.append(UnsafeBufferPointer(rebasing: old.written[start..<firstReference]))
            for reference in 0..<count {
                appendBigEndian(Self.readBigEndian(old, at: firstReference + reference * refSize, size: refSize), size: size)
            }
        }
        refSize = size
        // The string tables find strings by where their bytes are.
        asciiStrings.moveObjects(from: oldOffsets, to: offsets)
        utf16Strings.moveObjects(from: oldOffsets, to: offsets)
    }
}

extension BinaryPlistOutput {
    /// The references held by the object at `start` of `buffer` and where they begin (after the
    /// marker, and the count's integer object when the count does not fit the marker), or nil
    /// when the object is not an array or dictionary.
    static func references(ofObjectAt start: Int, in buffer: ByteBuffer) -> (count: Int, first: Int)? {
        let kind = buffer[start] >> 4
        guard kind == 0xA || kind == 0xD else { return nil }
        var first = start + 1
        var count = Int(buffer[start] & 0x0F)
        if count == 0x0F {
            let width = 1 << Int(buffer[first] & 0x0F)
            count = Int(readBigEndian(buffer, at: first + 1, size: width))
            first += 1 + width
        }
        return (kind == 0xA ? count : 2 * count, first)
    }
}

extension BinaryPlistStringTable {
    /// Follows the objects written at `old` offsets to `new` ones (``BinaryPlistOutput/resizeReferences(to:)``).
    mutating func moveObjects(from old: [Int], to new: [Int]) {
        guard used > 0 else { return }
        for index in slots.indices where slots[index].object >= 0 {
            let object = slots[index].object
            slots[index].payload += new[object] - old[object]
        }
    }

    /// Forgets every string, keeping the slots unless they grew past a few thousand.
    mutating func removeAll() {
        guard used > 0 else { return }
        if slots.count > 4096 {
            self = BinaryPlistStringTable()
            return
        }
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: Slot()) }
        used = 0
    }
}

extension BinaryPlistKnownStrings {
    /// Forgets every string (letting go of them), at the starting size.
    mutating func removeAll() {
        guard entries.count == 32 else {
            self = BinaryPlistKnownStrings()
            return
        }
        for index in entries.indices where entries[index].object >= 0 {
            entries[index] = Entry()
            keys[index] = ""
        }
        recorded = 0
    }
}
