/// Reads binary property lists (`bplist00`) into ``Document`` values.

public import Foundation
public import SerializeCore
import OrderedCollections

/// A defensive `bplist00` reader: every size, count, offset and reference is checked before use.
///
/// Dictionaries keep the order of their entries in the file; integers keep all 64 bits, and the
/// 16-byte form is read when it holds a value that fits `UInt64` (or a negative `Int64`). UIDs
/// (`NSKeyedArchiver`) become a dictionary `{"CF$UID": n}`, which ``BinaryPlistWriter`` writes back
/// as a UID. Sets and unknown markers are refused by name. A container that contains itself, an
/// offset or reference out of range, a count larger than the bytes left, a truncated object, a bad
/// trailer, a date that is NaN, infinite or outside the years 0001 to 9999 (`DateText.years`), and nesting deeper than ``maximumDepth`` are each a ``Diagnostic`` with the byte
/// offset of the object at fault. An object referenced twice is read once and shared.
public struct BinaryPlistReader: Sendable {
    /// The deepest nesting of arrays and dictionaries accepted, a UID counting as the dictionary
    /// it is read as: the one rule of ``FormatOptions/maximumDepth``.
    public var maximumDepth: Int

    /// Creates a reader.
    public init(maximumDepth: Int = 512) {
        self.maximumDepth = maximumDepth
    }

    /// Parses `data` as a binary property list.
    ///
    /// - Throws: ``Diagnostic`` located at a byte offset.
    public func read(_ data: Data) throws(Diagnostic) -> Document {
        var builder = TreeBuilder()
        return try read(data, into: &builder)
    }

    /// Parses `data`, handing each value to `builder` as the object graph is walked.
    func read<Builder: DocumentBuilder>(_ data: Data, into builder: inout Builder) throws(Diagnostic) -> Builder.Value {
        try data.withBytes { bytes throws(Diagnostic) in
            var parser = try BinaryPlistParser(bytes: bytes, maximumDepth: maximumDepth, builder: builder)
            defer { builder = parser.builder }
            return try parser.readTop()
        }
    }
}

// MARK: - The parser

/// Reads the objects of a binary property list into a builder, from the top object down.
///
/// Its helpers are `mutating` even where they only read: a non-mutating method called from a
/// mutating one gets a copy of the whole parser, builder included, made with `memcpy` at every
/// call (144 to 384 bytes, 4% of decoding a record per call).
struct BinaryPlistParser<Builder: DocumentBuilder> {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var builder: Builder
    /// Values already built, by object number, when the builder's values can be reused (trees).
    var cache: [Builder.Value?]
    /// How many values each cached object expands to (itself plus everything under it).
    var expandedSizes: [Int]
    /// Values the document expands to, counting a shared object once per reference; bounded
    /// so that containers shared many times over cannot expand exponentially, whether they are
    /// streamed or built as a tree that later walks would expand.
    var emitted = 0
    let offsetSize: Int
    let refSize: Int
    let objectCount: Int
    let topObject: Int
    let tableOffset: Int
    /// The containers being read, for the cycle check when the builder does not reuse values
    /// (a builder that does marks an open container in ``expandedSizes`` instead: no hashing).
    var visiting: Set<Int> = []
    /// Emptied key sets of closed dictionaries, for the next ones (streaming only).
    var keySets: [StreamedKeys] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, builder: Builder) throws(Diagnostic) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.builder = builder
        guard bytes.count >= 8, bytes.starts(with: "bplist0".utf8) else {
            throw binaryPlistError(.notBinaryPlist, "not a binary property list: it does not start with 'bplist00'", at: 0)
        }
        guard bytes.count >= 8 + 1 + 32 else {
            throw binaryPlistError(.notBinaryPlist, "binary property list of \(bytes.count) bytes is too short to hold a trailer", at: bytes.count)
        }
        let trailer = bytes.count - 32
        func field(_ at: Int, _ size: Int) -> UInt64 {
            var value: UInt64 = 0
            for offset in 0..<size { value = value << 8 | UInt64(bytes[at + offset]) }
            return value
        }
        offsetSize = Int(bytes[trailer + 6])
        refSize = Int(bytes[trailer + 7])
        let count = field(trailer + 8, 8), top = field(trailer + 16, 8), table = field(trailer + 24, 8)
        guard (1...8).contains(offsetSize) else {
            throw binaryPlistError(.badTrailer, "offset size \(offsetSize) in the trailer is not 1 to 8", at: trailer + 6)
        }
        guard (1...8).contains(refSize) else {
            throw binaryPlistError(.badTrailer, "object reference size \(refSize) in the trailer is not 1 to 8", at: trailer + 7)
        }
        guard count >= 1, count <= UInt64(trailer) else {
            throw binaryPlistError(.badTrailer, "object count \(count) in the trailer is impossible for a file of \(bytes.count) bytes", at: trailer + 8)
        }
        guard table >= 9, table < UInt64(trailer) else {
            throw binaryPlistError(.badTrailer, "offset table offset \(table) in the trailer lies outside the object area", at: trailer + 24)
        }
        // Both are below the file size, so the product cannot overflow 64 bits.
        guard UInt64(trailer) - table >= count * UInt64(offsetSize) else {
            throw binaryPlistError(.badTrailer, "offset table of \(count) entries of \(offsetSize) bytes runs past the trailer", at: trailer + 8)
        }
        guard top < count else {
            throw binaryPlistError(.badTrailer, "top object \(top) is not among the \(count) objects", at: trailer + 16)
        }
        if refSize < 8, count > UInt64(1) << UInt64(refSize * 8) {
            throw binaryPlistError(.badTrailer, "\(count) objects cannot be referenced with \(refSize)-byte references", at: trailer + 7)
        }
        objectCount = Int(count)
        topObject = Int(top)
        tableOffset = Int(table)
        cache = Builder.reusesValues ? Array(repeating: nil, count: objectCount) : []
        expandedSizes = Builder.reusesValues ? Array(repeating: 0, count: objectCount) : []
    }

    mutating func readTop() throws(Diagnostic) -> Builder.Value {
        try readObject(topObject, depth: 0)
    }

    // MARK: - Numbers in the file

    /// The big-endian unsigned integer of `size` bytes at `offset` (the caller has checked that
    /// they lie in the file): one load for the widths references, offsets and counts take
    /// (1, 2, 4 and 8 bytes), a byte at a time for the others (3, 5, 6 or 7 in a trailer).
    @inline(__always)
    mutating func unsigned(at offset: Int, size: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes.baseAddress!) + offset
        switch size {
        case 1: return UInt64(raw.load(as: UInt8.self))
        case 2: return UInt64(UInt16(bigEndian: raw.loadUnaligned(as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self)))
        case 8: return UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
        default:
            var value: UInt64 = 0
            var index = offset
            while index < offset + size {
                value = value << 8 | UInt64(bytes[index])
                index += 1
            }
            return value
        }
    }

    mutating func offset(ofObject number: Int) throws(Diagnostic) -> Int {
        let entry = tableOffset + number * offsetSize
        let value = unsigned(at: entry, size: offsetSize)
        guard value >= 8, value < UInt64(tableOffset) else {
            throw binaryPlistError(.offsetOutOfRange, "object \(number) has offset \(value), outside the object area 8..<\(tableOffset)", at: entry)
        }
        return Int(value)
    }

    /// Checks that `length` bytes starting at `start` lie before the offset table.
    mutating func require(_ length: UInt64, at start: Int, for what: String, object: Int) throws(Diagnostic) {
        guard UInt64(tableOffset - start) >= length else {
            throw binaryPlistError(.truncated, "\(what) of \(length) bytes runs past the object area", at: object)
        }
    }

    /// The count after a marker with low nibble `nibble` and where its payload starts.
    mutating func count(nibble: UInt8, at start: Int) throws(Diagnostic) -> (count: UInt64, payload: Int) {
        if nibble != 0x0F { return (UInt64(nibble), start + 1) }
        let intStart = start + 1
        try require(1, at: intStart, for: "count", object: start)
        let marker = bytes[intStart]
        guard marker & 0xF0 == 0x10, marker & 0x0F <= 3 else {
            throw binaryPlistError(.truncated, "expected an integer count after marker 0x\(String(bytes[start], radix: 16))", at: intStart)
        }
        let size = 1 << Int(marker & 0x0F)
        try require(UInt64(1 + size), at: intStart, for: "count", object: start)
        let value = unsigned(at: intStart + 1, size: size)
        guard value <= UInt64(Int32.max) else {
            throw binaryPlistError(.truncated, "count \(value) is larger than any binary property list can hold", at: intStart)
        }
        return (value, intStart + 1 + size)
    }

    // MARK: - Objects

    mutating func resolve(at position: Int) throws(Diagnostic) -> Int {
        let ref = unsigned(at: position, size: refSize)
        guard ref < UInt64(objectCount) else {
            throw binaryPlistError(.offsetOutOfRange, "reference to object \(ref), but there are only \(objectCount) objects", at: position)
        }
        return Int(ref)
    }

    mutating func readReference(at position: Int, depth: Int) throws(Diagnostic) -> Builder.Value {
        try readObject(try resolve(at: position), depth: depth)
    }

    /// The dictionary key the reference at `position` names.
    mutating func readKey(at position: Int, index: Int) throws(Diagnostic) -> String {
        let number = try resolve(at: position)
        let start = try offset(ofObject: number)
        guard bytes[start] >> 4 == 0x5 || bytes[start] >> 4 == 0x6, case let .string(key) = try scalar(at: start) else {
            throw binaryPlistError(.nonStringKey, "dictionary key \(index) is not a string", at: position)
        }
        return key
    }

    mutating func readObject(_ number: Int, depth: Int) throws(Diagnostic) -> Builder.Value {
        if Builder.reusesValues, let cached = cache[number] {
            try spend(expandedSizes[number], forObject: number)
            return cached
        }
        let start = try offset(ofObject: number)
        builder.valueStarts(at: start)
        let emittedBefore = emitted
        try spend(1, forObject: number)
        guard !isOpen(number) else {
            throw binaryPlistError(.cycle, "object \(number) contains itself", at: start)
        }
        let marker = bytes[start]
        // The one depth rule (FormatOptions.maximumDepth): containers count, and so does a UID,
        // read as the dictionary {"CF$UID": n}; 512 nested arrays may still hold a scalar.
        if marker >> 4 == 0xA || marker >> 4 == 0xD || marker >> 4 == 0x8, depth >= maximumDepth {
            throw binaryPlistError(.tooDeep, "arrays and dictionaries nest deeper than \(maximumDepth) levels", at: start)
        }
        let nibble = marker & 0x0F
        let value: Builder.Value
        switch marker >> 4 {
        case 0x8:
            let size = Int(nibble) + 1
            try require(UInt64(1 + size), at: start, for: "UID", object: start)
            guard size <= 4 else {
                throw binaryPlistError(.unsupportedObject, "UID of \(size) bytes; at most 4 are supported", at: start)
            }
            var members = try builder.beginDictionary()
            try builder.beginMember("CF$UID", in: &members)
            let uid = try builder.scalar(.integer(Int64(unsigned(at: start + 1, size: size))))
            try builder.endMember(uid, in: &members)
            value = try builder.endDictionary(members)
        case 0xA:
            let (length, payload) = try count(nibble: nibble, at: start)
            try require(length * UInt64(refSize), at: payload, for: "array", object: start)
            open(number)
            var elements = try builder.beginArray()
            for index in 0..<Int(length) {
                try builder.beginElement(in: &elements)
                let element = try readReference(at: payload + index * refSize, depth: depth + 1)
                try builder.endElement(element, in: &elements)
            }
            close(number)
            value = try builder.endArray(elements)
        case 0xC:
            throw binaryPlistError(.unsupportedObject, "sets are not supported: no other format can hold one", at: start)
        case 0xD:
            let (length, payload) = try count(nibble: nibble, at: start)
            try require(length * 2 * UInt64(refSize), at: payload, for: "dictionary", object: start)
            open(number)
            var members = try builder.beginDictionary()
            let valuesStart = payload + Int(length) * refSize
            // A tree merges a duplicate key itself; a writer cannot, so streaming falls back to it.
            // The key sets are reused (one per open dictionary), so a record costs no set allocation.
            var keys = Builder.reusesValues ? StreamedKeys() : keySets.popLast() ?? StreamedKeys()
            for index in 0..<Int(length) {
                // An index builder takes an ASCII key as the bytes in the file: no String made.
                if Builder.takesUTF8, Builder.reusesValues, let ascii = try asciiKey(at: payload + index * refSize) {
                    try builder.beginMember(validatedUTF8: ascii, in: &members)
                } else {
                    let key = try readKey(at: payload + index * refSize, index: index)
                    if !Builder.reusesValues { try keys.insert(key) }
                    try builder.beginMember(key, in: &members)
                }
                let member = try readReference(at: valuesStart + index * refSize, depth: depth + 1)
                try builder.endMember(member, in: &members)
            }
            close(number)
            if !Builder.reusesValues {
                keys.removeAll()
                keySets.append(keys)
            }
            value = try builder.endDictionary(members)
        case 0x5 where Builder.takesUTF8 && Builder.reusesValues:
            value = try builder.string(validatedUTF8: try asciiBytes(at: start))
        default:
            value = try builder.scalar(try scalar(at: start))
        }
        if Builder.reusesValues {
            cache[number] = value
            expandedSizes[number] = emitted - emittedBefore
        }
        return value
    }

    /// Whether the container `number` is being read (a reference to it now is a cycle).
    @inline(__always)
    mutating func isOpen(_ number: Int) -> Bool {
        Builder.reusesValues ? expandedSizes[number] < 0 : visiting.contains(number)
    }

    /// Marks the container `number` as being read; its size in ``expandedSizes``, set when it
    /// is done, unmarks it.
    @inline(__always)
    mutating func open(_ number: Int) {
        if Builder.reusesValues { expandedSizes[number] = -1 } else { visiting.insert(number) }
    }

    @inline(__always)
    mutating func close(_ number: Int) {
        if !Builder.reusesValues { visiting.remove(number) }
    }

    /// The bytes of the key the reference at `position` names when it is an ASCII string
    /// object, else nil (``readKey(at:index:)`` then reads it, or says what is wrong).
    mutating func asciiKey(at position: Int) throws(Diagnostic) -> UnsafeBufferPointer<UInt8>? {
        let start = try offset(ofObject: try resolve(at: position))
        guard bytes[start] >> 4 == 0x5 else { return nil }
        return try asciiBytes(at: start)
    }

    /// The bytes of the ASCII string object at `start`, checked.
    mutating func asciiBytes(at start: Int) throws(Diagnostic) -> UnsafeBufferPointer<UInt8> {
        let (length, payload) = try count(nibble: bytes[start] & 0x0F, at: start)
        try require(length, at: payload, for: "ASCII string", object: start)
        let slice = UnsafeBufferPointer(rebasing: bytes[payload..<payload + Int(length)])
        guard ByteScanning.isASCII(slice) else {
            throw binaryPlistError(.invalidString, "ASCII string holds a byte above 0x7F", at: start)
        }
        return slice
    }

    /// Adds `values` to the expansion count, refusing a document that expands to more than
    /// four values per byte of input.
    mutating func spend(_ values: Int, forObject number: Int) throws(Diagnostic) {
        emitted += values
        guard emitted <= 4 * bytes.count else {
            throw binaryPlistError(.expansionLimit, "shared containers expand to more than \(4 * bytes.count) values", at: try offset(ofObject: number))
        }
    }

    /// The string of `units` big-endian UTF-16 code units at `payload`, transcoded straight into
    /// the string's storage (no array of code units per string); nil for a lone surrogate.
    mutating func utf16String(units: Int, at payload: Int) -> String? {
        var valid = true
        // A unit takes at most 3 UTF-8 bytes; a surrogate pair (two units) 4.
        let string = String(unsafeUninitializedCapacity: units * 3) { output in
            var written = 0
            var index = 0
            while index < units {
                var scalar = UInt32(bytes[payload + 2 * index]) << 8 | UInt32(bytes[payload + 2 * index + 1])
                index += 1
                if scalar & 0xF800 == 0xD800 {
                    guard scalar < 0xDC00, index < units else { valid = false; return 0 }
                    let low = UInt32(bytes[payload + 2 * index]) << 8 | UInt32(bytes[payload + 2 * index + 1])
                    guard low & 0xFC00 == 0xDC00 else { valid = false; return 0 }
                    index += 1
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { valid = false; return 0 }
                UTF8.encode(unicode) { byte in
                    output[written] = byte
                    written += 1
                }
            }
            return written
        }
        return valid ? string : nil
    }

    /// The object at `start`, which is not a container.
    mutating func scalar(at start: Int) throws(Diagnostic) -> Document {
        let marker = bytes[start]
        let nibble = marker & 0x0F
        let value: Document
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: value = .bool(false)
            case 0x09: value = .bool(true)
            default:
                throw binaryPlistError(.unsupportedObject, "unsupported object marker 0x\(String(marker, radix: 16, uppercase: true))", at: start)
            }
        case 0x1: value = try readInteger(nibble: nibble, at: start)
        case 0x2:
            guard nibble == 2 || nibble == 3 else {
                throw binaryPlistError(.unsupportedObject, "real of \(1 << Int(nibble)) bytes; only 4 and 8 exist", at: start)
            }
            let size = 1 << Int(nibble)
            try require(UInt64(1 + size), at: start, for: "real", object: start)
            let raw = unsigned(at: start + 1, size: size)
            value = .double(size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
        case 0x3:
            guard marker == 0x33 else {
                throw binaryPlistError(.unsupportedObject, "unsupported date marker 0x\(String(marker, radix: 16, uppercase: true))", at: start)
            }
            try require(9, at: start, for: "date", object: start)
            let seconds = Double(bitPattern: unsigned(at: start + 1, size: 8))
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            guard DateText.isRepresentable(date) else {
                throw binaryPlistError(.invalidDate, "date of \(seconds) seconds since 2001 is not a point in \(DateText.yearsText)", at: start)
            }
            value = .date(date)
        case 0x4:
            let (length, payload) = try count(nibble: nibble, at: start)
            try require(length, at: payload, for: "data", object: start)
            value = .data(Data(UnsafeBufferPointer(rebasing: bytes[payload..<payload + Int(length)])))
        case 0x5:
            guard let string = ByteScanning.string(validatingUTF8: try asciiBytes(at: start)) else {
                throw binaryPlistError(.invalidString, "ASCII string holds a byte above 0x7F", at: start)
            }
            value = .string(string)
        case 0x6:
            let (units, payload) = try count(nibble: nibble, at: start)
            try require(units * 2, at: payload, for: "UTF-16 string", object: start)
            guard let string = utf16String(units: Int(units), at: payload) else {
                throw binaryPlistError(.invalidString, "UTF-16 string holds a lone surrogate", at: start)
            }
            value = .string(string)
        default:
            throw binaryPlistError(.unsupportedObject, "unsupported object marker 0x\(String(marker, radix: 16, uppercase: true))", at: start)
        }
        return value
    }

    mutating func readInteger(nibble: UInt8, at start: Int) throws(Diagnostic) -> Document {
        guard nibble <= 4 else {
            throw binaryPlistError(.unsupportedObject, "integer of \(1 << Int(nibble)) bytes; at most 16 exist", at: start)
        }
        let size = 1 << Int(nibble)
        try require(UInt64(1 + size), at: start, for: "integer", object: start)
        switch size {
        case 1, 2, 4: return .integer(Int64(unsigned(at: start + 1, size: size)))
        case 8: return .integer(Int64(bitPattern: unsigned(at: start + 1, size: 8)))
        default:
            let high = unsigned(at: start + 1, size: 8), low = unsigned(at: start + 9, size: 8)
            if high == 0 { return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low) }
            if high == .max, low > UInt64(Int64.max) { return .integer(Int64(bitPattern: low)) }
            throw binaryPlistError(.numberOutOfRange, "128-bit integer does not fit in 64 bits", at: start)
        }
    }
}

/// A reader error at `offset`, made out of line: the recursive reader throws from many places,
/// and building each diagnostic in its own frame would make every level of nesting cost more
/// stack.
@inline(never)
func binaryPlistError(_ code: Diagnostic.Code, _ message: String, at offset: Int) -> Diagnostic {
    Diagnostic(code, message, at: InputLocation(byteOffset: offset))
}

// MARK: - The trailer, for the converter

extension BinaryPlistReader {
    /// The object reference size in a binary property list's trailer, or nil when `data` is too
    /// short to hold one.
    static func referenceSize(in data: Data) -> Int? {
        guard data.count >= 8 + 1 + 32 else { return nil }
        let size = Int(data[data.endIndex - 32 + 7])
        return (1...8).contains(size) ? size : nil
    }

    /// The object count in a binary property list's trailer, or nil when `data` is too short to
    /// hold one (the reader says what is wrong).
    static func objectCount(in data: Data) -> Int? {
        guard data.count >= 8 + 1 + 32 else { return nil }
        let start = data.endIndex - 24
        let count = data[start..<start + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return count <= UInt64(data.count) ? Int(count) : nil
    }
}
