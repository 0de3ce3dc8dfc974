// The CSV benchmark workload, shared by the package-benchmark target (CSVBenchmarks) and the
// plain timing runner (CSVTiming): a generated file of quoted trades, and the same four jobs
// (read all rows, decode typed rows, encode typed rows, write rows) done by SerializeCSV,
// yaslab/CSV.swift and swiftcsv/SwiftCSV.

public import Foundation
import SerializeCSV

/// One row of the benchmark file.
public struct Trade: Codable, Equatable, Sendable {
    public var id: Int
    public var symbol: String
    public var price: Double
    public var quantity: Int
    public var buy: Bool
    public var note: String
}

/// The generated input and the jobs run on it.
public enum CSVWorkload {
    public static let header = ["id", "symbol", "price", "quantity", "buy", "note"]

    /// A deterministic trade: one note in four holds a comma, one in eight a quote, one in
    /// sixteen a newline, so the file exercises every quoting rule.
    public static func trade(_ index: Int) -> Trade {
        var seed = UInt64(truncatingIfNeeded: index) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        let symbols = ["ACME", "GLOBEX", "INITECH", "UMBRELLA", "HOOLI", "STARK"]
        var note = "order \(next() % 100_000)"
        if index % 4 == 0 { note += ", split fill" }
        if index % 8 == 0 { note += " said \"urgent\"" }
        if index % 16 == 0 { note += "\nsecond line" }
        return Trade(
            id: index, symbol: symbols[next() % symbols.count], price: Double(next() % 1_000_000) / 100,
            quantity: next() % 10_000, buy: next() % 2 == 0, note: note)
    }

    public static func fields(_ trade: Trade) -> [String] {
        [String(trade.id), trade.symbol, String(trade.price), String(trade.quantity), String(trade.buy), trade.note]
    }

    /// Writes a file of at least `megabytes` MB (10^6 bytes) of trades; returns the row count.
    ///
    /// The file is written by hand here, not by SerializeCSV's writer, so that it can serve as
    /// the canonical input the writer's output is compared with: RFC 4180 minimal quoting
    /// (a field is quoted when it holds a comma, a quote or a line break; quotes are doubled),
    /// `\n` line ends.
    @discardableResult
    public static func generate(at url: URL, megabytes: Int) throws -> Int {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: url.path)
        else { throw CocoaError(.fileWriteUnknown) }
        defer { try? handle.close() }
        var chunk: [UInt8] = []
        func append(_ row: [String]) {
            for (index, field) in row.enumerated() {
                if index > 0 { chunk.append(UInt8(ascii: ",")) }
                let bytes = Array(field.utf8)
                if bytes.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
                    chunk.append(0x22)
                    for byte in bytes {
                        chunk.append(byte)
                        if byte == 0x22 { chunk.append(0x22) }
                    }
                    chunk.append(0x22)
                } else {
                    chunk.append(contentsOf: bytes)
                }
            }
            chunk.append(UInt8(ascii: "\n"))
        }
        append(header)
        var rows = 0
        var bytes = 0
        while bytes < megabytes * 1_000_000 {
            let row = fields(trade(rows))
            append(row)
            bytes += encodedSize(row)
            rows += 1
            if chunk.count > 1 << 20 {
                try handle.write(contentsOf: chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: chunk)
        return rows
    }

    /// The bytes `row` takes in the file: fields, delimiters, newline, quotes where needed.
    public static func encodedSize(_ row: [String]) -> Int {
        var size = row.count
        for field in row {
            size += field.utf8.count
            if field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
                size += 2 + field.utf8.count(where: { $0 == 0x22 })
            }
        }
        return size
    }

    /// The first trades of the file, as values and as string rows, up to `megabytes` MB.
    public static func rows(megabytes: Int) -> (trades: [Trade], strings: [[String]], bytes: Int) {
        var trades: [Trade] = []
        var strings: [[String]] = []
        var bytes = 0
        while bytes < megabytes * 1_000_000 {
            let trade = trade(trades.count)
            let fields = fields(trade)
            trades.append(trade)
            strings.append(fields)
            bytes += encodedSize(fields)
        }
        return (trades, strings, bytes)
    }

    /// A generated file in a temporary folder, made once per size and process.
    public static func file(megabytes: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("serialize-csv-bench-\(megabytes)MB-v3.csv")
        if !FileManager.default.fileExists(atPath: url.path) { try generate(at: url, megabytes: megabytes) }
        return url
    }

    public static func size(of url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
    }

    // MARK: - SerializeCSV

    /// Reads every row as strings; returns the field count.
    public static func serializeRead(_ url: URL) throws -> Int {
        let reader = try SerializeCSV.CSVReader(fileAt: url)
        var fields = 0
        while let row = try reader.readRow() { fields += row.count }
        return fields
    }

    /// Visits every field's bytes without making strings; returns the byte count.
    public static func serializeReadRaw(_ url: URL) throws -> Int {
        let reader = try SerializeCSV.CSVReader(fileAt: url)
        var bytes = 0
        while try reader.withNextRow({ row in
            for index in 0..<row.count { bytes += row.withField(index) { $0.count } }
        }) {}
        return bytes
    }

    /// Decodes every row as a `Trade`, streaming; returns the row count.
    public static func serializeDecode(_ url: URL) throws -> Int {
        var count = 0
        let rows = try CSVDecoder().rows(Trade.self, fromFileAt: url)
        while try rows.decodeNext() != nil { count += 1 }
        return count
    }

    /// Encodes `trades` into a file, one row at a time.
    public static func serializeEncode(_ trades: [Trade], to url: URL) throws {
        try CSVEncoder { $0.bufferingStrategy = .sequential }.encode(trades, toFileAt: url)
    }

    /// Writes string rows into a file.
    public static func serializeWrite(_ rows: [[String]], to url: URL) throws {
        let writer = try SerializeCSV.CSVWriter(fileAt: url)
        try writer.write(row: header)
        try writer.write(rows: rows)
        try writer.finish()
    }
}
