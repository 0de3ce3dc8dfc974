/// The Foundation (and CSV) coders behind each ``StorageFormat``.

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
            throw csvUnsupported
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
            throw csvUnsupported
        }
    }

    private var csvUnsupported: PersistenceError {
        PersistenceError(
            .unsupported, format: self,
            message: "\(self) persistence needs SerializeCSV's CSVEncoder and CSVDecoder, which this build does not have yet")
    }
}
