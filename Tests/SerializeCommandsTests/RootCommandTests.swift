import Foundation
import Testing
import TestSupport
@testable import SerializeCommands

@Suite struct RootCommandTests {
    @Test func versionFlagPrintsTheVersion() throws {
        let run = try BuiltTool.run(["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == Serialize.version)
    }

    @Test func helpNamesTheToolAndItsJob() throws {
        let run = try BuiltTool.run(["--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: serialize"))
        #expect(run.standardOutput.contains("JSON, property lists"))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let run = try BuiltTool.run(["--no-such-flag"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--no-such-flag"))
    }
}
