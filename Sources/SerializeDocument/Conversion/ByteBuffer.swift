/// A growable byte buffer that becomes `Data` without a copy.

import Foundation
import SerializeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output of the writers: appended to byte by byte or in runs, then handed to `Data` with
/// `Data(bytesNoCopy:)`, so a 60 MB XML property list is never held twice.
final class ByteBuffer {
    private var start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        start = Self.allocate(self.capacity)
    }

    deinit {
        free(start)
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let raw = malloc(capacity) else { fatalError("out of memory allocating \(capacity) bytes") }
        return raw.assumingMemoryBound(to: UInt8.self)
    }

    private func grow(toAtLeast needed: Int) {
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        guard let raw = realloc(start, newCapacity) else { fatalError("out of memory allocating \(newCapacity) bytes") }
        start = raw.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    @inline(__always) func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        start[count] = byte
        count += 1
    }

    /// Appends `bytes`: up to sixteen of them by two loads and two stores that may overlap,
    /// inline (most keys and short strings, where a call to `memmove` costs more than the copy),
    /// longer runs by `memmove`. Nothing is read or written outside the two ranges.
    @inline(__always) func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        if count + length > capacity { grow(toAtLeast: count + length) }
        let source = UnsafeRawPointer(base)
        let target = UnsafeMutableRawPointer(start + count)
        if length >= 8, length <= 16 {
            let first = source.loadUnaligned(as: UInt64.self)
            let last = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: last, toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4, length < 8 {
            let first = source.loadUnaligned(as: UInt32.self)
            let last = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            target.storeBytes(of: first, as: UInt32.self)
            target.storeBytes(of: last, toByteOffset: length - 4, as: UInt32.self)
        } else {
            (start + count).update(from: base, count: length)
        }
        count += length
    }

    @inline(__always) func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends what `body` writes straight into the buffer: at most `maximum` bytes from the
    /// pointer it is given; it returns how many it wrote.
    @inline(__always) func append(upTo maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if count + maximum > capacity { grow(toAtLeast: count + maximum) }
        count += body(start + count)
    }

    // MARK: - Spilling

    /// Bytes handed to ``spill`` so far: the offset in the whole output of the first byte the
    /// buffer still holds.
    private(set) var spilled = 0
    /// Where the bytes go once ``OutputSpill/chunk`` of them have gathered (``spillIfFull()``),
    /// or nil to hold the whole output.
    var spill: OutputSpill? {
        didSet { spillAt = spill == nil ? .max : OutputSpill.chunk }
    }
    private var spillAt = Int.max

    /// Hands the bytes over to ``spill`` when a chunk has gathered: writers call it between
    /// values, where nothing they wrote is looked at again.
    @inline(__always) func spillIfFull() {
        if count >= spillAt { spillNow() }
    }

    /// Whether the bytes handed to ``spill`` stay in the buffer as well: the binary plist
    /// writer compares each string with the strings it wrote before, so it hands its output to
    /// the file while the bytes are still in the cache but keeps them (``handedOver``).
    var keepsSpilled = false
    /// The bytes at the start that ``spill`` has taken but the buffer keeps (``keepsSpilled``).
    private(set) var handedOver = 0

    private func spillNow() {
        if keepsSpilled {
            spill?.take(UnsafeBufferPointer(start: start + handedOver, count: count - handedOver))
            handedOver = count
            spillAt = count + OutputSpill.chunk
            return
        }
        spill?.take(written)
        spilled += count
        count = 0
    }

    /// The bytes written so far; valid until the next append.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// Empties the buffer, keeping its storage.
    func removeAll() {
        count = 0
        handedOver = 0
    }

    func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8 {
        for byte in bytes { append(byte) }
    }

    /// Whether the bytes written at `offset` are `other`: up to sixteen bytes by two words that
    /// may overlap, inline (the rest of a key after the string table's first eight bytes),
    /// longer runs by `memcmp`.
    @inline(__always) func bytesEqual(at offset: Int, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = other.baseAddress, offset + other.count <= count else { return other.isEmpty }
        let length = other.count
        let mine = UnsafeRawPointer(start + offset)
        let theirs = UnsafeRawPointer(base)
        if length >= 8, length <= 16 {
            return mine.loadUnaligned(as: UInt64.self) == theirs.loadUnaligned(as: UInt64.self)
                && mine.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self) == theirs.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        }
        if length < 8 {
            return ByteScanning.shortWord(mine, count: length) == ByteScanning.shortWord(theirs, count: length)
        }
        return memcmp(mine, theirs, length) == 0
    }

    /// Moves `count` bytes written at `source` to `destination` (the ranges may overlap).
    func move(from source: Int, count: Int, to destination: Int) {
        guard source != destination, count > 0 else { return }
        memmove(start + destination, start + source, count)
    }

    /// Forgets the bytes from `newCount` on.
    func truncate(to newCount: Int) {
        precondition(newCount >= handedOver, "bytes handed to the file cannot be taken back")
        count = min(count, newCount)
    }

    /// The byte at `index`, for writers that patch what they wrote.
    subscript(index: Int) -> UInt8 {
        get { start[index] }
        set { start[index] = newValue }
    }

    /// Hands the bytes written so far to `body` and empties the buffer, keeping its storage: a
    /// streamed conversion writes its output in runs.
    func drain<E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        try body(UnsafeBufferPointer(start: start, count: count))
        count = 0
    }

    /// The bytes as `Data` (those not handed over yet, when ``keepsSpilled``); the buffer is
    /// empty afterwards.
    func takeData() -> Data {
        let data: Data
        if handedOver == 0 {
            data = Data(bytesNoCopy: start, count: count, deallocator: .free)
        } else {
            let storage = start
            data = Data(bytesNoCopy: start + handedOver, count: count - handedOver, deallocator: .custom { _, _ in free(storage) })
        }
        capacity = 16
        count = 0
        handedOver = 0
        start = Self.allocate(capacity)
        return data
    }
}

// MARK: - Reading bytes

extension Data {
    /// Calls `body` with the bytes of this data, passing its typed error through.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Result) throws(Diagnostic) -> Result {
        let outcome: Swift.Result<Result, Diagnostic> = withUnsafeBytes { raw in
            do throws(Diagnostic) {
                return .success(try body(raw.bindMemory(to: UInt8.self)))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
