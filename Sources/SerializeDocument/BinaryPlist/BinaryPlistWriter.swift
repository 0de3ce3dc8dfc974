/// Writes a ``Document`` as a binary property list (`bplist00`).

public import Foundation
import OrderedCollections
public import SerializeCore

/// Writes binary property lists that keep key order and exact integers.
///
/// Integers that fit 64 bits are written in the smallest of 1, 2, 4 or 8 bytes (negative ones in
/// 8); an unsigned integer above `Int64.max` uses the 16-byte form CoreFoundation writes for
/// them. Reals are always 8 bytes. Strings (keys above all) with the same code units are stored
/// once: two strings share an object only when their bytes are equal, never because Swift's
/// `String ==` calls them canonically equivalent (`"\u{E9}"` and `"e\u{301}"` stay two objects).
/// Reals, dates and the other scalars are never shared, so `-0.0` stays apart from `0.0`. A dictionary
/// whose only member is `CF$UID` holding an integer up to `UInt32.max` is written as a UID
/// object, the form `NSKeyedArchiver` uses, so that archives survive a trip through XML or JSON.
/// `null` goes through ``FormatOptions/null``.
///
/// Objects are written in one pass, children before their container, so the writer holds the
/// output and one offset per object, never a second copy of the tree.
public struct BinaryPlistWriter: Sendable {
    /// The options this writer applies (``FormatOptions/sortKeys``, ``FormatOptions/null``).
    public var options: FormatOptions

    /// Creates a writer.
    public init(options: FormatOptions = FormatOptions()) {
        self.options = options
    }

    /// The `bplist00` bytes of `document`.
    ///
    /// - Throws: ``Diagnostic`` located at the path of a value the options refuse.
    public func write(_ document: Document) throws(Diagnostic) -> Data {
        if case .null = document, case .omit = options.null {
            throw Diagnostic(.nullNotRepresentable, "a property list cannot be empty: the whole document is null", path: ValuePath())
        }
        var output = BinaryPlistOutput(options: options, objectBound: BinaryPlistOutput.objectBound(document))
        let top = try document.build(into: &output, sortKeys: options.sortKeys)
        return try output.finish(top: top)
    }
}

// MARK: - Output

/// The objects of a binary property list, written children first as values arrive; a
/// ``DocumentBuilder`` a reader can drive directly. A value is its object number, `nil` for a
/// null the strategy omits.
package struct BinaryPlistOutput: DocumentBuilder {
    /// An open dictionary: its kept members wait on ``pendingRefs`` from `start` on, as
    /// (key, value) pairs of object numbers.
    package struct PendingDictionary {
        /// Where its references start (for the direct encoder, also the other writers' state).
        package var start: Int
        /// Where this dictionary's keys start on ``keyBytes``: the last member's key is there,
        /// from `keyStart` to the end, until its value ends.
        var keyStart: Int
        /// Whether the first member kept (not omitted) is `CF$UID`; the key on ``keyBytes``
        /// is only the last member started, which may have been omitted.
        var firstKeptKeyIsUID = false
        /// The object number of the last member's key when it was written before (then its
        /// bytes are not on ``keyBytes``), or -1.
        var keyObject = -1
        /// Whether that key (``keyObject``) is `CF$UID`.
        var keyObjectIsUID = false

        package init(start: Int, keyStart: Int = 0) {
            self.start = start
            self.keyStart = keyStart
        }
    }

    /// The object numbers of every open container's kept elements and members, innermost last,
    /// shared by all of them so that no container grows an array of its own.
    let pendingRefs = BinaryPlistPendingReferences()

    var options: FormatOptions
    let bytes: ByteBuffer
    /// Object references are this wide: enough for the bound on the object count.
    package internal(set) var refSize: Int
    var offsets: [Int] = []
    /// Strings written so far, found by their exact bytes: ASCII ones by their UTF-8, the others
    /// by their UTF-16 big-endian bytes (each kind in its own table: the same bytes are a
    /// different string in the other encoding).
    var asciiStrings = BinaryPlistStringTable()
    var utf16Strings = BinaryPlistStringTable()
    /// Keys and strings written before, by their `String` value (``beginMember(_:in:)``,
    /// ``addString(_:)``).
    var knownStrings = BinaryPlistKnownStrings()
    /// The UTF-16 big-endian bytes of the string being added.
    let utf16Scratch = ByteBuffer(capacity: 256)
    /// The UTF-8 bytes of the key of each open dictionary's last member, innermost last: a key's
    /// object is written after its value (and not at all when the value is omitted).
    let keyBytes = ByteBuffer(capacity: 256)
    /// The last ASCII key ``beginMember(_:in:)`` found unwritten: its probe, its dictionary's
    /// ``depth``, and how many ASCII strings were written then. Its ``endMember(_:in:)`` in the
    /// same dictionary, with no ASCII string written in between (the value was not a string,
    /// or was a non-ASCII one), writes the key without probing and looking it up again: it is
    /// known to be absent. Any other member's begin or end forgets it (`depth` -1).
    var unwrittenKey = UnwrittenKey()

    struct UnwrittenKey {
        var probe = BinaryPlistStringTable.Probe(hash: 0, prefix: 0)
        var depth = -1
        var asciiStrings = 0
    }

    var path = ValuePath()
    /// Whether ``path`` follows the values, for errors: not when a reader streams into this
    /// writer (``Format/stream``), where a writing error sends the input to the tree, whose
    /// writer names the path.
    let tracksPath: Bool

    /// - Parameters:
    ///   - objectBound: at least the number of objects that will be written.
    ///   - expectedObjects: about how many objects there will be, for the room kept for their
    ///     offsets from the start, so that an array of a few million offsets is not copied at
    ///     each doubling (room never written costs no memory).
    package init(options: FormatOptions, objectBound: Int, expectedObjects: Int = 64, capacity: Int = 1 << 16, tracksPath: Bool = true) {
        self.options = options
        refSize = Self.byteCount(UInt64(max(objectBound - 1, 0)))
        bytes = ByteBuffer(capacity: capacity)
        bytes.append("bplist00")
        self.tracksPath = tracksPath
        // Room for a small document from the start: growing from empty costs a dozen
        // allocations a call, which is most of what encoding one small value allocates.
        offsets.reserveCapacity(max(64, expectedObjects))
    }

    package static var takesUTF8: Bool { true }

    /// An upper bound on the objects `document` needs (before strings are shared).
    package static func objectBound(_ document: Document) -> Int {
        switch document {
        case let .array(elements): elements.reduce(1) { $0 + objectBound($1) }
        case let .dictionary(members): members.values.reduce(1 + members.count) { $0 + objectBound($1) }
        default: 1
        }
    }

    /// Starts a new object; returns its number.
    @inline(__always) mutating func begin() -> Int {
        offsets.append(bytes.count)
        return offsets.count - 1
    }

    /// The object number of a string with exactly these code units: written now, or the one
    /// written before.
    mutating func addString(_ string: String) -> Int {
        if let known = knownStrings.entry(for: string) { return known.object }
        var copy = string
        return copy.withUTF8 { utf8 in
            let written = offsets.count
            let id: Int
            if let probe = BinaryPlistStringTable.smallASCIIProbe(string) {
                id = addASCIIString(utf8, probe: probe)
            } else {
                id = addString(utf8: utf8)
            }
            // Written before from another value: this one is remembered for the next time.
            if id < written { knownStrings.record(string, object: id, isUID: Self.isUIDKey(utf8)) }
            return id
        }
    }

    /// Whether `utf8` is `CF$UID`, the key of an NSKeyedArchiver UID.
    @inline(__always) static func isUIDKey(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.count == 6 && utf8.elementsEqual("CF$UID".utf8)
    }

    /// ``addString(_:)`` from a string's UTF-8 bytes (valid UTF-8).
    mutating func addString(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        if let probe = BinaryPlistStringTable.asciiProbe(utf8) { return addASCIIString(utf8, probe: probe) }
        // Transcoded straight into the output after its marker (the count is known from the
        // UTF-8 bytes), then looked up there: a string written before is taken back out.
        let start = bytes.count
        let id = begin()
        appendMarker(0x60, count: Self.utf16Count(of: utf8))
        let payload = bytes.count
        Self.appendUTF16BigEndian(of: utf8, to: bytes)
        let units = UnsafeBufferPointer(rebasing: bytes.written[payload...])
        let probe = BinaryPlistStringTable.probe(units)
        if let written = utf16Strings.object(for: units, probe: probe, in: bytes) {
            bytes.truncate(to: start)
            offsets.removeLast()
            return written
        }
        utf16Strings.insert(probe: probe, object: id, payload: payload, count: units.count)
        return id
    }

    /// ``addString(utf8:)`` of ASCII bytes whose probe is known.
    @inline(__always)
    mutating func addASCIIString(_ utf8: UnsafeBufferPointer<UInt8>, probe: BinaryPlistStringTable.Probe) -> Int {
        if let id = asciiStrings.object(for: utf8, probe: probe, in: bytes) { return id }
        return writeASCIIString(utf8, probe: probe)
    }

    /// Writes ASCII bytes known not to be written yet, as a new string object.
    @inline(__always)
    mutating func writeASCIIString(_ utf8: UnsafeBufferPointer<UInt8>, probe: BinaryPlistStringTable.Probe) -> Int {
        let id = begin()
        appendMarker(0x50, count: utf8.count)
        asciiStrings.insert(probe: probe, object: id, payload: bytes.count, count: utf8.count)
        bytes.append(utf8)
        return id
    }

    /// How many UTF-16 code units the valid UTF-8 `utf8` makes: one per byte that is not a
    /// continuation byte (`10xxxxxx`), and one more per lead of four bytes (`11110xxx`), counted
    /// eight bytes at a time.
    static func utf16Count(of utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func counts(_ word: UInt64) -> Int {
            // The high bit of each byte whose top two bits are `10`, and of each whose top four are `1111`.
            let continuation = word & ~(word << 1) & 0x8080_8080_8080_8080
            let fourByteLead = word & word << 1 & word << 2 & word << 3 & 0x8080_8080_8080_8080
            return fourByteLead.nonzeroBitCount - continuation.nonzeroBitCount
        }
        var units = utf8.count
        var index = 0
        while utf8.count - index >= 8 {
            units += counts(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        // The last bytes as a zero-padded word: a zero byte is neither kind.
        return units + counts(ByteScanning.shortWord(raw + index, count: utf8.count - index))
    }

    /// The object number of a string with exactly these bytes (valid UTF-8) written before, or
    /// nil; writes nothing.
    func existingString(utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        if let probe = BinaryPlistStringTable.asciiProbe(utf8) { return asciiStrings.object(for: utf8, probe: probe, in: bytes) }
        let units = utf16Units(of: utf8)
        return utf16Strings.object(for: units, probe: BinaryPlistStringTable.probe(units), in: bytes)
    }

    /// The UTF-16 big-endian bytes of `utf8`, in ``utf16Scratch`` (valid until its next use).
    func utf16Units(of utf8: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        utf16Scratch.removeAll()
        Self.appendUTF16BigEndian(of: utf8, to: utf16Scratch)
        return utf16Scratch.written
    }

    /// Appends the UTF-16 big-endian code units of `utf8` (a `String`'s bytes, so valid UTF-8)
    /// to `output`, decoding the bytes directly rather than through `String.UTF16View`.
    static func appendUTF16BigEndian(of utf8: UnsafeBufferPointer<UInt8>, to output: ByteBuffer) {
        // At most two bytes per UTF-8 byte, written in place.
        output.append(upTo: 2 * utf8.count) { buffer in
            var out = 0
            var index = 0
            @inline(__always) func unit(_ value: UInt32) {
                buffer[out] = UInt8(truncatingIfNeeded: value >> 8)
                buffer[out + 1] = UInt8(truncatingIfNeeded: value)
                out += 2
            }
            let target = UnsafeMutableRawPointer(buffer)
            while index < utf8.count {
                // Eight ASCII bytes at once: each byte becomes the low byte of a big-endian unit.
                if utf8.count - index >= 8, let base = utf8.baseAddress {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    if word & 0x8080_8080_8080_8080 == 0 {
                        target.storeBytes(of: widened(word & 0xFFFF_FFFF), toByteOffset: out, as: UInt64.self)
                        target.storeBytes(of: widened(word >> 32), toByteOffset: out + 8, as: UInt64.self)
                        out += 16
                        index += 8
                        continue
                    }
                }
                let lead = UInt32(utf8[index])
                switch lead {
                case ..<0x80:
                    unit(lead)
                    index += 1
                case ..<0xE0:
                    unit((lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F))
                    index += 2
                case ..<0xF0:
                    unit((lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F))
                    index += 3
                default:
                    let scalar = (lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12 | UInt32(utf8[index + 2] & 0x3F) << 6
                        | UInt32(utf8[index + 3] & 0x3F)
                    unit(0xD800 + ((scalar - 0x10000) >> 10))
                    unit(0xDC00 + (scalar & 0x3FF))
                    index += 4
                }
            }
            return out
        }
    }

    /// Four ASCII bytes (the low half of `word`, in memory order) as four UTF-16 big-endian
    /// units in memory order: `00 b0 00 b1 00 b2 00 b3`, read as a little-endian word.
    @inline(__always) static func widened(_ word: UInt64) -> UInt64 {
        var spread = (word | word << 16) & 0x0000_FFFF_0000_FFFF
        spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
        return (spread << 8).littleEndian
    }

    // MARK: - Values

    package mutating func scalar(_ document: Document) throws(Diagnostic) -> Int? {
        switch document {
        case .null:
            switch options.null {
            case .error: throw options.nullError(at: path, format: "a property list")
            case let .string(text): return addString(text)
            case .omit: return nil
            }
        case let .string(string):
            return addString(string)
        case let .number(number):
            return try scalar(options.plistValue(of: number, at: path))
        case let .array(elements):
            return try Document.array(elements).build(into: &self, sortKeys: options.sortKeys)
        case let .dictionary(members):
            return try Document.dictionary(members).build(into: &self, sortKeys: options.sortKeys)
        default:
            let id = begin()
            appendScalar(document)
            return id
        }
    }

    /// The arrays and dictionaries open, for ``FormatOptions/checkDepth(_:at:)``.
    var depth = 0

    /// An open array: its kept elements wait on ``pendingRefs`` from the returned index on.
    package mutating func beginArray() throws(Diagnostic) -> Int {
        try options.checkDepth(depth + 1, at: path)
        depth += 1
        return pendingRefs.count
    }

    package mutating func beginElement(in start: inout Int) {
        if tracksPath { path.push(.index(pendingRefs.count - start)) }
    }

    package mutating func endElement(_ value: Int?, in start: inout Int) {
        if tracksPath { path.pop() }
        if let value { pendingRefs.append(value) }
    }

    /// A string value: written, or shared with one written before (as ``scalar(_:)`` writes
    /// `.string(value)`, without the `Document`).
    package mutating func string(_ value: String) -> Int { addString(value) }

    /// An integer value (as ``scalar(_:)`` writes `.integer(value)`, without the `Document`).
    package mutating func integer(_ value: Int64) -> Int {
        let id = begin()
        appendSignedInteger(value)
        return id
    }

    /// A string from its bytes: written or shared without making a `String`.
    package mutating func string(validatedUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        addString(utf8: utf8)
    }

    package mutating func endArray(_ start: Int) -> Int? {
        depth -= 1
        let id = begin()
        appendMarker(0xA0, count: pendingRefs.count - start)
        appendReferences(from: start, pairs: false)
        pendingRefs.removeAll(from: start)
        bytes.spillIfFull()
        return id
    }

    package mutating func beginDictionary() throws(Diagnostic) -> PendingDictionary {
        try options.checkDepth(depth + 1, at: path)
        depth += 1
        return PendingDictionary(start: pendingRefs.count, keyStart: keyBytes.count)
    }

    /// Begins member `key`: a key met before as the same string value (``BinaryPlistKnownStrings``)
    /// or already written is taken by its object number; any other waits on ``keyBytes``, to be
    /// written after its value as ``beginMember(validatedUTF8:in:)`` does, so the bytes are the same.
    package mutating func beginMember(_ key: String, in dictionary: inout PendingDictionary) {
        if let known = knownStrings.entry(for: key) {
            if tracksPath { path.push(.key(key)) }
            unwrittenKey.depth = -1
            dictionary.keyObject = known.object
            dictionary.keyObjectIsUID = known.isUID
            return
        }
        var copy = key
        copy.withUTF8 { utf8 in
            let object: Int
            if let probe = BinaryPlistStringTable.smallASCIIProbe(key) ?? BinaryPlistStringTable.asciiProbe(utf8) {
                guard let found = asciiStrings.object(for: utf8, probe: probe, in: bytes) else {
                    beginMember(validatedUTF8: utf8, in: &dictionary)
                    unwrittenKey = UnwrittenKey(probe: probe, depth: depth, asciiStrings: asciiStrings.used)
                    return
                }
                object = found
            } else {
                guard let found = existingString(utf8: utf8) else {
                    beginMember(validatedUTF8: utf8, in: &dictionary)
                    return
                }
                object = found
            }
            if tracksPath { path.push(.key(key)) }
            unwrittenKey.depth = -1
            let isUID = Self.isUIDKey(utf8)
            knownStrings.record(key, object: object, isUID: isUID)
            dictionary.keyObject = object
            dictionary.keyObjectIsUID = isUID
        }
    }

    package mutating func beginMember(validatedUTF8 key: UnsafeBufferPointer<UInt8>, in dictionary: inout PendingDictionary) {
        if tracksPath { path.push(.key(String(decoding: key, as: UTF8.self))) }
        unwrittenKey.depth = -1
        dictionary.keyObject = -1
        keyBytes.truncate(to: dictionary.keyStart)
        keyBytes.append(key)
    }

    package mutating func endMember(_ value: Int?, in dictionary: inout PendingDictionary) {
        if tracksPath { path.pop() }
        guard let value else { return }
        let keyObject: Int
        if dictionary.keyObject >= 0 {
            if pendingRefs.count == dictionary.start { dictionary.firstKeptKeyIsUID = dictionary.keyObjectIsUID }
            keyObject = dictionary.keyObject
        } else {
            // Adding the key's string appends to `bytes` and `utf16Scratch`, never to `keyBytes`.
            let key = UnsafeBufferPointer(rebasing: keyBytes.written[dictionary.keyStart...])
            if pendingRefs.count == dictionary.start { dictionary.firstKeptKeyIsUID = Self.isUIDKey(key) }
            if unwrittenKey.depth == depth, unwrittenKey.asciiStrings == asciiStrings.used {
                keyObject = writeASCIIString(key, probe: unwrittenKey.probe)
            } else {
                keyObject = addString(utf8: key)
            }
        }
        unwrittenKey.depth = -1
        pendingRefs.append(keyObject, value)
    }

    package mutating func endDictionary(_ dictionary: PendingDictionary) -> Int? {
        depth -= 1
        keyBytes.truncate(to: dictionary.keyStart)
        let id = begin()
        defer { pendingRefs.removeAll(from: dictionary.start) }
        let count = (pendingRefs.count - dictionary.start) / 2
        // {"CF$UID": n} is an NSKeyedArchiver UID; the value object written for n stays unused.
        if count == 1, dictionary.firstKeptKeyIsUID, let uid = uidValue(ofObject: pendingRefs[dictionary.start + 1]) {
            let size = Self.byteCount(UInt64(uid))
            bytes.append(0x80 | UInt8(size - 1))
            appendBigEndian(UInt64(uid), size: size)
            return id
        }
        appendMarker(0xD0, count: count)
        appendReferences(from: dictionary.start, pairs: true)
        bytes.spillIfFull()
        return id
    }

    /// The value of an integer object already written, when it fits a UID.
    func uidValue(ofObject number: Int) -> UInt32? {
        let start = offsets[number]
        let marker = bytes[start]
        guard marker >= 0x10, marker <= 0x12 else { return nil }  // 1-, 2- and 4-byte integers
        var value: UInt32 = 0
        for index in 0..<(1 << Int(marker & 0x0F)) { value = value << 8 | UInt32(bytes[start + 1 + index]) }
        return value
    }

    // MARK: - Bytes

    /// - Parameter keepingStorage: copy the bytes out, keeping the buffer for ``reset(options:)``.
    package mutating func finish(top: Int?, keepingStorage: Bool = false) throws(Diagnostic) -> Data {
        guard let top else {
            throw Diagnostic(.nullNotRepresentable, "a property list cannot be empty: the whole document is null", path: ValuePath())
        }
        let tableOffset = bytes.count
        let offsetSize = Self.byteCount(UInt64(max(tableOffset, 1)))
        offsets.withUnsafeBufferPointer { offsets in
            bytes.append(upTo: offsets.count * offsetSize) { out in Self.storeBigEndian(offsets, step: 1, size: offsetSize, to: out) }
        }
        assert(offsets.count <= 1 << (8 * min(refSize, 7)) || refSize == 8, "object bound too small")
        // The trailer: six unused bytes, then the offset and reference sizes.
        appendBigEndian(UInt64(offsetSize) << 8 | UInt64(refSize), size: 8)
        appendBigEndian(UInt64(offsets.count), size: 8)
        appendBigEndian(UInt64(top), size: 8)
        appendBigEndian(UInt64(tableOffset), size: 8)
        return keepingStorage ? Data(bytes.written) : bytes.takeData()
    }

    /// Rewrites every object reference `size` bytes wide (narrower than ``refSize``), moving
    /// the objects down in place: a writer that did not know its object count in advance writes
    /// wide references, then narrows them to what the count needs, as ``init(options:objectBound:capacity:)``
    /// would have made them.
    package mutating func narrowReferences(to size: Int) {
        guard size < refSize, let first = offsets.first else { return }
        let end = bytes.count
        var write = first
        for index in offsets.indices {
            let start = offsets[index]
            let next = index + 1 < offsets.count ? offsets[index + 1] : end
            offsets[index] = write
            guard let (count, first) = Self.references(ofObjectAt: start, in: bytes) else {
                bytes.move(from: start, count: next - start, to: write)
                write += next - start
                continue
            }
            var read = first
            bytes.move(from: start, count: read - start, to: write)
            write += read - start
            for _ in 0..<count {
                let reference = readBigEndian(at: read, size: refSize)
                read += refSize
                var shift = (size - 1) * 8
                while shift >= 0 {
                    bytes[write] = UInt8(truncatingIfNeeded: reference >> UInt64(shift))
                    write += 1
                    shift -= 8
                }
            }
        }
        bytes.truncate(to: write)
        refSize = size
    }

    /// The big-endian unsigned integer of `size` bytes written at `offset`.
    func readBigEndian(at offset: Int, size: Int) -> UInt64 { Self.readBigEndian(bytes, at: offset, size: size) }

    /// The big-endian unsigned integer of `size` bytes at `offset` of `buffer`.
    static func readBigEndian(_ buffer: ByteBuffer, at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<size { value = value << 8 | UInt64(buffer[offset + index]) }
        return value
    }

    /// 1, 2, 4 or 8: the bytes an unsigned value needs.
    package static func byteCount(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    @inline(__always) mutating func appendBigEndian(_ value: UInt64, size: Int) {
        bytes.append(upTo: size) { out in
            let raw = UnsafeMutableRawPointer(out)
            switch size {
            case 1: raw.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
            case 2: raw.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
            case 4: raw.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
            default: raw.storeBytes(of: value.bigEndian, as: UInt64.self)
            }
            return size
        }
    }

    /// Appends the references on ``pendingRefs`` from `start` on, ``refSize`` bytes each,
    /// big-endian, in one reservation of the output: an array's in order, a dictionary's
    /// (key, value) pairs (`pairs`) as every key, then every value.
    mutating func appendReferences(from start: Int, pairs: Bool) {
        let count = pendingRefs.count - start
        guard count > 0 else { return }
        let size = refSize
        let first = pendingRefs.numbers(from: start)
        bytes.append(upTo: count * size) { out in
            guard pairs else { return Self.storeBigEndian(first, step: 1, size: size, to: out) }
            let keys = Self.storeBigEndian(first, step: 2, size: size, to: out)
            return keys + Self.storeBigEndian(UnsafeBufferPointer(rebasing: first[1...]), step: 2, size: size, to: out + keys)
        }
    }

    /// Stores every `step`-th of `values`, `size` bytes (1, 2, 4 or 8) each, big-endian, at
    /// `out`; returns the bytes stored.
    @inline(__always) static func storeBigEndian(_ values: UnsafeBufferPointer<Int>, step: Int, size: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let raw = UnsafeMutableRawPointer(out)
        var written = 0
        var index = 0
        switch size {
        case 1:
            while index < values.count {
                raw.storeBytes(of: UInt8(truncatingIfNeeded: values[index]), toByteOffset: written, as: UInt8.self)
                written += 1
                index += step
            }
        case 2:
            while index < values.count {
                raw.storeBytes(of: UInt16(truncatingIfNeeded: values[index]).bigEndian, toByteOffset: written, as: UInt16.self)
                written += 2
                index += step
            }
        case 4:
            while index < values.count {
                raw.storeBytes(of: UInt32(truncatingIfNeeded: values[index]).bigEndian, toByteOffset: written, as: UInt32.self)
                written += 4
                index += step
            }
        default:
            while index < values.count {
                raw.storeBytes(of: UInt64(truncatingIfNeeded: values[index]).bigEndian, toByteOffset: written, as: UInt64.self)
                written += 8
                index += step
            }
        }
        return written
    }

    mutating func appendMarker(_ marker: UInt8, count: Int) {
        if count < 15 {
            bytes.append(marker | UInt8(count))
        } else {
            bytes.append(marker | 0x0F)
            appendInteger(UInt64(count))
        }
    }

    mutating func appendInteger(_ value: UInt64) {
        let size = Self.byteCount(value)
        bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(value, size: size)
    }

    /// An integer object: as few bytes as a non-negative value needs, eight for a negative one.
    @inline(__always) mutating func appendSignedInteger(_ value: Int64) {
        if value >= 0 {
            appendInteger(UInt64(value))
        } else {
            bytes.append(0x13)
            appendBigEndian(UInt64(bitPattern: value), size: 8)
        }
    }

    mutating func appendScalar(_ document: Document) {
        switch document {
        case let .bool(value): bytes.append(value ? 0x09 : 0x08)
        case let .integer(value):
            appendSignedInteger(value)
        case let .unsignedInteger(value):
            bytes.append(0x14)
            appendBigEndian(0, size: 8)
            appendBigEndian(value, size: 8)
        case let .double(value):
            bytes.append(0x23)
            appendBigEndian(value.bitPattern, size: 8)
        case let .date(value):
            bytes.append(0x33)
            appendBigEndian(value.timeIntervalSinceReferenceDate.bitPattern, size: 8)
        case let .data(value):
            appendMarker(0x40, count: value.count)
            value.withUnsafeBytes { bytes.append($0.bindMemory(to: UInt8.self)) }
        case .null, .string, .number, .array, .dictionary:
            break  // written by scalar(_:)
        }
    }
}
