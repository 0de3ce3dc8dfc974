/// A small structural encoder: any `Encodable` into an ``EncodedValue``.

import Foundation
import SerializeDocument

/// Encodes values into ``EncodedValue`` trees, the way JSON and plist encoders see them, but
/// keeping every number's width and every float's bits.
enum TreeEncoder {
    static func encode(_ value: some Encodable) throws -> EncodedValue {
        let root = Node()
        try encodeValue(value, into: root, path: [])
        return root.finished
    }

    /// Encodes one value into `node`, treating `Date` and `Data` as leaves as Foundation's
    /// encoders do.
    static func encodeValue(_ value: some Encodable, into node: Node, path: [any CodingKey]) throws {
        switch value {
        case let date as Date: node.kind = .value(.date(date))
        case let data as Data: node.kind = .value(.data(data))
        default: try value.encode(to: Encoder(node: node, codingPath: path))
        }
    }

    // MARK: - The mutable tree built while encoding

    final class Node {
        enum Kind {
            case unset
            case value(EncodedValue)
            case keyed([DocumentKey: Node])
            case unkeyed([Node])
        }

        var kind: Kind = .unset

        /// The finished value; a value that encoded nothing is an empty keyed container, as in
        /// Foundation's JSON encoder.
        var finished: EncodedValue {
            switch kind {
            case .unset: .keyed([:])
            case let .value(value): value
            case let .keyed(children): .keyed(children.mapValues(\.finished))
            case let .unkeyed(children): .array(children.map(\.finished))
            }
        }

        func keyedChild(_ key: String) -> Node {
            var children: [DocumentKey: Node] = [:]
            if case let .keyed(existing) = kind { children = existing }
            let child = children[DocumentKey(key)] ?? Node()
            children[DocumentKey(key)] = child
            kind = .keyed(children)
            return child
        }

        func appendChild() -> Node {
            var children: [Node] = []
            if case let .unkeyed(existing) = kind { children = existing }
            let child = Node()
            children.append(child)
            kind = .unkeyed(children)
            return child
        }

        func makeKeyed() { if case .keyed = kind {} else { kind = .keyed([:]) } }
        func makeUnkeyed() { if case .unkeyed = kind {} else { kind = .unkeyed([]) } }
    }

    // MARK: - Encoder

    struct Encoder: Swift.Encoder {
        let node: Node
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            node.makeKeyed()
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            node.makeUnkeyed()
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(node: node, codingPath: codingPath)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey]

        private func set(_ value: EncodedValue, _ key: Key) { node.keyedChild(key.stringValue).kind = .value(value) }

        mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { set(.float(value), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { set(.signed(Int64(value)), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { set(.signed(Int64(value)), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { set(.signed(Int64(value)), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { set(.signed(Int64(value)), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { set(.signed(value), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { set(.unsigned(UInt64(value)), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.unsigned(UInt64(value)), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.unsigned(UInt64(value)), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.unsigned(UInt64(value)), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.unsigned(value), key) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            try TreeEncoder.encodeValue(value, into: node.keyedChild(key.stringValue), path: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            let child = node.keyedChild(key.stringValue)
            child.makeKeyed()
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = node.keyedChild(key.stringValue)
            child.makeUnkeyed()
            return Unkeyed(node: child, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Swift.Encoder {
            Encoder(node: node.keyedChild("super"), codingPath: codingPath + [SuperKey()])
        }

        mutating func superEncoder(forKey key: Key) -> any Swift.Encoder {
            Encoder(node: node.keyedChild(key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]
        var count: Int {
            if case let .unkeyed(children) = node.kind { children.count } else { 0 }
        }

        private func append(_ value: EncodedValue) { node.appendChild().kind = .value(value) }
        private var nextKey: IndexKey { IndexKey(intValue: count) }

        mutating func encodeNil() throws { append(.null) }
        mutating func encode(_ value: Bool) throws { append(.bool(value)) }
        mutating func encode(_ value: String) throws { append(.string(value)) }
        mutating func encode(_ value: Double) throws { append(.double(value)) }
        mutating func encode(_ value: Float) throws { append(.float(value)) }
        mutating func encode(_ value: Int) throws { append(.signed(Int64(value))) }
        mutating func encode(_ value: Int8) throws { append(.signed(Int64(value))) }
        mutating func encode(_ value: Int16) throws { append(.signed(Int64(value))) }
        mutating func encode(_ value: Int32) throws { append(.signed(Int64(value))) }
        mutating func encode(_ value: Int64) throws { append(.signed(value)) }
        mutating func encode(_ value: UInt) throws { append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt8) throws { append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt16) throws { append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt32) throws { append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt64) throws { append(.unsigned(value)) }
        mutating func encode(_ value: some Encodable) throws {
            let key = nextKey
            try TreeEncoder.encodeValue(value, into: node.appendChild(), path: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            let key = nextKey
            let child = node.appendChild()
            child.makeKeyed()
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let key = nextKey
            let child = node.appendChild()
            child.makeUnkeyed()
            return Unkeyed(node: child, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Swift.Encoder {
            let key = nextKey
            return Encoder(node: node.appendChild(), codingPath: codingPath + [key])
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]

        private func set(_ value: EncodedValue) { node.kind = .value(value) }

        mutating func encodeNil() throws { set(.null) }
        mutating func encode(_ value: Bool) throws { set(.bool(value)) }
        mutating func encode(_ value: String) throws { set(.string(value)) }
        mutating func encode(_ value: Double) throws { set(.double(value)) }
        mutating func encode(_ value: Float) throws { set(.float(value)) }
        mutating func encode(_ value: Int) throws { set(.signed(Int64(value))) }
        mutating func encode(_ value: Int8) throws { set(.signed(Int64(value))) }
        mutating func encode(_ value: Int16) throws { set(.signed(Int64(value))) }
        mutating func encode(_ value: Int32) throws { set(.signed(Int64(value))) }
        mutating func encode(_ value: Int64) throws { set(.signed(value)) }
        mutating func encode(_ value: UInt) throws { set(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt8) throws { set(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt16) throws { set(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt32) throws { set(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt64) throws { set(.unsigned(value)) }
        mutating func encode(_ value: some Encodable) throws {
            try TreeEncoder.encodeValue(value, into: node, path: codingPath)
        }
    }

    struct SuperKey: CodingKey {
        var stringValue: String { "super" }
        var intValue: Int? { nil }
        init() {}
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    struct IndexKey: CodingKey {
        var stringValue: String { "Index \(intValue ?? 0)" }
        var intValue: Int?
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}
