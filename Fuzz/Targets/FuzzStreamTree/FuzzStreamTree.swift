/// Differential: the streaming conversion and the tree conversion (taken with `sortKeys`) of one
/// JSON or property list input agree: both fail, or both write the same document up to key order.
import Foundation
import FuzzSupport
import SerializeDocument

let writing = FormatOptions(pretty: false, null: .string("<null>"), nonFinite: .string)
var sorted: FormatOptions { var options = writing; options.sortKeys = true; return options }

/// The outcome of a conversion: the document written, or nil when it was refused.
func converted(_ data: Data, from source: Format, to target: Format, _ options: FormatOptions) -> Document?? {
    guard let output = try? source.convert(data, to: target, writing: options) else { return .some(nil) }
    guard let document = try? target.read(output) else { return nil }  // written but unreadable
    return .some(sortingKeys(document))
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    let source = data.first == UInt8(ascii: "<") || data.starts(with: Data("bplist".utf8)) ? (Format.detect(in: data) == .binaryPlist ? Format.binaryPlist : .xmlPlist) : .json
    guard let document = try? source.read(data), knownOpenBug(in: document) == nil else { return 0 }
    for target in [Format.json, .xmlPlist, .binaryPlist] {
        guard let streamed = converted(data, from: source, to: target, writing),
            let tree = converted(data, from: source, to: target, sorted)
        else { mismatch("\(source) → \(target) wrote what \(target) cannot read") }
        switch (streamed, tree) {
        case (nil, nil): continue
        case let (a?, b?) where exactlyEqual(a, b): continue
        default:
            mismatch("\(source) → \(target): streamed \(streamed.map(describe) ?? "refused"), tree \(tree.map(describe) ?? "refused")")
        }
    }
    return 0
}

@_cdecl("FuzzStreamTree_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
