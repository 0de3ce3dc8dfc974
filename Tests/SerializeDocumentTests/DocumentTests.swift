import Foundation
import OrderedCollections
import Testing
@testable import SerializeDocument
import SerializeCore

@Suite struct DocumentEqualityTests {
    @Test func nanEqualsNaNSoARoundTripCompares() {
        #expect(Document.double(.nan) == .double(.nan))
        #expect(Document.double(.nan) != .double(0))
        #expect(Document.double(-0.0) == .double(0.0))
    }

    @Test func dictionaryKeyOrderIsPartOfEquality() {
        let ab: Document = ["a": 1, "b": 2]
        let ba: Document = ["b": 2, "a": 1]
        #expect(ab != ba)
        #expect(ab == ["a": 1, "b": 2])
    }

    @Test func integersOfDifferentWidthAreDistinctCases() {
        #expect(Document.integer(1) != .unsignedInteger(1))
        #expect(Document.integer(1) != .double(1))
    }

    @Test(arguments: [
        ("json", Format.json), ("plist", .xmlPlist), ("PLIST", .xmlPlist), ("csv", .csv), ("tsv", .tsv),
    ])
    func formatFromFileExtension(ext: String, format: Format) {
        #expect(Format(fileExtension: ext) == format)
    }

    @Test func unknownExtensionHasNoFormat() {
        #expect(Format(fileExtension: "yaml") == nil)
    }
}

@Suite struct DocumentPathTests {
    let document: Document = ["users": [["email": "a@b", "odd key": ["x.y": 1]], ["email": nil]]]

    @Test(arguments: ["$.users[0].email", "users[0].email", "$[\"users\"][0][\"email\"]"])
    func pathsParseAndFindValues(text: String) throws {
        let path = try #require(ValuePath(parsing: text))
        #expect(document[path] == "a@b")
    }

    @Test func printedPathsParseBack() throws {
        for path in [
            ValuePath([.key("users"), .index(1), .key("email")]), ValuePath([.key("odd key"), .key("x.y"), .key("q\"\\")]), ValuePath(),
        ] {
            #expect(ValuePath(parsing: path.description) == path, "\(path)")
        }
        #expect(document[ValuePath(parsing: "$.users[0][\"odd key\"][\"x.y\"]")!] == 1)
        #expect(document[ValuePath(parsing: "$.users[1].email")!] == .null)
    }

    @Test(arguments: ["$.users[9]", "$.users[0].email.deeper", "$.nope", "$.users.email"])
    func missingStepsFindNothing(text: String) throws {
        #expect(document[try #require(ValuePath(parsing: text))] == nil)
    }

    /// `a..b` now parses (the key "" between a and b), as the CLI's key paths always did.
    @Test(arguments: ["$.", "$[x]", "$[-1]", "$[\"open", "$users"])
    func malformedPathsDoNotParse(text: String) {
        #expect(ValuePath(parsing: text) == nil)
    }
}
