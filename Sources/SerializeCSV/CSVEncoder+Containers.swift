/// The Encoder and containers behind ``CSVEncoder``: values into the columns of one row, named
/// by the one column grammar (``CSVColumnName``).

import Foundation
import SerializeCore

// MARK: - Shared state

/// One field of an encoded row.
struct CSVCell {
    var text: String
    /// Quote even when not needed: an empty string, or a string equal to the nil text.
    var quoted: Bool
}

/// What every row of one encode shares: options and the columns found so far.
///
/// The mutable column table sits behind a pointer: a class's stored `var`s pay a run-time
/// exclusivity check on every access (a fifth of the encoding time when they were plain
/// properties), memory behind a pointer does not.
final class CSVEncodingContext {
    private struct Columns {
        var names: [String] = []
        /// By exact scalars: `K` and U+212A are two columns.
        var index: [ExactString: Int] = [:]
        /// The column after the last one used: rows encode their keys in the same order.
        var next = 0
        /// Once the header is written no column may be added.
        var frozen = false
    }

    let configuration: CSVEncoder.Configuration
    let userInfo: [CodingUserInfoKey: Any]
    let usesDefaultKeys: Bool
    let hasHeader: Bool
    private let table: UnsafeMutablePointer<Columns>
    private var keyCache: [ExactString: String] = [:]

    init(configuration: CSVEncoder.Configuration, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.configuration = configuration
        self.userInfo = userInfo
        if case .useDefaultKeys = configuration.keyStrategy { usesDefaultKeys = true } else { usesDefaultKeys = false }
        hasHeader = configuration.dialect.hasHeader
        table = .allocate(capacity: 1)
        table.initialize(to: Columns())
        if let header = configuration.header {
            table.pointee.names = header
            // Paths are built in the canonical spelling; a header given in another (`a\x` for
            // `ax`) still matches.
            for (index, name) in header.enumerated() {
                let canonical = (try? CSVColumnName.canonical(name)) ?? name
                if table.pointee.index[ExactString(canonical)] == nil { table.pointee.index[ExactString(canonical)] = index }
            }
            table.pointee.frozen = true
        }
    }

    deinit {
        table.deinitialize(count: 1)
        table.deallocate()
    }

    var isStreaming: Bool { configuration.bufferingStrategy == .sequential || configuration.header != nil }

    /// The columns found so far, in first-seen order.
    var columns: [String] { table.pointee.names }

    func freezeColumns() { table.pointee.frozen = true }

    /// The index of a column, adding it when the header is still open.
    @inline(__always)
    func column(_ path: String) -> Int? {
        let guess = table.pointee.next
        if guess < table.pointee.names.count, table.pointee.names[guess].hasSameScalars(as: path) {
            table.pointee.next = guess + 1
            return guess
        }
        if let index = table.pointee.index[ExactString(path)] {
            table.pointee.next = index + 1
            return index
        }
        guard !table.pointee.frozen else { return nil }
        table.pointee.names.append(path)
        let index = table.pointee.names.count - 1
        table.pointee.index[ExactString(path)] = index
        table.pointee.next = index + 1
        return index
    }

    @inline(__always)
    func path(_ path: String, _ key: some CodingKey) -> String {
        let name: String
        if !hasHeader, let index = key.intValue {
            name = String(index)
        } else if usesDefaultKeys {
            name = key.stringValue
        } else if let cached = keyCache[ExactString(key.stringValue)] {
            name = cached
        } else {
            name = configuration.keyStrategy.columnName(key.stringValue)
            keyCache[ExactString(key.stringValue)] = name
        }
        return path.isEmpty ? CSVColumnName.root(name) : CSVColumnName.appending(key: name, to: path)
    }
}

/// The fields of the row being encoded, by column index (behind a pointer, like the
/// context's columns, so setting one needs no run-time exclusivity check).
final class CSVRowStorage {
    let index: Int
    private let storage: UnsafeMutablePointer<[CSVCell?]>

    /// - Parameter width: The columns known so far, so that most rows never grow the array.
    init(index: Int, width: Int) {
        self.index = index
        storage = .allocate(capacity: 1)
        storage.initialize(to: Array(repeating: nil, count: width))
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The cells, by column.
    var cells: [CSVCell?] { storage.pointee }

    /// Array path → the path of its last element, for arrays whose last element so far is an
    /// empty-field `nil`: the reader cannot tell such an element from no element.
    var trailingNils: [ExactString: String] = [:]

    /// Throws for an array that ended with an empty-field `nil` (under any strategy whose text for
    /// `nil` is empty), which would read back shorter.
    func checkTrailingNils() throws {
        guard let (arrayKey, element) = trailingNils.min(by: { $0.value.scalarsPrecede($1.value) }) else { return }
        let array = arrayKey.string
        throw EncodingError.invalidValue(
            element,
            .init(
                codingPath: [CSVCodingKey.row(index), CSVCodingKey(stringValue: element)],
                debugDescription: "The array at '\(array.isEmpty ? "<row>" : array)' ends with nil at '\(element)'; "
                    + "written as an empty field (nilStrategy .empty, or a literal or custom text that is empty) it "
                    + "would read back without it. Use nilStrategy .literal(\"null\") (on the decoder too) to keep "
                    + "trailing nils."))
    }

    @inline(__always)
    func set(_ cell: CSVCell, at column: Int) {
        if column >= storage.pointee.count {
            storage.pointee.append(contentsOf: repeatElement(nil, count: column - storage.pointee.count + 1))
        }
        storage.pointee[column] = cell
    }
}

// MARK: - The encoder

/// An `Encoder` positioned at a canonical column path of one row (`""` is the whole row).
struct CSVRowEncoder: Encoder {
    let context: CSVEncodingContext
    let storage: CSVRowStorage
    let path: String

    var codingPath: [any CodingKey] {
        path.isEmpty
            ? [CSVCodingKey.row(storage.index)] : [CSVCodingKey.row(storage.index), CSVCodingKey(stringValue: path)]
    }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(CSVKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        CSVUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        CSVSingleValueEncodingContainer(encoder: child(path.isEmpty ? "value" : path))
    }

    func child(_ path: String) -> CSVRowEncoder {
        CSVRowEncoder(context: context, storage: storage, path: path)
    }

    // MARK: Values

    func set(_ path: String, _ text: String, quoted: Bool = false) throws {
        guard let column = context.column(path) else {
            throw EncodingError.invalidValue(
                text,
                .init(
                    codingPath: [CSVCodingKey.row(storage.index), CSVCodingKey(stringValue: path)],
                    debugDescription:
                        "Column \"\(path)\" is not in the header (\(context.columns.count) columns, fixed by "
                        + "the first row or the configured header); pass the full header in the configuration."))
        }
        storage.set(CSVCell(text: text, quoted: quoted), at: column)
    }

    func invalid(_ value: Any, _ path: String, _ message: String) -> EncodingError {
        var codingPath: [any CodingKey] = [CSVCodingKey.row(storage.index)]
        if !path.isEmpty { codingPath.append(CSVCodingKey(stringValue: path)) }
        return EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: message))
    }

    func encodeNil(_ path: String) throws { try set(path, context.configuration.nilStrategy.text) }

    func encode(_ value: String, _ path: String) throws {
        try set(path, value, quoted: context.configuration.nilStrategy.isNil(value))
    }

    func encode(_ value: Bool, _ path: String) throws {
        let words = context.configuration.boolStrategy.words
        try set(path, value ? words.true : words.false)
    }

    func encodeInteger<T: FixedWidthInteger>(_ value: T, _ path: String) throws { try set(path, String(value)) }

    func encodeFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T, _ path: String) throws {
        guard value.isFinite else {
            guard case let .convertToString(positiveInfinity, negativeInfinity, nan) =
                context.configuration.nonConformingFloatStrategy
            else {
                throw invalid(
                    value, path,
                    "Unable to encode \(T.self).\(value) directly in CSV; choose a nonConformingFloatStrategy "
                        + "such as .named to write it.")
            }
            try set(path, value.isNaN ? nan : (value < 0 ? negativeInfinity : positiveInfinity))
            return
        }
        try set(path, value.description)
    }

    func encodeValue<T: Encodable>(_ value: T, _ path: String) throws {
        let configuration = context.configuration
        if let date = value as? Date {
            switch configuration.dateStrategy {
            case .deferredToDate: try date.encode(to: child(path))
            case .secondsSince1970, .millisecondsSince1970:
                let epoch: DateText.Epoch = if case .secondsSince1970 = configuration.dateStrategy { .secondsSince1970 } else { .millisecondsSince1970 }
                guard let number = DateText.number(date, since: epoch) else {
                    // The interval, not the date: describing a NaN date traps in Foundation.
                    throw invalid(
                        date.timeIntervalSinceReferenceDate, path,
                        "date at '\(path)' (\(date.timeIntervalSinceReferenceDate) s since 2001) is not a point in "
                            + "\(DateText.yearsText); use dateStrategy .deferredToDate to keep it")
                }
                try encodeFloat(number, path)
            case .iso8601:
                guard let text = DateText.string(date, precision: .exact) else {
                    // The interval, not the date: describing a NaN date traps in Foundation.
                    throw invalid(
                        date.timeIntervalSince1970, path,
                        "date at '\(path)' (\(date.timeIntervalSince1970) s since 1970) has no ISO 8601 form with a "
                            + "four-digit year (\(DateText.yearsText)); use dateStrategy .secondsSince1970 to keep it")
                }
                try set(path, text)
            case let .formatted(formatter): try set(path, formatter.string(from: date))
            case let .custom(encode, _): try self.encode(try encode(date), path)
            }
        } else if let data = value as? Data {
            switch configuration.dataStrategy {
            case .deferredToData: try data.encode(to: child(path))
            case .base64: try set(path, data.base64EncodedString(), quoted: data.isEmpty)
            case .hex: try set(path, CSVValueText.hex(data), quoted: data.isEmpty)
            case let .custom(encode, _): try self.encode(try encode(data), path)
            }
        } else if let url = value as? URL {
            try set(path, url.absoluteString)
        } else if let decimal = value as? Decimal {
            try set(path, decimal.description)
        } else {
            try value.encode(to: child(path))
        }
    }
}

// MARK: - Keyed

struct CSVKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: CSVRowEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func path(_ key: Key) -> String { encoder.context.path(encoder.path, key) }

    mutating func encodeNil(forKey key: Key) throws { try encoder.encodeNil(path(key)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try encoder.encode(value, path(key)) }
    mutating func encode(_ value: String, forKey key: Key) throws { try encoder.encode(value, path(key)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encoder.encodeFloat(value, path(key)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encoder.encodeFloat(value, path(key)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encoder.encodeInteger(value, path(key)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encoder.encodeInteger(value, path(key)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encoder.encodeInteger(value, path(key)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encoder.encodeInteger(value, path(key)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encoder.encodeInteger(value, path(key)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encoder.encodeInteger(value, path(key)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encoder.encodeInteger(value, path(key)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encoder.encodeInteger(value, path(key)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encoder.encodeInteger(value, path(key)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encoder.encodeInteger(value, path(key)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoder.encodeValue(value, path(key)) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.child(path(key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.child(path(key)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.child(encoder.context.path(encoder.path, CSVCodingKey(stringValue: "super")))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.child(path(key)) }
}

// MARK: - Unkeyed

/// Elements at `path[0]`, `path[1]`, … (`0`, `1`, … for the row itself).
struct CSVUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: CSVRowEncoder
    private(set) var count = 0

    init(encoder: CSVRowEncoder) { self.encoder = encoder }

    var codingPath: [any CodingKey] { encoder.codingPath }

    private mutating func nextPath() -> String {
        defer { count += 1 }
        if !encoder.storage.trailingNils.isEmpty { encoder.storage.trailingNils[ExactString(encoder.path)] = nil }
        return encoder.path.isEmpty ? String(count) : CSVColumnName.appending(index: count, to: encoder.path)
    }

    /// Notes that the element at `path`, the last so far, is a nil written as an empty field.
    private func noteNil(_ path: String) {
        if encoder.context.configuration.nilStrategy.text.isEmpty { encoder.storage.trailingNils[ExactString(encoder.path)] = path }
    }

    mutating func encodeNil() throws {
        let path = nextPath()
        try encoder.encodeNil(path)
        noteNil(path)
    }
    mutating func encode(_ value: Bool) throws { try encoder.encode(value, nextPath()) }
    mutating func encode(_ value: String) throws { try encoder.encode(value, nextPath()) }
    mutating func encode(_ value: Double) throws { try encoder.encodeFloat(value, nextPath()) }
    mutating func encode(_ value: Float) throws { try encoder.encodeFloat(value, nextPath()) }
    mutating func encode(_ value: Int) throws { try encoder.encodeInteger(value, nextPath()) }
    mutating func encode(_ value: Int64) throws { try encoder.encodeInteger(value, nextPath()) }
    mutating func encode(_ value: UInt8) throws { try encoder.encodeInteger(value, nextPath()) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath()
        try encoder.encodeValue(value, path)
        // `[T?]` encodes its elements as `Optional<T>` values, not through encodeNil().
        if (value as? any OptionalValue)?.isNone == true { noteNil(path) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.child(nextPath()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.child(nextPath()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder.child(nextPath()) }
}

/// Lets a generic value say whether it is an empty `Optional`.
private protocol OptionalValue {
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
}

// MARK: - Single value

struct CSVSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: CSVRowEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { try encoder.encodeNil(encoder.path) }
    mutating func encode(_ value: Bool) throws { try encoder.encode(value, encoder.path) }
    mutating func encode(_ value: String) throws { try encoder.encode(value, encoder.path) }
    mutating func encode(_ value: Double) throws { try encoder.encodeFloat(value, encoder.path) }
    mutating func encode(_ value: Float) throws { try encoder.encodeFloat(value, encoder.path) }
    mutating func encode(_ value: Int) throws { try encoder.encodeInteger(value, encoder.path) }
    mutating func encode(_ value: Int8) throws { try encoder.encodeInteger(value, encoder.path) }
    mutating func encode(_ value: Int16) throws { try encoder.encodeInteger(value, encoder.path) }
    mutating func encode(_ value: Int32) throws { try encoder.encodeInteger(value, encoder.path) }
    mutating func encode(_ value: Int64) throws { try encoder.encodeInteger(value, encoder.path) }
    mutating func encode(_ value: UInt) throws { try encoder.encodeInteger(value, encoder.path) }
    mutating func encode(_ value: UInt8) throws { try encoder.encodeInteger(value, encoder.path) }
    mutating func encode(_ value: UInt16) throws { try encoder.encodeInteger(value, encoder.path) }
    mutating func encode(_ value: UInt32) throws { try encoder.encodeInteger(value, encoder.path) }
    mutating func encode(_ value: UInt64) throws { try encoder.encodeInteger(value, encoder.path) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value, encoder.path) }
}
