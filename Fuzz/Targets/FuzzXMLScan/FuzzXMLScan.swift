/// Differential: the XML property-list byte scanner (an accelerator for the clean subset) against
/// libxml2 and the walk, through the public API. `lint` keeping values always runs the walk;
/// `lint` without values takes the scanner's path (libxml2 for well-formedness, the scanner for
/// the plist grammar) when both are sure; reading and converting try the scanner first. Every
/// answer must be the walk's: the same findings, the same document or first error, and the same
/// bytes written to each format.
import Foundation
import FuzzSupport
import PlistInspector
import SerializeCore
import SerializeDocument

let writing = FormatOptions(pretty: false, null: .string("<null>"), nonFinite: .string)

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    guard Format.detect(in: data) == .xmlPlist else { return 0 }
    let walk = PlistLinter().lint(data, keepingValues: true)
    let quick = PlistLinter().lint(data, keepingValues: false)
    guard walk.findings == quick.findings else {
        mismatch("lint: the walk found \(walk.findings), the scanner's path \(quick.findings)")
    }
    let firstError = walk.findings.first { $0.severity == .error }
    let read = Result { () throws(Diagnostic) in try Format.xmlPlist.read(data) }
    switch (read, firstError, walk.document) {
    case let (.failure(error), expected?, _) where error == expected: break
    case let (.success(document), nil, expected?) where exactlyEqual(document, expected): break
    default: mismatch("read: \(read.map(describe)), the walk: \(firstError.map(String.init(describing:)) ?? walk.document.map(describe) ?? "nothing")")
    }
    guard let document = walk.document else { return 0 }
    for target in [Format.json, .xmlPlist, .binaryPlist] {
        let expected = try? target.write(document, options: writing)
        let converted = try? Format.xmlPlist.convert(data, to: target, writing: writing)
        guard converted == expected else {
            mismatch("xml → \(target): converted \(converted?.count ?? -1) bytes, the walk's tree \(expected?.count ?? -1) bytes")
        }
    }
    return 0
}

@_cdecl("FuzzXMLScan_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
