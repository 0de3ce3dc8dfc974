/// An encoder that records the keys a value hands its top-level keyed container, in order.
///
/// Foundation's JSONEncoder does not keep that order, so the order a model chooses can only be
/// seen through an encoder that records it.
final class KeyOrderRecorder: Encoder {
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]
    private(set) var keys: [String] = []

    static func keys(of value: some Encodable) throws -> [String] {
        let recorder = KeyOrderRecorder()
        try value.encode(to: recorder)
        return recorder.keys
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Container<Key>(recorder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("keyed values only") }
    func singleValueContainer() -> any SingleValueEncodingContainer { preconditionFailure("keyed values only") }

    /// Records each key; values are not encoded.
    struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let recorder: KeyOrderRecorder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { recorder.keys.append(key.stringValue) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { recorder.keys.append(key.stringValue) }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            recorder.keys.append(key.stringValue)
            return KeyedEncodingContainer(Container<NestedKey>(recorder: KeyOrderRecorder()))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            preconditionFailure("keyed values only")
        }
        mutating func superEncoder() -> any Encoder { KeyOrderRecorder() }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            recorder.keys.append(key.stringValue)
            return KeyOrderRecorder()
        }
    }
}
