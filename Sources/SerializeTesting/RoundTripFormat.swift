/// A format a value is sent through and back: a name, an encoder and a decoder.

public import Foundation
public import SerializeDocument

/// One way to write a `Codable` value to bytes and read it back.
///
/// The harness ships JSON (with selectable strategies), XML property lists and binary property
/// lists built on Foundation's coders, and CSV on SerializeCSV's coders (``csv``). Any other coder plugs in through
/// ``init(name:wireFormat:json:encode:decode:)``:
///
/// ```swift
/// let yaml = RoundTripFormat(name: "yaml", wireFormat: .json,
///                            encode: { try YAMLEncoder().encode($0).data(using: .utf8)! },
///                            decode: { type, data in try YAMLDecoder().decode(type, from: data) })
/// ```
///
/// Two formats are equal when their names are: give each configuration its own name.
public struct RoundTripFormat: Sendable, Hashable, CustomStringConvertible {
    /// The name reports print, such as `json`, `json(iso8601)` or `xml`.
    public var name: String
    /// The wire format underneath, which decides which ``KnownLoss``es can apply.
    public var wireFormat: Format
    /// The JSON options, for a JSON format built by ``json(_:name:)``.
    public var json: JSONOptions?

    /// Entries put in the encoder's and decoder's `userInfo` (an API version, say); set with
    /// ``withUserInfo(_:name:)``.
    public private(set) var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    let encodeValue: @Sendable (any Encodable, [CodingUserInfoKey: any Sendable]) throws -> Data
    let decodeValue: @Sendable (any Decodable.Type, Data, [CodingUserInfoKey: any Sendable]) throws -> any Decodable

    /// Creates a format from an encoding and a decoding closure.
    ///
    /// - Parameters:
    ///   - name: The name reports print; unique per configuration.
    ///   - wireFormat: The wire format underneath.
    ///   - json: The JSON options the closures apply, if any, so JSON losses can apply.
    ///   - encode: Writes a value; pass it straight to a generic `encode(_:)`.
    ///   - decode: Reads a value of the given type; pass both straight to a generic `decode(_:from:)`.
    public init(
        name: String,
        wireFormat: Format,
        json: JSONOptions? = nil,
        encode: @escaping @Sendable (any Encodable) throws -> Data,
        decode: @escaping @Sendable (any Decodable.Type, Data) throws -> any Decodable
    ) {
        self.init(
            name: name, wireFormat: wireFormat, json: json, encode: { value, _ in try encode(value) },
            decode: { type, data, _ in try decode(type, data) })
    }

    /// Creates a format whose closures receive ``userInfo``.
    init(
        name: String, wireFormat: Format, json: JSONOptions?,
        encode: @escaping @Sendable (any Encodable, [CodingUserInfoKey: any Sendable]) throws -> Data,
        decode: @escaping @Sendable (any Decodable.Type, Data, [CodingUserInfoKey: any Sendable]) throws -> any Decodable
    ) {
        self.name = name
        self.wireFormat = wireFormat
        self.json = json
        self.encodeValue = encode
        self.decodeValue = decode
    }

    /// The same format with `userInfo` given to its encoder and decoder, under a new name.
    ///
    /// Formats made with the public initializer ignore it: their closures build their own coders.
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

    public static func == (lhs: RoundTripFormat, rhs: RoundTripFormat) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Encodes `value` in this format.
    public func encode(_ value: some Encodable) throws -> Data { try encodeValue(value, userInfo) }

    /// Decodes a `T` from `data` in this format.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoded = try decodeValue(type, data, userInfo)
        guard let value = decoded as? T else {
            throw DecodingError.typeMismatch(
                T.self, .init(codingPath: [], debugDescription: "The \(name) decoder returned a \(Swift.type(of: decoded))."))
        }
        return value
    }
}

// MARK: - JSON

/// The JSON strategies a ``RoundTripFormat/json(_:name:)`` format uses.
public struct JSONOptions: Sendable, Hashable {
    /// How dates are written; see ``JSONDateStrategy`` for the precision each keeps.
    public var dates: JSONDateStrategy
    /// Write NaN and ±infinity as the strings `"NaN"`, `"Infinity"`, `"-Infinity"` instead of
    /// refusing them (Foundation's default refuses: ``KnownLoss/jsonNonFiniteFloatRefused``).
    public var nonFiniteFloatsAsStrings: Bool
    /// `.convertToSnakeCase` on encode and `.convertFromSnakeCase` on decode.
    public var snakeCaseKeys: Bool

    public init(dates: JSONDateStrategy = .deferredToDate, nonFiniteFloatsAsStrings: Bool = false, snakeCaseKeys: Bool = false) {
        self.dates = dates
        self.nonFiniteFloatsAsStrings = nonFiniteFloatsAsStrings
        self.snakeCaseKeys = snakeCaseKeys
    }

    /// The name suffix, such as `iso8601, nonFinite` (empty for the defaults).
    var nameSuffix: String {
        var parts: [String] = []
        if dates != .deferredToDate { parts.append(dates.rawValue) }
        if nonFiniteFloatsAsStrings { parts.append("nonFiniteAsStrings") }
        if snakeCaseKeys { parts.append("snakeCase") }
        return parts.isEmpty ? "" : "(" + parts.joined(separator: ", ") + ")"
    }

    /// A `JSONEncoder` with these options and sorted keys.
    public func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = dates.encodingStrategy
        if nonFiniteFloatsAsStrings {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        }
        if snakeCaseKeys { encoder.keyEncodingStrategy = .convertToSnakeCase }
        return encoder
    }

    /// A `JSONDecoder` with these options.
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = dates.decodingStrategy
        if nonFiniteFloatsAsStrings {
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        }
        if snakeCaseKeys { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        return decoder
    }
}

extension RoundTripFormat {
    /// JSON through Foundation's `JSONEncoder`/`JSONDecoder` with `options`.
    ///
    /// - Parameters:
    ///   - options: The strategies; the defaults are Foundation's.
    ///   - name: The report name; by default `json` followed by the non-default options.
    public static func json(_ options: JSONOptions = JSONOptions(), name: String? = nil) -> RoundTripFormat {
        RoundTripFormat(
            name: name ?? "json" + options.nameSuffix, wireFormat: .json, json: options,
            encode: { value, userInfo in
                let encoder = options.makeEncoder()
                encoder.userInfo = userInfo
                return try encoder.encode(value)
            },
            decode: { type, data, userInfo in
                let decoder = options.makeDecoder()
                decoder.userInfo = userInfo
                return try decoder.decode(type, from: data)
            })
    }

    /// JSON with Foundation's default strategies.
    public static let json = json()

    /// An XML property list through Foundation's `PropertyListEncoder`/`PropertyListDecoder`.
    public static let xmlPlist = propertyList(.xml, name: "xml", wireFormat: .xmlPlist)

    /// A binary property list through Foundation's `PropertyListEncoder`/`PropertyListDecoder`.
    public static let binaryPlist = propertyList(.binary, name: "binary", wireFormat: .binaryPlist)

    private static func propertyList(
        _ format: PropertyListSerialization.PropertyListFormat, name: String, wireFormat: Format
    ) -> RoundTripFormat {
        RoundTripFormat(
            name: name, wireFormat: wireFormat, json: nil,
            encode: { value, userInfo in
                let encoder = PropertyListEncoder()
                encoder.outputFormat = format
                encoder.userInfo = userInfo
                return try encoder.encode(value)
            },
            decode: { type, data, userInfo in
                let decoder = PropertyListDecoder()
                decoder.userInfo = userInfo
                return try decoder.decode(type, from: data)
            })
    }

    /// Every format the harness knows, with default options: JSON, XML and binary property lists
    /// (Foundation's coders) and CSV (SerializeCSV's `CSVEncoder`/`CSVDecoder`).
    public static var all: [RoundTripFormat] { [.json, .xmlPlist, .binaryPlist, .csv] }

    /// JSON once per ``JSONDateStrategy``, named `json(iso8601)` and so on (`json` for the default).
    public static var jsonDateStrategies: [RoundTripFormat] {
        JSONDateStrategy.allCases.map { json(JSONOptions(dates: $0)) }
    }

    /// The format named `name` among ``all``, ``jsonDateStrategies`` and the JSON option
    /// variants, or `nil`. Names are what reports print: `json`, `xml`, `binary`, `csv`,
    /// `json(iso8601)`, `json(nonFiniteAsStrings)`, `json(snakeCase)`.
    public static func named(_ name: String) -> RoundTripFormat? {
        let known = all + jsonDateStrategies.dropFirst() + [
            json(JSONOptions(nonFiniteFloatsAsStrings: true)), json(JSONOptions(snakeCaseKeys: true)),
        ]
        return known.first { $0.name == name }
    }
}
