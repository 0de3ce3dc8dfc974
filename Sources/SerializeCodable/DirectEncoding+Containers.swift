/// The encoder and containers of the direct path: each writes into the writer being driven
/// through ``DirectEncodingState``, which checks that the calls come in order.

import Foundation
import SerializeDocument

/// The `Encoder` for one value position (a slot): it may open one container or write one value.
final class DirectValueEncoder: Encoder, SingleValueEncodingContainer {
    enum Use {
        case fresh
        case keyed(Int)
        case unkeyed(Int)
        case used
    }

    /// The state: not retained by an encoder of its pool (``DirectEncodingState/EncoderPool``,
    /// which the state owns, so that the pool is kept with the state from call to call);
    /// retained in ``keepsState`` by any other encoder, and by a pooled one that leaves the pool
    /// while something else holds it.
    let stateRef: Unmanaged<DirectEncodingState>
    var keepsState: DirectEncodingState?
    /// The id of the slot this encoder fills (its coding path is the slot frame's).
    var slot = -1
    var use = Use.fresh

    /// An encoder of `state`'s pool.
    init(pooledBy state: DirectEncodingState) {
        stateRef = Unmanaged.passUnretained(state)
    }

    /// An encoder of its own for slot `slot`, holding the state.
    init(state: DirectEncodingState, slot: Int) {
        stateRef = Unmanaged.passUnretained(state)
        keepsState = state
        reset(slot: slot)
    }

    /// `body` with the state, not retained (see ``stateRef``).
    @inline(__always)
    private func withState<Result>(_ body: (DirectEncodingState) throws -> Result) rethrows -> Result {
        try stateRef._withUnsafeGuaranteedRef(body)
    }

    /// Ready for a new value in slot `slot`.
    func reset(slot: Int) {
        self.slot = slot
        use = .fresh
    }

    var codingPath: [any CodingKey] { withState { $0.renderedPath(ofFrame: slot) } }
    var userInfo: [CodingUserInfoKey: Any] { withState { $0.common.userInfo } }

    /// The dictionary this encoder's keyed containers write into (the tree path shares one too).
    func openDictionary(_ state: DirectEncodingState) -> Int {
        switch use {
        case .fresh:
            let id = state.open(dictionary: true, inSlot: slot)
            use = .keyed(id)
            return id
        case let .keyed(id): return id
        case .unkeyed, .used:
            // The tree path replaces the value: only it can say what is left.
            state.broken = true
            return -1
        }
    }

    /// ``openDictionary(_:)`` with this encoder's state.
    func openDictionary() -> Int { withState { openDictionary($0) } }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        withState { $0.keyedContainer(Key.self, id: openDictionary($0)) }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        withState { state in
            let id: Int
            switch use {
            case .fresh:
                id = state.open(dictionary: false, inSlot: slot)
                use = .unkeyed(id)
            case let .unkeyed(existing): id = existing
            case .keyed, .used:
                state.broken = true
                id = -1
            }
            return DirectUnkeyedEncoder(state: state, id: id)
        }
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: - Single value

    /// Writes this encoder's one value.
    @inline(__always)
    private func put(_ document: (DirectEncodingState) -> Document) throws {
        try withState { state in try put(state) { try state.scalar(document(state)) } }
    }

    private func put(_ state: DirectEncodingState, _ value: () throws -> DirectEncodingState.Value) throws {
        guard case .fresh = use else { throw state.needsTree() }
        use = .used
        try state.fill(slot: slot, with: value)
    }

    func encodeNil() throws { try put { $0.common.null } }
    func encode(_ value: Bool) throws { try put { _ in .bool(value) } }
    func encode(_ value: String) throws { try put { $0.common.string(value) } }
    func encode(_ value: Double) throws { try put { _ in .double(value) } }
    func encode(_ value: Float) throws { try put { _ in .double(Double(value)) } }
    func encode(_ value: Int) throws { try put { _ in .integer(Int64(value)) } }
    func encode(_ value: Int8) throws { try put { _ in .integer(Int64(value)) } }
    func encode(_ value: Int16) throws { try put { _ in .integer(Int64(value)) } }
    func encode(_ value: Int32) throws { try put { _ in .integer(Int64(value)) } }
    func encode(_ value: Int64) throws { try put { _ in .integer(value) } }
    func encode(_ value: UInt) throws { try put { _ in Document(unsigned: UInt64(value)) } }
    func encode(_ value: UInt8) throws { try put { _ in .integer(Int64(value)) } }
    func encode(_ value: UInt16) throws { try put { _ in .integer(Int64(value)) } }
    func encode(_ value: UInt32) throws { try put { _ in .integer(Int64(value)) } }
    func encode(_ value: UInt64) throws { try put { _ in Document(unsigned: value) } }
    func encode<T: Encodable>(_ value: T) throws {
        try withState { state in try put(state) { try state.box(value, step: .none) } }
    }
}

// MARK: - Keyed

struct DirectKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The state and the dictionary's frame id, which a kept container changes
    /// (``DirectEncodingState/KeyedContainers``).
    let target: DirectContainerTarget
    /// The dictionary's frame id (-1: one the stream could not open; every write refuses); its
    /// coding path is the frame's.
    var id: Int { target.id }

    /// `body` with the state, not retained (the state owns the table that keeps the container,
    /// or the target holds it), and the dictionary's id. Both are read from the target first:
    /// `self` is `inout` in the container's methods, so a target read from it during the call
    /// would be retained around it.
    @inline(__always)
    private func withState<Result>(_ body: (DirectEncodingState, Int) throws -> Result) rethrows -> Result {
        let (state, id) = (target.state, target.id)
        return try state._withUnsafeGuaranteedRef { try body($0, id) }
    }

    var codingPath: [any CodingKey] { withState { state, id in state.renderedPath(ofFrame: id) } }

    @inline(__always)
    private func put(_ document: (DirectEncodingState) -> Document, _ key: Key) throws {
        try put({ try $0.scalar(document($0)) }, key)
    }

    /// Member `key` with the scalar value `write` writes.
    @inline(__always)
    private func put(_ write: (DirectEncodingState) throws -> DirectEncodingState.Value, _ key: Key) throws {
        try withState { state, id in try state.member(state.key(key, inFrame: id), in: id, write) }
    }

    mutating func encodeNil(forKey key: Key) throws { try put({ $0.common.null }, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try put({ _ in .bool(value) }, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try put({ try $0.string(value) }, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try put({ _ in .double(value) }, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try put({ _ in .double(Double(value)) }, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try put({ try $0.integer(Int64(value)) }, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put({ _ in .integer(Int64(value)) }, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put({ _ in .integer(Int64(value)) }, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put({ _ in .integer(Int64(value)) }, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put({ try $0.integer(value) }, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put({ _ in Document(unsigned: UInt64(value)) }, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put({ _ in .integer(Int64(value)) }, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put({ _ in .integer(Int64(value)) }, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put({ _ in .integer(Int64(value)) }, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put({ _ in Document(unsigned: value) }, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try withState { state, id in
            let name = key.stringValue
            let documentKey = state.key(key, named: name, inFrame: id)
            if let direct = state.common.direct(value) { return try state.member(documentKey, in: id) { try $0.scalar(direct) } }
            try state.beginMember(documentKey, in: id)
            try state.deliver(try state.boxStructured(value, step: .key(name, key.intValue)))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        withState { state, id in
            let nested = state.openNested(dictionary: true, key: state.key(key, inFrame: id), in: id, step: .key(key.stringValue, key.intValue))
            return state.keyedContainer(NestedKey.self, id: nested)
        }
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        withState { state, id in
            let nested = state.openNested(dictionary: false, key: state.key(key, inFrame: id), in: id, step: .key(key.stringValue, key.intValue))
            return DirectUnkeyedEncoder(state: state, id: nested)
        }
    }

    /// Member `super` (never renamed by a key strategy, as in the tree path).
    mutating func superEncoder() -> any Encoder {
        withState { state, id in
            DirectValueEncoder(state: state, slot: state.openSuper(key: "super", in: id, step: .key(PathKey.super.stringValue, nil)))
        }
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        withState { state, id in
            DirectValueEncoder(state: state, slot: state.openSuper(key: state.key(key, inFrame: id), in: id, step: .key(key.stringValue, key.intValue)))
        }
    }
}

// MARK: - Unkeyed

struct DirectUnkeyedEncoder: UnkeyedEncodingContainer {
    /// The state, held while the container lives; its writes go through ``unretained``, as
    /// `self` is `inout` in them and a reference read from it would be retained around each.
    let state: DirectEncodingState
    private let unretained: Unmanaged<DirectEncodingState>
    /// The array's frame id (-1: one the stream could not open; every write refuses); its
    /// coding path is the frame's.
    let id: Int

    init(state: DirectEncodingState, id: Int) {
        self.state = state
        unretained = Unmanaged.passUnretained(state)
        self.id = id
    }

    var codingPath: [any CodingKey] { state.renderedPath(ofFrame: id) }
    var count: Int { state.count(of: id) }

    @inline(__always)
    private func append(_ document: (DirectEncodingState) -> Document) throws {
        try append { try $0.scalar(document($0)) }
    }

    /// The next element, the scalar value `write` writes.
    @inline(__always)
    private func append(_ write: (DirectEncodingState) throws -> DirectEncodingState.Value) throws {
        let id = self.id
        try unretained._withUnsafeGuaranteedRef { state in
            _ = try state.beginElement(in: id)
            try state.deliver(try write(state))
        }
    }

    mutating func encodeNil() throws { try append { $0.common.null } }
    mutating func encode(_ value: Bool) throws { try append { _ in .bool(value) } }
    mutating func encode(_ value: String) throws { try append { try $0.string(value) } }
    mutating func encode(_ value: Double) throws { try append { _ in .double(value) } }
    mutating func encode(_ value: Float) throws { try append { _ in .double(Double(value)) } }
    mutating func encode(_ value: Int) throws { try append { try $0.integer(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { try append { _ in .integer(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { try append { _ in .integer(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { try append { _ in .integer(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { try append { try $0.integer(value) } }
    mutating func encode(_ value: UInt) throws { try append { _ in Document(unsigned: UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { try append { _ in .integer(Int64(value)) } }
    mutating func encode(_ value: UInt16) throws { try append { _ in .integer(Int64(value)) } }
    mutating func encode(_ value: UInt32) throws { try append { _ in .integer(Int64(value)) } }
    mutating func encode(_ value: UInt64) throws { try append { _ in Document(unsigned: value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let id = self.id
        try unretained._withUnsafeGuaranteedRef { state in
            let index = try state.beginElement(in: id)
            if let direct = state.common.direct(value) { return try state.deliver(try state.scalar(direct)) }
            try state.deliver(try state.boxStructured(value, step: .index(index)))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let index = state.count(of: id)
        let nested = state.openNested(dictionary: true, key: nil, in: id, step: .index(index))
        return state.keyedContainer(NestedKey.self, id: nested)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let index = state.count(of: id)
        let nested = state.openNested(dictionary: false, key: nil, in: id, step: .index(index))
        return DirectUnkeyedEncoder(state: state, id: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let index = state.count(of: id)
        return DirectValueEncoder(state: state, slot: state.openSuper(key: nil, in: id, step: .index(index)))
    }
}
