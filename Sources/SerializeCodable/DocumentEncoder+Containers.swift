/// The encoder one value sees, and its keyed, unkeyed and single-value containers.

import Foundation
import SerializeDocument
import OrderedCollections

/// The `Encoder` handed to one value's `encode(to:)`: it records one slot, a scalar or a
/// container that nested encoders keep writing into.
final class DocumentValueEncoder: Encoder, SingleValueEncodingContainer {
    let state: EncodingState
    /// Where the value is; `var` so that ``EncodingState`` can reuse the encoder for the next value.
    var path: CodingPathNode
    var slot: EncodedSlot?

    init(state: EncodingState, path: CodingPathNode) {
        self.state = state
        self.path = path
    }

    var codingPath: [any CodingKey] { path.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let dictionary: EncodedDictionary
        if case let .dictionary(existing)? = slot {
            dictionary = existing
        } else {
            dictionary = EncodedDictionary()
            slot = .dictionary(dictionary)
        }
        return KeyedEncodingContainer(KeyedDocumentEncoder<Key>(state: state, path: path, dictionary: dictionary))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        if case let .array(existing)? = slot {
            array = existing
        } else {
            array = EncodedArray()
            slot = .array(array)
        }
        return UnkeyedDocumentEncoder(state: state, path: path, array: array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: - Single value

    func encodeNil() { slot = .value(state.null) }
    func encode(_ value: Bool) { slot = .value(.bool(value)) }
    func encode(_ value: String) { slot = .value(state.string(value)) }
    func encode(_ value: Double) { slot = .value(.double(value)) }
    func encode(_ value: Float) { slot = .value(.double(Double(value))) }
    func encode(_ value: Int) { slot = .value(.integer(Int64(value))) }
    func encode(_ value: Int8) { slot = .value(.integer(Int64(value))) }
    func encode(_ value: Int16) { slot = .value(.integer(Int64(value))) }
    func encode(_ value: Int32) { slot = .value(.integer(Int64(value))) }
    func encode(_ value: Int64) { slot = .value(.integer(value)) }
    func encode(_ value: UInt) { slot = .value(Document(unsigned: UInt64(value))) }
    func encode(_ value: UInt8) { slot = .value(.integer(Int64(value))) }
    func encode(_ value: UInt16) { slot = .value(.integer(Int64(value))) }
    func encode(_ value: UInt32) { slot = .value(.integer(Int64(value))) }
    func encode(_ value: UInt64) { slot = .value(Document(unsigned: value)) }
    func encode<T: Encodable>(_ value: T) throws { slot = try state.box(value, at: path) }
}

extension Document {
    /// An unsigned integer as the readers make it: `integer` when it fits `Int64`.
    init(unsigned value: UInt64) {
        self = value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
    }
}

// MARK: - Keyed

struct KeyedDocumentEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: EncodingState
    let path: CodingPathNode
    let dictionary: EncodedDictionary

    var codingPath: [any CodingKey] { path.codingPath }

    @inline(__always)
    private func set(_ value: Document, _ key: Key) { dictionary.members[state.key(key, in: path)] = .value(value) }

    mutating func encodeNil(forKey key: Key) { set(state.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { set(state.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) { set(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) { set(.double(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) { set(.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) { set(Document(unsigned: UInt64(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { set(Document(unsigned: value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let direct = state.direct(value) { return set(direct, key) }
        dictionary.members[state.key(key, in: path)] = try state.box(value, at: path.appending(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let name = state.key(key, in: path)
        let nested: EncodedDictionary
        if case let .dictionary(existing)? = dictionary.members[name] {
            nested = existing
        } else {
            nested = EncodedDictionary()
            dictionary.members[name] = .dictionary(nested)
        }
        return KeyedEncodingContainer(KeyedDocumentEncoder<NestedKey>(state: state, path: path.appending(key), dictionary: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let name = state.key(key, in: path)
        let nested: EncodedArray
        if case let .array(existing)? = dictionary.members[name] {
            nested = existing
        } else {
            nested = EncodedArray()
            dictionary.members[name] = .array(nested)
        }
        return UnkeyedDocumentEncoder(state: state, path: path.appending(key), array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        SlotReferencingEncoder(state: state, path: path.appending(PathKey.super), commit: .member(dictionary, "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SlotReferencingEncoder(state: state, path: path.appending(key), commit: .member(dictionary, state.key(key, in: path)))
    }
}

// MARK: - Unkeyed

struct UnkeyedDocumentEncoder: UnkeyedEncodingContainer {
    let state: EncodingState
    let path: CodingPathNode
    let array: EncodedArray

    var codingPath: [any CodingKey] { path.codingPath }
    var count: Int { array.elements.count }

    @inline(__always)
    private func append(_ value: Document) { array.elements.append(.value(value)) }

    mutating func encodeNil() { append(state.null) }
    mutating func encode(_ value: Bool) { append(.bool(value)) }
    mutating func encode(_ value: String) { append(state.string(value)) }
    mutating func encode(_ value: Double) { append(.double(value)) }
    mutating func encode(_ value: Float) { append(.double(Double(value))) }
    mutating func encode(_ value: Int) { append(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) { append(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) { append(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) { append(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) { append(.integer(value)) }
    mutating func encode(_ value: UInt) { append(Document(unsigned: UInt64(value))) }
    mutating func encode(_ value: UInt8) { append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) { append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) { append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) { append(Document(unsigned: value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let direct = state.direct(value) { return append(direct) }
        let index = array.elements.count
        array.elements.append(.value(.null))
        array.elements[index] = try state.box(value, at: path.appending(index: index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedDictionary()
        let index = array.elements.count
        array.elements.append(.dictionary(nested))
        return KeyedEncodingContainer(KeyedDocumentEncoder<NestedKey>(state: state, path: path.appending(index: index), dictionary: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        let index = array.elements.count
        array.elements.append(.array(nested))
        return UnkeyedDocumentEncoder(state: state, path: path.appending(index: index), array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let index = array.elements.count
        array.elements.append(.dictionary(EncodedDictionary()))
        return SlotReferencingEncoder(state: state, path: path.appending(index: index), commit: .element(array, index))
    }
}

// MARK: - Super encoders

/// The encoder `superEncoder()` returns: whatever the superclass encodes lands in its parent's
/// slot at once (a container it opens is shared, a scalar is stored), so nothing waits for a
/// `deinit`.
final class SlotReferencingEncoder: Encoder {
    enum Commit {
        case member(EncodedDictionary, String)
        case element(EncodedArray, Int)
    }

    private let inner: DocumentValueEncoder
    private let commit: Commit

    init(state: EncodingState, path: CodingPathNode, commit: Commit) {
        inner = DocumentValueEncoder(state: state, path: path)
        self.commit = commit
        // Foundation's encoders leave an empty dictionary when the superclass encodes nothing.
        store(.dictionary(EncodedDictionary()))
    }

    var codingPath: [any CodingKey] { inner.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { inner.userInfo }

    private func store(_ slot: EncodedSlot) {
        switch commit {
        case let .member(dictionary, key): dictionary.members[key] = slot
        case let .element(array, index): array.elements[index] = slot
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let container = inner.container(keyedBy: type)
        if let slot = inner.slot { store(slot) }
        return container
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let container = inner.unkeyedContainer()
        if let slot = inner.slot { store(slot) }
        return container
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SuperSingleValue(owner: self) }

    /// A single-value container whose every write lands in the parent's slot.
    struct SuperSingleValue: SingleValueEncodingContainer {
        let owner: SlotReferencingEncoder
        var codingPath: [any CodingKey] { owner.codingPath }
        private func write(_ body: (DocumentValueEncoder) throws -> Void) rethrows {
            try body(owner.inner)
            if let slot = owner.inner.slot { owner.store(slot) }
        }
        mutating func encodeNil() { write { $0.encodeNil() } }
        mutating func encode(_ value: Bool) { write { $0.encode(value) } }
        mutating func encode(_ value: String) { write { $0.encode(value) } }
        mutating func encode(_ value: Double) { write { $0.encode(value) } }
        mutating func encode(_ value: Float) { write { $0.encode(value) } }
        mutating func encode(_ value: Int) { write { $0.encode(value) } }
        mutating func encode(_ value: Int8) { write { $0.encode(value) } }
        mutating func encode(_ value: Int16) { write { $0.encode(value) } }
        mutating func encode(_ value: Int32) { write { $0.encode(value) } }
        mutating func encode(_ value: Int64) { write { $0.encode(value) } }
        mutating func encode(_ value: UInt) { write { $0.encode(value) } }
        mutating func encode(_ value: UInt8) { write { $0.encode(value) } }
        mutating func encode(_ value: UInt16) { write { $0.encode(value) } }
        mutating func encode(_ value: UInt32) { write { $0.encode(value) } }
        mutating func encode(_ value: UInt64) { write { $0.encode(value) } }
        mutating func encode<T: Encodable>(_ value: T) throws { try write { try $0.encode(value) } }
    }
}
