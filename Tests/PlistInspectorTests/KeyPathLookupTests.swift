import Testing
import PlistInspector
import SerializeCore
import SerializeDocument

/// The plist verbs' key paths: parsed by `ValuePath(validating:)`, followed by
/// `Document.value(at:)` with its named failures (formerly `PlistKeyPath`).
@Suite struct KeyPathLookupTests {
    static let document: Document = [
        "items": [["name": "first"], ["name": "second", "a.b": "dotted"]],
        "a/b~c": "pointer",
        "root": "a key named root",
        "7": "digits key",
    ]

    @Test(arguments: [
        ("items[1].name", Document.string("second")),
        ("items.1.name", .string("second")),
        ("root.items[0].name", .string("first")),
        ("/items/1/name", .string("second")),
        ("items[1].a\\.b", .string("dotted")),
        ("/items/1/a.b", .string("dotted")),
        ("/a~1b~0c", .string("pointer")),
        ("/root", .string("a key named root")),
        ("root.root", .string("a key named root")),
        ("$.root", .string("a key named root")),
        ("7", .string("digits key")),
        ("$[\"7\"]", .string("digits key")),
        ("$.items[1][\"a.b\"]", .string("dotted")),
        ("", document),
        ("root", document),
        ("$", document),
    ])
    func followsPaths(_ text: String, _ expected: Document) throws {
        #expect(try Self.document.value(at: ValuePath(validating: text)) == expected)
    }

    /// `items.x` and `/items/x` parse to the same components, so they now fail alike (the
    /// pointer form used to say `"x" is not an index`).
    @Test(arguments: [
        ("items[5]", Diagnostic.Code.indexOutOfRange, "index 5 is out of range for the array at root.items, which has 2 items", "$.items"),
        ("nope", .noSuchKey, "no key \"nope\" in the dictionary at root (its keys: \"items\", \"a/b~c\", \"root\", \"7\")", "$"),
        ("items.x", .wrongContainer, "root.items is an array, not a dictionary; name an index such as [0]", "$.items"),
        ("/items/x", .wrongContainer, "root.items is an array, not a dictionary; name an index such as [0]", "$.items"),
        ("items[0].name.more", .notAContainer, "root.items[0].name is a string, which holds no keys", "$.items[0].name"),
        ("[0]", .wrongContainer, "root is a dictionary, not an array; name a key instead of an index", "$"),
    ])
    func explainsWhereAPathFails(_ text: String, _ code: Diagnostic.Code, _ message: String, _ walked: String) throws {
        let path = try ValuePath(validating: text)
        #expect {
            try Self.document.value(at: path)
        } throws: { error in
            guard let error = error as? Diagnostic else { return false }
            return error.code == code && error.message == message && error.path?.description == walked
        }
        #expect(Self.document[path] == nil)
    }

    @Test(arguments: ["items[x]", "items[1", "a\\"])
    func refusesMalformedPaths(_ text: String) {
        #expect(throws: ValuePath.ParseError.self) { try ValuePath(validating: text) }
    }

    /// A digit step from the pointer form stays a key until it meets an array, so it prints as
    /// one (`.1`, which parses back the same); `[1]` is an index.
    @Test func printsLikeFindings() throws {
        #expect(try ValuePath(validating: "/items/1/a.b").keyPathDescription == "root.items.1.a\\.b")
        #expect(try ValuePath(validating: "items[1].a\\.b").keyPathDescription == "root.items[1].a\\.b")
    }

    @Test func findingsAreDiagnostics() {
        let finding = Diagnostic(
            .keyWithoutValue, "expected a value after <key>", at: InputLocation(line: 12, column: 7, byteOffset: 200),
            path: ValuePath([.key("items"), .index(3)]))
        #expect(finding.description == "12:7: error: expected a value after <key> [$.items[3]]")
        #expect(InputLocation(byteOffset: 40).description == "offset 40")
    }
}
