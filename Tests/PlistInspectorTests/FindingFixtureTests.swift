import Foundation
import Testing
import TestSupport
import PlistInspector
import SerializeCore

/// Where a finding is expected: a line and column in XML, a byte offset in a binary plist.
enum ExpectedLocation: Sendable, Equatable {
    case text(line: Int, column: Int)
    case byteOffset(Int)

    /// Whether `location` is here (a text location's byte offset is not compared).
    func matches(_ location: InputLocation?) -> Bool {
        switch self {
        case let .text(line, column): location?.line == line && location?.column == column
        case let .byteOffset(offset): location?.line == nil && location?.byteOffset == offset
        }
    }
}

/// One expected finding of a fixture in `Fixtures/plist/findings/`.
struct ExpectedFinding: CustomTestStringConvertible, Sendable {
    var file: String
    var code: String
    var severity: Diagnostic.Severity
    var location: ExpectedLocation
    var keyPath: String
    var message: String

    var testDescription: String { file }
}

/// Inspects a fixture and checks it has exactly `expected` (code, severity, location, key path
/// and message).
func expectFindings(
    _ file: String, _ expected: [ExpectedFinding], sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let report = try PlistLinter().lint(contentsOf: Fixtures.url("plist/\(file)"))
    #expect(report.findings.count == expected.count, "\(report.findings)", sourceLocation: sourceLocation)
    for (finding, wanted) in zip(report.findings, expected) {
        #expect(finding.code.rawValue == wanted.code, sourceLocation: sourceLocation)
        #expect(finding.severity == wanted.severity, sourceLocation: sourceLocation)
        #expect(wanted.location.matches(finding.location), "\(String(describing: finding.location))", sourceLocation: sourceLocation)
        #expect(finding.path?.keyPathDescription == wanted.keyPath, sourceLocation: sourceLocation)
        #expect(finding.message == wanted.message, sourceLocation: sourceLocation)
    }
}

@Suite struct FindingFixtureTests {
    static let unknownTagTail = "a property list holds plist, dict, key, array, string, data, date, integer, real, true and false"

    /// Every finding the inspector names, one fixture each; locations checked by hand against
    /// the fixture text.
    static let table: [ExpectedFinding] = [
        .init(file: "not-well-formed.plist", code: "not-well-formed", severity: .error, location: .text(line: 6, column: 22), keyPath: "root.name",
              message: "not well-formed XML: Opening and ending tag mismatch: string line 6 and strin"),
        .init(file: "unknown-tag.plist", code: "unknown-tag", severity: .error, location: .text(line: 6, column: 3), keyPath: "root.count",
              message: "unknown tag <number>: \(unknownTagTail)"),
        .init(file: "key-without-value.plist", code: "key-without-value", severity: .error, location: .text(line: 5, column: 3), keyPath: "root.name",
              message: "key \"name\" has no value: a <key> must be followed by a value"),
        .init(file: "value-without-key.plist", code: "value-without-key", severity: .error, location: .text(line: 7, column: 3), keyPath: "root",
              message: "a value in <dict> without a <key> before it: write <key>name</key> before the value"),
        .init(file: "two-root-values.plist", code: "two-root-values", severity: .error, location: .text(line: 5, column: 1), keyPath: "root",
              message: "a second root value in <plist>: a property list holds exactly one; wrap the values in <array> or <dict>"),
        .init(file: "empty-plist.plist", code: "empty-plist", severity: .error, location: .text(line: 3, column: 1), keyPath: "root",
              message: "empty <plist>: a property list holds exactly one root value"),
        .init(file: "empty-integer.plist", code: "bad-integer", severity: .error, location: .text(line: 5, column: 3), keyPath: "root[0]",
              message: "empty <integer>: write a whole number such as 0"),
        .init(file: "bad-integer.plist", code: "bad-integer", severity: .error, location: .text(line: 5, column: 14), keyPath: "root[0]",
              message: "<integer> \"12a\" is not a whole number: unexpected 'a'"),
        .init(file: "integer-overflow.plist", code: "integer-overflow", severity: .error, location: .text(line: 5, column: 12), keyPath: "root[0]",
              message: "<integer> \"18446744073709551616\" is out of range: property-list integers hold -9223372036854775808 through 18446744073709551615"),
        .init(file: "bad-real.plist", code: "bad-real", severity: .error, location: .text(line: 5, column: 9), keyPath: "root[0]",
              message: "<real> \"1.2.3\" is not a number"),
        .init(file: "bad-date.plist", code: "bad-date", severity: .error, location: .text(line: 5, column: 17), keyPath: "root[0]",
              message: "<date> \"2024-02-30T10:00:00Z\" is not a date: day 30 is not in month 2; write YYYY-MM-DDTHH:MM:SSZ in UTC"),
        .init(file: "bad-data.plist", code: "bad-data", severity: .error, location: .text(line: 7, column: 12), keyPath: "root.blob",
              message: "<data> is not base64: unexpected '*'; base64 uses A–Z, a–z, 0–9, '+', '/' and '=' padding"),
        .init(file: "true-with-content.plist", code: "bool-with-content", severity: .error, location: .text(line: 6, column: 9), keyPath: "root.flag",
              message: "<true> has content: write <true/>"),
        .init(file: "duplicate-key.plist", code: "duplicate-key", severity: .warning, location: .text(line: 7, column: 3), keyPath: "root.name",
              message: "duplicate key \"name\" in <dict> (first at 5:3); the last value wins"),
        .init(file: "trailing-content.plist", code: "trailing-content", severity: .error, location: .text(line: 6, column: 1), keyPath: "root",
              message: "content after the root element: a property list ends with </plist> (libxml2: Extra content at the end of the document)"),
        .init(file: "keyed-archive.plist", code: "keyed-archive", severity: .note, location: .text(line: 10, column: 5), keyPath: "root.$top.root",
              message: "a CF$UID dictionary: this is an NSKeyedArchiver archive, whose CF$UID values are references into its $objects array"),
        .init(file: "entity-reference.plist", code: "entity-reference", severity: .error, location: .text(line: 4, column: 19), keyPath: "root",
              message: "entity reference &jerry; refused: only &amp; &lt; &gt; &quot; &apos; and character references such as &#10; are allowed"),
        .init(file: "key-outside-dict.plist", code: "key-outside-dict", severity: .warning, location: .text(line: 5, column: 3), keyPath: "root",
              message: "<key> outside a <dict> is read as a string; write <string> instead"),
        .init(file: "unexpected-text.plist", code: "unexpected-text", severity: .error, location: .text(line: 7, column: 3), keyPath: "root",
              message: "text \"stray words\" in <dict>: only elements belong here; put text in <string>"),
        .init(file: "unexpected-element.plist", code: "unexpected-element", severity: .error, location: .text(line: 6, column: 15), keyPath: "root.name",
              message: "<string> holds text only, but contains <b>"),
        .init(file: "missing-plist-element.plist", code: "missing-plist-element", severity: .warning, location: .text(line: 2, column: 1), keyPath: "root",
              message: "the root element is <dict>, not <plist>; plutil reads it, other readers may not: wrap it in <plist version=\"1.0\">"),
        .init(file: "not-a-plist.plist", code: "unknown-tag", severity: .error, location: .text(line: 2, column: 1), keyPath: "root",
              message: "unknown tag <html>: \(unknownTagTail)"),
        .init(file: "billion-laughs.plist", code: "internal-subset", severity: .error, location: .text(line: 2, column: 17), keyPath: "root",
              message: "internal DTD subset refused: its entity declarations could expand without bound or read local files; remove the [ … ] part of <!DOCTYPE>"),
        .init(file: "xxe.plist", code: "internal-subset", severity: .error, location: .text(line: 2, column: 17), keyPath: "root",
              message: "internal DTD subset refused: its entity declarations could expand without bound or read local files; remove the [ … ] part of <!DOCTYPE>"),
        // The 513th <array> (FormatOptions.maximumDepth's rule: <plist> does not count).
        .init(file: "too-deep.plist", code: "tooDeep", severity: .error, location: .text(line: 3, column: 3585), keyPath: "root" + String(repeating: "[0]", count: 48) + "…" + String(repeating: "[0]", count: 8),
              message: "arrays and dictionaries nest deeper than 512 levels; refusing to read further"),
        .init(file: "json-file.plist", code: "not-a-plist", severity: .error, location: .text(line: 1, column: 1), keyPath: "root",
              message: "not an XML or binary property list: it starts with '{', like JSON or an OpenStep-style property list; the inspector reads XML (<?xml …><plist>) and binary (bplist00) property lists"),
        .init(file: "empty-file.plist", code: "not-a-plist", severity: .error, location: .text(line: 1, column: 1), keyPath: "root",
              message: "not an XML or binary property list: the file is empty; the inspector reads XML (<?xml …><plist>) and binary (bplist00) property lists"),
        .init(file: "truncated.bplist", code: "notBinaryPlist", severity: .error, location: .byteOffset(20), keyPath: "root",
              message: "binary property list of 20 bytes is too short to hold a trailer"),
        .init(file: "keyed-archive.bplist", code: "keyed-archive", severity: .note, location: .byteOffset(0), keyPath: "root.$top.root",
              message: "a UID (CF$UID): this is an NSKeyedArchiver archive, whose UIDs are references into its $objects array"),
    ]

    @Test(arguments: table)
    func fixtureHasItsFinding(_ expected: ExpectedFinding) throws {
        try expectFindings("findings/\(expected.file)", [expected])
    }

    @Test func everyFindingFixtureIsInTheTable() throws {
        let files = try Fixtures.files(in: "plist/findings").map(\.lastPathComponent)
        let covered = Set(Self.table.map(\.file)).union(["external-dtd.plist"])
        #expect(Set(files) == covered)
    }

    @Test func threeProblemsAreAllReportedAtTheirLineAndColumn() throws {
        try expectFindings("three-problems.plist", [
            .init(file: "", code: "bad-integer", severity: .error, location: .text(line: 6, column: 12), keyPath: "root.count",
                  message: "<integer> \"3x\" is not a whole number: unexpected 'x'"),
            .init(file: "", code: "unknown-tag", severity: .error, location: .text(line: 8, column: 2), keyPath: "root.owner",
                  message: "unknown tag <person>: \(Self.unknownTagTail)"),
            .init(file: "", code: "bad-data", severity: .error, location: .text(line: 10, column: 20), keyPath: "root.icon",
                  message: "<data> is not base64: data after '=' padding"),
        ])
    }

    @Test func validFixturesHaveNoFindings() throws {
        try expectFindings("valid.plist", [])
        try expectFindings("valid.bplist", [])
    }
}
