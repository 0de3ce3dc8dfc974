/// Differential: an edit of a JSON or property-list file, which `Format.edit` streams from reader
/// to writer where it can (issue 14), gives exactly the bytes, or exactly the failure, of the same
/// edit on the tree: read, `Document.apply`, write. The last byte of the input picks the verb and
/// the place (one of the document's own paths, or one just beside them); the rest is the file.
import Foundation
import FuzzSupport
import SerializeCore
import SerializeDocument

let options = FormatOptions(pretty: false)
/// The values inserted or replaced: made per input, not held in a global (LeakSanitizer cannot
/// see a pointer kept in an enum's spare bits, and calls a global's containers leaked).
func inserted(_ selector: Int) -> Document {
    switch selector % 5 {
    case 0: .string("fz")
    case 1: .integer(-7)
    case 2: .array([.bool(true)])
    case 3: .dictionary(["k": .null])
    default: .null
    }
}

/// Every path in `document`, parents first, and for each array the index just past its end.
func paths(in document: Document, at path: ValuePath = ValuePath(), into result: inout [ValuePath]) {
    result.append(path)
    switch document {
    case let .array(elements):
        for (index, element) in elements.enumerated() { paths(in: element, at: path.appending(.index(index)), into: &result) }
        result.append(path.appending(.index(elements.count)))
    case let .dictionary(members):
        for (key, value) in members { paths(in: value, at: path.appending(.key(key.string)), into: &result) }
        result.append(path.appending(.key("new")))
    default: break
    }
}

/// The tree's answer: the bytes, or the failure with the step that failed.
func treeAnswer(_ data: Data, _ format: Format, _ edit: DocumentEdit) -> Result<Data, EditFailure> {
    var document: Document
    do { document = try format.read(data) } catch { return .failure(.reading(error)) }
    do { try document.apply(edit) } catch { return .failure(.editing(error)) }
    do { return .success(try format.write(document, options: options)) } catch { return .failure(.writing(error)) }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard count > 1 else { return 0 }
    let input = fuzzInput(bytes, count)
    let selector = Int(input[input.index(before: input.endIndex)])
    let data = Data(input.dropLast())
    let format = Format.detect(in: data)
    guard format == .json || format == .xmlPlist || format == .binaryPlist,
        let document = try? format.read(data), knownOpenBug(in: document) == nil
    else { return 0 }
    var all: [ValuePath] = []
    paths(in: document, into: &all)
    let path = all[(selector >> 2) % all.count]
    let value = inserted(selector)
    let edit: DocumentEdit =
        switch selector & 3 {
        case 0: .insert(value, at: path)
        case 1: .append(value, to: path)
        case 2: .replace(at: path, with: value)
        default: .remove(at: path)
        }
    let edited = Result { () throws(EditFailure) in try Format.edit(data, applying: [edit], options: options).data }
    let tree = treeAnswer(data, format, edit)
    switch (edited, tree) {
    case let (.success(a), .success(b)) where a == b: return 0
    case let (.failure(a), .failure(b)) where a == b: return 0
    default:
        mismatch("\(format) \(edit): edit gave \(edited), the tree \(tree)")
    }
}

@_cdecl("FuzzEdit_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
