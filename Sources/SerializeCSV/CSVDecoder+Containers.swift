/// The Decoder and containers behind ``CSVDecoder``: one row, columns found by their path in
/// the one column grammar (``CSVColumnName``); the header index is in
/// `CSVDecoder+HeaderIndex.swift`, the scalars in `CSVDecoder+Scalars.swift`.

import Foundation
import SerializeCore

// MARK: - The decoder

/// A `Decoder` positioned at a canonical column path of one row (`""` is the whole row).
struct CSVRowDecoder: Decoder {
    /// The row, which also holds the shared context: one reference to retain per copy.
    let row: CSVRowData
    let path: String

    var context: CSVDecodingContext { row.context }

    var codingPath: [any CodingKey] {
        path.isEmpty ? [CSVCodingKey.row(row.index)] : [CSVCodingKey.row(row.index), CSVCodingKey(stringValue: path)]
    }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if path.isEmpty { return row.rootContainer(keyedBy: type, decoder: self) }
        return KeyedDecodingContainer(CSVKeyedDecodingContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        CSVUnkeyedDecodingContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        var path = path
        if path.isEmpty {
            // A row decoded as one value: the `value` column, or the only column. A row of
            // several named columns is not one value: its scalars fail with a type mismatch
            // (rather than silently reading the first column), while a type decoded through
            // `decode(_:)` still sees the whole row.
            if context.column("value") != nil {
                path = "value"
            } else if context.header.count <= 1 {
                path = context.names.first ?? "0"
            }
        }
        return CSVSingleValueDecodingContainer(decoder: CSVRowDecoder(row: row, path: path))
    }

    func child(_ path: String) -> CSVRowDecoder {
        CSVRowDecoder(row: row, path: path)
    }

    // MARK: Fields

    /// Whether a column's field holds no value: missing, or unquoted and `nil` by the strategy.
    func isAbsent(_ column: Int) -> Bool {
        guard column < row.count else { return true }
        let empty = row.isEmpty(column)
        // Only an empty field or one equal to the nil text can be nil: look at the quotes then.
        if !empty, context.nilIsEmptyOnly { return false }
        if row.isQuoted(column) { return false }
        return empty || context.nilStrategy.isNil(row.string(column))
    }

    /// Whether a column's field is missing: no field, or an empty unquoted one. A missing
    /// field is an absent key; a field holding the nil strategy's literal is a present `nil`.
    func isMissing(_ column: Int) -> Bool {
        guard column < row.count else { return true }
        return row.isEmpty(column) && !row.isQuoted(column)
    }

    /// Whether anything at or below `path` holds a value other than `nil`.
    func hasValue(_ path: String) -> Bool {
        if let column = context.column(path), !isAbsent(column) { return true }
        return context.columns(below: path).contains { !isAbsent($0) }
    }

    /// Whether anything at or below `path` is present, `nil` literals included: what
    /// `contains(_:)` answers, so that `Either<Int?, String>.left(nil)` survives under a
    /// literal nil strategy (under `.empty` a `nil` and a missing key look the same).
    func isPresent(_ path: String) -> Bool {
        if context.nilIsEmptyOnly { return hasValue(path) }
        if let column = context.column(path), !isMissing(column) { return true }
        return context.columns(below: path).contains { !isMissing($0) }
    }

    /// Whether the value at `path` is `nil`: a leaf column holding no value, or a composite
    /// value with nothing present below it.
    func isNil(_ path: String) -> Bool {
        if let column = context.column(path) { return isAbsent(column) }
        return !isPresent(path)
    }

    /// Whether the header has `path` as a column or as a prefix of columns.
    func exists(_ path: String) -> Bool {
        context.column(path) != nil || !context.columns(below: path).isEmpty
    }

    // MARK: Unmatched columns

    /// Throws for the first column of this row that holds a value the type never read, when
    /// unmatched columns are refused: a column the type does not know (or spells differently,
    /// such as `tags.0` for `tags[0]`) must not decode into an empty array or a `nil`.
    func checkUnmatchedColumns(decoding type: Any.Type) throws {
        guard context.refusesUnmatchedColumns else { return }
        for column in 0..<row.count where !context.wasRead(column) && !isMissing(column) {
            let name = column < context.header.count ? context.header[column] : "field \(column + 1)"
            let diagnostic = Diagnostic(
                .unmatchedColumn,
                "column \"\(name)\" holds a value in row \(row.index + 1) that no property of \(type) reads",
                at: location(of: column), file: context.sourceName,
                remedy: Remedy(option: "unmatchedColumns", value: "ignore", effect: "skip columns the type does not read"))
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [CSVCodingKey.row(row.index), CSVCodingKey(stringValue: name)],
                    debugDescription: diagnostic.description, underlyingError: diagnostic))
        }
    }

    // MARK: Errors

    /// Where a column's field of this row is (by the column rule of `InputLocation`), or the
    /// row's end for a column without a field.
    func location(of column: Int?) -> InputLocation {
        if let column, let location = row.reader.location(ofField: column) { return location }
        return row.reader.currentRowEnd
    }

    func errorContext(_ path: String, _ message: String) -> DecodingError.Context {
        let place = location(of: context.column(path))
        var codingPath: [any CodingKey] = [CSVCodingKey.row(row.index)]
        if !path.isEmpty { codingPath.append(CSVCodingKey(stringValue: path)) }
        return DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "\(context.sourceName):\(place): \(message)")
    }

}


// MARK: - Keyed

/// The keyed container at a path of a row. A class: the standard library's box copies its container for every call, and a copy of a
/// reference is one retain where a copy of this generic struct went through its value
/// witnesses (the record's container is made once per decode: ``CSVRowData/rootContainer(keyedBy:decoder:)``).
final class CSVKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: CSVRowDecoder

    init(decoder: CSVRowDecoder) { self.decoder = decoder }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        decoder.context.childKeys(of: decoder.path).compactMap { name in
            let path = decoder.path.isEmpty ? CSVColumnName.root(name) : CSVColumnName.appending(key: name, to: decoder.path)
            guard decoder.isPresent(path) else { return nil }
            if !decoder.context.hasHeader, let index = Int(name) {
                return Key(intValue: index) ?? Key(stringValue: name)
            }
            return Key(stringValue: name)
        }
    }

    private func path(_ key: Key) -> String {
        decoder.path.isEmpty ? decoder.context.rootLeaf(key).path(in: decoder.context) : decoder.context.path(decoder.path, key)
    }

    func contains(_ key: Key) -> Bool { decoder.isPresent(path(key)) }

    /// The path and column of a leaf key; `keyNotFound` when the header has neither.
    private func checked(_ key: Key) throws -> CSVLeaf {
        let path: String
        if decoder.path.isEmpty {
            // The context without a retain and release per key (the row keeps it).
            let leaf = decoder.row.unretainedContext._withUnsafeGuaranteedRef { $0.rootLeaf(key) }
            if leaf.column != nil { return leaf }
            path = leaf.path(in: decoder.context)
        } else {
            path = self.path(key)
            if let column = decoder.context.column(path) { return CSVLeaf(path, column: column) }
        }
        guard decoder.exists(path) else {
            throw DecodingError.keyNotFound(
                key,
                decoder.errorContext(
                    decoder.path,
                    "No column \"\(path)\" for key \"\(key.stringValue)\" in row \(decoder.row.index + 1); the header has "
                        + decoder.context.header.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
                        + (decoder.context.header.count > 8 ? ", …" : "") + "."))
        }
        return CSVLeaf(path)
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.isNil(path(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.decodeBool(checked(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.decodeString(checked(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.decodeFloat(type, checked(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.decodeFloat(type, checked(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decoder.decodeInteger(type, checked(key), DecimalNumber.int)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.decodeInteger(type, checked(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.decodeInteger(type, checked(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.decodeInteger(type, checked(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decoder.decodeInteger(type, checked(key), DecimalNumber.int64)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.decodeInteger(type, checked(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.decodeInteger(type, checked(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decoder.decodeInteger(type, checked(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decoder.decodeInteger(type, checked(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decoder.decodeInteger(type, checked(key), DecimalNumber.uint64)
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        // A composite value may have no columns at all (an empty array, a struct of optionals).
        try decoder.decode(type, path(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(path(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(path(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(decoder.context.path(decoder.path, CSVCodingKey(stringValue: "super")))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(path(key)) }
}

// MARK: - Unkeyed

/// Elements at `path[0]`, `path[1]`, …; at the row itself, the fields in order.
struct CSVUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: CSVRowDecoder
    let count: Int?
    private(set) var currentIndex = 0

    init(decoder: CSVRowDecoder) {
        self.decoder = decoder
        if decoder.path.isEmpty {
            count = decoder.row.count
        } else {
            // Up to the last index that is present: trailing missing elements are not kept
            // (trailing `nil`s survive under a literal nil strategy).
            var last = decoder.context.largestIndex(below: decoder.path)
            while last >= 0, !decoder.isPresent(CSVColumnName.appending(index: last, to: decoder.path)) { last -= 1 }
            count = last + 1
        }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    private var elementPath: String {
        if decoder.path.isEmpty {
            let names = decoder.context.names
            if currentIndex < names.count { return names[currentIndex] }
            return String(currentIndex)
        }
        return CSVColumnName.appending(index: currentIndex, to: decoder.path)
    }

    private mutating func next<T>(_ decode: (CSVRowDecoder, String) throws -> T) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                T.self, decoder.errorContext(decoder.path, "Unkeyed container is at end."))
        }
        let value = try decode(decoder, elementPath)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.isNil(elementPath) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.decodeBool($1) } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try $0.decodeString($1) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.decodeFloat(type, $1) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.decodeFloat(type, $1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.decodeInteger(type, $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.decodeInteger(type, $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.decodeInteger(type, $1) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next { try $0.decode(type, $1) } }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next { try $0.child($1).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next { try $0.child($1).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder { try next { $0.child($1) } }
}

// MARK: - Single value

struct CSVSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: CSVRowDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.isNil(decoder.path) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool(decoder.path) }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeString(decoder.path) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeFloat(type, decoder.path) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeFloat(type, decoder.path) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(type, decoder.path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(type, decoder.path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(type, decoder.path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(type, decoder.path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(type, decoder.path) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(type, decoder.path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(type, decoder.path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(type, decoder.path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(type, decoder.path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(type, decoder.path) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type, decoder.path) }
}
