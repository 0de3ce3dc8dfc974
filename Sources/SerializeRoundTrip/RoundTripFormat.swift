/// A format a value or a document is sent through and back: the one `Format`, the one
/// `FormatOptions`, and which coder does the work.

public import Foundation
public import SerializeDocument
import SerializePersistence
import SerializeCSV
import SerializeCore

/// One way to write a value (or a ``Document``) to bytes and read it back: a `Format`, its
/// `FormatOptions`, and the ``Coder`` that does the work.
///
/// The format and options are the same values `Persistence`, `RecordStore`, `Format.convert`
/// and the command-line tool take, so what the harness measures for `.json` is what
/// `Persistence().save(value, to: url, as: .json)` writes. Only the coder is the harness's own:
///
/// ```swift
/// let formats: [RoundTripFormat] = [.json, .json(FormatOptions(nonFinite: .string)), .xmlPlist, .csv]
/// ```
///
/// Any other coder plugs in through ``init(name:format:encode:decode:)``:
///
/// ```swift
/// let yaml = RoundTripFormat(name: "yaml", format: .json,
///                            encode: { try YAMLEncoder().encode($0).data(using: .utf8)! },
///                            decode: { type, data in try YAMLDecoder().decode(type, from: data) })
/// ```
///
/// Two formats are equal when their names, formats, options and coders are.
public struct RoundTripFormat: Sendable, Hashable, CustomStringConvertible {
    /// Which coder writes and reads: the one thing about a format that is the harness's own.
    public enum Coder: String, Sendable, Hashable {
        /// Foundation's coders, as `Persistence` uses them: `JSONEncoder`/`JSONDecoder`,
        /// `PropertyListEncoder`/`PropertyListDecoder`; documents through `JSONSerialization`
        /// and `PropertyListSerialization`.
        case foundation
        /// SerializeCSV's `CSVEncoder`/`CSVDecoder`, a value as a table of one row.
        case serializeCSV
        /// serialize's own readers and writers (SerializeDocument): documents directly, values
        /// through SerializeCodable's `DocumentEncoder`/`DocumentDecoder` (`Persistence`'s
        /// `coder: .serialize`).
        case serialize
        /// Closures given to ``RoundTripFormat/init(name:format:encode:decode:)``.
        case custom
    }

    /// The name reports print, such as `json`, `json(secondsSince1970)` or `xml`.
    public var name: String
    /// The wire format, which decides which ``KnownLoss``es can apply.
    public var format: Format
    /// The options the coder applies (dates, data, NaN, keys, layout).
    public var options: FormatOptions
    /// Which coder does the work.
    public var coder: Coder

    /// Entries put in the encoder's and decoder's `userInfo` (an API version, say); set with
    /// ``withUserInfo(_:name:)``.
    public private(set) var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    private let encodeValue: (@Sendable (any Encodable) throws -> Data)?
    private let decodeValue: (@Sendable (any Decodable.Type, Data) throws -> any Decodable)?

    /// A format on one of the harness's coders.
    ///
    /// - Parameters:
    ///   - format: The wire format.
    ///   - options: The options; the defaults are `FormatOptions()`, as in `Persistence`.
    ///   - coder: The coder; by default Foundation's for JSON and property lists, SerializeCSV's for CSV.
    ///   - name: The report name; by default the format's name followed by the options that
    ///     differ from the defaults, such as `json(secondsSince1970, nonFiniteAsStrings)`.
    public init(_ format: Format, options: FormatOptions = FormatOptions(), coder: Coder? = nil, name: String? = nil) {
        self.format = format
        self.options = options
        self.coder = coder ?? (format.csvDialect == nil ? .foundation : .serializeCSV)
        self.name = name ?? format.name + Self.nameSuffix(options)
        self.encodeValue = nil
        self.decodeValue = nil
    }

    /// Creates a format from an encoding and a decoding closure (``Coder/custom``).
    ///
    /// - Parameters:
    ///   - name: The name reports print; unique per configuration.
    ///   - format: The wire format underneath.
    ///   - encode: Writes a value; pass it straight to a generic `encode(_:)`.
    ///   - decode: Reads a value of the given type; pass both straight to a generic `decode(_:from:)`.
    public init(
        name: String,
        format: Format,
        encode: @escaping @Sendable (any Encodable) throws -> Data,
        decode: @escaping @Sendable (any Decodable.Type, Data) throws -> any Decodable
    ) {
        self.name = name
        self.format = format
        self.options = FormatOptions()
        self.coder = .custom
        self.encodeValue = encode
        self.decodeValue = decode
    }

    /// The same format with `userInfo` given to its encoder and decoder, under a new name.
    ///
    /// Formats made with closures ignore it: their closures build their own coders.
    ///
    /// ```swift
    /// let v1 = RoundTripFormat.json.withUserInfo([.apiVersion: APIVersion.v1], name: "json(v1)")
    /// ```
    public func withUserInfo(_ userInfo: [CodingUserInfoKey: any Sendable], name: String) -> RoundTripFormat {
        var copy = self
        copy.userInfo = userInfo
        copy.name = name
        return copy
    }

    public var description: String { name }

    public static func == (lhs: RoundTripFormat, rhs: RoundTripFormat) -> Bool {
        lhs.name == rhs.name && lhs.format == rhs.format && lhs.options == rhs.options && lhs.coder == rhs.coder
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(format)
        hasher.combine(coder)
    }

    // MARK: - Values

    /// Encodes `value` in this format.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        switch coder {
        case .foundation:
            return try format.encode(value, options: options, userInfo: userInfo)
        case .serializeCSV:
            return try CSVRoundTrip.encode(value, dialect: format.csvDialect ?? .rfc4180, options: options, userInfo: userInfo)
        case .serialize:
            return try format.encode(value, options: options, userInfo: userInfo, coder: .serialize)
        case .custom:
            guard let encodeValue else { throw Unsupported(format: self) }
            return try encodeValue(value)
        }
    }

    /// Decodes a `T` from `data` in this format.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        switch coder {
        case .foundation:
            return try format.decode(type, from: data, options: options, userInfo: userInfo)
        case .serializeCSV:
            return try CSVRoundTrip.decode(type, from: data, dialect: format.csvDialect ?? .rfc4180, options: options, userInfo: userInfo)
        case .serialize:
            return try format.decode(type, from: data, options: options, userInfo: userInfo, coder: .serialize)
        case .custom:
            guard let decodeValue else { throw Unsupported(format: self) }
            let decoded = try decodeValue(type, data)
            guard let value = decoded as? T else {
                throw DecodingError.typeMismatch(
                    T.self, .init(codingPath: [], debugDescription: "The \(name) decoder returned a \(Swift.type(of: decoded))."))
            }
            return value
        }
    }

    /// Where a coding path this format's coder reports is in the value sent: the path itself,
    /// but for CSV's coder, whose paths start at the row the value is sent in.
    func valuePath(_ codingPath: ValuePath) -> ValuePath {
        coder == .serializeCSV ? CSVRoundTrip.valuePath(codingPath) : codingPath
    }

    // MARK: - Documents

    /// Writes `document` in this format: serialize's writer (``Coder/serialize``), or
    /// `JSONSerialization` and `PropertyListSerialization` (``Coder/foundation``).
    public func write(_ document: Document) throws -> Data {
        switch coder {
        case .foundation where format.csvDialect == nil: try FoundationBridge.write(document, as: format, options: options)
        case .serialize: try format.write(document, options: options)
        default: throw Unsupported(format: self)
        }
    }

    /// Reads a document in this format with the reader ``write(_:)`` pairs with.
    public func read(_ data: Data) throws -> Document {
        switch coder {
        case .foundation where format.csvDialect == nil: try FoundationBridge.read(data)
        case .serialize: try format.read(data, options: options)
        default: throw Unsupported(format: self)
        }
    }

    /// A coder asked for what it does not do: documents through CSV's `Codable` coder or closures.
    struct Unsupported: Error, CustomStringConvertible {
        var format: RoundTripFormat
        var description: String { "\(format.name): the \(format.coder.rawValue) coder cannot do this" }
    }

    /// The name suffix for options other than the defaults, such as `(secondsSince1970, nonFiniteAsStrings)`.
    static func nameSuffix(_ options: FormatOptions) -> String {
        let defaults = FormatOptions()
        var parts: [String] = []
        if options.dates != defaults.dates { parts.append(options.dates.rawValue) }
        if options.data != defaults.data { parts.append(options.data.rawValue) }
        if options.nonFinite == .string { parts.append("nonFiniteAsStrings") }
        if options.keys == .convertToSnakeCase { parts.append("snakeCase") }
        if options.pretty != defaults.pretty { parts.append(options.pretty ? "pretty" : "compact") }
        if options.sortKeys { parts.append("sortedKeys") }
        if options.csvByteOrderMark { parts.append("byteOrderMark") }
        return parts.isEmpty ? "" : "(" + parts.joined(separator: ", ") + ")"
    }
}

// MARK: - The standard formats

extension RoundTripFormat {
    /// JSON through Foundation's `JSONEncoder`/`JSONDecoder` with `options`.
    public static func json(_ options: FormatOptions = FormatOptions(), name: String? = nil) -> RoundTripFormat {
        RoundTripFormat(.json, options: options, name: name)
    }

    /// JSON with the default options, as `Persistence` writes it.
    public static let json = json()

    /// An XML property list through Foundation's `PropertyListEncoder`/`PropertyListDecoder`.
    public static let xmlPlist = RoundTripFormat(.xmlPlist)

    /// A binary property list through Foundation's `PropertyListEncoder`/`PropertyListDecoder`.
    public static let binaryPlist = RoundTripFormat(.binaryPlist)

    /// CSV through SerializeCSV's `CSVEncoder`/`CSVDecoder`: the value is written as a table of
    /// one row (a header, then the row), nested values as dotted columns and arrays as indexed
    /// columns, and read back as that one row.
    public static let csv = RoundTripFormat(.csv)

    /// serialize's own reader and writer for `format` (SerializeDocument) for documents, and
    /// SerializeCodable's `DocumentEncoder`/`DocumentDecoder` over them for values: exact 64-bit
    /// integers, ordered keys, and a named error wherever the format cannot hold a value under
    /// `options`. Named as the format (`json`) unless `name` is given.
    public static func serialize(_ format: Format, options: FormatOptions = FormatOptions(), name: String? = nil) -> RoundTripFormat {
        RoundTripFormat(format, options: options, coder: .serialize, name: name ?? format.name)
    }

    /// Every format through serialize's own coder with default options: JSON, XML and binary
    /// property lists, CSV, named `serialize-json`, `serialize-xml`, `serialize-binary`,
    /// `serialize-csv`. The property lists refuse `nil` (``KnownLoss/plistNullRefused``);
    /// ``serializeNullMarker(_:)`` writes the collision-free marker instead.
    public static var allSerialize: [RoundTripFormat] {
        [Format.json, .xmlPlist, .binaryPlist, .csv].map { serialize($0, name: "serialize-" + $0.name) }
    }

    /// A property list through serialize's own coder with `nil` written as the marker `$null`
    /// that no real string collides with (`FormatOptions(null: .string("$null"))`), named
    /// `serialize-xml(nullMarker)` or `serialize-binary(nullMarker)`.
    public static func serializeNullMarker(_ format: Format) -> RoundTripFormat {
        serialize(format, options: FormatOptions(null: .string("$null")), name: "serialize-\(format.name)(nullMarker)")
    }

    /// Every format the harness knows, with default options: JSON, XML and binary property lists
    /// (Foundation's coders) and CSV (SerializeCSV's `CSVEncoder`/`CSVDecoder`).
    public static var all: [RoundTripFormat] { [.json, .xmlPlist, .binaryPlist, .csv] }

    /// JSON once per `DateStrategy`, named `json(secondsSince1970)` and so on (`json` for the default).
    public static var jsonDateStrategies: [RoundTripFormat] {
        DateStrategy.allCases.map { json(FormatOptions(dates: $0)) }
    }

    /// The format named `name` among ``all``, ``jsonDateStrategies`` and the JSON option
    /// variants, or `nil`. Names are what reports print: `json`, `xml`, `binary`, `csv`,
    /// `json(secondsSince1970)`, `json(nonFiniteAsStrings)`, `json(snakeCase)`.
    public static func named(_ name: String) -> RoundTripFormat? {
        let markers: [RoundTripFormat] = [serializeNullMarker(.xmlPlist), serializeNullMarker(.binaryPlist)]
        let variants: [RoundTripFormat] = [json(FormatOptions(nonFinite: .string)), json(FormatOptions(keys: .convertToSnakeCase))]
        let known: [RoundTripFormat] = all + allSerialize + markers + Array(jsonDateStrategies.dropFirst()) + variants
        return known.first { $0.name == name }
    }
}
