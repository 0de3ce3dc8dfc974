import Testing
@testable import PlistInspector
import SerializeDocument

@Suite struct PlistKeyPathTests {
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
        ("7", .string("digits key")),
        ("", document),
        ("root", document),
    ])
    func followsPaths(_ text: String, _ expected: Document) throws {
        #expect(try PlistKeyPath(parsing: text).value(in: Self.document) == expected)
    }

    @Test(arguments: [
        ("items[5]", "index 5 is out of range for the array at root.items, which has 2 items"),
        ("nope", "no key \"nope\" in the dictionary at root (its keys: \"items\", \"a/b~c\", \"root\", \"7\")"),
        ("items.x", "root.items is an array, not a dictionary; name an index such as [0]"),
        ("/items/x", "root.items is an array; \"x\" is not an index"),
        ("items[0].name.more", "root.items[0].name is a string, which holds no keys"),
        ("[0]", "root is a dictionary, not an array; name a key instead of an index"),
    ])
    func explainsWhereAPathFails(_ text: String, _ message: String) throws {
        #expect(throws: PlistKeyPath.Failure(message: message)) {
            try PlistKeyPath(parsing: text).value(in: Self.document)
        }
    }

    @Test(arguments: ["items[x]", "items[1", "a\\"])
    func refusesMalformedPaths(_ text: String) {
        #expect(throws: PlistKeyPath.Failure.self) { try PlistKeyPath(parsing: text) }
    }

    @Test func printsLikeFindings() throws {
        #expect(try PlistKeyPath(parsing: "/items/1/a.b").description == "root.items[1].a\\.b")
    }
}
