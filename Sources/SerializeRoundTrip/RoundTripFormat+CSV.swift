/// CSV as a round-trip format, on SerializeCSV's CSVEncoder and CSVDecoder.

import Foundation
import SerializeCSV
import SerializeCore
import SerializeDocument
import SerializePersistence

/// One value as a one-row CSV table, with the coders `Persistence` builds for the options.
enum CSVRoundTrip {
    static func encode<T: Encodable>(
        _ value: T, dialect: CSVDialect, options: FormatOptions, userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) throws -> Data {
        let encoder = options.makeCSVEncoder(dialect)
        encoder.userInfo = userInfo
        return try encoder.encode(CollectionOfOne(value))
    }

    static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, dialect: CSVDialect, options: FormatOptions,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) throws -> T {
        let decoder = options.makeCSVDecoder(dialect)
        decoder.userInfo = userInfo
        let rows = try decoder.decode([T].self, from: data)
        guard rows.count == 1, let row = rows.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "Expected the one row that was written, found \(rows.count) rows."))
        }
        return row
    }

    /// Where `codingPath`, a coding path of the one-row table, is in the value sent: the
    /// coders' paths start at the row (`$[0]`, the harness's own wrapper) and name a nested
    /// column by its path (`"a.b[2]"`, one key), so the row index goes and each column path is
    /// split into its steps (`$.a.b[2]`), as `CSVColumnName` reads a header.
    static func valuePath(_ codingPath: ValuePath) -> ValuePath {
        var components = codingPath.components[...]
        if case .index? = components.first { components = components.dropFirst() }
        return ValuePath(components.flatMap { component -> [ValuePath.Component] in
            guard case let .key(name) = component, let steps = try? CSVColumnName.parse(name) else { return [component] }
            return steps
        })
    }
}
