/// A flat index of a document: what the Codable decoder reads, without a tree.

public import Foundation
package import SerializeCore
public import OrderedCollections

/// A document as one array of entries in document order (swift-foundation's `JSONMap`): each
/// container is followed by its members or elements and knows where it ends, so a decoder walks
/// it without a tree built or freed. Strings and keys are UTF-8 bytes in one buffer, made into
/// `String`s only when asked; numbers, booleans and null sit in their entry; what else a reader
/// hands over (dates, data, numbers beyond 64 bits) waits in ``others``.
///
/// Filled by ``IndexBuilder`` through the readers' one interface (``DocumentBuilder``): the
/// JSON and binary property-list readers fill it directly, any other document is replayed into
/// it (``init(_:)``). Keys are compared as bytes, which is comparing exact Unicode scalars.
@usableFromInline
package struct DocumentIndex: Sendable {
    /// What an entry holds.
    @usableFromInline
    package enum Kind: UInt8, Sendable {
        case null, bool, integer, unsignedInteger, double
        /// UTF-8 bytes in ``text``: `payload` is where they start, `extent` how many.
        case string
        /// A dictionary member's key, as a string; its value's entries follow it.
        case key
        /// A value in ``others``, at `payload`.
        case other
        /// `payload` elements follow; `extent` is the position after the last one's entries.
        case array
        /// `payload` members (a key and its value each) follow; `extent` is the position after
        /// the last one's entries.
        case dictionary
    }

    /// One value, key or container head.
    @usableFromInline
    package struct Entry: Sendable {
        @usableFromInline package var kind: Kind
        /// A dictionary in which some key appears twice (it reads as the tree does: the key at its
        /// first place, with its last value).
        @usableFromInline package var repeatsKeys = false
        /// A dictionary with a key beyond ASCII (only such keys can be canonically equivalent to
        /// another: a `[String: V]` must then check that no two become one `String`).
        @usableFromInline package var hasKeyBeyondASCII = false
        @usableFromInline package var payload: Int
        @usableFromInline package var extent: Int
    }

    @usableFromInline package var entries: [Entry]
    /// The UTF-8 bytes of every string and key.
    @usableFromInline package var text: [UInt8] = []
    @usableFromInline package var others: [Document] = []

    /// The position of a `null` every index holds, for a value that is absent.
    package static let null = 0

    init() {
        entries = [Entry(kind: .null, payload: 0, extent: 0)]
    }

    /// The index of `document`; its root is at the position returned.
    package init(_ document: Document) {
        var storage = IndexStorage()
        self.init(document, reusing: &storage)
    }

    /// The index of `document`, in the memory of `storage` (``IndexStorage``).
    package init(_ document: Document, reusing storage: inout IndexStorage) {
        var builder = IndexBuilder(forInputOf: 0, reusing: &storage)
        // Building an index throws nothing.
        let root = (try? document.build(into: &builder, sortKeys: false)) ?? Self.null
        self = builder.finish(root: root, into: &storage)
    }

    /// Where the top-level value starts.
    package private(set) var root = DocumentIndex.null

    func withRoot(_ root: Int) -> Self {
        var copy = self
        copy.root = root
        return copy
    }

    // MARK: - Reading

    /// The position after the entries of the value at `position`.
    @inlinable @inline(__always)
    package func end(of position: Int) -> Int {
        let entry = entries[position]
        return entry.kind == .array || entry.kind == .dictionary ? entry.extent : position + 1
    }

    /// The bytes of the string or key at `position`.
    @inlinable @inline(__always)
    package func withBytes<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let entry = entries[position]
        return try text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[entry.payload..<entry.payload + entry.extent])) }
    }

    /// The string or key at `position`.
    @inlinable
    package func string(at position: Int) -> String {
        withBytes(at: position) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the string or key at `position` holds exactly the scalars of `name`.
    @inlinable @inline(__always)
    package func bytes(at position: Int, equal name: String) -> Bool {
        let entry = entries[position]
        if let equal = name.utf8.withContiguousStorageIfAvailable({ same(entry, $0) }) { return equal }
        return Array(name.utf8).withUnsafeBufferPointer { same(entry, $0) }
    }

    @inlinable @inline(__always)
    func same(_ entry: Entry, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count == entry.extent else { return false }
        return text.withUnsafeBufferPointer { text in
            guard let bytes = text.baseAddress, let other = name.baseAddress else { return name.count == 0 }
            return memcmp(bytes + entry.payload, other, name.count) == 0
        }
    }

    /// The value at `position` as a `Document` scalar; a container as an empty one of its kind
    /// (what its errors describe).
    @inlinable
    package func scalar(at position: Int) -> Document {
        let entry = entries[position]
        switch entry.kind {
        case .null: return .null
        case .bool: return .bool(entry.payload != 0)
        case .integer: return .integer(Int64(entry.payload))
        case .unsignedInteger: return .unsignedInteger(UInt64(UInt(bitPattern: entry.payload)))
        case .double: return .double(Double(bitPattern: UInt64(UInt(bitPattern: entry.payload))))
        case .string, .key: return .string(string(at: position))
        case .other: return others[entry.payload]
        case .array: return .array([])
        case .dictionary: return .dictionary([:])
        }
    }

    /// The members of the dictionary at `position`: each key's position and its value's, a
    /// repeated key at its first place with its last value.
    package func members(of position: Int) -> [(key: Int, value: Int)] {
        let entry = entries[position]
        var members: [(key: Int, value: Int)] = []
        members.reserveCapacity(entry.payload)
        var key = position + 1
        for _ in 0..<entry.payload {
            members.append((key, key + 1))
            key = end(of: key + 1)
        }
        guard entry.repeatsKeys else { return members }
        var merged = OrderedDictionary<DocumentKey, (key: Int, value: Int)>()
        for member in members {
            let name = DocumentKey(string(at: member.key))
            merged[name] = (merged[name]?.key ?? member.key, member.value)
        }
        return Array(merged.values)
    }

    /// The value at `position` as a `Document` tree.
    package func document(at position: Int) -> Document {
        let entry = entries[position]
        switch entry.kind {
        case .array:
            var elements: [Document] = []
            elements.reserveCapacity(entry.payload)
            var element = position + 1
            for _ in 0..<entry.payload {
                elements.append(document(at: element))
                element = end(of: element)
            }
            return .array(elements)
        case .dictionary:
            var tree = OrderedDictionary<DocumentKey, Document>(minimumCapacity: entry.payload)
            for member in members(of: position) { tree[DocumentKey(string(at: member.key))] = document(at: member.value) }
            return .dictionary(tree)
        default:
            return scalar(at: position)
        }
    }
}

// MARK: - Filling an index

/// Fills a ``DocumentIndex`` from a reader (or a replayed tree).
///
/// It takes strings as UTF-8 bytes (``DocumentBuilder/takesUTF8``) and, as a tree does, takes
/// back a value a reader meets twice (a binary property list's shared object): its entries are
/// copied where it is used again. A repeated key is kept and marked on its dictionary.
package struct IndexBuilder: DocumentBuilder {
    package var index = DocumentIndex()

    package struct OpenArray {
        var head: Int
        var count = 0
        /// Where the element being read starts.
        var next = 0
    }

    package struct OpenDictionary {
        var head: Int
        var count = 0
        var next = 0
        /// Where this dictionary's keys are on ``keyStack``.
        var keys: Int
        var beyondASCII = false
    }

    /// The key positions of the open dictionaries, innermost last (the repeated-key check).
    private var keyStack: [Int] = []

    package init() {}

    /// A builder for about `byteCount` bytes of input, with room for the entries and text they
    /// usually make (so that neither array grows by copying; untouched room costs no memory),
    /// in the memory of an index that is done with, when there is one (``IndexStorage``).
    init(forInputOf byteCount: Int, reusing storage: inout IndexStorage) {
        if storage.entries.capacity > 0 {
            index.entries = storage.entries
            index.text = storage.text
            index.others = storage.others
            keyStack = storage.keyStack
            storage = IndexStorage()
            // Emptied here rather than when given back: the arrays are then referenced only by
            // this builder, and are emptied in place.
            index.entries.removeAll(keepingCapacity: true)
            index.entries.append(DocumentIndex.Entry(kind: .null, payload: 0, extent: 0))
            index.text.removeAll(keepingCapacity: true)
            index.others.removeAll(keepingCapacity: true)
            keyStack.removeAll(keepingCapacity: true)
        }
        index.entries.reserveCapacity(byteCount / 6)
        index.text.reserveCapacity(byteCount)
    }

    /// The index built, its root at `root`; the key stack (empty again) goes back to `storage`.
    mutating func finish(root: Int, into storage: inout IndexStorage) -> DocumentIndex {
        storage.keyStack = keyStack
        keyStack = []
        return index.withRoot(root)
    }

    package static var reusesValues: Bool { true }
    package static var takesUTF8: Bool { true }

    @inline(__always)
    private mutating func append(_ kind: DocumentIndex.Kind, _ payload: Int, _ extent: Int = 0) -> Int {
        index.entries.append(DocumentIndex.Entry(kind: kind, payload: payload, extent: extent))
        return index.entries.count - 1
    }

    @inline(__always)
    private mutating func appendText(_ kind: DocumentIndex.Kind, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let start = index.text.count
        index.text.append(contentsOf: bytes)
        return append(kind, start, bytes.count)
    }

    private mutating func appendText(_ kind: DocumentIndex.Kind, _ string: String) -> Int {
        var string = string
        return string.withUTF8 { appendText(kind, $0) }
    }

    package mutating func scalar(_ value: Document) -> Int {
        switch value {
        case .null: return append(.null, 0)
        case let .bool(bool): return append(.bool, bool ? 1 : 0)
        case let .integer(number): return append(.integer, Int(number))
        case let .unsignedInteger(number): return append(.unsignedInteger, Int(bitPattern: UInt(number)))
        case let .double(number): return append(.double, Int(bitPattern: UInt(number.bitPattern)))
        case let .string(text): return appendText(.string, text)
        default:
            index.others.append(value)
            return append(.other, index.others.count - 1)
        }
    }

    package mutating func string(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int { appendText(.string, bytes) }

    /// Where a value handed to `endElement` or `endMember` is: at `expected` when it was just
    /// read, else a value read before (a shared object), whose entries are copied there.
    @inline(__always)
    private mutating func place(_ value: Int, expected: Int) {
        if value != expected { copy(value) }
    }

    private mutating func copy(_ value: Int) {
        let end = index.end(of: value)
        let shift = index.entries.count - value
        for position in value..<end {
            var entry = index.entries[position]
            if entry.kind == .array || entry.kind == .dictionary { entry.extent += shift }
            index.entries.append(entry)
        }
    }

    package mutating func beginArray() -> OpenArray { OpenArray(head: append(.array, 0)) }
    package mutating func beginElement(in array: inout OpenArray) { array.next = index.entries.count }
    package mutating func endElement(_ value: Int, in array: inout OpenArray) {
        place(value, expected: array.next)
        array.count += 1
    }
    package mutating func endArray(_ array: OpenArray) -> Int { close(array.head, count: array.count) }

    /// Sets a container's count and end, at its end; returns where it starts.
    private mutating func close(_ head: Int, count: Int) -> Int {
        index.entries[head].payload = count
        index.entries[head].extent = index.entries.count
        return head
    }

    package mutating func beginDictionary() -> OpenDictionary { OpenDictionary(head: append(.dictionary, 0), keys: keyStack.count) }
    package mutating func beginMember(_ key: String, in dictionary: inout OpenDictionary) {
        var key = key
        key.withUTF8 { beginMember(validatedUTF8: $0, in: &dictionary) }
    }
    package mutating func beginMember(validatedUTF8 key: UnsafeBufferPointer<UInt8>, in dictionary: inout OpenDictionary) {
        keyStack.append(appendText(.key, key))
        if !dictionary.beyondASCII, !ByteScanning.isASCII(key) { dictionary.beyondASCII = true }
        dictionary.next = index.entries.count
    }
    package mutating func endMember(_ value: Int, in dictionary: inout OpenDictionary) {
        place(value, expected: dictionary.next)
        dictionary.count += 1
    }
    package mutating func endDictionary(_ dictionary: OpenDictionary) -> Int {
        index.entries[dictionary.head].repeatsKeys = repeatsKeys(keyStack[dictionary.keys...])
        index.entries[dictionary.head].hasKeyBeyondASCII = dictionary.beyondASCII
        keyStack.removeSubrange(dictionary.keys...)
        return close(dictionary.head, count: dictionary.count)
    }

    /// Whether two of `keys` hold the same bytes: pair by pair for a few (as the tree builder's
    /// ``TreeBuilder/pairwiseLimit``), through a set of their bytes for more.
    private func repeatsKeys(_ keys: ArraySlice<Int>) -> Bool {
        let entries = index.entries
        return index.text.withUnsafeBufferPointer { text in
            func bytes(_ position: Int) -> UnsafeBufferPointer<UInt8> {
                let entry = entries[position]
                return UnsafeBufferPointer(rebasing: text[entry.payload..<entry.payload + entry.extent])
            }
            if keys.count <= TreeBuilder.pairwiseLimit {
                var first = keys.startIndex
                while first < keys.endIndex {
                    let a = bytes(keys[first])
                    var second = first + 1
                    while second < keys.endIndex {
                        let b = bytes(keys[second])
                        if a.count == b.count, a.elementsEqual(b) { return true }
                        second += 1
                    }
                    first += 1
                }
                return false
            }
            var seen = Set<[UInt8]>(minimumCapacity: keys.count)
            for key in keys where !seen.insert(Array(bytes(key))).inserted { return true }
            return false
        }
    }
}

// MARK: - Reading into an index

extension Format {
    /// The index of `data` in this format, read by its reader (JSON and binary property lists
    /// straight into the index; the others through their `Document`), with the errors
    /// ``read(_:options:)`` throws.
    package func index(_ data: Data, options: FormatOptions) throws(Diagnostic) -> DocumentIndex {
        var storage = IndexStorage()
        return try index(data, options: options, reusing: &storage)
    }

    /// The index of `data`, in the memory of `storage` (``IndexStorage``) when it has some. A
    /// reading error leaves `storage` empty.
    package func index(_ data: Data, options: FormatOptions, reusing storage: inout IndexStorage) throws(Diagnostic) -> DocumentIndex {
        let root: Int
        switch resolved(for: data) {
        case .json:
            var builder = IndexBuilder(forInputOf: data.count, reusing: &storage)
            root = try JSONReader(maximumDepth: options.maximumDepth).read(data, into: &builder)
            return builder.finish(root: root, into: &storage)
        case .binaryPlist:
            var builder = IndexBuilder(forInputOf: data.count, reusing: &storage)
            root = try BinaryPlistReader(maximumDepth: options.maximumDepth).read(data, into: &builder)
            return builder.finish(root: root, into: &storage)
        default: return DocumentIndex(try read(data, options: options), reusing: &storage)
        }
    }
}

// MARK: - Reusing an index's memory

/// The memory of an index that is done with, kept for the next one: its arrays, whose room a
/// new index fills again instead of allocating (``Format/index(_:options:reusing:)``). A decoder
/// that decodes many small documents one at a time (``DocumentDecoder``) keeps one.
package struct IndexStorage: Sendable {
    var entries: [DocumentIndex.Entry] = []
    var text: [UInt8] = []
    var others: [Document] = []
    /// The index builder's stack of open keys.
    var keyStack: [Int] = []

    package init() {}

    /// Takes back the arrays of `index`. They are emptied when next used, by which time nothing
    /// else should hold them (if something does, they are copied then, not overwritten).
    package mutating func reclaim(_ index: consuming DocumentIndex) {
        entries = index.entries
        text = index.text
        others = index.others
    }

    /// The bytes of memory it holds on to.
    package var retainedBytes: Int {
        entries.capacity * MemoryLayout<DocumentIndex.Entry>.stride + text.capacity
            + others.capacity * MemoryLayout<Document>.stride + keyStack.capacity * MemoryLayout<Int>.stride
    }
}
