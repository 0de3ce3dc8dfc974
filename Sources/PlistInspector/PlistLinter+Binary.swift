/// Binary property lists: read by SerializeDocument's `BinaryPlistReader`, located by byte offset.

import Foundation
import OrderedCollections
import SerializeCore
import SerializeDocument

extension PlistLinter {
    /// The findings (located by byte offset) and the value of a binary property list.
    ///
    /// The binary reader checks every size, count, offset and reference before use and stops at
    /// the first problem, so a binary file has at most one error finding; a UID (which the reader
    /// turns into a `CF$UID` dictionary) adds the NSKeyedArchiver note.
    func inspectBinary(_ data: Data, keepingValues: Bool) -> ([Diagnostic], Document?) {
        do {
            let document = try BinaryPlistReader(maximumDepth: maxDepth).read(data)
            var findings: [Diagnostic] = []
            if let path = Self.firstUID(in: document) {
                findings.append(
                    Diagnostic(
                        .keyedArchive,
                        "a UID (CF$UID): this is an NSKeyedArchiver archive, whose UIDs are references into its $objects array",
                        severity: .note, at: InputLocation(byteOffset: 0), path: path))
            }
            return (findings, document)
        } catch {
            var finding = error
            if finding.location == nil { finding.location = InputLocation(byteOffset: 0) }
            if finding.path == nil { finding.path = ValuePath() }
            return ([finding], nil)
        }
    }

    /// The path of the first `{"CF$UID": n}` dictionary in `document`, depth first.
    static func firstUID(in document: Document) -> ValuePath? {
        var path = ValuePath()
        func search(_ value: Document) -> Bool {
            switch value {
            case let .dictionary(entries):
                if entries.count == 1, entries.keys.first == "CF$UID" { return true }
                for (key, item) in entries {
                    path.push(.key(key))
                    if search(item) { return true }
                    path.pop()
                }
            case let .array(items):
                for (index, item) in items.enumerated() {
                    path.push(.index(index))
                    if search(item) { return true }
                    path.pop()
                }
            default:
                break
            }
            return false
        }
        return search(document) ? path : nil
    }
}
