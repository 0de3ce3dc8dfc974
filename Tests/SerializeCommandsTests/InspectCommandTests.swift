import Foundation
import Testing
import TestSupport

@Suite struct InspectCommandTests {
    @Test func summarizesAReadableFile() throws {
        let size = try Fixtures.data("plist/valid.plist").count
        let run = try BuiltTool.run(["inspect", Fixtures.url("plist/valid.plist").path])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.prefix(4) == ["format: XML property list", "size: \(size) bytes", "root: dictionary", "depth: 2"])
        #expect(lines.contains("  integer: 3"))
        #expect(lines.contains("largest values:"))
        #expect(lines.last == "findings: 0 errors, 0 warnings")
    }

    @Test func saysWhenAFileIsUnreadable() throws {
        let run = try BuiltTool.run(["inspect", Fixtures.url("plist/three-problems.plist").path])
        #expect(run.standardOutput.contains("root: unreadable (run `serialize lint` for the problems)"))
        #expect(run.standardOutput.contains("findings: 3 errors, 0 warnings"))
    }
}
