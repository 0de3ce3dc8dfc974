/// The decoder one value sees, and its keyed, unkeyed and single-value containers.

import Foundation
import OrderedCollections
import SerializeDocument
import SerializeCore

/// The `Decoder` handed to one value's `init(from:)`.
final class DocumentValueDecoder: Decoder, SingleValueDecodingContainer {
    let state: DecodingState
    /// Where the value is in the index, and its path (its node made only when asked for); `var`
    /// so that ``DecodingState`` can reuse the decoder for the next value.
    @exclusivity(unchecked) var position: Int
    @exclusivity(unchecked) var path: PendingPath

    init(state: DecodingState, position: Int, path: PendingPath) {
        self.state = state
        self.position = position
        self.path = path
    }

    var codingPath: [any CodingKey] { path.node.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }
    /// The value as a `Document` scalar (a container as an empty one, for its errors).
    private var value: Document { state.index.scalar(at: position) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try Self.container(keyedBy: type, state: state, position: position, path: path)
    }

    /// The keyed container of the value at `position`; a nested container asks for it without
    /// a decoder object.
    static func container<Key: CodingKey>(
        keyedBy type: Key.Type, state: DecodingState, position: Int, path: PendingPath
    ) throws -> KeyedDecodingContainer<Key> {
        let entry = state.index.entries[position]
        guard entry.kind == .dictionary else {
            // CSV writes an empty dictionary as the text `{}`.
            if state.fromText, entry.kind == .string, state.index.bytes(at: position, equal: "{}") {
                return state.keyedContainer(type, head: DocumentIndex.null, path: path, table: [:])
            }
            if state.isNull(position) {
                throw DecodingError.valueNotFound(
                    [String: Any].self, .init(codingPath: path.node.codingPath, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
            }
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: path.node.codingPath, debugDescription: "Expected to decode Dictionary<String, Any> but found \(DecodingState.describe(state.index.scalar(at: position))) instead."))
        }
        if let custom = state.custom.keys {
            return state.keyedContainer(type, head: position, path: path, table: try renamed(position, by: custom, state: state, at: path.node))
        }
        let table = entry.repeatsKeys ? KeyedDocumentDecoderBase.memberTable(of: position, in: state.index) : nil
        return state.keyedContainer(type, head: position, path: path, table: table)
    }

    /// The members of the dictionary at `position` under the keys a ``CustomDecoding/keys``
    /// closure makes of theirs; two members it gives one key are refused, not merged.
    private static func renamed(
        _ position: Int, by custom: (_ codingPath: [any CodingKey]) -> any CodingKey, state: DecodingState, at path: CodingPathNode
    ) throws -> OrderedDictionary<DocumentKey, Int> {
        let index = state.index
        var renamed = OrderedDictionary<DocumentKey, Int>()
        var from: [DocumentKey: DocumentKey] = [:]
        let parent = path.codingPath
        for member in index.members(of: position) {
            let key = DocumentKey(index.string(at: member.key))
            let name = DocumentKey(custom(parent + [PathKey(stringValue: key.string, intValue: nil)]).stringValue)
            if let first = from[name] {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: parent, debugDescription: "Keys \"\(first.string)\" and \"\(key.string)\" both become \"\(name.string)\" through the custom key strategy; the decoder would lose one of them."))
            }
            from[name] = key
            renamed[name] = member.value
        }
        return renamed
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try Self.unkeyedContainer(state: state, position: position, path: path)
    }

    /// The unkeyed container of the value at `position`; a nested container asks for it without
    /// a decoder object.
    static func unkeyedContainer(state: DecodingState, position: Int, path pending: PendingPath) throws -> any UnkeyedDecodingContainer {
        let entry = state.index.entries[position]
        // An array's elements all need its node as their parent: made here, once.
        let path = pending.node
        guard entry.kind == .array else {
            // CSV writes an empty array as the text `[]`.
            if state.fromText, entry.kind == .string, state.index.bytes(at: position, equal: "[]") {
                return UnkeyedDocumentDecoder(state: state, head: position, count: 0, path: path)
            }
            if state.isNull(position) {
                throw DecodingError.valueNotFound(
                    [Any].self, .init(codingPath: path.codingPath, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
            }
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: path.codingPath, debugDescription: "Expected to decode Array<Any> but found \(DecodingState.describe(state.index.scalar(at: position))) instead."))
        }
        return UnkeyedDocumentDecoder(state: state, head: position, count: entry.payload, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: - Single value

    func decodeNil() -> Bool { state.isNull(position) }
    func decode(_ type: Bool.Type) throws -> Bool { try state.bool(position, at: path.node) }
    func decode(_ type: String.Type) throws -> String { try state.string(position, at: path.node) }
    func decode(_ type: Double.Type) throws -> Double { try state.double(position, at: path.node) }
    func decode(_ type: Float.Type) throws -> Float { try state.float(value, at: path.node) }
    func decode(_ type: Int.Type) throws -> Int { try state.integer(position, as: type, at: path.node) }
    func decode(_ type: Int8.Type) throws -> Int8 { try state.integer(position, as: type, at: path.node) }
    func decode(_ type: Int16.Type) throws -> Int16 { try state.integer(position, as: type, at: path.node) }
    func decode(_ type: Int32.Type) throws -> Int32 { try state.integer(position, as: type, at: path.node) }
    func decode(_ type: Int64.Type) throws -> Int64 { try state.integer(position, as: type, at: path.node) }
    func decode(_ type: UInt.Type) throws -> UInt { try state.integer(position, as: type, at: path.node) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try state.integer(position, as: type, at: path.node) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try state.integer(position, as: type, at: path.node) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try state.integer(position, as: type, at: path.node) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try state.integer(position, as: type, at: path.node) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try state.unbox(position, as: type, at: path) }
}

// MARK: - Keyed

/// What a keyed container reads: the dictionary, its path and the cursor, in a class that is
/// not generic, so that a kept container (``KeptContainers``) is pointed at a new dictionary
/// without knowing its key type.
///
/// A class, so that the standard library's container box holds one reference: a struct of
/// several would be copied through its value witnesses on every call. Its fields are read and
/// changed without the run-time exclusivity check (`@exclusivity(unchecked)`): no access to one
/// spans a call out of this class, so two can never overlap.
class KeyedDocumentDecoderBase {
    /// Not retained: the decoding's state owns the table that keeps the container
    /// (``keepsState`` holds it once the container leaves the table while held elsewhere).
    @exclusivity(unchecked) final var state: Unmanaged<DecodingState>
    /// The state, retained for a container that outlived its value or its decoding.
    @exclusivity(unchecked) final var keepsState: DecodingState?
    /// The dictionary's entry in the index, and its number of members.
    @exclusivity(unchecked) final var head: Int
    @exclusivity(unchecked) final var count: Int
    /// The container's path; its node is made the first time a nested value or an error needs it.
    @exclusivity(unchecked) final var pending: PendingPath
    @exclusivity(unchecked) final var pathNode: CodingPathNode?
    /// The value positions by key, when the members are not looked up in place.
    @exclusivity(unchecked) final var table: OrderedDictionary<DocumentKey, Int>?
    /// The key after the member found last, and how many members come before it.
    @exclusivity(unchecked) final var cursor: Int
    @exclusivity(unchecked) final var ordinal = 0
    /// The key of the member found last: asked for again (`contains`, then `decodeNil`, then
    /// `decode`, as `decodeIfPresent` does by default), it is found with one comparison.
    @exclusivity(unchecked) final var lastKey = DocumentIndex.null

    init(state: DecodingState, head: Int, path: PendingPath, table: OrderedDictionary<DocumentKey, Int>?) {
        self.state = Unmanaged.passUnretained(state)
        self.head = head
        count = state.index.entries[head].payload
        pending = path
        self.table = table
        cursor = head + 1
    }

    /// Ready to read the dictionary at `head` of `state` from its first member.
    @inline(__always)
    final func reset(state: DecodingState, head: Int, path: PendingPath, table: OrderedDictionary<DocumentKey, Int>?) {
        self.state = Unmanaged.passUnretained(state)
        self.head = head
        count = state.index.entries[head].payload
        pending = path
        pathNode = nil
        self.table = table
        cursor = head + 1
        ordinal = 0
        lastKey = DocumentIndex.null
    }

    /// Lets go of what the container read, kept until it is handed out again.
    final func forget() {
        pending = .root
        pathNode = nil
        table = nil
    }

    /// The members of the dictionary at `position` by key.
    static func memberTable(of position: Int, in index: DocumentIndex) -> OrderedDictionary<DocumentKey, Int> {
        let members = index.members(of: position)
        return OrderedDictionary(uncheckedUniqueKeys: members.map { DocumentKey(index.string(at: $0.key)) }, values: members.map(\.value))
    }
}

/// The members are read in place in the index: a key is found by comparing its bytes, first at
/// the member after the one found last (a type asks for its members in the order its encoder
/// wrote them, so one comparison usually finds it), else member by member; a large dictionary
/// missed once, one with a repeated key and one renamed by a custom key strategy are looked up
/// through a table of their members instead.
final class KeyedDocumentDecoder<Key: CodingKey>: KeyedDocumentDecoderBase, KeyedDecodingContainerProtocol {
    /// The most members looked through one by one after a miss; a larger dictionary makes its
    /// table.
    private static var scanLimit: Int { 16 }

    /// `body` with the state, not retained (see ``KeyedDocumentDecoderBase/state``).
    @inline(__always)
    private func withState<Result>(_ body: (DecodingState) throws -> Result) rethrows -> Result {
        try state._withUnsafeGuaranteedRef(body)
    }

    var path: CodingPathNode {
        if let pathNode { return pathNode }
        let node = pending.node
        pathNode = node
        return node
    }

    var codingPath: [any CodingKey] { path.codingPath }

    var allKeys: [Key] {
        withState { state in
            let keys = table.map { $0.keys.map(\.string) } ?? state.index.members(of: head).map { state.index.string(at: $0.key) }
            return keys.compactMap { Key(stringValue: state.snakeCase && state.custom.keys == nil ? SnakeCase.camelCase($0) : $0) }
        }
    }

    func contains(_ key: Key) -> Bool { withState { position(named: $0.documentKey(key), in: $0) != nil } }

    /// Where the value of the member named `name` (by exact scalars) is.
    @inline(__always)
    private func position(named name: String, in state: DecodingState) -> Int? {
        if table == nil {
            if ordinal < count, state.index.bytes(at: cursor, equal: name) {
                lastKey = cursor
                let value = cursor + 1
                ordinal += 1
                cursor = state.index.end(of: value)
                return value
            }
            if lastKey != DocumentIndex.null, state.index.bytes(at: lastKey, equal: name) { return lastKey + 1 }
        }
        return lookUp(name, in: state)
    }

    /// A key not at the cursor: member by member in a small dictionary, else through the table.
    private func lookUp(_ name: String, in state: DecodingState) -> Int? {
        if table == nil {
            guard count > Self.scanLimit else {
                let index = state.index
                var key = head + 1
                for found in 0..<count {
                    let end = state.index.end(of: key + 1)
                    if index.bytes(at: key, equal: name) {
                        ordinal = found + 1
                        cursor = end
                        lastKey = key
                        return key + 1
                    }
                    key = end
                }
                return nil
            }
            table = Self.memberTable(of: head, in: state.index)
        }
        return table?[DocumentKey(name)]
    }

    @inline(__always)
    private func member(_ key: Key, in state: DecodingState) throws -> Int {
        guard let position = position(named: state.documentKey(key), in: state) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return position
    }

    func decodeNil(forKey key: Key) throws -> Bool { try withState { $0.isNull(try member(key, in: $0)) } }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try withState { try $0.bool(try member(key, in: $0), at: path.appending(key)) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try withState { try $0.string(try member(key, in: $0), at: path.appending(key)) } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try withState { try $0.double(try member(key, in: $0), at: path.appending(key)) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try withState { try $0.float($0.index.scalar(at: try member(key, in: $0)), at: path.appending(key)) }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
        try withState { try $0.integer(try member(key, in: $0), as: T.self, at: path.appending(key)) }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try withState { try $0.unbox(try member(key, in: $0), as: type, at: PendingPath(path, key: key)) }
    }

    // MARK: Optional members

    // What the standard library's `decodeIfPresent` does (`contains`, then `decodeNil`, then
    // `decode`), with one lookup of the key instead of three.

    /// The position of the member named by `key` unless it is absent or stands for `nil`.
    @inline(__always)
    private func present(_ key: Key, in state: DecodingState) -> Int? {
        guard let position = position(named: state.documentKey(key), in: state), !state.isNull(position) else { return nil }
        return position
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try withState { state in
            guard let position = present(key, in: state) else { return nil }
            return try state.bool(position, at: path.appending(key))
        }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try withState { state in
            guard let position = present(key, in: state) else { return nil }
            return try state.string(position, at: path.appending(key))
        }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try withState { state in
            guard let position = present(key, in: state) else { return nil }
            return try state.double(position, at: path.appending(key))
        }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try withState { state in
            guard let position = present(key, in: state) else { return nil }
            return try state.integer(position, as: type, at: path.appending(key))
        }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try withState { state in
            guard let position = present(key, in: state) else { return nil }
            return try state.integer(position, as: type, at: path.appending(key))
        }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try withState { state in
            guard let position = present(key, in: state) else { return nil }
            return try state.unbox(position, as: type, at: PendingPath(path, key: key))
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try withState { state in
            try DocumentValueDecoder.container(keyedBy: type, state: state, position: try member(key, in: state), path: PendingPath(path, key: key))
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try withState { state in
            try DocumentValueDecoder.unkeyedContainer(state: state, position: try member(key, in: state), path: PendingPath(path, key: key))
        }
    }

    func superDecoder() throws -> any Decoder {
        withState { state in
            DocumentValueDecoder(state: state, position: position(named: "super", in: state) ?? DocumentIndex.null, path: PendingPath(path, key: PathKey.super))
        }
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        withState { state in
            DocumentValueDecoder(state: state, position: position(named: state.documentKey(key), in: state) ?? DocumentIndex.null, path: PendingPath(path, key: key))
        }
    }
}

extension DecodingState {
    /// A keyed container for `Key` reading the dictionary at `head`: the kept one when nothing
    /// else holds it, or a new one, kept (``KeptContainers``).
    @inline(__always)
    func keyedContainer<Key: CodingKey>(
        _ key: Key.Type, head: Int, path: PendingPath, table: OrderedDictionary<DocumentKey, Int>?
    ) -> KeyedDecodingContainer<Key> {
        switch keyedContainers.find(key, evict: { $0.keepsState = self }) {
        case let .kept(box, target):
            target.reset(state: self, head: head, path: path, table: table)
            return unsafeBitCast(box, to: KeyedDecodingContainer<Key>.self)
        case let .place(place):
            return makeKeyedContainer(key, head: head, path: path, table: table, place: place)
        }
    }

    /// A new container for `Key`, kept at `place`. Apart, so that the metadata the making
    /// needs is not looked up for a kept one.
    @inline(never)
    private func makeKeyedContainer<Key: CodingKey>(
        _ key: Key.Type, head: Int, path: PendingPath, table: OrderedDictionary<DocumentKey, Int>?, place: Int?
    ) -> KeyedDecodingContainer<Key> {
        let target = KeyedDocumentDecoder<Key>(state: self, head: head, path: path, table: table)
        let made = KeyedDecodingContainer(target)
        if let place, let box = KeptContainers<KeyedDocumentDecoderBase>.box(of: made) {
            keyedContainers.keep(key, box: box, target: target, at: place)
        } else {
            target.keepsState = self
        }
        return made
    }
}

extension DecodingState {
    /// The document key a coding key is looked up by: the same conversion the encoder applies, so
    /// `myURLValue` finds `my_url_value` (which `.convertFromSnakeCase` would read as `myUrlValue`).
    @inline(__always)
    func documentKey(_ key: some CodingKey) -> String {
        // A custom key strategy renamed the members already (DocumentValueDecoder.container).
        snakeCase && custom.keys == nil ? SnakeCase.convert(key.stringValue) : key.stringValue
    }
}

// MARK: - Unkeyed

struct UnkeyedDocumentDecoder: UnkeyedDecodingContainer {
    let state: DecodingState
    let path: CodingPathNode
    private let elementCount: Int
    private(set) var currentIndex = 0
    /// Where the element at ``currentIndex`` starts in the index.
    private var cursor: Int

    init(state: DecodingState, head: Int, count: Int, path: CodingPathNode) {
        self.state = state
        elementCount = count
        cursor = head + 1
        self.path = path
    }

    var codingPath: [any CodingKey] { path.codingPath }
    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    /// The next element's position and its index (its coding-path node is made only where needed).
    private mutating func next(_ type: Any.Type) throws -> (Int, Int) {
        guard currentIndex < elementCount else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: path.appending(index: currentIndex).codingPath, debugDescription: "Unkeyed container is at end."))
        }
        let position = cursor
        cursor = state.index.end(of: position)
        currentIndex += 1
        return (position, currentIndex - 1)
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elementCount else {
            throw DecodingError.valueNotFound(
                Never?.self, .init(codingPath: path.appending(index: currentIndex).codingPath, debugDescription: "Unkeyed container is at end."))
        }
        if state.isNull(cursor) {
            cursor = state.index.end(of: cursor)
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { let (p, i) = try next(type); return try state.bool(p, at: path.appending(index: i)) }
    mutating func decode(_ type: String.Type) throws -> String { let (p, i) = try next(type); return try state.string(p, at: path.appending(index: i)) }
    mutating func decode(_ type: Double.Type) throws -> Double { let (p, i) = try next(type); return try state.double(p, at: path.appending(index: i)) }
    mutating func decode(_ type: Float.Type) throws -> Float { let (p, i) = try next(type); return try state.float(state.index.scalar(at: p), at: path.appending(index: i)) }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    private mutating func integer<T: FixedWidthInteger>() throws -> T {
        let (position, index) = try next(T.self)
        return try state.integer(position, as: T.self, at: path.appending(index: index))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (position, index) = try next(type)
        return try state.unbox(position, as: type, at: PendingPath(path, index: index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (position, index) = try next([String: Any].self)
        return try DocumentValueDecoder.container(keyedBy: type, state: state, position: position, path: PendingPath(path, index: index))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (position, index) = try next([Any].self)
        return try DocumentValueDecoder.unkeyedContainer(state: state, position: position, path: PendingPath(path, index: index))
    }

    mutating func superDecoder() throws -> any Decoder {
        let (position, index) = try next(Document.self)
        return DocumentValueDecoder(state: state, position: position, path: PendingPath(path, index: index))
    }
}
