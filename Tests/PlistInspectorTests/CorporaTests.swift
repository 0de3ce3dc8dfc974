import Foundation
import Testing
import SerializeCore
import TestSupport
import PlistInspector

/// Every file of `../shared/corpora/plist` gets a verdict, without a crash or a hang.
///
/// The verdicts were compared with `plutil -lint` by hand (see Benchmarks/README.md for the
/// table); the files where plutil is right and agrees are pinned below.
@Suite struct CorporaTests {
    static var corpusFiles: [URL] {
        guard let root = Fixtures.sharedCorpora?.appendingPathComponent("plist"),
              let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }

    @Test(.enabled(if: Fixtures.sharedCorpora != nil))
    func everyFileGetsAVerdictQuickly() throws {
        let files = Self.corpusFiles
        #expect(files.count > 100)
        let clock = ContinuousClock()
        for file in files {
            var report: PlistReport?
            let elapsed = try clock.measure { report = try PlistLinter().lint(contentsOf: file) }
            #expect(elapsed < .seconds(5), "\(file.path) took \(elapsed)")
            // A verdict: valid with a value, or at least one error that says why not.
            let verdict = report.map { $0.isValid ? ($0.format == .binary || $0.document != nil) : !$0.findings.isEmpty } ?? false
            #expect(verdict, "\(file.path): \(String(describing: report?.findings))")
        }
    }

    /// Files where plutil's verdict is right, with ours.
    @Test(.enabled(if: Fixtures.sharedCorpora != nil), arguments: [
        ("corelibs/Info.plist", true),
        ("corelibs/NSKeyedUnarchiver-ArrayTest.plist", true),
        ("swift-foundation/Generic_XML_Properties.plist", true),
        ("swift-foundation/Generic_XML_Properties_Binary.plist", true),
        ("swift-foundation/bad_plist.bad", false),
        ("libplist/test/data/invalid_tag.plist", false),
        ("libplist/test/data/signed.plist", true),
        ("libplist/test/data/unsigned.plist", true),
        ("libplist/test/data/cdata.plist", true),
        ("libplist/test/data/entities.plist", true),
        ("pyinvalid/03_integer_overflow_in_offset_table_offset.bplist", false),
        ("pyinvalid/15_too_large_array_size.bplist", false),
        ("pyinvalid/19_too_large_reference_index.bplist", false),
        ("pyinvalid/35_non_hashable_key.bplist", false),
        ("libplist/test/data/malformed_dict.bplist", false),
        ("libplist/test/data/data.bplist", true),
        ("libplist/test/data/uid.bplist", true),
    ])
    func agreesWithPlutilWherePlutilIsRight(_ path: String, _ valid: Bool) throws {
        let url = try #require(Fixtures.sharedCorpora).appendingPathComponent("plist/\(path)")
        let report = try PlistLinter().lint(contentsOf: url)
        #expect(report.isValid == valid, "\(report.findings)")
    }

    /// Files where plutil says OK and is wrong: it reads any text as an OpenStep string, accepts
    /// `<data>` that is not base64, and stops at a malformed DOCTYPE without complaint.
    @Test(.enabled(if: Fixtures.sharedCorpora != nil), arguments: [
        ("pyinvalid/00_too_short_data.bplist", "notBinaryPlist"),
        ("libplist/fuzz/xplist-crashes/clusterfuzz-testcase-4663876528373760", "bad-data"),
        ("libplist/fuzz/xplist-leaks/leak-4c81aae70b20d9b9408b78d40999a54205bdcfb7", "not-well-formed"),
    ])
    func reportsWhatPlutilMisses(_ path: String, _ code: String) throws {
        let url = try #require(Fixtures.sharedCorpora).appendingPathComponent("plist/\(path)")
        let report = try PlistLinter().lint(contentsOf: url)
        #expect(report.findings.first?.code.rawValue == code, "\(report.findings)")
    }
}

/// Every finding of every file of `../shared/corpora/plist`, with its location and key path, is
/// the one recorded in `Fixtures/plist/corpora-findings.txt` (recorded before the lint walk was
/// made allocation-free, issue 13): a change to the walk changes no finding, message, line,
/// column or path. Set `SERIALIZE_RECORD_CORPORA_FINDINGS=1` to write the file again after a
/// deliberate change, and review its diff.
@Suite struct CorporaFindingsTests {
    static let recording = ProcessInfo.processInfo.environment["SERIALIZE_RECORD_CORPORA_FINDINGS"] != nil
    static let recorded = Fixtures.url("plist/corpora-findings.txt")

    /// The findings of every corpus file, one line each, files in path order.
    static func transcript(keepingValues: Bool) throws -> String {
        let root = try #require(Fixtures.sharedCorpora).appendingPathComponent("plist").path + "/"
        var lines: [String] = []
        for file in CorporaTests.corpusFiles {
            let name = String(file.path.dropFirst(root.count))
            let report = try PlistLinter().lint(contentsOf: file, keepingValues: keepingValues)
            lines.append("== \(name): \(report.format), \(report.isValid ? "valid" : "invalid")")
            for finding in report.findings {
                var line = "\(finding.location.map(\.description) ?? "-"): \(finding.severity.rawValue) \(finding.code.rawValue): \(finding.message)"
                if let path = finding.path, !path.components.isEmpty { line += " [\(path.keyPathDescription)]" }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(.enabled(if: Fixtures.sharedCorpora != nil))
    func lintFindingsAreTheRecordedOnes() throws {
        let transcript = try Self.transcript(keepingValues: false)
        if Self.recording {
            try Data(transcript.utf8).write(to: Self.recorded)
            return
        }
        let expected = try String(contentsOf: Self.recorded, encoding: .utf8)
        let got = transcript.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(got.count == want.count, "\(got.count) lines, recorded \(want.count)")
        for (index, (line, recorded)) in zip(got, want).enumerated() where line != recorded {
            Issue.record("line \(index + 1):\n  got      \(line)\n  recorded \(recorded)")
        }
    }

    /// Reading values (what print, extract and convert do) reports the same findings as lint.
    @Test(.enabled(if: Fixtures.sharedCorpora != nil))
    func readingValuesFindsTheSame() throws {
        #expect(try Self.transcript(keepingValues: true) == Self.transcript(keepingValues: false))
    }
}
