/// Codable values from a `Document`, and from bytes through serialize's own readers.

public import Foundation
public import SerializeDocument
import OrderedCollections
public import SerializeCore

/// Decodes `Decodable` values from a ``Document`` read by serialize's own readers: the
/// `JSONDecoder` API with exact 64-bit integers, dates with their fractions, and errors that say
/// where the value is in the file.
///
/// ```swift
/// let decoder = DocumentDecoder()
/// let settings = try decoder.decode(Settings.self, from: data, as: .json, file: url)
/// ```
///
/// Errors are Foundation's `DecodingError`s with Foundation's wording ("Expected to decode Int
/// but found a string instead.") and the coding path. Decoding bytes adds the place: the error's
/// `underlyingError` is a ``Diagnostic`` with `file:line:column` (JSON, XML property list, CSV)
/// or the byte offset (binary property list) of the value, found by reading the input a second
/// time only when decoding failed (``Format/location(of:in:)``).
///
/// Decoding bytes builds no tree: the JSON and binary property-list readers fill a flat index of
/// the input, from which values are read in place (keys compared as bytes, strings made only
/// when a type asks for one); a `Document` is indexed the same way, so both decode alike.
public struct DocumentDecoder: Sendable {
    /// Dates, data, NaN and key spelling, as the matching ``DocumentEncoder`` wrote them.
    public var options: FormatOptions
    /// Values every `init(from:)` sees in `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]
    /// The marker ``DocumentEncoder/nilMarker`` wrote for `nil`, or `nil` for none.
    public var nilMarker: String?
    /// Foundation's `.custom` key, date and data strategies: closures, which ``options`` (plain
    /// values the command line can name) cannot hold. Each one set takes over from its option.
    public var custom: CustomDecoding
    /// The memory of the last document decoded and its keyed containers, for the next call
    /// (``DecodingReuse``); copies of this decoder share it.
    let reuse = DecodingReuse()

    /// A decoder with `options`.
    public init(
        options: FormatOptions = FormatOptions(), userInfo: [CodingUserInfoKey: any Sendable] = [:], nilMarker: String? = nil,
        custom: CustomDecoding = CustomDecoding()
    ) {
        self.options = options
        self.userInfo = userInfo
        self.nilMarker = nilMarker
        self.custom = custom
    }

    /// Decodes a `T` from `document`.
    ///
    /// - Throws: `DecodingError` with the coding path.
    public func decode<T: Decodable>(_ type: T.Type, from document: Document) throws -> T {
        var storage = reuse.take()
        let index = DocumentIndex(document, reusing: &storage)
        return try decoding(index, storage, fromText: false, marker: nilMarker) { state in
            try state.unbox(state.index.root, as: type, at: .root)
        }
    }

    /// Decodes a `T` from `data` in `format`, read by serialize's reader for it.
    ///
    /// In CSV an array type reads every row, any other type exactly one; fields are text, read
    /// as the number, boolean, date or data the type asks for.
    ///
    /// - Parameter file: Where `data` came from, named in errors.
    /// - Throws: `DecodingError` whose `underlyingError` is a located ``Diagnostic``: a syntax
    ///   error (`dataCorrupted`), or the coding error with the place of the value at its path.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, as format: Format, file: URL? = nil) throws -> T {
        let isCSV = format.csvDialect != nil
        var reading = options
        reading.inferCSVTypes = false
        // JSON and binary property lists are read straight into the flat index the decoder
        // reads; the others through their Document.
        var storage = reuse.take()
        let index: DocumentIndex
        do {
            index = try format.index(data, options: reading, reusing: &storage)
        } catch {
            let located = error.inFile(file?.path)
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The given data was not valid \(format.name): \(error.message)", underlyingError: located))
        }
        var prefix = ValuePath()
        do {
            return try decoding(index, storage, fromText: isCSV, marker: nilMarker ?? options.nullMarker(for: format)) { state in
                let index = state.index
                if isCSV, !(T.self is any RowsOfCSV.Type) {
                    let rows = index.entries[index.root]
                    guard rows.kind == .array, rows.payload == 1 else {
                        let count = rows.kind == .array ? rows.payload : 0
                        throw DecodingError.dataCorrupted(
                            .init(codingPath: [], debugDescription: "Expected exactly one row for a single \(T.self), found \(count) rows; decode an array to read several rows."))
                    }
                    prefix = ValuePath([.index(0)])
                    return try state.unbox(index.root + 1, as: type, at: .root)
                }
                return try state.unbox(index.root, as: type, at: .root)
            }
        } catch let error as DecodingError {
            throw Self.locate(error, prefix: prefix, data: data, format: format, file: file)
        }
    }

    /// Runs `body` with the state of one decode of `index`, then gives the index's memory back
    /// to ``reuse`` for the next call, whether `body` returned or threw. The state is let go of
    /// on return (unless a type kept one of its decoders), so that by the next call the memory
    /// is held by the storage alone and is emptied in place.
    private func decoding<R>(
        _ index: DocumentIndex, _ storage: IndexStorage, fromText: Bool, marker: String?,
        _ body: (DecodingState) throws -> R
    ) throws -> R {
        var storage = storage
        let containers = reuse.containers.take()
        let state = DecodingState(decoder: self, index: index, fromText: fromText, marker: marker, keyedContainers: containers)
        defer {
            state.finish()
            storage.reclaim(state.index)
            reuse.give(storage)
            reuse.containers.give(containers)
        }
        return try body(state)
    }

    /// `error` with a ``Diagnostic`` at the place of its value as the underlying error.
    static func locate(_ error: DecodingError, prefix: ValuePath, data: Data, format: Format, file: URL?) -> DecodingError {
        func located(_ context: DecodingError.Context, extra: (any CodingKey)? = nil) -> DecodingError.Context {
            guard context.underlyingError == nil || !(context.underlyingError is Diagnostic) else { return context }
            var path = prefix
            path.components += ValuePath(codingPath: context.codingPath).components
            // A missing key is reported at the dictionary that lacks it.
            let place = format.location(of: path, in: data)
            if let extra { path = path.appending(.key(extra.stringValue)) }
            let diagnostic = Diagnostic(.decodingFailed, context.debugDescription, at: place, path: path, file: file?.path)
            return .init(codingPath: context.codingPath, debugDescription: context.debugDescription, underlyingError: diagnostic)
        }
        switch error {
        case let .typeMismatch(type, context): return .typeMismatch(type, located(context))
        case let .valueNotFound(type, context): return .valueNotFound(type, located(context))
        case let .keyNotFound(key, context): return .keyNotFound(key, located(context, extra: key))
        case let .dataCorrupted(context): return .dataCorrupted(located(context))
        @unknown default: return error
        }
    }
}

/// ``DocumentDecoder``'s counterparts of `JSONDecoder`'s `.custom` strategies.
public struct CustomDecoding: Sendable {
    /// The coding key the type reads for the last key of a coding path, a key as the document
    /// spells it (`keyDecodingStrategy = .custom`); takes over from ``FormatOptions/keys``. Two
    /// keys of one dictionary that it makes one are refused by name, not merged.
    public var keys: (@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)?
    /// Decodes a `Date` from the value's decoder (`dateDecodingStrategy = .custom`).
    public var dates: (@Sendable (any Decoder) throws -> Date)?
    /// Decodes a `Data` from the value's decoder (`dataDecodingStrategy = .custom`).
    public var data: (@Sendable (any Decoder) throws -> Data)?

    /// No custom strategy: every option applies.
    public init(
        keys: (@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)? = nil,
        dates: (@Sendable (any Decoder) throws -> Date)? = nil,
        data: (@Sendable (any Decoder) throws -> Data)? = nil
    ) {
        self.keys = keys
        self.dates = dates
        self.data = data
    }
}

extension Diagnostic.Code {
    /// A value did not decode as the type asked for (the Codable decoder's errors, located).
    public static let decodingFailed = Self(rawValue: "decodingFailed")
}

// MARK: - Dictionaries keyed by strings

/// `[String: V]`, whose keys are data, not coding keys: no key strategy renames them (as in
/// Foundation's coders), and two document keys that Swift's `String` takes for one (canonically
/// equivalent, `K` and U+212A) are refused by name, not merged.
protocol StringKeyedDecodable {
    static func decode(_ dictionary: Int, state: DecodingState, at path: CodingPathNode) throws -> Self
}

extension Dictionary: StringKeyedDecodable where Key == String, Value: Decodable {
    static func decode(_ dictionary: Int, state: DecodingState, at path: CodingPathNode) throws -> Self {
        let index = state.index
        let members = index.members(of: dictionary)
        var result = Self(minimumCapacity: members.count)
        for member in members {
            let key = index.string(at: member.key)
            let memberPath = path.appending(PathKey(stringValue: key, intValue: nil))
            let decoded = try state.unbox(member.value, as: Value.self, at: PendingPath(memberPath))
            guard result.updateValue(decoded, forKey: key) == nil else {
                let other = members.lazy.map { index.string(at: $0.key) }.first { $0 == key && !$0.hasSameScalars(as: key) } ?? key
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path.codingPath, debugDescription: "Keys \"\(other.scalarsEscaped)\" and \"\(key.scalarsEscaped)\" are one key in a Swift Dictionary<String, \(Value.self)> (canonically equivalent); decode a Document or a type keyed by exact scalars to keep both."))
            }
        }
        return result
    }
}

// MARK: - Decoding state

/// The options of one top-level `decode`, shared by every decoder beneath it.
final class DecodingState {
    /// The document being decoded; values are positions in it.
    let index: DocumentIndex
    /// As the decoder holds it: made `[CodingUserInfoKey: Any]` only when a type asks for it.
    let userInfo: [CodingUserInfoKey: any Sendable]
    let options: FormatOptions
    let snakeCase: Bool
    /// CSV: every field is text, read as the scalar the type asks for.
    let fromText: Bool
    let nilText: String?
    let nilMarker: Unicode.Scalar?
    let custom: CustomDecoding
    /// Whether a key strategy renames keys (snake_case or a custom closure).
    let renamesKeys: Bool
    /// Decoders whose value is done, ready for the next one (``unbox(_:as:at:)``). Each holds
    /// this state, so ``finish()`` must empty it when the decoding is over.
    /// Taken and given back without the run-time exclusivity check: no access spans a call out.
    @exclusivity(unchecked) var spareDecoders: [DocumentValueDecoder]
    /// The keyed containers, one kept per key type, from the last call (``DecodingReuse``).
    let keyedContainers: KeptContainers<KeyedDocumentDecoderBase>

    /// Lets go of the spare decoders (which hold this state: a cycle until then); the keyed
    /// containers still held elsewhere hold the state and leave the table, and the ones kept
    /// let go of what they read (a large dictionary's member table among it).
    func finish() {
        spareDecoders.removeAll()
        keyedContainers.release(evict: { $0.keepsState = self }, keep: { $0.forget() })
    }

    init(
        decoder: DocumentDecoder, index: DocumentIndex, fromText: Bool, marker: String?,
        keyedContainers: KeptContainers<KeyedDocumentDecoderBase> = KeptContainers()
    ) {
        self.index = index
        self.keyedContainers = keyedContainers
        custom = decoder.custom
        renamesKeys = decoder.options.keys == .convertToSnakeCase || decoder.custom.keys != nil
        userInfo = decoder.userInfo
        options = decoder.options
        snakeCase = decoder.options.keys == .convertToSnakeCase
        self.fromText = fromText
        nilText = marker.flatMap { $0.isEmpty ? nil : $0 }
        nilMarker = nilText?.unicodeScalars.first
        // Room for one decoder per level of a usual document, so the list does not grow by copying.
        spareDecoders = []
        spareDecoders.reserveCapacity(8)
    }

    /// Whether the value at `position` stands for `nil`: as ``isNull(_:)-(Document)``, with the
    /// marker compared as bytes.
    @inline(__always)
    func isNull(_ position: Int) -> Bool {
        let entry = index.entries[position]
        switch entry.kind {
        case .null: return true
        case .string: return nilText.map { index.bytes(at: position, equal: $0) } ?? false
        default: return false
        }
    }

    /// Whether `value` stands for `nil`.
    @inline(__always)
    func isNull(_ value: Document) -> Bool {
        switch value {
        case .null: return true
        case let .string(text): return nilText.map { text.hasSameScalars(as: $0) } ?? false
        default: return false
        }
    }

    /// Decodes any value: the common scalars, `Date`, `Data`, `URL` and `Document` directly
    /// (without a decoder, and without a coding-path node unless an error needs one), anything
    /// else through its `init(from:)`.
    ///
    /// No `Optional<T>` appears here: in this unspecialized function each one would look up
    /// generic metadata at run time, for every value.
    func unbox<T: Decodable>(_ position: Int, as type: T.Type, at pending: PendingPath) throws -> T {
        // A generic container (`[String]`, `decode(_:forKey:)` of a generic `T`) asks for these.
        if T.self == String.self { return try string(position, at: pending.node) as! T }
        if T.self == Int.self { return try integer(position, as: Int.self, at: pending.node) as! T }
        if T.self == Double.self { return try double(position, at: pending.node) as! T }
        if T.self == Bool.self { return try bool(position, at: pending.node) as! T }
        if T.self == Int64.self { return try integer(position, as: Int64.self, at: pending.node) as! T }
        if T.self == Date.self {
            if let custom = custom.dates { return try custom(DocumentValueDecoder(state: self, position: position, path: pending)) as! T }
            return try date(index.scalar(at: position), at: pending.node) as! T
        }
        if T.self == Data.self {
            if let custom = custom.data { return try custom(DocumentValueDecoder(state: self, position: position, path: pending)) as! T }
            return try data(index.scalar(at: position), at: pending.node) as! T
        }
        // A number beyond 64 bits (Document.number) decodes into Decimal when Decimal holds it.
        if T.self == Decimal.self, case let .number(number) = index.scalar(at: position) {
            guard let decimal = Decimal(string: number.text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: pending.node.codingPath, debugDescription: "Number \(number.text) does not fit in Decimal."))
            }
            return decimal as! T
        }
        if T.self == URL.self {
            let text = try string(position, at: pending.node)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: pending.node.codingPath, debugDescription: "Invalid URL string."))
            }
            return url as! T
        }
        if T.self == Document.self { return index.document(at: position) as! T }
        // Only where a key strategy renames keys or a key is not ASCII (two such keys can be one
        // String) does a [String: V] need its own reading: the type check costs a lookup per value.
        let entry = index.entries[position]
        if entry.kind == .dictionary, renamesKeys || entry.hasKeyBeyondASCII,
            let dictionary = T.self as? any StringKeyedDecodable.Type
        {
            return try dictionary.decode(position, state: self, at: pending.node) as! T
        }
        // The value's path node is made only if its decoder or container is asked for it.
        var decoder = spareDecoders.popLast() ?? DocumentValueDecoder(state: self, position: position, path: pending)
        decoder.position = position
        decoder.path = pending
        let decoded = try T(from: decoder)
        // The decoder is reused for the next value unless `init(from:)` kept it somewhere.
        if isKnownUniquelyReferenced(&decoder) { spareDecoders.append(decoder) }
        return decoded
    }

    /// The integer at `position`, without making a `Document` for the common case.
    @inline(__always)
    func integer<T: FixedWidthInteger>(_ position: Int, as type: T.Type, at path: @autoclosure () -> CodingPathNode) throws -> T {
        let entry = index.entries[position]
        if entry.kind == .integer, let exact = T(exactly: entry.payload) { return exact }
        return try integer(index.scalar(at: position), as: type, at: path())
    }

    // MARK: - Scalars in place

    // The common cases read straight from the entry, without a `Document` made and taken apart;
    // anything else (a marker for nil, CSV's text, a mismatch) as the `Document` overloads say.

    /// The string at `position`.
    @inline(__always)
    func string(_ position: Int, at path: @autoclosure () -> CodingPathNode) throws -> String {
        if nilText == nil, index.entries[position].kind == .string { return index.string(at: position) }
        return try string(index.scalar(at: position), at: path())
    }

    /// The number at `position` as a `Double`.
    @inline(__always)
    func double(_ position: Int, at path: @autoclosure () -> CodingPathNode) throws -> Double {
        let entry = index.entries[position]
        switch entry.kind {
        case .double: return Double(bitPattern: UInt64(UInt(bitPattern: entry.payload)))
        case .integer: return Double(entry.payload)
        default: return try double(index.scalar(at: position), at: path())
        }
    }

    /// The boolean at `position`.
    @inline(__always)
    func bool(_ position: Int, at path: @autoclosure () -> CodingPathNode) throws -> Bool {
        let entry = index.entries[position]
        if entry.kind == .bool { return entry.payload != 0 }
        return try bool(index.scalar(at: position), at: path())
    }

    // MARK: - Errors in Foundation's words

    func mismatch(_ type: Any.Type, _ value: Document, at path: () -> CodingPathNode) -> DecodingError {
        if isNull(value) {
            return .valueNotFound(type, .init(codingPath: path().codingPath, debugDescription: "Expected \(type) value but found null instead."))
        }
        return .typeMismatch(
            type, .init(codingPath: path().codingPath, debugDescription: "Expected to decode \(type) but found \(Self.describe(value)) instead."))
    }

    static func describe(_ value: Document) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .unsignedInteger, .double, .number: "a number"
        case .string: "a string"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }

    // MARK: - Scalars

    func bool(_ value: Document, at path: @autoclosure () -> CodingPathNode) throws -> Bool {
        switch value {
        case let .bool(bool): return bool
        case let .string(text) where fromText:
            if text == "true" { return true }
            if text == "false" { return false }
        default: break
        }
        throw mismatch(Bool.self, value, at: path)
    }

    func string(_ value: Document, at path: @autoclosure () -> CodingPathNode) throws -> String {
        guard case let .string(text) = value, !isNull(value) else { throw mismatch(String.self, value, at: path) }
        if let nilMarker, text.unicodeScalars.first == nilMarker {
            return String(text.unicodeScalars.dropFirst())
        }
        return text
    }

    func integer<T: FixedWidthInteger>(_ value: Document, as type: T.Type, at path: @autoclosure () -> CodingPathNode) throws -> T {
        let result: T?
        switch value {
        case let .integer(number): result = T(exactly: number)
        case let .unsignedInteger(number): result = T(exactly: number)
        case let .double(number): result = number.isFinite ? T(exactly: number) : nil
        case .number: result = nil  // beyond 64 bits: no fixed-width integer holds it
        case let .string(text) where fromText:
            if let number = T(text) { return number }
            guard let real = Double(text), real.isFinite, let number = T(exactly: real) else { throw mismatch(type, value, at: path) }
            return number
        default: throw mismatch(type, value, at: path)
        }
        guard let result else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path().codingPath, debugDescription: "Number \(Self.text(of: value)) does not fit in \(type)."))
        }
        return result
    }

    func double(_ value: Document, at path: @autoclosure () -> CodingPathNode) throws -> Double {
        switch value {
        case let .double(number): return number
        case let .integer(number): return Double(number)
        case let .unsignedInteger(number): return Double(number)
        case let .number(number):
            // As JSONDecoder: the nearest Double, unless the number is beyond Double's range.
            let nearest = number.nearestDouble
            guard nearest.isFinite, nearest != 0 else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path().codingPath, debugDescription: "Number \(number.text) is not representable in Swift."))
            }
            return nearest
        case let .string(text):
            if options.nonFinite == .string || fromText {
                switch text {
                case "NaN": return .nan
                case "Infinity": return .infinity
                case "-Infinity": return -.infinity
                default: break
                }
            }
            if fromText, let number = Double(text), number.isFinite { return number }
        default: break
        }
        throw mismatch(Double.self, value, at: path)
    }

    func float(_ value: Document, at path: @autoclosure () -> CodingPathNode) throws -> Float {
        let number = try double(value, at: path())
        let narrowed = Float(number)
        guard narrowed.isFinite || !number.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: path().codingPath, debugDescription: "Number \(number) does not fit in Float."))
        }
        return narrowed
    }

    static func text(of value: Document) -> String {
        switch value {
        case let .integer(number): "\(number)"
        case let .unsignedInteger(number): "\(number)"
        case let .double(number): "\(number)"
        case let .number(number): number.text
        case let .string(text): text
        default: value.typeName
        }
    }

    func date(_ value: Document, at path: @autoclosure () -> CodingPathNode) throws -> Date {
        if case let .date(date) = value { return date }
        let parsed: Date?
        switch (options.dates, value) {
        case let (.iso8601, .string(text)): parsed = DateText.date(from: text)
        case (.secondsSince1970, _), (.millisecondsSince1970, _), (.deferredToDate, _):
            let epoch: DateText.Epoch = switch options.dates {
            case .secondsSince1970: .secondsSince1970
            case .millisecondsSince1970: .millisecondsSince1970
            default: .secondsSince2001
            }
            switch value {
            case let .string(text) where fromText: parsed = DateText.date(fromEpochText: text, since: epoch)
            case .integer, .unsignedInteger, .double: parsed = DateText.date(fromNumber: try double(value, at: path()), since: epoch)
            default: throw mismatch(Date.self, value, at: path)
            }
        default: throw mismatch(Date.self, value, at: path)
        }
        guard let parsed else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path().codingPath, debugDescription: "Expected a date (\(options.dates)) but found \"\(Self.text(of: value))\"."))
        }
        return parsed
    }

    func data(_ value: Document, at path: @autoclosure () -> CodingPathNode) throws -> Data {
        if case let .data(data) = value { return data }
        let text = try string(value, at: path())
        let bytes: Data? = switch options.data {
        case .base64: Data(base64Encoded: text)
        case .hex: TextValues.bytes(hex: text)
        }
        guard let bytes else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path().codingPath, debugDescription: "Encountered Data is not valid \(options.data == .hex ? "hexadecimal" : "Base64")."))
        }
        return bytes
    }
}
