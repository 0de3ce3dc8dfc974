/// Differential: rows generated from the input's bytes go through CSVEncoder then CSVDecoder and
/// come back equal (a refusal to encode is an answer; a decode failure or a change is a finding).
import Foundation
import FuzzSupport
import SerializeCSV

struct Row: Codable, Equatable {
    var text: String
    var number: Int64
    var real: Double
    var flag: Bool
    var note: String?

    static func == (a: Row, b: Row) -> Bool {
        sameScalars(a.text, b.text) && a.number == b.number && a.real.bitPattern == b.real.bitPattern
            && a.flag == b.flag && (a.note == nil) == (b.note == nil) && sameScalars(a.note ?? "", b.note ?? "")
    }
}

/// Rows drawn from `data`: each takes a length-prefixed string, 8 bytes of integer, 8 of double
/// and a byte of flags (bit 0: the flag, bit 1: a note, which is the text reversed).
func rows(from data: Data) -> [Row] {
    var bytes = data[...]
    func take(_ count: Int) -> Data { defer { bytes = bytes.dropFirst(count) }; return Data(bytes.prefix(count)) }
    func word() -> UInt64 { take(8).reduce(0) { $0 << 8 | UInt64($1) } }
    var rows: [Row] = []
    while !bytes.isEmpty, rows.count < 64 {
        let length = Int(take(1).first ?? 0) % 48
        let text = String(decoding: take(length), as: UTF8.self)
        let number = Int64(bitPattern: word())
        let real = Double(bitPattern: word())
        let flags = take(1).first ?? 0
        rows.append(Row(text: text, number: number, real: real, flag: flags & 1 != 0, note: flags & 2 != 0 ? String(text.reversed()) : nil))
    }
    return rows
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let rows = rows(from: fuzzInput(bytes, count))
    guard let csv = try? CSVEncoder().encode(rows) else { return 0 }
    do {
        let back = try CSVDecoder().decode([Row].self, from: csv)
        if back != rows { mismatch("CSVEncoder → CSVDecoder changed rows:\n\(rows)\n\(back)") }
    } catch {
        mismatch("CSVDecoder refused CSVEncoder's output: \(error)\n\(String(decoding: csv, as: UTF8.self))")
    }
    return 0
}

@_cdecl("FuzzCSVCoder_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
