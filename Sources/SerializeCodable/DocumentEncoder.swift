/// Codable values to a `Document`, and through serialize's own writers to bytes.

public import Foundation
public import SerializeDocument
import OrderedCollections
import SerializeCore

/// Encodes `Encodable` values as a ``Document`` and writes it with serialize's own writers: the
/// `JSONEncoder` API over a tree that keeps exact 64-bit integers, key order, dates with their
/// fractions, data, and any scalar at the top level of every format.
///
/// ```swift
/// let encoder = DocumentEncoder(options: FormatOptions(pretty: false))
/// let json = try encoder.encode(settings, as: .json)
/// let plist = try encoder.encode(settings, as: .binaryPlist)
/// ```
///
/// One ``options`` value travels down the encoding (as `JSONEncoder._Options` does):
/// - keys are written in the order `encode(to:)` writes them, or sorted by their UTF-8 bytes
///   with ``FormatOptions/sortKeys``; ``FormatOptions/keys`` converts them to `snake_case`;
/// - dates, data and NaN stay `Document` values, and each format's writer applies
///   ``FormatOptions/dates``, ``FormatOptions/data`` and ``FormatOptions/nonFinite`` where it has
///   no native type (JSON, CSV); property lists keep all three natively;
/// - `nil` stays `null`; a property-list writer applies ``FormatOptions/null``, and
///   ``nilMarker`` writes a marker that cannot collide with a real string instead.
///
/// Errors are `EncodingError.invalidValue` with the coding path, as Foundation's encoders throw;
/// a writer's refusal carries its ``Diagnostic`` as the underlying error.
///
/// An encoder (and its copies, until a setting of one changes) keeps the working memory of its
/// last binary property list encoding, when under 1 MB, for the next one; calls from several
/// threads at once are safe (a call that finds it in use works in memory of its own).
public struct DocumentEncoder: Sendable {
    /// Layout, key order, key spelling, and how each format's writer spells what it lacks.
    public var options: FormatOptions { didSet { spare = DirectEncodingSpare() } }
    /// Values every `encode(to:)` sees in `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] { didSet { spare = DirectEncodingSpare() } }
    /// A string that stands for `nil` without colliding with real strings: `nil` is written as
    /// the marker, and a real string that starts with the marker's first character gets one
    /// more of it (`"$null"` is written `"$$null"`, `"$x"` `"$$x"`). ``DocumentDecoder`` with
    /// the same marker undoes both. Meant for property lists, which have no null; `nil` (the
    /// default) leaves `null` to ``FormatOptions/null``, except that writing a property list
    /// with `FormatOptions(null: .string(marker))` takes that marker here, collision-free.
    public var nilMarker: String? { didSet { spare = DirectEncodingSpare() } }
    /// How much of each date's fraction is kept: every bit (``DatePrecision/exact``, the default),
    /// or rounded to the nearest second, millisecond, microsecond or nanosecond, as every
    /// format then writes and reads it (`.seconds` makes XML property list dates readable by
    /// Foundation and plutil, which refuse a fraction).
    public var datePrecision: DatePrecision { didSet { spare = DirectEncodingSpare() } }
    /// Foundation's `.custom` key, date and data strategies: closures, which ``options`` (plain
    /// values the command line can name) cannot hold. Each one set takes over from its option.
    public var custom: CustomEncoding { didSet { spare = DirectEncodingSpare() } }
    /// Whether ``encode(_:as:)`` writes JSON and property lists straight into the writer while
    /// the Codable calls come in order (the bytes are the same either way); false forces the
    /// tree path, for tests that compare the two.
    package var encodesDirectly = true
    /// What the direct path keeps between calls (the binary plist path's state, and the keyed
    /// containers of the JSON and XML plist paths): shared by copies, and replaced when a
    /// setting changes, so that a kept state always has this encoder's settings.
    private(set) var spare = DirectEncodingSpare()

    /// An encoder with `options` (the defaults refuse every loss).
    public init(
        options: FormatOptions = FormatOptions(), userInfo: [CodingUserInfoKey: any Sendable] = [:], nilMarker: String? = nil,
        datePrecision: DatePrecision = .exact, custom: CustomEncoding = CustomEncoding()
    ) {
        self.options = options
        self.userInfo = userInfo
        self.nilMarker = nilMarker
        self.datePrecision = datePrecision
        self.custom = custom
    }

    /// The document of `value`: what the writers write.
    ///
    /// - Throws: `EncodingError` with the coding path.
    public func encode<T: Encodable>(_ value: T) throws -> Document {
        try encode(value, marker: nilMarker)
    }

    func encode<T: Encodable>(_ value: T, marker: String?) throws -> Document {
        let state = EncodingState(encoder: self, marker: marker)
        defer { state.finish() }
        return try state.box(value, at: .root).document(sortKeys: options.sortKeys)
    }

    /// `value` as bytes in `format`, written by serialize's writer for it.
    ///
    /// In CSV an array is one row per element and any other value a file of one row, nested
    /// values as columns named in the one column grammar (`address.city`, `tags[0]`).
    ///
    /// JSON and property lists are written while `encode(to:)` runs, with no tree in between,
    /// unless keys are sorted. Where an `encode(to:)` writes in an order the bytes cannot follow
    /// (a container written to after a later sibling was opened, a key encoded twice, a super
    /// encoder used after its parent moved on) or anything throws, the value is encoded again
    /// through a ``Document``: the bytes and errors are the same either way, but `encode(to:)`
    /// then runs twice.
    ///
    /// - Throws: `EncodingError.invalidValue` with the coding path; where the writer refuses a
    ///   value (NaN in JSON, `null` in a property list), its ``Diagnostic`` is the underlying error.
    public func encode<T: Encodable>(_ value: T, as format: Format) throws -> Data {
        if let data = encodeDirectly(value, as: format) { return data }
        var document = try encode(value, marker: nilMarker ?? options.nullMarker(for: format))
        if format.csvDialect != nil, !(value is any RowsOfCSV) { document = .array([document]) }
        do {
            // The tree is already in the order asked for: the writer only has to keep it.
            var writing = options
            writing.sortKeys = false
            return try format.write(document, options: writing)
        } catch {
            throw EncodingError.invalidValue(
                (try? document.value(at: error.path ?? ValuePath())).map(\.encodedValue) ?? "",
                .init(codingPath: (error.path ?? ValuePath()).codingKeys, debugDescription: error.message, underlyingError: error))
        }
    }
}

/// ``DocumentEncoder``'s counterparts of `JSONEncoder`'s `.custom` strategies.
///
/// ```swift
/// var encoder = DocumentEncoder()
/// encoder.custom.keys = { path in AnyCodingKey(path.last!.stringValue.uppercased()) }
/// encoder.custom.dates = { date, encoder in
///     var container = encoder.singleValueContainer()
///     try container.encode(Int64(date.timeIntervalSince1970 * 1000))
/// }
/// ```
public struct CustomEncoding: Sendable {
    /// The key written for the last key of a coding path (`keyEncodingStrategy = .custom`);
    /// takes over from ``FormatOptions/keys``.
    public var keys: (@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)?
    /// Encodes a `Date` (`dateEncodingStrategy = .custom`): what the closure encodes is the value,
    /// an empty dictionary when it encodes nothing, as in Foundation.
    public var dates: (@Sendable (Date, any Encoder) throws -> Void)?
    /// Encodes a `Data` (`dataEncodingStrategy = .custom`), like ``dates``.
    public var data: (@Sendable (Data, any Encoder) throws -> Void)?

    /// No custom strategy: every option applies.
    public init(
        keys: (@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)? = nil,
        dates: (@Sendable (Date, any Encoder) throws -> Void)? = nil,
        data: (@Sendable (Data, any Encoder) throws -> Void)? = nil
    ) {
        self.keys = keys
        self.dates = dates
        self.data = data
    }
}

extension FormatOptions {
    /// The nil marker the coders use for `format`: ``FormatOptions/null``'s string in a property list.
    func nullMarker(for format: Format) -> String? {
        if format.isPropertyList, case let .string(marker) = null { return marker }
        return nil
    }
}

/// How much of a date's fraction ``DocumentEncoder`` keeps (SerializeCore's `DateText` rounds).
public enum DatePrecision: Sendable, Hashable, CaseIterable {
    /// Whole seconds, rounded to nearest.
    case seconds
    /// Milliseconds.
    case milliseconds
    /// Microseconds.
    case microseconds
    /// Nanoseconds.
    case nanoseconds
    /// Every bit of the `Date`.
    case exact

    var dateText: DateText.Precision {
        switch self {
        case .seconds: .seconds
        case .milliseconds: .milliseconds
        case .microseconds: .microseconds
        case .nanoseconds: .nanoseconds
        case .exact: .exact
        }
    }

    /// `date` rounded to this precision by DateText's one rounding; unchanged outside its years.
    func rounded(_ date: Date) -> Date {
        guard self != .exact, let text = DateText.string(date, precision: dateText), let rounded = DateText.date(from: text) else { return date }
        return rounded
    }
}

/// An array: CSV writes and reads it as rows (a value of any other type is a file of one row).
protocol RowsOfCSV {}
extension Array: RowsOfCSV {}

extension Document {
    /// The Swift value a writer refused, as `EncodingError.invalidValue` carries it.
    var encodedValue: Any {
        switch self {
        case .null: Optional<Int>.none as Any
        case let .bool(value): value
        case let .integer(value): value
        case let .unsignedInteger(value): value
        case let .double(value): value
        case let .number(value): value.text
        case let .string(value): value
        case let .date(value): value
        case let .data(value): value
        case .array, .dictionary: self
        }
    }
}

// MARK: - The tree being built

/// What one encoder produced: a finished value, or a container still open to nested encoders.
enum EncodedSlot {
    case value(Document)
    case array(EncodedArray)
    case dictionary(EncodedDictionary)

    func document(sortKeys: Bool) -> Document {
        switch self {
        case let .value(value): return value
        case let .array(array): return .array(array.elements.map { $0.document(sortKeys: sortKeys) })
        case let .dictionary(dictionary):
            // The keys are unique already: the key array is shared, not rehashed.
            var members = OrderedDictionary<DocumentKey, Document>(
                uncheckedUniqueKeys: dictionary.members.keys.elements,
                values: dictionary.members.values.map { $0.document(sortKeys: sortKeys) })
            if sortKeys { members.sort { $0.key < $1.key } }  // by UTF-8 bytes
            return .dictionary(members)
        }
    }
}

/// `[String: V]`, whose keys are data, not coding keys: no key strategy renames them, as in
/// Foundation's coders (DocumentDecoder reads them back the same way).
protocol StringKeyedEncodable {
    func encodeMembers(state: EncodingState, at path: CodingPathNode) throws -> EncodedSlot
    /// The same members written straight into a writer (``DirectEncodingState``).
    func encodeMembers(directly state: DirectEncodingState, step: DirectEncodingState.PathStep) throws -> DirectEncodingState.Value
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
    func encodeMembers(state: EncodingState, at path: CodingPathNode) throws -> EncodedSlot {
        let dictionary = EncodedDictionary()
        dictionary.members.reserveCapacity(count)
        for (key, value) in self {
            dictionary.members[DocumentKey(key)] = try state.box(value, at: path.appending(PathKey(stringValue: key, intValue: nil)))
        }
        return .dictionary(dictionary)
    }

    func encodeMembers(directly state: DirectEncodingState, step: DirectEncodingState.PathStep) throws -> DirectEncodingState.Value {
        try state.encodeStringKeyed(self, step: step)
    }
}

/// An array under construction, shared by the containers writing into it.
final class EncodedArray {
    var elements: [EncodedSlot] = []
}

/// A dictionary under construction, shared by the containers writing into it.
final class EncodedDictionary {
    /// Keyed by exact scalars: coding keys `K` and U+212A are two members.
    var members = OrderedDictionary<DocumentKey, EncodedSlot>()

    init() {
        // Most Codable types have a handful of keys: one allocation per array, not a doubling each.
        members.reserveCapacity(8)
    }
}

/// The options of one top-level `encode`, shared by every encoder beneath it.
final class EncodingState {
    let userInfo: [CodingUserInfoKey: Any]
    let snakeCase: Bool
    let nilMarker: Unicode.Scalar?
    let nilText: String?
    let datePrecision: DatePrecision
    let custom: CustomEncoding
    /// Whether a key strategy renames keys (snake_case or a custom closure).
    let renamesKeys: Bool
    /// Encoders whose value is done, ready for the next one (``box(_:at:)``). Each holds this
    /// state, so ``finish()`` must empty it when the encoding is over.
    var spareEncoders: [DocumentValueEncoder] = []

    /// Lets go of the spare encoders (which hold this state: a cycle until then).
    func finish() { spareEncoders.removeAll() }

    init(encoder: DocumentEncoder, marker: String?) {
        datePrecision = encoder.datePrecision
        custom = encoder.custom
        renamesKeys = encoder.options.keys == .convertToSnakeCase || encoder.custom.keys != nil
        userInfo = encoder.userInfo
        snakeCase = encoder.options.keys == .convertToSnakeCase
        nilText = marker.flatMap { $0.isEmpty ? nil : $0 }
        nilMarker = nilText?.unicodeScalars.first
    }

    /// The document key of a coding key in the container at `path`.
    @inline(__always)
    func key(_ key: some CodingKey, in path: CodingPathNode) -> String {
        if custom.keys != nil { return self.key(key, path: path.codingPath) }
        return snakeCase ? SnakeCase.convert(key.stringValue) : key.stringValue
    }

    /// The document key of a coding key in the container whose coding path is `path`, already
    /// rendered.
    func key(_ key: some CodingKey, path: [any CodingKey]) -> String {
        if let custom = custom.keys { return custom(path + [key]).stringValue }
        return snakeCase ? SnakeCase.convert(key.stringValue) : key.stringValue
    }

    /// `nil`, as `null` or the marker.
    var null: Document {
        if let nilText { return .string(nilText) }
        return .null
    }

    /// A string, escaped when it could be mistaken for the nil marker.
    @inline(__always)
    func string(_ value: String) -> Document {
        if let nilMarker, value.unicodeScalars.first == nilMarker {
            return .string(String(nilMarker) + value)
        }
        return .string(value)
    }

    /// Encodes any value: the types every format writes as one value (`Date`, `Data`, `URL`,
    /// `Document`) directly, anything else through its `encode(to:)`.
    func box<T: Encodable>(_ value: T, at path: CodingPathNode) throws -> EncodedSlot {
        if let direct = direct(value) { return .value(direct) }
        if T.self == Date.self, let custom = custom.dates, let date = value as? Date { return try boxCustom(date, custom, at: path) }
        if T.self == Data.self, let custom = custom.data, let data = value as? Data { return try boxCustom(data, custom, at: path) }
        // Only a key strategy would rename a [String: V]'s keys: the type check costs a lookup per value.
        if renamesKeys, let dictionary = value as? any StringKeyedEncodable { return try dictionary.encodeMembers(state: self, at: path) }
        var encoder = spareEncoders.popLast() ?? DocumentValueEncoder(state: self, path: path)
        encoder.path = path
        try value.encode(to: encoder)
        // A value that encoded nothing is an empty dictionary, as in Foundation's encoders.
        let slot = encoder.slot ?? .dictionary(EncodedDictionary())
        // The encoder is reused for the next value unless `encode(to:)` kept it somewhere
        // (swift-foundation's JSONEncoder does the same): one allocation fewer per value.
        if isKnownUniquelyReferenced(&encoder) {
            encoder.slot = nil
            spareEncoders.append(encoder)
        }
        return slot
    }

    /// The value of the types every format writes as one value, with no encoder and no coding
    /// path: the common scalars a generic container hands over (`[String]` encodes each element
    /// as a generic `T`), and `Date`, `Data`, `URL` and `Document`; `nil` for every other type.
    @inline(__always)
    func direct<T: Encodable>(_ value: T) -> Document? {
        if T.self == String.self, let text = value as? String { return string(text) }
        if T.self == Int.self, let number = value as? Int { return .integer(Int64(number)) }
        if T.self == Double.self, let number = value as? Double { return .double(number) }
        if T.self == Bool.self, let flag = value as? Bool { return .bool(flag) }
        if T.self == Int64.self, let number = value as? Int64 { return .integer(number) }
        if T.self == Date.self, custom.dates == nil, let date = value as? Date { return .date(datePrecision.rounded(date)) }
        if T.self == Data.self, custom.data == nil, let data = value as? Data { return .data(data) }
        if T.self == URL.self, let url = value as? URL { return string(url.absoluteString) }
        if T.self == Document.self, let document = value as? Document { return document }
        return nil
    }

    /// A `Date` or `Data` through a ``CustomEncoding`` closure.
    private func boxCustom<T>(_ value: T, _ custom: (T, any Encoder) throws -> Void, at path: CodingPathNode) throws -> EncodedSlot {
        let encoder = DocumentValueEncoder(state: self, path: path)
        try custom(value, encoder)
        return encoder.slot ?? .dictionary(EncodedDictionary())
    }
}
