/// The `Codable` coders behind each ``Format``, configured from the one ``FormatOptions``:
/// Foundation's `JSONEncoder`/`JSONDecoder` and `PropertyListEncoder`/`PropertyListDecoder`, and
/// SerializeCSV's `CSVEncoder`/`CSVDecoder` in the format's dialect. `Persistence`, `RecordStore`
/// and the round-trip harness all build their coders here, so one format value means the same
/// bytes everywhere.

package import Foundation
package import SerializeCSV
package import SerializeDocument
import SerializeCodable
import SerializeCoding
import SerializeCore

// MARK: - Foundation's coders

extension FormatOptions {
    /// A `JSONEncoder` applying these options: layout, keys, dates, data and NaN.
    ///
    /// Keys are always sorted, whatever ``FormatOptions/sortKeys`` says: a Swift `Dictionary`
    /// has no order to keep, so sorting is what makes equal values give equal bytes.
    package func makeJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
        if pretty { formatting.insert(.prettyPrinted) }
        encoder.outputFormatting = formatting
        if keys == .convertToSnakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        encoder.dateEncodingStrategy =
            switch dates {
            case .deferredToDate: .deferredToDate
            case .secondsSince1970: .secondsSince1970
            case .millisecondsSince1970: .millisecondsSince1970
            case .iso8601:
                // serialize's own ISO 8601 text (DateText), the same the document writers print.
                .dateText(.exact)
            }
        switch data {
        case .base64: encoder.dataEncodingStrategy = .base64
        case .hex:
            encoder.dataEncodingStrategy = .custom { data, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(TextValues.hex(data))
            }
        }
        if nonFinite == .string {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        }
        return encoder
    }

    /// A `JSONDecoder` reading what ``makeJSONEncoder()`` writes.
    package func makeJSONDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        if keys == .convertToSnakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        decoder.dateDecodingStrategy =
            switch dates {
            case .deferredToDate: .deferredToDate
            case .secondsSince1970: .secondsSince1970
            case .millisecondsSince1970: .millisecondsSince1970
            case .iso8601: .dateText
            }
        switch data {
        case .base64: decoder.dataDecodingStrategy = .base64
        case .hex:
            decoder.dataDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let data = TextValues.bytes(hex: text) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "Expected hexadecimal data (two digits a byte), found \"\(text)\".")
                }
                return data
            }
        }
        if nonFinite == .string {
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        }
        return decoder
    }

    /// A `PropertyListEncoder` writing `format` (property lists hold dates, data and NaN natively).
    package func makePropertyListEncoder(_ format: PropertyListSerialization.PropertyListFormat) -> PropertyListEncoder {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        return encoder
    }

    /// A `CSVEncoder` in `dialect` with these options' strategies.
    package func makeCSVEncoder(_ dialect: CSVDialect) -> CSVEncoder {
        CSVEncoder { configuration in
            configuration.dialect = dialect
            configuration.writesByteOrderMark = csvByteOrderMark
            configuration.dateStrategy = csvDates
            configuration.dataStrategy = data == .hex ? .hex : .base64
            if nonFinite == .string { configuration.nonConformingFloatStrategy = Self.csvNonFinite }
            if keys == .convertToSnakeCase { configuration.keyStrategy = .snakeCase }
        }
    }

    /// A `CSVDecoder` reading what ``makeCSVEncoder(_:)`` writes.
    package func makeCSVDecoder(_ dialect: CSVDialect) -> CSVDecoder {
        CSVDecoder { configuration in
            configuration.dialect = dialect
            configuration.dateStrategy = csvDates
            configuration.dataStrategy = data == .hex ? .hex : .base64
            if nonFinite == .string { configuration.nonConformingFloatStrategy = Self.csvNonFinite }
            if keys == .convertToSnakeCase { configuration.keyStrategy = .snakeCase }
            configuration.unmatchedColumns = unmatchedColumns
        }
    }

    /// The CSV coder's date strategy for ``dates``: the CSV coder keeps its own enum because its
    /// `formatted(DateFormatter)` and `custom` cases hold a formatter and closures, not values.
    private var csvDates: CSVDateStrategy {
        switch dates {
        case .iso8601: .iso8601
        case .secondsSince1970: .secondsSince1970
        case .millisecondsSince1970: .millisecondsSince1970
        case .deferredToDate: .deferredToDate
        }
    }

    /// The same texts serialize's writers print for NaN and infinities.
    private static let csvNonFinite = CSVNonConformingFloatStrategy.convertToString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
}

// MARK: - Which coder

/// Which `Codable` coder turns values into a format's bytes and back: the choice beside the
/// ``Format`` that `Persistence`, `RecordStore` and the round-trip harness take.
///
/// | coder | pick it for |
/// | --- | --- |
/// | ``foundation`` | compatibility: the bytes Foundation's coders (and Apple's tools) write and read |
/// | ``serialize`` | fidelity: exact 64-bit integers, key order, date fractions, top-level scalars, located errors |
public enum CodableCoder: String, Sendable, Hashable, CaseIterable {
    /// Foundation's `JSONEncoder`/`JSONDecoder` and `PropertyListEncoder`/`PropertyListDecoder`;
    /// SerializeCSV's `CSVEncoder`/`CSVDecoder` for CSV.
    case foundation
    /// SerializeCodable's `DocumentEncoder`/`DocumentDecoder` over serialize's own readers and
    /// writers, for every format.
    case serialize
}

// MARK: - Encoding and decoding a value

extension Format {
    /// Encodes `value` with `coder` under `options`.
    package func encode<T: Encodable>(
        _ value: T, options: FormatOptions, userInfo: [CodingUserInfoKey: any Sendable], coder: CodableCoder
    ) throws -> Data {
        switch coder {
        case .foundation: try encode(value, options: options, userInfo: userInfo)
        case .serialize: try DocumentEncoder(options: options, userInfo: userInfo).encode(value, as: self)
        }
    }

    /// Decodes a `T` with `coder` under `options`; `file` is named in located errors.
    package func decode<T: Decodable>(
        _ type: T.Type, from data: Data, options: FormatOptions, userInfo: [CodingUserInfoKey: any Sendable],
        coder: CodableCoder, file: URL? = nil
    ) throws -> T {
        switch coder {
        case .foundation: try decode(type, from: data, options: options, userInfo: userInfo)
        case .serialize: try DocumentDecoder(options: options, userInfo: userInfo).decode(type, from: data, as: self, file: file)
        }
    }

    /// Encodes `value` with this format's `Codable` encoder under `options`.
    ///
    /// In CSV an array is one row per element; any other value is a file of one row.
    package func encode<T: Encodable>(_ value: T, options: FormatOptions, userInfo: [CodingUserInfoKey: any Sendable]) throws -> Data {
        switch self {
        case .json:
            let encoder = options.makeJSONEncoder()
            encoder.userInfo = userInfo
            return try encoder.encode(value)
        case .xmlPlist, .binaryPlist:
            let encoder = options.makePropertyListEncoder(self == .xmlPlist ? .xml : .binary)
            encoder.userInfo = userInfo
            return try encoder.encode(value)
        case let .csv(dialect):
            let encoder = options.makeCSVEncoder(dialect)
            encoder.userInfo = userInfo
            if let rows = value as? any CSVEncodableRows { return try rows.encodeRows(with: encoder) }
            return try encoder.encode([value])
        }
    }

    /// Decodes a `T` with this format's `Codable` decoder under `options`.
    package func decode<T: Decodable>(
        _ type: T.Type, from data: Data, options: FormatOptions, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> T {
        switch self {
        case .json:
            let decoder = options.makeJSONDecoder()
            decoder.userInfo = userInfo
            return try decoder.decode(type, from: data)
        case .xmlPlist, .binaryPlist:
            // One decoder reads both: property lists are told apart by content.
            let decoder = PropertyListDecoder()
            decoder.userInfo = userInfo
            return try decoder.decode(type, from: data)
        case let .csv(dialect):
            let decoder = options.makeCSVDecoder(dialect)
            decoder.userInfo = userInfo
            if let rowsType = T.self as? any CSVDecodableRows.Type {
                guard let rows = try rowsType.decodeRows(with: decoder, from: data) as? T else {
                    throw DecodingError.typeMismatch(
                        T.self, .init(codingPath: [], debugDescription: "CSV rows did not decode as \(T.self)."))
                }
                return rows
            }
            let rows = try decoder.decode([T].self, from: data)
            guard rows.count == 1, let only = rows.first else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [],
                        debugDescription: "Expected exactly one row for a single \(T.self), found \(rows.count); "
                            + "load an array to read several rows."))
            }
            return only
        }
    }
}

// MARK: - Arrays are rows

/// A value CSV writes as rows: an array of rows.
private protocol CSVEncodableRows {
    func encodeRows(with encoder: CSVEncoder) throws -> Data
}

/// A type CSV reads as rows: an array of rows.
private protocol CSVDecodableRows {
    static func decodeRows(with decoder: CSVDecoder, from data: Data) throws -> Self
}

extension Array: CSVEncodableRows where Element: Encodable {
    fileprivate func encodeRows(with encoder: CSVEncoder) throws -> Data {
        try encoder.encode(self)
    }
}

extension Array: CSVDecodableRows where Element: Decodable {
    fileprivate static func decodeRows(with decoder: CSVDecoder, from data: Data) throws -> [Element] {
        try decoder.decode([Element].self, from: data)
    }
}
