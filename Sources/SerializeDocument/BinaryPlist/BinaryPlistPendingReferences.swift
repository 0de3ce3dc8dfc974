/// The object numbers a binary plist writer's open containers wait to write, in memory of its own.

/// A stack of object numbers: every open array's kept elements and every open dictionary's
/// (key, value) pairs, innermost last, shared by all of them so that no container grows an
/// array of its own (``BinaryPlistOutput/pendingRefs``).
///
/// A class like ``ByteBuffer``, not an `Array`: an array checked its buffer for a single owner
/// on every append, and cut a container's references off through the generic range
/// replacement, on every member of every dictionary.
final class BinaryPlistPendingReferences {
    private var base: UnsafeMutablePointer<Int>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always) func append(_ number: Int) {
        if count == capacity { grow() }
        base[count] = number
        count += 1
    }

    /// Appends a dictionary member's key and value.
    @inline(__always) func append(_ key: Int, _ value: Int) {
        if count + 2 > capacity { grow() }
        base[count] = key
        base[count + 1] = value
        count += 2
    }

    @inline(never) private func grow() {
        let grown = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }

    subscript(index: Int) -> Int { base[index] }

    /// Forgets the numbers from `start` on.
    @inline(__always) func removeAll(from start: Int) { count = min(count, start) }

    /// The numbers from `start` on.
    func numbers(from start: Int) -> UnsafeBufferPointer<Int> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }
}
