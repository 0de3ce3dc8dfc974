/// The decoder one value sees, and its keyed, unkeyed and single-value containers.

import Foundation
import OrderedCollections
import SerializeDocument
import SerializeCore

/// The `Decoder` handed to one value's `init(from:)`.
final class DocumentValueDecoder: Decoder, SingleValueDecodingContainer {
    let state: DecodingState
    /// The value and where it is; `var` so that ``DecodingState`` can reuse the decoder for the
    /// next value.
    var value: Document
    var path: CodingPathNode

    init(state: DecodingState, value: Document, path: CodingPathNode) {
        self.state = state
        self.value = value
        self.path = path
    }

    var codingPath: [any CodingKey] { path.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try Self.container(keyedBy: type, state: state, value: value, path: path)
    }

    /// The keyed container of `value`; a nested container asks for it without a decoder object.
    static func container<Key: CodingKey>(
        keyedBy type: Key.Type, state: DecodingState, value: Document, path: CodingPathNode
    ) throws -> KeyedDecodingContainer<Key> {
        // CSV writes an empty dictionary as the text `{}`.
        if state.fromText, case .string("{}") = value {
            return KeyedDecodingContainer(KeyedDocumentDecoder<Key>(state: state, members: [:], path: path))
        }
        guard case let .dictionary(members) = value else {
            if state.isNull(value) {
                throw DecodingError.valueNotFound(
                    [String: Any].self, .init(codingPath: path.codingPath, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
            }
            throw DecodingError.typeMismatch(
                [String: Any].self, .init(codingPath: path.codingPath, debugDescription: "Expected to decode Dictionary<String, Any> but found \(DecodingState.describe(value)) instead."))
        }
        if let custom = state.custom.keys {
            return KeyedDecodingContainer(KeyedDocumentDecoder<Key>(state: state, members: try renamed(members, by: custom, at: path), path: path))
        }
        return KeyedDecodingContainer(KeyedDocumentDecoder<Key>(state: state, members: members, path: path))
    }

    /// `members` under the keys a ``CustomDecoding/keys`` closure makes of theirs; two members
    /// it gives one key are refused, not merged.
    private static func renamed(
        _ members: OrderedDictionary<DocumentKey, Document>, by custom: (_ codingPath: [any CodingKey]) -> any CodingKey, at path: CodingPathNode
    ) throws -> OrderedDictionary<DocumentKey, Document> {
        var renamed = OrderedDictionary<DocumentKey, Document>(minimumCapacity: members.count)
        var from: [DocumentKey: DocumentKey] = [:]
        let parent = path.codingPath
        for (key, value) in members {
            let name = DocumentKey(custom(parent + [PathKey(stringValue: key.string, intValue: nil)]).stringValue)
            if let first = from[name] {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: parent, debugDescription: "Keys \"\(first.string)\" and \"\(key.string)\" both become \"\(name.string)\" through the custom key strategy; the decoder would lose one of them."))
            }
            from[name] = key
            renamed[name] = value
        }
        return renamed
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try Self.unkeyedContainer(state: state, value: value, path: path)
    }

    /// The unkeyed container of `value`; a nested container asks for it without a decoder object.
    static func unkeyedContainer(state: DecodingState, value: Document, path: CodingPathNode) throws -> any UnkeyedDecodingContainer {
        // CSV writes an empty array as the text `[]`.
        if state.fromText, case .string("[]") = value {
            return UnkeyedDocumentDecoder(state: state, elements: [], path: path)
        }
        guard case let .array(elements) = value else {
            if state.isNull(value) {
                throw DecodingError.valueNotFound(
                    [Any].self, .init(codingPath: path.codingPath, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
            }
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: path.codingPath, debugDescription: "Expected to decode Array<Any> but found \(DecodingState.describe(value)) instead."))
        }
        return UnkeyedDocumentDecoder(state: state, elements: elements, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: - Single value

    func decodeNil() -> Bool { state.isNull(value) }
    func decode(_ type: Bool.Type) throws -> Bool { try state.bool(value, at: path) }
    func decode(_ type: String.Type) throws -> String { try state.string(value, at: path) }
    func decode(_ type: Double.Type) throws -> Double { try state.double(value, at: path) }
    func decode(_ type: Float.Type) throws -> Float { try state.float(value, at: path) }
    func decode(_ type: Int.Type) throws -> Int { try state.integer(value, as: type, at: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try state.integer(value, as: type, at: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try state.integer(value, as: type, at: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try state.integer(value, as: type, at: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try state.integer(value, as: type, at: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try state.integer(value, as: type, at: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try state.integer(value, as: type, at: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try state.integer(value, as: type, at: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try state.integer(value, as: type, at: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try state.integer(value, as: type, at: path) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try state.unbox(value, as: type, at: path) }
}

// MARK: - Keyed

/// A class, so that the standard library's container box holds one reference: a struct of
/// several would be copied through its value witnesses on every call.
final class KeyedDocumentDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: DecodingState
    let members: OrderedDictionary<DocumentKey, Document>
    /// The members' keys and values, read by position.
    private let keys: [DocumentKey]
    private let values: [Document]
    let path: CodingPathNode
    /// The position after the member found last. A type asks for its members in the order its
    /// encoder wrote them, so a lookup usually finds its key here with one comparison.
    private var next = 0

    init(state: DecodingState, members: OrderedDictionary<DocumentKey, Document>, path: CodingPathNode) {
        self.state = state
        self.members = members
        keys = members.keys.elements
        values = members.values.elements
        self.path = path
    }

    var codingPath: [any CodingKey] { path.codingPath }

    var allKeys: [Key] {
        members.keys.compactMap { Key(stringValue: state.snakeCase && state.custom.keys == nil ? SnakeCase.camelCase($0.string) : $0.string) }
    }

    func contains(_ key: Key) -> Bool { position(of: key) != nil }

    /// Where the member with `key` is (by exact scalars), trying the place after the last one
    /// found before the dictionary's own lookup.
    @inline(__always)
    private func position(of key: Key) -> Int? {
        let name = state.documentKey(key)
        if next < keys.count, keys[next].string.hasSameScalars(as: name) {
            next += 1
            return next - 1
        }
        guard let found = members.index(forKey: DocumentKey(name)) else { return nil }
        next = found + 1
        return found
    }

    @inline(__always)
    private func member(_ key: Key) throws -> Document {
        guard let position = position(of: key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return values[position]
    }

    func decodeNil(forKey key: Key) throws -> Bool { state.isNull(try member(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try state.bool(try member(key), at: path.appending(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try state.string(try member(key), at: path.appending(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try state.double(try member(key), at: path.appending(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try state.float(try member(key), at: path.appending(key)) }
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
        let value = try member(key)
        // The common case without building a path.
        if case let .integer(number) = value, let exact = T(exactly: number) { return exact }
        return try state.integer(value, as: T.self, at: path.appending(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.unbox(try member(key), as: type, at: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try DocumentValueDecoder.container(keyedBy: type, state: state, value: try member(key), path: path.appending(key))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try DocumentValueDecoder.unkeyedContainer(state: state, value: try member(key), path: path.appending(key))
    }

    func superDecoder() throws -> any Decoder {
        DocumentValueDecoder(state: state, value: members["super"] ?? .null, path: path.appending(PathKey.super))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        DocumentValueDecoder(state: state, value: position(of: key).map { values[$0] } ?? .null, path: path.appending(key))
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
    let elements: [Document]
    let path: CodingPathNode
    private(set) var currentIndex = 0

    init(state: DecodingState, elements: [Document], path: CodingPathNode) {
        self.state = state
        self.elements = elements
        self.path = path
    }

    var codingPath: [any CodingKey] { path.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element and its index (its coding-path node is made only where needed).
    private mutating func next(_ type: Any.Type) throws -> (Document, Int) {
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: path.appending(index: currentIndex).codingPath, debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], currentIndex)
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(
                Never?.self, .init(codingPath: path.appending(index: currentIndex).codingPath, debugDescription: "Unkeyed container is at end."))
        }
        if state.isNull(elements[currentIndex]) {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { let (v, i) = try next(type); return try state.bool(v, at: path.appending(index: i)) }
    mutating func decode(_ type: String.Type) throws -> String { let (v, i) = try next(type); return try state.string(v, at: path.appending(index: i)) }
    mutating func decode(_ type: Double.Type) throws -> Double { let (v, i) = try next(type); return try state.double(v, at: path.appending(index: i)) }
    mutating func decode(_ type: Float.Type) throws -> Float { let (v, i) = try next(type); return try state.float(v, at: path.appending(index: i)) }
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
        let (value, index) = try next(T.self)
        return try state.integer(value, as: T.self, at: path.appending(index: index))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, index) = try next(type)
        return try state.unbox(value, as: type, at: path.appending(index: index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, index) = try next([String: Any].self)
        return try DocumentValueDecoder.container(keyedBy: type, state: state, value: value, path: path.appending(index: index))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, index) = try next([Any].self)
        return try DocumentValueDecoder.unkeyedContainer(state: state, value: value, path: path.appending(index: index))
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, index) = try next(Document.self)
        return DocumentValueDecoder(state: state, value: value, path: path.appending(index: index))
    }
}
