/// The Decoder and containers behind ``CSVDecoder``: one row, columns found by dotted path.

import Foundation
import SerializeCore

// MARK: - Shared state

/// What every row of one decode shares: options and the header's layout.
///
/// Built once the header is known (for a file without one, from the first row's width), so
/// the layout is immutable; the one mutable cache lives behind a pointer, where reading it
/// costs no run-time exclusivity check.
final class CSVDecodingContext {
    let configuration: CSVDecoder.Configuration
    let userInfo: [CodingUserInfoKey: Any]
    let sourceName: String
    let header: [String]
    let hasHeader: Bool
    let nilStrategy: CSVNilStrategy
    /// Whether only an empty field can be nil (the `.empty` strategy).
    let nilIsEmptyOnly: Bool
    let usesDefaultKeys: Bool
    let boolWords: (true: String, false: String)
    /// The words for +∞, -∞ and NaN, when they are allowed.
    let nonFiniteWords: (positiveInfinity: String, negativeInfinity: String, nan: String)?
    /// Column name → index.
    private let columnIndex: [String: Int]
    /// Dotted prefix → the columns below it.
    private let subtree: [String: [Int]]
    /// Dotted prefix → its immediate child names, in header order.
    private let children: [String: [String]]
    /// Dotted prefix → its largest integer child.
    private let largestIndex: [String: Int]
    /// The column after the last one looked up: types decode their keys in header order, so
    /// this guess saves most dictionary lookups.
    private let nextColumn: UnsafeMutablePointer<Int>
    /// Property name → column name, for a key strategy other than the default.
    private var keyCache: [String: String] = [:]

    init(
        configuration: CSVDecoder.Configuration, userInfo: [CodingUserInfoKey: any Sendable], sourceName: String?,
        header: [String]
    ) throws {
        self.configuration = configuration
        self.userInfo = userInfo
        self.sourceName = sourceName ?? "<input>"
        self.header = header
        hasHeader = configuration.dialect.hasHeader
        nilStrategy = configuration.nilStrategy
        if case .empty = configuration.nilStrategy { nilIsEmptyOnly = true } else { nilIsEmptyOnly = false }
        if case .useDefaultKeys = configuration.keyStrategy { usesDefaultKeys = true } else { usesDefaultKeys = false }
        boolWords = configuration.boolStrategy.words
        if case let .convertToString(positive, negative, nan) = configuration.nonConformingFloatStrategy {
            nonFiniteWords = (positive, negative, nan)
        } else {
            nonFiniteWords = nil
        }
        nextColumn = .allocate(capacity: 1)
        nextColumn.initialize(to: 0)
        var columnIndex: [String: Int] = [:]
        var subtree: [String: [Int]] = [:]
        var children: [String: [String]] = [:]
        var largestIndex: [String: Int] = [:]
        func addChild(_ child: String, to prefix: String) {
            if !(children[prefix]?.contains(child) ?? false) { children[prefix, default: []].append(child) }
            if let index = Int(child) { largestIndex[prefix] = max(largestIndex[prefix] ?? -1, index) }
        }
        for (index, name) in header.enumerated() {
            if columnIndex[name] != nil {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [CSVCodingKey(stringValue: name)],
                        debugDescription: "\(sourceName ?? "<input>"):1:1: column \"\(name)\" appears twice in the header."))
            }
            columnIndex[name] = index
            var prefix = ""
            // Split on the "." scalar, not the Character: a key starting with a combining mark
            // would otherwise fuse with the dot before it into one Character and not separate.
            let components = name.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false)
            for scalars in components {
                let component = String(scalars)
                // Every proper prefix gets this column below it and the component as a child.
                if !prefix.isEmpty || components.count > 1 {
                    subtree[prefix, default: []].append(index)
                }
                addChild(component, to: prefix)
                prefix = prefix.isEmpty ? component : prefix + "." + component
            }
        }
        subtree[""] = nil
        // A column that is both a value and a dotted prefix (`d.x` and `d.x.y`, from a dictionary
        // with keys "x" and "x.y") cannot be decoded into one value: refuse it rather than drop one.
        for (index, name) in header.enumerated() {
            guard let below = subtree[name], let other = below.first(where: { $0 != index }) else { continue }
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [CSVCodingKey(stringValue: name)],
                    debugDescription: "\(sourceName ?? "<input>"):1:\(index + 1): column \"\(name)\" (field \(index + 1)) "
                        + "is both a value and the prefix of column \"\(header[other])\" (field \(other + 1)); "
                        + "a key containing '.' cannot be told from a nested one, so rename one of the columns."))
        }
        self.columnIndex = columnIndex
        self.subtree = subtree
        self.children = children
        self.largestIndex = largestIndex
    }

    deinit { nextColumn.deallocate() }

    @inline(__always)
    func column(_ path: String) -> Int? {
        CSVValueText.column(path, in: header, index: columnIndex, next: nextColumn)
    }
    /// The columns at and below a dotted prefix; the root (`""`) has every column.
    func columns(below path: String) -> [Int] { path.isEmpty ? Array(header.indices) : subtree[path] ?? [] }
    func childNames(of path: String) -> [String] { children[path] ?? [] }
    func largestIndex(below path: String) -> Int { largestIndex[path] ?? -1 }

    /// The column path of `key` below `path`.
    @inline(__always)
    func path(_ path: String, _ key: some CodingKey) -> String {
        let name: String
        if hasHeader || key.intValue == nil {
            name = usesDefaultKeys ? key.stringValue : columnName(key.stringValue)
        } else {
            name = String(key.intValue ?? 0)
        }
        return path.isEmpty ? name : path + "." + name
    }

    private func columnName(_ key: String) -> String {
        if let cached = keyCache[key] { return cached }
        let name = configuration.keyStrategy.columnName(key)
        keyCache[key] = name
        return name
    }
}

/// One row being decoded: its fields, and the reader that still holds their layout.
final class CSVRowData {
    let fields: [String]
    let index: Int
    let reader: CSVReader
    let context: CSVDecodingContext

    init(fields: [String], index: Int, reader: CSVReader, context: CSVDecodingContext) {
        self.fields = fields
        self.index = index
        self.reader = reader
        self.context = context
    }
}

// MARK: - The decoder

/// A `Decoder` positioned at a dotted column path of one row (`""` is the whole row).
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
        KeyedDecodingContainer(CSVKeyedDecodingContainer<Key>(decoder: self))
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
                path = context.header.first ?? "0"
            }
        }
        return CSVSingleValueDecodingContainer(decoder: CSVRowDecoder(row: row, path: path))
    }

    func child(_ path: String) -> CSVRowDecoder {
        CSVRowDecoder(row: row, path: path)
    }

    // MARK: Fields

    /// The field of a column, or `nil` when the column or the field is missing.
    func field(_ column: Int) -> String? {
        column < row.fields.count ? row.fields[column] : nil
    }

    /// Whether a column's field holds no value: missing, or unquoted and `nil` by the strategy.
    func isAbsent(_ column: Int) -> Bool {
        guard column < row.fields.count else { return true }
        let text = row.fields[column]
        // Only an empty field or one equal to the nil text can be nil: look at the quotes then.
        if !text.isEmpty, context.nilIsEmptyOnly { return false }
        return !(row.reader.layout(ofField: column)?.quoted ?? false) && context.nilStrategy.isNil(text)
    }

    /// Whether a column's field is missing: no field, or an empty unquoted one. A missing
    /// field is an absent key; a field holding the nil strategy's literal is a present `nil`.
    func isMissing(_ column: Int) -> Bool {
        guard column < row.fields.count else { return true }
        return row.fields[column].isEmpty && !(row.reader.layout(ofField: column)?.quoted ?? false)
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

    // MARK: Errors

    func position(of column: Int?) -> CSVPosition {
        if let column, let field = row.reader.layout(ofField: column) {
            return CSVPosition(line: field.line, column: field.column)
        }
        return row.reader.currentRowEnd
    }

    func errorContext(_ path: String, _ message: String) -> DecodingError.Context {
        let place = position(of: context.column(path))
        var codingPath: [any CodingKey] = [CSVCodingKey.row(row.index)]
        if !path.isEmpty { codingPath.append(CSVCodingKey(stringValue: path)) }
        return DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "\(context.sourceName):\(place.line):\(place.column): \(message)")
    }

    // MARK: Values

    /// The text at `path` for a leaf value of `type`.
    ///
    /// - Parameter column: The column of `path` when the caller already looked it up.
    func text(_ path: String, for type: Any.Type, allowsEmpty: Bool = false, column: Int? = nil) throws -> String {
        guard let column = column ?? context.column(path) else {
            if exists(path) {
                throw DecodingError.typeMismatch(
                    type, errorContext(path, "Expected to decode \(type) but found nested columns below \"\(path)\"."))
            }
            throw DecodingError.valueNotFound(
                type, errorContext(path, "Expected to decode \(type) but the header has no column \"\(path)\"."))
        }
        guard let text = field(column) else {
            throw DecodingError.valueNotFound(
                type, errorContext(path, "Expected to decode \(type) but the row has no field for \"\(path)\"."))
        }
        if text.isEmpty, allowsEmpty { return text }
        if isAbsent(column) {
            let found = text.isEmpty ? "an empty field" : "the null value \"\(text)\""
            throw DecodingError.valueNotFound(
                type, errorContext(path, "Expected to decode \(type) but found \(found) instead."))
        }
        return text
    }

    func mismatch(_ type: Any.Type, _ path: String, _ text: String, _ hint: String = "") -> DecodingError {
        DecodingError.typeMismatch(
            type, errorContext(path, "Expected to decode \(type) but found \"\(text)\" instead.\(hint)"))
    }

    func decodeBool(_ path: String, _ column: Int? = nil) throws -> Bool {
        let text = try text(path, for: Bool.self, column: column)
        let words = context.boolWords
        if text == words.true { return true }
        if text == words.false { return false }
        let lowered = text.lowercased()
        if lowered == words.true.lowercased() { return true }
        if lowered == words.false.lowercased() { return false }
        throw mismatch(Bool.self, path, text, " Booleans are written \"\(words.true)\" and \"\(words.false)\".")
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, _ path: String, _ column: Int? = nil) throws -> T {
        let text = try text(path, for: type, column: column)
        guard let value = CSVValueText.integer(text, as: T.self) else { throw mismatch(type, path, text) }
        return value
    }

    func decodeFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type, _ path: String, _ column: Int? = nil
    ) throws -> T {
        let text = try text(path, for: type, column: column)
        if let words = context.nonFiniteWords {
            if text == words.positiveInfinity { return .infinity }
            if text == words.negativeInfinity { return -.infinity }
            if text == words.nan { return .nan }
        }
        let parsed: T? = T.self == Double.self ? CSVValueText.double(text).map { T($0) } : T(text)
        guard let value = parsed else { throw mismatch(type, path, text) }
        if !value.isFinite {
            throw DecodingError.dataCorrupted(
                errorContext(
                    path,
                    "Found the non-finite number \"\(text)\"; choose a nonConformingFloatStrategy to read it."))
        }
        return value
    }

    func decodeBool(leaf: (String, Int?)) throws -> Bool { try decodeBool(leaf.0, leaf.1) }
    func decodeString(leaf: (String, Int?)) throws -> String { try decodeString(leaf.0, leaf.1) }
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, leaf: (String, Int?)) throws -> T {
        try decodeInteger(type, leaf.0, leaf.1)
    }
    func decodeFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type, leaf: (String, Int?)) throws -> T {
        try decodeFloat(type, leaf.0, leaf.1)
    }

    func decodeString(_ path: String, _ column: Int? = nil) throws -> String {
        try text(path, for: String.self, allowsEmpty: true, column: column)
    }

    /// `value` as `T`, which the caller has just checked it is.
    private func cast<T>(_ value: Any, _ path: String) throws -> T {
        guard let value = value as? T else {
            throw DecodingError.typeMismatch(T.self, errorContext(path, "Expected to decode \(T.self)."))
        }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type, _ path: String) throws -> T {
        let configuration = context.configuration
        if type == Date.self {
            let date: Date
            switch configuration.dateStrategy {
            case .deferredToDate:
                date = try Date(from: child(path))
            case .secondsSince1970, .millisecondsSince1970:
                let epoch: DateText.Epoch = if case .secondsSince1970 = configuration.dateStrategy { .secondsSince1970 } else { .millisecondsSince1970 }
                let number = try decodeFloat(Double.self, path)
                guard let value = DateText.date(fromNumber: number, since: epoch) else {
                    throw DecodingError.dataCorrupted(
                        errorContext(path, "Expected a date in \(DateText.yearsText) but found \(number) \(epoch == .secondsSince1970 ? "seconds" : "milliseconds") since 1970."))
                }
                date = value
            case .iso8601:
                let text = try text(path, for: Date.self)
                switch DateText.parse(Array(text.utf8)) {
                case let .success(parsed):
                    date = parsed.date
                case let .failure(failure):
                    throw DecodingError.dataCorrupted(
                        errorContext(path, "Expected an ISO 8601 date such as 2024-05-01T12:30:00Z but found \"\(text)\": \(failure.reason)."))
                }
            case let .formatted(formatter):
                let text = try text(path, for: Date.self)
                guard let value = formatter.date(from: text) else {
                    throw DecodingError.dataCorrupted(
                        errorContext(path, "Expected a date in the format \"\(formatter.dateFormat ?? "")\" but found \"\(text)\"."))
                }
                date = value
            case let .custom(_, decode):
                date = try decode(try text(path, for: Date.self))
            }
            return try cast(date, path)
        }
        if type == Data.self {
            let data: Data
            switch configuration.dataStrategy {
            case .deferredToData:
                data = try Data(from: child(path))
            case .base64:
                let text = try text(path, for: Data.self, allowsEmpty: true)
                guard let value = Data(base64Encoded: text) else {
                    throw DecodingError.dataCorrupted(errorContext(path, "Expected Base64 data but found \"\(text)\"."))
                }
                data = value
            case .hex:
                let text = try text(path, for: Data.self, allowsEmpty: true)
                guard let value = CSVValueText.hex(text) else {
                    throw DecodingError.dataCorrupted(
                        errorContext(path, "Expected hexadecimal data but found \"\(text)\"."))
                }
                data = value
            case let .custom(_, decode):
                data = try decode(try text(path, for: Data.self, allowsEmpty: true))
            }
            return try cast(data, path)
        }
        if type == URL.self {
            let text = try text(path, for: URL.self)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(errorContext(path, "Expected a URL but found \"\(text)\"."))
            }
            return try cast(url, path)
        }
        if type == Decimal.self {
            let text = try text(path, for: Decimal.self)
            guard CSVValueText.isDecimalNumber(text),
                let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
            else {
                throw mismatch(Decimal.self, path, text)
            }
            return try cast(decimal, path)
        }
        return try T(from: child(path))
    }
}

// MARK: - Keyed

struct CSVKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: CSVRowDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        decoder.context.childNames(of: decoder.path).compactMap { name in
            let path = decoder.path.isEmpty ? name : decoder.path + "." + name
            guard decoder.isPresent(path) else { return nil }
            if !decoder.context.hasHeader, let index = Int(name) {
                return Key(intValue: index) ?? Key(stringValue: name)
            }
            return Key(stringValue: name)
        }
    }

    private func path(_ key: Key) -> String { decoder.context.path(decoder.path, key) }

    func contains(_ key: Key) -> Bool { decoder.isPresent(path(key)) }

    /// The path and column of a leaf key; `keyNotFound` when the header has neither.
    private func checked(_ key: Key) throws -> (String, Int?) {
        let path = path(key)
        if let column = decoder.context.column(path) { return (path, column) }
        guard decoder.exists(path) else {
            throw DecodingError.keyNotFound(
                key,
                decoder.errorContext(
                    decoder.path,
                    "No column \"\(path)\" for key \"\(key.stringValue)\"; the header has "
                        + decoder.context.header.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
                        + (decoder.context.header.count > 8 ? ", …" : "") + "."))
        }
        return (path, nil)
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.isNil(path(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.decodeBool(leaf: checked(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.decodeString(leaf: checked(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.decodeFloat(type, leaf: checked(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.decodeFloat(type, leaf: checked(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.decodeInteger(type, leaf: checked(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.decodeInteger(type, leaf: checked(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.decodeInteger(type, leaf: checked(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.decodeInteger(type, leaf: checked(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.decodeInteger(type, leaf: checked(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.decodeInteger(type, leaf: checked(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.decodeInteger(type, leaf: checked(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decoder.decodeInteger(type, leaf: checked(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decoder.decodeInteger(type, leaf: checked(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decoder.decodeInteger(type, leaf: checked(key))
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        // A composite value may have no columns at all (an empty array, a struct of optionals).
        let path = decoder.context.path(decoder.path, key)
        return try decoder.decode(type, path)
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

/// Elements at `path.0`, `path.1`, …; at the row itself, the fields in order.
struct CSVUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: CSVRowDecoder
    let count: Int?
    private(set) var currentIndex = 0

    init(decoder: CSVRowDecoder) {
        self.decoder = decoder
        if decoder.path.isEmpty {
            count = decoder.row.fields.count
        } else {
            // Up to the last index that is present: trailing missing elements are not kept
            // (trailing `nil`s survive under a literal nil strategy).
            var last = decoder.context.largestIndex(below: decoder.path)
            while last >= 0, !decoder.isPresent(decoder.path + "." + String(last)) { last -= 1 }
            count = last + 1
        }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    private var elementPath: String {
        if decoder.path.isEmpty {
            let header = decoder.context.header
            if currentIndex < header.count { return header[currentIndex] }
            return String(currentIndex)
        }
        return decoder.path + "." + String(currentIndex)
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
