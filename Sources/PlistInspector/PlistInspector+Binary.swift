/// Binary property lists: read by SerializeDocument's `BinaryPlistReader`, located by byte offset.

import Foundation
import OrderedCollections
import SerializeDocument

extension PlistInspector {
    /// The findings (located by byte offset) and the value of a binary property list.
    ///
    /// The binary reader checks every size, count, offset and reference before use and stops at
    /// the first problem, so a binary file has at most one error finding; a UID (which the reader
    /// turns into a `CF$UID` dictionary) adds the NSKeyedArchiver note.
    func inspectBinary(_ data: Data, keepingValues: Bool) -> ([PlistFinding], Document?) {
        do {
            let document = try BinaryPlistReader(maximumDepth: maxDepth).read(data)
            var findings: [PlistFinding] = []
            if let keyPath = Self.firstUID(in: document) {
                findings.append(
                    PlistFinding(
                        severity: .note, location: .byteOffset(0), keyPath: keyPath,
                        message: "a UID (CF$UID): this is an NSKeyedArchiver archive, whose UIDs are references into its $objects array",
                        code: "keyed-archive"))
            }
            return (findings, document)
        } catch {
            let offset: Int
            if case let .byteOffset(at) = error.location { offset = at } else { offset = 0 }
            return ([PlistFinding(severity: .error, location: .byteOffset(offset), keyPath: "root", message: error.message, code: error.code.rawValue)], nil)
        }
    }

    /// The key path of the first `{"CF$UID": n}` dictionary in `document`, depth first.
    static func firstUID(in document: Document) -> String? {
        var path: [PlistKeyPathComponent] = []
        func search(_ value: Document) -> Bool {
            switch value {
            case let .dictionary(entries):
                if entries.count == 1, entries.keys.first == "CF$UID" { return true }
                for (key, item) in entries {
                    path.append(.key(key))
                    if search(item) { return true }
                    path.removeLast()
                }
            case let .array(items):
                for (index, item) in items.enumerated() {
                    path.append(.index(index))
                    if search(item) { return true }
                    path.removeLast()
                }
            default:
                break
            }
            return false
        }
        return search(document) ? PlistKeyPathComponent.render(path) : nil
    }
}
