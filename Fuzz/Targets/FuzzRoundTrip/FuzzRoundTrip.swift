/// Differential: a document converts to each JSON-or-plist format and back to the same document.
/// JSON input: JSON → binary plist → JSON, JSON → XML plist → JSON and JSON → JSON (`null` under
/// `--null <string>`); plist input (told apart by content): to binary, XML and back. Compared by
/// exact scalars (FuzzSupport/ExactComparison.swift).
import Foundation
import FuzzSupport
import SerializeDocument

let nullText = "<null>"
let writing = FormatOptions(pretty: false, null: .string(nullText), nonFinite: .string)

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    let source = data.first == UInt8(ascii: "<") || data.starts(with: Data("bplist".utf8)) ? (Format.detect(in: data) == .binaryPlist ? Format.binaryPlist : .xmlPlist) : .json
    guard let document = try? source.read(data), knownOpenBug(in: document) == nil else { return 0 }
    let expected = replacingNull(document, with: nullText)
    for middle in [Format.binaryPlist, .xmlPlist, .json] {
        // Refusing a value the middle format cannot hold (a control character in XML, a date in
        // JSON) is an answer, not a finding.
        guard let there = try? source.convert(data, to: middle, writing: writing) else { continue }
        let back: Document
        do {
            back = try source.read(try middle.convert(there, to: source, writing: writing))
        } catch {
            mismatch("\(source) → \(middle) → \(source): \(error)")
        }
        // Plist → JSON turns dates and data into strings: only the plist middles must keep them.
        if source != .json, middle == .json { continue }
        // JSON keeps null; only a property list middle applies the null strategy.
        if !exactlyEqual(middle == .json ? document : expected, back) {
            mismatch("\(source) → \(middle) → \(source) changed the document:\n\(describe(expected))\n\(describe(back))")
        }
    }
    return 0
}

@_cdecl("FuzzRoundTrip_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
