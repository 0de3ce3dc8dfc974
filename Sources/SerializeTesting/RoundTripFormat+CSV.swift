/// CSV as a round-trip format, on SerializeCSV's CSVEncoder and CSVDecoder.

import Foundation
import SerializeCSV
import SerializeDocument

extension RoundTripFormat {
    /// CSV through `CSVEncoder`/`CSVDecoder` with their default strategies: the value is
    /// written as a table of one row (a header, then the row), nested values as dotted
    /// columns and arrays as indexed columns, and read back as that one row.
    public static let csv = RoundTripFormat(
        name: "csv", wireFormat: .csv, json: nil,
        encode: { value, userInfo in try CSVRoundTrip.encode(value, userInfo: userInfo) },
        decode: { type, data, userInfo in try CSVRoundTrip.decode(type, from: data, userInfo: userInfo) })
}

/// One value as a one-row CSV table.
enum CSVRoundTrip {
    static func encode<T: Encodable>(_ value: T, userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> Data {
        let encoder = CSVEncoder()
        encoder.userInfo = userInfo
        return try encoder.encode(CollectionOfOne(value))
    }

    static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) throws -> T {
        let decoder = CSVDecoder()
        decoder.userInfo = userInfo
        let rows = try decoder.decode([T].self, from: data)
        guard rows.count == 1, let row = rows.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "Expected the one row that was written, found \(rows.count) rows."))
        }
        return row
    }
}
