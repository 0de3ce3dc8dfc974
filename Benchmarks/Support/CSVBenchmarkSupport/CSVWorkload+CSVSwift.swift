// The benchmark jobs done by yaslab/CSV.swift (in its own file: both peers name a type `CSV`).

import CSV
import Foundation

extension CSVWorkload {
    // MARK: - yaslab/CSV.swift

    public static func csvSwiftRead(_ url: URL) throws -> Int {
        guard let stream = InputStream(fileAtPath: url.path) else { throw CocoaError(.fileReadNoSuchFile) }
        let reader = try CSVReader(stream: stream, hasHeaderRow: true)
        var fields = 0
        while let row = reader.next() { fields += row.count }
        return fields
    }

    public static func csvSwiftDecode(_ url: URL) throws -> Int {
        guard let stream = InputStream(fileAtPath: url.path) else { throw CocoaError(.fileReadNoSuchFile) }
        let reader = try CSVReader(stream: stream, hasHeaderRow: true)
        let decoder = CSVRowDecoder()
        var count = 0
        while reader.next() != nil {
            _ = try decoder.decode(Trade.self, from: reader)
            count += 1
        }
        return count
    }

    public static func csvSwiftWrite(_ rows: [[String]], to url: URL) throws {
        guard let stream = OutputStream(toFileAtPath: url.path, append: false) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let writer = try CSVWriter(stream: stream)
        try writer.write(row: header)
        for row in rows { try writer.write(row: row) }
        writer.stream.close()
    }
}
