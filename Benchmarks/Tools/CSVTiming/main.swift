// A plain timing runner for the CSV benchmarks, built in release:
//
//     swift build -c release --package-path Benchmarks --product CSVTiming
//     Benchmarks/.build/release/CSVTiming all 50          # every job on a 50 MB file
//     Benchmarks/.build/release/CSVTiming stream 500      # peak RSS: run under /usr/bin/time -v
//
// Jobs: generate, read, read-raw, decode, encode, write, csvswift-read, csvswift-decode,
// csvswift-write, swiftcsv-read, stream, all. Sizes in MB (10^6 bytes).

import CSVBenchmarkSupport
import Foundation
import SerializeCSV

let arguments = CommandLine.arguments.dropFirst()
let job = arguments.first ?? "all"
let megabytes = arguments.dropFirst().first.flatMap { Int($0) } ?? 50
/// The peers' writers are slow (one `write` per byte): give them a smaller slice.
let peerWriteMegabytes = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 5

let input = try CSVWorkload.file(megabytes: megabytes)
let inputBytes = CSVWorkload.size(of: input)
let output = FileManager.default.temporaryDirectory.appendingPathComponent("serialize-csv-bench-out.csv")
defer { try? FileManager.default.removeItem(at: output) }

/// CPU seconds (user + system) used by this process so far.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Prints wall-clock and CPU time and the rate over each: on a shared, loaded machine the CPU
/// figure is the steadier one.
func time(_ name: String, bytes: Int, _ body: () throws -> Void) rethrows {
    let start = ContinuousClock.now
    let cpuStart = cpuSeconds()
    try body()
    let cpu = cpuSeconds() - cpuStart
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let megabytes = Double(bytes) / 1e6
    print(
        "\(name.padding(toLength: 16, withPad: " ", startingAt: 0)) wall \(String(format: "%7.3f", seconds)) s "
            + "\(String(format: "%7.1f", megabytes / seconds)) MB/s   cpu \(String(format: "%7.3f", cpu)) s "
            + "\(String(format: "%7.1f", megabytes / cpu)) MB/s   (\(String(format: "%.1f", megabytes)) MB)")
}

let jobs = job == "all"
    ? ["read", "read-raw", "decode", "encode", "write", "csvswift-read", "csvswift-decode", "csvswift-write",
        "swiftcsv-read"]
    : [job]

var writeRows: (trades: [Trade], strings: [[String]], bytes: Int)?
var peerRows: (trades: [Trade], strings: [[String]], bytes: Int)?

for job in jobs {
    switch job {
    case "generate":
        print("generated \(input.path): \(inputBytes) bytes")
    case "read":
        try time("read", bytes: inputBytes) { _ = try CSVWorkload.serializeRead(input) }
    case "read-raw":
        try time("read-raw", bytes: inputBytes) { _ = try CSVWorkload.serializeReadRaw(input) }
    case "stream":
        // Constant memory: read every row of the file; report rows and bytes.
        let fields = try CSVWorkload.serializeRead(input)
        print("streamed \(inputBytes) bytes, \(fields) fields")
    case "decode":
        try time("decode", bytes: inputBytes) { _ = try CSVWorkload.serializeDecode(input) }
    case "encode":
        if writeRows == nil { writeRows = CSVWorkload.rows(megabytes: megabytes) }
        let rows = writeRows!
        try time("encode", bytes: rows.bytes) { try CSVWorkload.serializeEncode(rows.trades, to: output) }
    case "write":
        if writeRows == nil { writeRows = CSVWorkload.rows(megabytes: megabytes) }
        let rows = writeRows!
        try time("write", bytes: rows.bytes) { try CSVWorkload.serializeWrite(rows.strings, to: output) }
        // The rows are the input's: the output must be byte-identical to the (hand-quoted,
        // canonical) input file.
        let same = try Data(contentsOf: output) == Data(contentsOf: input)
        print("write output identical to the canonical input: \(same)")
        // And reading the input and writing what was read gives it back.
        let reader = try CSVReader(fileAt: input, configuration: .init(dialect: .init(hasHeader: false)))
        let writer = try CSVWriter(fileAt: output)
        while let row = try reader.readRow() { try writer.write(row: row) }
        try writer.finish()
        print("read then written identical to the input: \(try Data(contentsOf: output) == Data(contentsOf: input))")
    case "csvswift-read":
        try time("csvswift-read", bytes: inputBytes) { _ = try CSVWorkload.csvSwiftRead(input) }
    case "csvswift-decode":
        try time("csvswift-decode", bytes: inputBytes) { _ = try CSVWorkload.csvSwiftDecode(input) }
    case "csvswift-write":
        if peerRows == nil { peerRows = CSVWorkload.rows(megabytes: peerWriteMegabytes) }
        let rows = peerRows!
        try time("csvswift-write", bytes: rows.bytes) { try CSVWorkload.csvSwiftWrite(rows.strings, to: output) }
    case "swiftcsv-read":
        try time("swiftcsv-read", bytes: inputBytes) { _ = try CSVWorkload.swiftCSVRead(input) }
    default:
        print("unknown job \(job)")
    }
}
