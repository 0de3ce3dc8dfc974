/// An encoder that records which container a value's `encode(to:)` asks for at its top level
/// and which keys it writes there, without encoding anything, so ``TypeRegistry`` can refuse a
/// value the discriminator cannot sit beside before the real encoder is touched.

/// What one value's `encode(to:)` did at its top level.
final class ContainerProbe: Encoder {
    enum Kind { case none, keyed, unkeyed, singleValue }

    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    /// Set only for the top level; nested probes record nothing.
    private let recording: Bool
    private(set) var kind = Kind.none
    private(set) var keys: Set<String> = []

    init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any], recording: Bool = true) {
        self.codingPath = codingPath
        self.userInfo = userInfo
        self.recording = recording
    }

    /// Records a container request; a non-keyed one, once seen, stays the answer.
    fileprivate func note(_ kind: Kind) {
        if recording, self.kind == .none || self.kind == .keyed { self.kind = kind }
    }

    fileprivate func note(key: any CodingKey) {
        if recording { keys.insert(key.stringValue) }
    }

    fileprivate func nested() -> ContainerProbe {
        ContainerProbe(codingPath: codingPath, userInfo: userInfo, recording: false)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        note(.keyed)
        return KeyedEncodingContainer(KeyedProbe<Key>(probe: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        note(.unkeyed)
        return UnkeyedProbe(probe: nested())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        note(.singleValue)
        return SingleValueProbe(codingPath: codingPath)
    }
}

// MARK: - Containers

private struct KeyedProbe<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let probe: ContainerProbe
    var codingPath: [any CodingKey] { probe.codingPath }

    mutating func encodeNil(forKey key: Key) throws { probe.note(key: key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { probe.note(key: key) }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        probe.note(key: key)
        return KeyedEncodingContainer(KeyedProbe<NestedKey>(probe: probe.nested()))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        probe.note(key: key)
        return UnkeyedProbe(probe: probe.nested())
    }
    mutating func superEncoder() -> any Encoder {
        probe.note(key: AnyCodingKey(stringValue: "super"))
        return probe.nested()
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        probe.note(key: key)
        return probe.nested()
    }
}

private struct UnkeyedProbe: UnkeyedEncodingContainer {
    let probe: ContainerProbe
    var codingPath: [any CodingKey] { probe.codingPath }
    private(set) var count = 0

    init(probe: ContainerProbe) { self.probe = probe }

    mutating func encodeNil() throws { count += 1 }
    mutating func encode<T: Encodable>(_ value: T) throws { count += 1 }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        return KeyedEncodingContainer(KeyedProbe<NestedKey>(probe: probe))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        return UnkeyedProbe(probe: probe)
    }
    mutating func superEncoder() -> any Encoder {
        count += 1
        return probe
    }
}

private struct SingleValueProbe: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
}
