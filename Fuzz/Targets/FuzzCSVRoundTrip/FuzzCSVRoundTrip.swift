/// Differential: a document read from CSV (with and without type inference) is written to CSV and
/// read back the same, compared by exact scalars.
import Foundation
import FuzzSupport
import SerializeDocument

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    for infer in [false, true] {
        let options = FormatOptions(inferCSVTypes: infer)
        guard let document = try? Format.csv.read(data, options: options), knownOpenBug(in: document) == nil
        else { continue }
        // A refusal to write is an answer. A record without a column (a short row) is refused
        // too (`missing: .error`): `.null` would rightly read back as null, not as missing.
        var writing = lenientWriting
        writing.missing = .error
        guard let csv = try? Format.csv.write(document, options: writing) else { continue }
        let back: Document
        do {
            back = try Format.csv.read(csv, options: options)
        } catch {
            mismatch("CSV (infer: \(infer)) → CSV: \(error)\n\(String(decoding: csv, as: UTF8.self))")
        }
        if !exactlyEqual(document, back) {
            mismatch("CSV (infer: \(infer)) → CSV changed the document:\n\(describe(document))\n\(describe(back))")
        }
    }
    return 0
}

@_cdecl("FuzzCSVRoundTrip_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
