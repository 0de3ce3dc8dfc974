/// Differential: a JSON document converts JSON → binary plist → JSON and JSON → XML plist → JSON
/// back to the same document (null under `--null <string>`, compared by exact scalars).
import Foundation
import FuzzSupport
import SerializeDocument

let nullText = "<null>"
let writing = WritingOptions(pretty: false, null: .string(nullText), nonFinite: .string)

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    guard let document = try? Format.json.read(data), knownOpenBug(in: document) == nil else { return 0 }
    let expected = replacingNull(document, with: nullText)
    for middle in [Format.binaryPlist, .xmlPlist] {
        // Refusing a value the property list cannot hold (a control character in XML) is an answer.
        guard let there = try? Format.json.convert(data, to: middle, writing: writing) else { continue }
        let back: Document
        do {
            back = try Format.json.read(try middle.convert(there, to: .json, writing: writing))
        } catch {
            mismatch("JSON → \(middle) → JSON: \(error)")
        }
        if !exactlyEqual(expected, back) {
            mismatch("JSON → \(middle) → JSON changed the document:\n\(describe(expected))\n\(describe(back))")
        }
    }
    return 0
}

@_cdecl("FuzzRoundTrip_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
