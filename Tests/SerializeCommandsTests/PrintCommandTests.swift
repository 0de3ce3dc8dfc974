import Foundation
import Testing
import TestSupport

@Suite struct PrintCommandTests {
    @Test func printsATypedTree() throws {
        let run = try BuiltTool.run(["print", Fixtures.url("plist/valid.plist").path])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "dictionary (10 entries)")
        #expect(lines.contains("  \"a.b\": integer -42"))
        #expect(lines.contains("  \"when\": date 2024-02-29T12:34:56Z"))
        #expect(lines.contains("    [1]: bool false"))
    }

    @Test func binaryTwinPrintsTheSameTreeAsTheXML() throws {
        // valid.bplist is plutil's binary form of valid.plist (plutil sorts the keys).
        let xml = try BuiltTool.run(["print", Fixtures.url("plist/valid.plist").path]).standardOutput
        let binary = try BuiltTool.run(["print", Fixtures.url("plist/valid.bplist").path]).standardOutput
        #expect(Set(xml.split(separator: "\n")) == Set(binary.split(separator: "\n")))
    }

    @Test func printIsStableAcrossRuns() throws {
        let file = Fixtures.url("plist/valid.plist").path
        #expect(try BuiltTool.run(["print", file]).standardOutput == BuiltTool.run(["print", file]).standardOutput)
    }

    @Test func jsonFlagPrintsParsableTypedJSON() throws {
        let run = try BuiltTool.run(["print", "--json", Fixtures.url("plist/valid.plist").path])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "dictionary")
    }

    @Test func unreadableFileListsItsErrors() throws {
        let run = try BuiltTool.run(["print", Fixtures.url("plist/three-problems.plist").path])
        #expect(run.status == 1)
        #expect(run.standardError.split(separator: "\n").count == 3)
    }

    /// Dates print as the converter writes them: proleptic Gregorian before 1582, exact fractions.
    @Test func datesPrintInTheProlepticGregorianCalendarWithExactFractions() throws {
        let run = try BuiltTool.run(["print", Fixtures.url("plist/dates.plist").path])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("\"old\": date 1000-01-01T00:00:00Z\n"))
        #expect(run.standardOutput.contains("\"fine\": date 2001-01-01T00:00:00.0001Z\n"))
        let json = try BuiltTool.run(["print", "--json", Fixtures.url("plist/dates.plist").path])
        #expect(json.standardOutput.contains("{\"type\": \"date\", \"value\": \"1000-01-01T00:00:00Z\"}"))
        #expect(json.standardOutput.contains("{\"type\": \"date\", \"value\": \"2001-01-01T00:00:00.0001Z\"}"))
    }
}
