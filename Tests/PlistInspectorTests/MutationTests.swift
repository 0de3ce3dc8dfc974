import Foundation
import Testing
import SerializeCore
import TestSupport
import PlistInspector

/// Damaged property lists never crash or hang the inspector, and always get a verdict.
///
/// Every byte position of each fixture is damaged three ways (replaced, deleted, and preceded by
/// an inserted byte), with bytes chosen from the characters XML and base64 care about, so the
/// walk is deterministic and covers every tag, key and value of the fixture.
@Suite struct MutationTests {
    static let alphabet = Array("<>/=\"&;![]?-x \n\tQ0".utf8)

    /// The three damaged copies of `bytes` at `position`.
    static func damaged(_ bytes: [UInt8], at position: Int) -> [[UInt8]] {
        let byte = alphabet[position % alphabet.count]
        var replaced = bytes, deleted = bytes, inserted = bytes
        replaced[position] = byte
        deleted.remove(at: position)
        inserted.insert(alphabet[(position * 7 + 3) % alphabet.count], at: position)
        return [replaced, deleted, inserted]
    }

    @Test(arguments: ["valid.plist", "three-problems.plist", "findings/keyed-archive.plist", "valid.bplist", "findings/keyed-archive.bplist"])
    func damagedFilesGetAVerdict(_ fixture: String) throws {
        let original = try [UInt8](Fixtures.data("plist/\(fixture)"))
        for position in original.indices {
            for damaged in Self.damaged(original, at: position) {
                let report = PlistLinter().lint(Data(damaged))
                let verdict = report.isValid ? report.document != nil : !report.findings.isEmpty
                #expect(verdict, "position \(position): \(String(decoding: damaged, as: UTF8.self))")
                for finding in report.findings {
                    if let line = finding.location?.line, let column = finding.location?.column {
                        #expect(line >= 1 && column >= 1, "position \(position): \(finding)")
                    }
                }
            }
        }
    }
}
