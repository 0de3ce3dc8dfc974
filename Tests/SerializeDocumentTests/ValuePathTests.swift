import Foundation
import Testing
import SerializeCore
import SerializeDocument

/// The one path parser: every syntax the CLI takes, and both renderings parsing back.
@Suite struct ValuePathTests {
    typealias C = ValuePath.Component

    @Test(arguments: [
        // The error syntax.
        ("$.users[3].email", [C.key("users"), .index(3), .key("email")]),
        ("$[\"odd key\"]", [.key("odd key")]),
        ("$[\"q\\\"\\\\\"][0]", [.key("q\"\\"), .index(0)]),
        ("$", []),
        ("users[3].email", [.key("users"), .index(3), .key("email")]),
        // The inspector's key paths.
        ("root.items[3].name", [.key("items"), .index(3), .key("name")]),
        ("root", []),
        ("", []),
        ("root.root", [.key("root")]),
        ("$.root", [.key("root")]),
        ("\\root", [.key("root")]),
        ("a\\.b", [.key("a.b")]),
        ("a\\[0\\]", [.key("a[0]")]),
        ("a\\\\b", [.key("a\\b")]),
        ("a..b", [.key("a"), .key(""), .key("b")]),
        // Digits in the dotted and pointer forms are keys, resolved against the container.
        ("items.3.name", [.key("items"), .key("3"), .key("name")]),
        ("/items/3/name", [.key("items"), .key("3"), .key("name")]),
        ("/a~1b~0c", [.key("a/b~c")]),
        ("/", [.key("")]),
        ("/root", [.key("root")]),
        ("/é/日本", [.key("é"), .key("日本")]),
        ("root.é.日本[0]", [.key("é"), .key("日本"), .index(0)]),
    ])
    func everySyntaxParses(_ text: String, _ components: [ValuePath.Component]) throws {
        #expect(try ValuePath(validating: text).components == components)
    }

    @Test(arguments: ["$.", "$[x]", "$[-1]", "$[]", "$[\"open", "$[\"open\\", "$users", "items[1", "a\\", "x[+1]"])
    func malformedPathsAreRefusedWithAReason(_ text: String) {
        #expect {
            try ValuePath(validating: text)
        } throws: { error in
            guard let error = error as? ValuePath.ParseError else { return false }
            return error.text == text && error.description.hasPrefix("key path \"\(text)\": ")
        }
        #expect(ValuePath(parsing: text) == nil)
    }

    static let awkwardKeys = [
        "plain", "with space", "dot.ted", "[bracket]", "close]", "\"quoted\"", "back\\slash", "trailing\\", "", "root", "$",
        "$x", "3", "007", "é", "e\u{301}", "日本語", "🙂", "/slash", "~tilde", "a.b[0]\\c\"d",
    ]

    @Test func bothRenderingsParseBack() throws {
        var paths = Self.awkwardKeys.map { ValuePath([.key($0)]) }
        paths.append(ValuePath(Self.awkwardKeys.map { .key($0) }))
        paths.append(ValuePath([.key("items"), .index(0), .index(12), .key("dot.ted"), .index(3)]))
        paths.append(ValuePath())
        for path in paths {
            #expect(try ValuePath(validating: path.jsonPathDescription) == path, "\(path.jsonPathDescription)")
            #expect(try ValuePath(validating: path.keyPathDescription) == path, "\(path.keyPathDescription)")
            // Keys compare by their exact scalars: é as one scalar and as e + U+0301 stay apart.
            #expect(try ValuePath(validating: path.keyPathDescription).components.map(\.scalars) == path.components.map(\.scalars))
        }
    }

    @Test(arguments: [
        (ValuePath([.key("users"), .index(3), .key("email")]), "$.users[3].email", "root.users[3].email"),
        (ValuePath([.key("odd key"), .key("a.b")]), "$[\"odd key\"][\"a.b\"]", "root.odd key.a\\.b"),
        (ValuePath([.key("q\"\\")]), "$[\"q\\\"\\\\\"]", "root.q\"\\\\"),
        (ValuePath([.key("3")]), "$[\"3\"]", "root.3"),
        (ValuePath(), "$", "root"),
    ])
    func rendersTheTwoSyntaxes(_ path: ValuePath, _ json: String, _ keyPath: String) {
        #expect(path.jsonPathDescription == json)
        #expect(path.description == json)
        #expect(path.keyPathDescription == keyPath)
    }

    @Test func longKeyPathsAreShortenedForReading() {
        let path = ValuePath(Array(repeating: .index(0), count: 100))
        #expect(path.keyPathDescription == "root" + String(repeating: "[0]", count: 48) + "…" + String(repeating: "[0]", count: 8))
    }

    /// The lookup rule: a digit key meets an array as an index, a dictionary as a key.
    @Test func digitKeysResolveAgainstTheContainerTheyMeet() throws {
        let document: Document = ["items": ["a", "b"], "7": "seven"]
        #expect(document[try ValuePath(validating: "items.1")] == "b")
        #expect(document[try ValuePath(validating: "/items/1")] == "b")
        #expect(document[try ValuePath(validating: "7")] == "seven")
        #expect(document[try ValuePath(validating: "[7]")] == nil)
        #expect(document[try ValuePath(validating: "items.x")] == nil)
        #expect(ValuePath.Component.key("01").arrayIndex == 1)
        #expect(ValuePath.Component.key("-1").arrayIndex == nil)
        #expect(ValuePath.Component.key("").arrayIndex == nil)
    }
}

extension ValuePath.Component {
    fileprivate var scalars: [Unicode.Scalar] {
        switch self {
        case let .key(key): Array(key.unicodeScalars)
        case let .index(index): Array("[\(index)]".unicodeScalars)
        }
    }
}
