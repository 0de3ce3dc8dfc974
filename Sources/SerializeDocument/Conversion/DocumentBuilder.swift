/// The one interface between readers and writers: a document handed over value by value.

import Foundation
package import SerializeCore
import OrderedCollections

/// Receives a document from a reader (or from a ``Document`` tree) one value at a time.
///
/// A reader calls these in document order; the builder decides what a value becomes. The tree
/// builder makes ``Document`` values; each writer is a builder that writes bytes as values arrive,
/// so JSON can be converted to a property list without building the tree at all.
package protocol DocumentBuilder {
    /// What a finished value is to this builder: a `Document`, nothing, an object number.
    associatedtype Value
    /// An array being built.
    associatedtype ArrayState
    /// A dictionary being built.
    associatedtype DictionaryState

    /// Whether a value may be handed back to the builder again where a reader meets the same
    /// object twice (a binary plist's shared objects): true for trees, false for writers.
    static var reusesValues: Bool { get }

    /// A value that is not a container.
    mutating func scalar(_ value: Document) throws(Diagnostic) -> Value
    mutating func beginArray() throws(Diagnostic) -> ArrayState
    /// Called before each element's value is read.
    mutating func beginElement(in array: inout ArrayState) throws(Diagnostic)
    mutating func endElement(_ value: Value, in array: inout ArrayState) throws(Diagnostic)
    mutating func endArray(_ array: ArrayState) throws(Diagnostic) -> Value
    mutating func beginDictionary() throws(Diagnostic) -> DictionaryState
    /// Called with each key before its value is read.
    mutating func beginMember(_ key: String, in dictionary: inout DictionaryState) throws(Diagnostic)
    mutating func endMember(_ value: Value, in dictionary: inout DictionaryState) throws(Diagnostic)
    mutating func endDictionary(_ dictionary: DictionaryState) throws(Diagnostic) -> Value
    /// Whether a reader that has a string's UTF-8 bytes (the JSON reader) hands strings and keys
    /// over as bytes it has validated, through ``string(validatedUTF8:)`` and
    /// ``beginMember(validatedUTF8:in:)``, rather than as `String`s: true for the writers, which
    /// copy or transcode the bytes, so that converting makes no `String` per string.
    static var takesUTF8: Bool { get }
    /// A string value from UTF-8 bytes the reader has validated (only when ``takesUTF8``).
    mutating func string(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Value
    /// Called with each key's validated UTF-8 bytes before its value is read (only when
    /// ``takesUTF8``); the bytes are valid only during the call.
    mutating func beginMember(validatedUTF8 key: UnsafeBufferPointer<UInt8>, in dictionary: inout DictionaryState) throws(Diagnostic)
    /// A string value from validated UTF-8 bytes that hold no `"`, no `\\` and no control byte
    /// (the JSON reader's string without escapes, as it lies in the input), which a JSON writer
    /// copies between quotes as they are. The default hands them to ``string(validatedUTF8:)``.
    mutating func string(plainUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Value
    /// A key as ``string(plainUTF8:)`` says; the default hands it to
    /// ``beginMember(validatedUTF8:in:)``.
    mutating func beginMember(plainUTF8 key: UnsafeBufferPointer<UInt8>, in dictionary: inout DictionaryState) throws(Diagnostic)
    /// The escapes this builder writes itself when it writes a string as JSON text (the JSON
    /// writer's: ``JSONOwnEscapes/writers``), or nil (the default). When there are some, the
    /// JSON reader hands a string value whose every escape is one of them, and whose other bytes
    /// need none, over as written, through ``string(ownJSONEscapes:)``, without decoding it.
    static var ownJSONEscapes: JSONOwnEscapes? { get }
    /// A string value as written in JSON text (validated UTF-8, between the quotes), its every
    /// escape one of ``ownJSONEscapes``'s and its other bytes no `"`, `\` or control byte; only
    /// when ``ownJSONEscapes`` is not nil. The default decodes it for ``string(validatedUTF8:)``.
    mutating func string(ownJSONEscapes bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Value
    /// A number the reader has read (`value`: ``Document/integer(_:)``,
    /// ``Document/unsignedInteger(_:)``, ``Document/double(_:)`` or ``Document/number(_:)``)
    /// with the text it was read from (JSON's number grammar, checked), valid only during the
    /// call: a JSON writer copies an integer's text when it is what it would print. The default
    /// hands `value` to ``scalar(_:)``.
    mutating func number(_ value: Document, text: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Value
    /// Called by every reader just before a value is read, with the byte offset where it starts:
    /// only the locating builder (``Format/location(of:in:)``) uses it; for every other builder
    /// it is the empty default, which specialization removes.
    mutating func valueStarts(at offset: Int)
    /// Whether the JSON reader hands a key an object repeats to
    /// ``duplicateKey(_:at:firstAt:)`` and reads on: only the JSON linter's builder
    /// (`JSONLinter`). Otherwise a tree merges the members (the last value wins) and a writer,
    /// which cannot, makes the reader throw ``Diagnostic/Code/duplicateKeyNeedsTree``.
    static var collectsDuplicateKeys: Bool { get }
    /// A key the innermost open dictionary already has (only when ``collectsDuplicateKeys``),
    /// with the byte offsets where its member and the first one start; called before
    /// ``beginMember(_:in:)`` for it.
    mutating func duplicateKey(_ key: String, at offset: Int, firstAt firstOffset: Int)
}

// MARK: - Building trees

/// Builds ``Document`` values.
///
/// The members and elements of every open container wait on two stacks shared by all of them,
/// innermost last, and each container is made at its end with exactly its size: no array
/// grows by doubling per container, and the stacks keep their capacity from one to the next.
struct TreeBuilder: DocumentBuilder {
    /// Where an open dictionary's keys and values start on the stacks.
    struct PendingDictionary {
        var keys: Int
        var values: Int
    }

    /// The keys of the open dictionaries' members, in order.
    private var keys: [DocumentKey] = []
    /// The values of the open containers' members and elements, in order.
    private var values: [Document] = []

    static var reusesValues: Bool { true }

    func scalar(_ value: Document) -> Document { value }
    func beginArray() -> Int { values.count }
    func beginElement(in array: inout Int) {}
    mutating func endElement(_ value: Document, in array: inout Int) { values.append(value) }
    mutating func endArray(_ start: Int) -> Document {
        let elements = Array(values[start...])
        values.removeSubrange(start...)
        return .array(elements)
    }
    func beginDictionary() -> PendingDictionary { PendingDictionary(keys: keys.count, values: values.count) }
    mutating func beginMember(_ key: String, in dictionary: inout PendingDictionary) { keys.append(DocumentKey(key)) }
    mutating func endMember(_ value: Document, in dictionary: inout PendingDictionary) { values.append(value) }
    mutating func endDictionary(_ start: PendingDictionary) -> Document {
        let members: OrderedDictionary<DocumentKey, Document>
        if keys.count - start.keys <= Self.pairwiseLimit, Self.allDifferent(keys[start.keys...]) {
            // The common case: a small dictionary made from its keys and values as they are
            // (no lookup per member; a dictionary this small has no hash table).
            members = OrderedDictionary(uncheckedUniqueKeys: keys[start.keys...], values: values[start.values...])
        } else {
            // A repeated key keeps its first place and takes the last value.
            var merged = OrderedDictionary<DocumentKey, Document>(minimumCapacity: keys.count - start.keys)
            for (key, value) in zip(keys[start.keys...], values[start.values...]) { merged[key] = value }
            members = merged
        }
        keys.removeSubrange(start.keys...)
        values.removeSubrange(start.values...)
        return .dictionary(members)
    }

    /// The most keys compared pair by pair for a repeat; a larger dictionary merges through its
    /// hash table.
    static let pairwiseLimit = 12

    /// Whether no two of `keys` hold the same scalars.
    static func allDifferent(_ keys: ArraySlice<DocumentKey>) -> Bool {
        var index = keys.startIndex
        while index < keys.endIndex {
            var other = index + 1
            while other < keys.endIndex {
                if keys[index] == keys[other] { return false }
                other += 1
            }
            index += 1
        }
        return true
    }
}

extension DocumentBuilder {
    package static var reusesValues: Bool { false }
    package static var takesUTF8: Bool { false }
    @inline(__always) package mutating func valueStarts(at offset: Int) {}
    package static var collectsDuplicateKeys: Bool { false }
    package mutating func duplicateKey(_ key: String, at offset: Int, firstAt firstOffset: Int) {}

    package mutating func string(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Value {
        try scalar(.string(String(decoding: bytes, as: UTF8.self)))
    }

    package mutating func beginMember(validatedUTF8 key: UnsafeBufferPointer<UInt8>, in dictionary: inout DictionaryState) throws(Diagnostic) {
        try beginMember(String(decoding: key, as: UTF8.self), in: &dictionary)
    }

    @inline(__always)
    package mutating func string(plainUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Value {
        try string(validatedUTF8: bytes)
    }

    @inline(__always)
    package mutating func beginMember(plainUTF8 key: UnsafeBufferPointer<UInt8>, in dictionary: inout DictionaryState) throws(Diagnostic) {
        try beginMember(validatedUTF8: key, in: &dictionary)
    }

    package static var ownJSONEscapes: JSONOwnEscapes? { nil }

    /// Decodes the text by the JSON reader's rules (its one unescaper), as the string it is.
    package mutating func string(ownJSONEscapes bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Value {
        var quoted: [UInt8] = [UInt8(ascii: "\"")]
        quoted.append(contentsOf: bytes)
        quoted.append(UInt8(ascii: "\""))
        return try quoted.withUnsafeBufferPointer { (text) throws(Diagnostic) -> Value in
            var parser = JSONParser(bytes: text, maximumDepth: 1, builder: TreeBuilder())
            let string = try parser.parseStringBytes()
            return try parser.withBytes(of: string) { (_, utf8, _) throws(Diagnostic) in try self.string(validatedUTF8: utf8) }
        }
    }

    @inline(__always)
    package mutating func number(_ value: Document, text: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Value {
        try scalar(value)
    }
}

// MARK: - Replaying trees

extension Document {
    /// Hands this tree to `builder`, dictionary members in document order or sorted by the
    /// UTF-8 bytes of their keys.
    func build<Builder: DocumentBuilder>(into builder: inout Builder, sortKeys: Bool) throws(Diagnostic) -> Builder.Value {
        switch self {
        case let .array(elements):
            var state = try builder.beginArray()
            for element in elements {
                try builder.beginElement(in: &state)
                let value = try element.build(into: &builder, sortKeys: sortKeys)
                try builder.endElement(value, in: &state)
            }
            return try builder.endArray(state)
        case let .dictionary(members):
            var state = try builder.beginDictionary()
            if sortKeys {
                for key in members.keys.sorted() {
                    guard let member = members[key] else { continue }
                    try builder.beginMember(key.string, in: &state)
                    let value = try member.build(into: &builder, sortKeys: sortKeys)
                    try builder.endMember(value, in: &state)
                }
            } else {
                for (key, member) in members {
                    try builder.beginMember(key.string, in: &state)
                    let value = try member.build(into: &builder, sortKeys: sortKeys)
                    try builder.endMember(value, in: &state)
                }
            }
            return try builder.endDictionary(state)
        default:
            return try builder.scalar(self)
        }
    }
}

extension Diagnostic.Code {
    /// A streaming reader met a duplicate key, which only a tree can merge (the last value at the
    /// first key's place); ``Format/convert(_:to:reading:writing:)`` reads again into a tree.
    /// Never reported to the user.
    static let duplicateKeyNeedsTree = Self(rawValue: "duplicateKeyNeedsTree")
    /// ``XMLPlistScanner`` declined an XML property list: ``Format/stream(_:from:to:reading:writing:edit:progress:)``
    /// starts again with fresh writers on libxml2. Never reported to the user.
    static let xmlScanDeclined = Self(rawValue: "xmlScanDeclined")
}

/// The keys of one dictionary being streamed, to find a duplicate key (by exact scalars, as
/// ``DocumentKey`` compares them: `K` and U+212A are two keys).
struct StreamedKeys {
    private var keys: Set<DocumentKey> = []

    /// Records `key`; throws ``Diagnostic/Code/duplicateKeyNeedsTree`` when it was already seen.
    mutating func insert(_ key: String) throws(Diagnostic) {
        guard keys.insert(DocumentKey(key)).inserted else {
            throw Diagnostic(.duplicateKeyNeedsTree, "duplicate key \"\(key)\"")
        }
    }

    /// Forgets every key, keeping a small set's storage for the next dictionary (a large one's
    /// is let go: emptying it would cost its capacity each time).
    mutating func removeAll() {
        if keys.capacity > 64 { keys = [] } else { keys.removeAll(keepingCapacity: true) }
    }
}
