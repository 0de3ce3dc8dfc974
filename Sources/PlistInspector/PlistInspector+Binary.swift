/// Binary property lists: structure checked with byte offsets.

import Foundation
import SerializeDocument

extension PlistInspector {
    /// The findings (located by byte offset) and the value of a binary property list.
    func inspectBinary(_ data: Data, keepingValues: Bool) -> ([PlistFinding], Document?) {
        let bytes = [UInt8](data)
        if let problem = Self.binaryStructureProblem(bytes) {
            return ([PlistFinding(severity: .error, location: .byteOffset(problem.offset), keyPath: "root", message: problem.message, code: problem.code)], nil)
        }
        return ([], nil)
    }

    /// The first problem in the header, trailer and offset table of a binary property list.
    static func binaryStructureProblem(_ bytes: [UInt8]) -> (offset: Int, code: String, message: String)? {
        let header = Array("bplist00".utf8)
        guard bytes.count >= header.count + 32 else {
            return (0, "truncated", "truncated binary property list: \(bytes.count) bytes, but the header and trailer alone take 40")
        }
        guard Array(bytes[0..<8]) == header else {
            let version = String(decoding: bytes[6..<8], as: UTF8.self)
            return (6, "unsupported-version", "binary property list version \"\(version)\" is not supported; only bplist00 is")
        }
        let trailer = bytes.count - 32
        func number(_ at: Int, _ size: Int) -> UInt64 {
            bytes[at..<at + size].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        let objectCount = number(trailer + 8, 8), top = number(trailer + 16, 8), tableOffset = number(trailer + 24, 8)
        guard (1...8).contains(offsetSize) else {
            return (trailer + 6, "bad-trailer", "trailer: offset size \(offsetSize) is not 1 through 8")
        }
        guard (1...8).contains(referenceSize) else {
            return (trailer + 7, "bad-trailer", "trailer: object reference size \(referenceSize) is not 1 through 8")
        }
        guard objectCount >= 1, objectCount <= UInt64(bytes.count) else {
            return (trailer + 8, "bad-trailer", "trailer: object count \(objectCount) is impossible for a \(bytes.count)-byte file")
        }
        guard top < objectCount else {
            return (trailer + 16, "bad-trailer", "trailer: top object \(top) is not below the object count \(objectCount)")
        }
        // objectCount is at most the file size, so the product cannot overflow; the sum can.
        let (tableEnd, overflow) = tableOffset.addingReportingOverflow(objectCount * UInt64(offsetSize))
        guard tableOffset >= 8, tableOffset < UInt64(trailer), !overflow, tableEnd <= UInt64(trailer) else {
            return (trailer + 24, "bad-trailer", "trailer: the offset table at \(tableOffset) (\(objectCount) × \(offsetSize) bytes) does not fit between the header and the trailer")
        }
        for index in 0..<Int(objectCount) {
            let at = Int(tableOffset) + index * offsetSize
            let offset = number(at, offsetSize)
            guard offset >= 8, offset < tableOffset else {
                return (at, "bad-offset", "offset table entry \(index) points at \(offset), outside the objects (8 through \(tableOffset - 1))")
            }
        }
        return nil
    }
}
