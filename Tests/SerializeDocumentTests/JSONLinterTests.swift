import Foundation
import OrderedCollections
import SerializeCore
import Testing
@testable import SerializeDocument

/// `JSONLinter`: the reader's first error, or a warning for every repeated key, at the repeat,
/// naming the first and the path; keys compared as the reader compares them (decoded, by exact
/// scalars).
@Suite struct JSONLinterTests {
    /// An input and the repeats it holds: `line:column`, the first one's, and the path.
    static let cases: [(json: String, repeats: [(at: String, first: String, path: String)])] = [
        (#"{"a":1,"b":2}"#, []),
        (#"{"a":1,"a":2}"#, [("1:8", "1:2", "$.a")]),
        (#"{"a":1,"a":2,"a":3}"#, [("1:8", "1:2", "$.a"), ("1:14", "1:2", "$.a")]),
        // Escapes are decoded before keys are compared.
        (#"{"id":1,"\u0069d":2}"#, [("1:9", "1:2", "$.id")]),
        // Exact scalars: K and the Kelvin sign, é and e + U+0301 are two keys each.
        ("{\"K\":1,\"\u{212A}\":2,\"\u{E9}\":3,\"e\u{301}\":4}", []),
        // The same key in two objects is no repeat; a repeat in a nested object has its path.
        (#"[{"a":1},{"a":2},{"x":{"y":[0,{"z":1,"z":2}]}}]"#, [("1:38", "1:32", "$[2].x.y[1].z")]),
        // A key repeated after a closed object of its own.
        ("{\n \"a\": {\"a\": 1},\n \"a\": 2\n}", [("3:2", "2:2", "$.a")]),
        // Columns count scalars, not bytes.
        (#"{"é":1,"é":2}"#, [("1:8", "1:2", #"$["é"]"#)]),
    ]

    @Test(arguments: cases.indices)
    func repeatsAreWarnedWhereTheyStand(index: Int) {
        let (json, repeats) = Self.cases[index]
        let findings = JSONLinter().lint(Data(json.utf8))
        #expect(findings.map { $0.location?.description ?? "?" } == repeats.map(\.at), "\(json)")
        #expect(findings.map { $0.path?.description ?? "?" } == repeats.map(\.path), "\(json)")
        for (finding, repeated) in zip(findings, repeats) {
            #expect(finding.severity == .warning)
            #expect(finding.code == .duplicateKey)
            #expect(finding.message.contains("(first at \(repeated.first)); the last value wins"), "\(finding.message)")
        }
    }

    /// Input that does not read gives the reader's one error, as `Format.json.read` gives it,
    /// even after repeats.
    @Test(arguments: [#"{"a":1,"a":2"#, "[1 2]", "", #"{"a":1,"a":NaN}"#])
    func anErrorIsTheReadersError(json: String) {
        let findings = JSONLinter().lint(Data(json.utf8))
        let error = #expect(throws: Diagnostic.self) { try Format.json.read(Data(json.utf8)) }
        #expect(findings == [error].compactMap { $0 })
    }

    /// The depth is the reader's: deeper than the linter's limit is the `tooDeep` error.
    @Test func theDepthIsTheLimitsOwn() {
        let deep = Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
        #expect(JSONLinter().lint(deep).map(\.code) == [.tooDeep])
        #expect(JSONLinter(maximumDepth: 600).lint(deep).isEmpty)
    }

    /// Repeats leave the tree as the reader builds it: the first place, the last value.
    @Test func theWarningSaysWhatTheReaderDoes() throws {
        let json = Data(#"{"a":1,"b":2,"a":3}"#.utf8)
        #expect(JSONLinter().lint(json).first?.message.hasSuffix("the last value wins") == true)
        #expect(try Format.json.read(json) == .dictionary(["a": .integer(3), "b": .integer(2)]))
    }
}
