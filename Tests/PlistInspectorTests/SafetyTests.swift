import Foundation
import Testing
import SerializeCore
import TestSupport
import PlistInspector
import SerializeDocument

@Suite struct SafetyTests {
    @Test func billionLaughsIsRefusedQuicklyAndExpandsNothing() throws {
        let data = try Fixtures.data("plist/findings/billion-laughs.plist")
        let clock = ContinuousClock()
        var report: PlistReport?
        let elapsed = clock.measure { report = PlistLinter().lint(data) }
        #expect(elapsed < .seconds(2))
        #expect(report?.document == nil)
        #expect(report?.findings.map(\.code.rawValue) == ["internal-subset"])
    }

    @Test func externalEntityIsNeverRead() throws {
        let data = try Fixtures.data("plist/findings/xxe.plist")
        let report = PlistLinter().lint(data)
        #expect(report.document == nil)
        #expect(report.findings.map(\.code.rawValue) == ["internal-subset"])
        #expect(!report.findings.contains { $0.message.contains("root:") })
    }

    @Test func externalDTDIsNotLoaded() throws {
        // `<!DOCTYPE plist SYSTEM "file:///etc/passwd">`: the DTD is never fetched, the value is read.
        let report = try PlistLinter().lint(contentsOf: Fixtures.url("plist/findings/external-dtd.plist"))
        #expect(report.findings.isEmpty)
        #expect(report.document == .string("safe"))
    }

    @Test func readerThrowsTheRefusalWithItsLocation() throws {
        let data = try Fixtures.data("plist/findings/xxe.plist")
        #expect {
            try XMLPlistReader().read(data)
        } throws: { error in
            guard let error = error as? Diagnostic else { return false }
            return error.code.rawValue == "internal-subset" && error.location?.description == "\(2):\(17)"
        }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        // libxml2's own limit is 256; XML_PARSE_HUGE lifts it and ours (512) applies.
        let depth = 400
        let xml = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        let report = PlistLinter().lint(Data(xml.utf8))
        #expect(report.findings.isEmpty)
        #expect(report.document != nil)
    }

    @Test func tooDeepIsRefusedNotCrashed() throws {
        let depth = 100_000
        let xml = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        let report = PlistLinter().lint(Data(xml.utf8))
        #expect(report.findings.map(\.code.rawValue) == ["tooDeep"])
    }
}
