// The floor under every `Encoder`: an encoder that keeps nothing. It still pays what Codable
// makes every encoder pay — the models' own `encode(to:)` code, the standard library's
// `KeyedEncodingContainer` box per container, the dynamic dispatch and generic metadata per
// call — and reads each key's and each string's bytes once (any writer must). What an encoder
// costs above this line is its own; a target below it is out of reach for any encoder.
// See Benchmarks/README.md, "The Codable floor".

/// An `Encoder` that reads every key and value and keeps none.
final class DiscardingEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// A sum of what was read, so that no read is optimized away.
    var seen = 0

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(encoder: self) }
    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    @inline(__always) func read(_ key: some CodingKey) { seen &+= key.stringValue.utf8.count }
    @inline(__always) func read(_ string: String) { seen &+= string.utf8.count }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: DiscardingEncoder
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) { encoder.read(key) }
        mutating func encode(_ value: Bool, forKey key: Key) { encoder.read(key) }
        mutating func encode(_ value: String, forKey key: Key) { encoder.read(key); encoder.read(value) }
        mutating func encode(_ value: Double, forKey key: Key) { encoder.read(key); encoder.seen &+= Int(value.exponent) }
        mutating func encode(_ value: Float, forKey key: Key) { encoder.read(key) }
        mutating func encode(_ value: Int, forKey key: Key) { encoder.read(key); encoder.seen &+= value }
        mutating func encode(_ value: Int8, forKey key: Key) { encoder.read(key) }
        mutating func encode(_ value: Int16, forKey key: Key) { encoder.read(key) }
        mutating func encode(_ value: Int32, forKey key: Key) { encoder.read(key) }
        mutating func encode(_ value: Int64, forKey key: Key) { encoder.read(key) }
        mutating func encode(_ value: UInt, forKey key: Key) { encoder.read(key) }
        mutating func encode(_ value: UInt8, forKey key: Key) { encoder.read(key) }
        mutating func encode(_ value: UInt16, forKey key: Key) { encoder.read(key) }
        mutating func encode(_ value: UInt32, forKey key: Key) { encoder.read(key) }
        mutating func encode(_ value: UInt64, forKey key: Key) { encoder.read(key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { encoder.read(key); try value.encode(to: encoder) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.read(key)
            return encoder.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { encoder.read(key); return Unkeyed(encoder: encoder) }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.read(key); return encoder }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: DiscardingEncoder
        var codingPath: [any CodingKey] { [] }
        var count = 0
        mutating func encodeNil() { count += 1 }
        mutating func encode(_ value: Bool) { count += 1 }
        mutating func encode(_ value: String) { count += 1; encoder.read(value) }
        mutating func encode(_ value: Double) { count += 1 }
        mutating func encode(_ value: Float) { count += 1 }
        mutating func encode(_ value: Int) { count += 1; encoder.seen &+= value }
        mutating func encode(_ value: Int8) { count += 1 }
        mutating func encode(_ value: Int16) { count += 1 }
        mutating func encode(_ value: Int32) { count += 1 }
        mutating func encode(_ value: Int64) { count += 1 }
        mutating func encode(_ value: UInt) { count += 1 }
        mutating func encode(_ value: UInt8) { count += 1 }
        mutating func encode(_ value: UInt16) { count += 1 }
        mutating func encode(_ value: UInt32) { count += 1 }
        mutating func encode(_ value: UInt64) { count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws { count += 1; try value.encode(to: encoder) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            return encoder.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { count += 1; return Unkeyed(encoder: encoder) }
        mutating func superEncoder() -> any Encoder { encoder }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: DiscardingEncoder
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() {}
        mutating func encode(_ value: Bool) {}
        mutating func encode(_ value: String) { encoder.read(value) }
        mutating func encode(_ value: Double) { encoder.seen &+= Int(value.exponent) }
        mutating func encode(_ value: Float) {}
        mutating func encode(_ value: Int) { encoder.seen &+= value }
        mutating func encode(_ value: Int8) {}
        mutating func encode(_ value: Int16) {}
        mutating func encode(_ value: Int32) {}
        mutating func encode(_ value: Int64) {}
        mutating func encode(_ value: UInt) {}
        mutating func encode(_ value: UInt8) {}
        mutating func encode(_ value: UInt16) {}
        mutating func encode(_ value: UInt32) {}
        mutating func encode(_ value: UInt64) {}
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: encoder) }
    }
}
