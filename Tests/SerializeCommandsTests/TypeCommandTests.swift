import Foundation
import Testing
import TestSupport

@Suite struct TypeCommandTests {
    @Test(arguments: [
        ("name", "string"), ("a\\.b", "integer"), ("/a.b", "integer"), ("root.flags[0]", "bool"),
        ("flags.1", "bool"), ("blob", "data"), ("when", "date"), ("ratio", "real"), ("empty", "dictionary"), ("", "dictionary"),
    ])
    func printsTheTypeAtAKeyPath(_ keyPath: String, _ type: String) throws {
        let run = try BuiltTool.run(["type", Fixtures.url("plist/valid.plist").path, keyPath])
        #expect(run.status == 0)
        #expect(run.standardOutput == "\(type)\n")
    }

    @Test func missingKeyNamesWhatIsThere() throws {
        let run = try BuiltTool.run(["type", Fixtures.url("plist/valid.plist").path, "a.b"])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("error: no key \"a\" in the dictionary at root (its keys: \"name\", \"a.b\""))
    }

    @Test func malformedKeyPathIsAUsageError() throws {
        let run = try BuiltTool.run(["type", Fixtures.url("plist/valid.plist").path, "flags[x]"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("\"[x\" is not an array index"))
    }
}
