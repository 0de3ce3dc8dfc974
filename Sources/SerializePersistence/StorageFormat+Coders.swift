/// The Foundation and CSV coders behind each ``StorageFormat``.

internal import Foundation
internal import SerializeCSV
internal import SerializeDocument

extension StorageFormat {
    /// Encodes `value` with this format's encoder.
    func encode<T: Encodable>(_ value: T, userInfo: [CodingUserInfoKey: any Sendable]) throws -> Data {
        switch format {
        case .json:
            let encoder = json.makeEncoder()
            encoder.userInfo = userInfo
            return try encoder.encode(value)
        case .xmlPlist, .binaryPlist:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format == .xmlPlist ? .xml : .binary
            encoder.userInfo = userInfo
            return try encoder.encode(value)
        case .csv, .tsv:
            let encoder = CSVEncoder { $0.dialect = csvDialect }
            encoder.userInfo = userInfo
            // An array is one row per element; any other value is a one-row file.
            if let rows = value as? any CSVEncodableRows { return try rows.encodeRows(with: encoder) }
            return try encoder.encode([value])
        }
    }

    /// Decodes a `T` with this format's decoder.
    func decode<T: Decodable>(_ type: T.Type, from data: Data, userInfo: [CodingUserInfoKey: any Sendable]) throws -> T {
        switch format {
        case .json:
            let decoder = json.makeDecoder()
            decoder.userInfo = userInfo
            return try decoder.decode(type, from: data)
        case .xmlPlist, .binaryPlist:
            // One decoder reads both: property lists are detected by content.
            let decoder = PropertyListDecoder()
            decoder.userInfo = userInfo
            return try decoder.decode(type, from: data)
        case .csv, .tsv:
            let decoder = CSVDecoder { $0.dialect = csvDialect }
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
