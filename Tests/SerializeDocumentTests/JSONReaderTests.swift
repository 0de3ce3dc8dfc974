import Foundation
import Testing
import SerializeCore
import TestSupport
@testable import SerializeDocument

@Suite struct JSONReaderTests {
    // MARK: - Values

    @Test(arguments: [
        ("9223372036854775807", Document.integer(.max)),
        ("-9223372036854775808", .integer(.min)),
        ("9223372036854775808", .unsignedInteger(9_223_372_036_854_775_808)),
        ("18446744073709551615", .unsignedInteger(.max)),
        ("-0", .integer(0)),
        ("-0.0", .double(-0.0)),
        ("1.0", .double(1)),
        ("1E2", .double(100)),
        ("0.1", .double(0.1)),
        ("0e-10000000", .double(0)),
        ("-0.000e999", .double(-0.0)),
        ("4.9406564584124654e-324", .double(.leastNonzeroMagnitude)),
    ])
    func numbersAreExact(text: String, expected: Document) throws {
        #expect(try JSONReader().read(Data(text.utf8)) == expected)
    }

    @Test func doublesAreCorrectlyRounded() throws {
        // Halfway cases and long mantissas where naive parsers are one ulp off.
        for text in ["2.2250738585072011e-308", "9007199254740993.0", "0.30000000000000004", "1.7976931348623157e308", "4.9406564584124654e-324"] {
            let document = try JSONReader().read(Data(text.utf8))
            #expect(document == .double(Double(text)!), "\(text)")
        }
    }

    /// Every number JSON allows reads (issue 15): one no native case holds keeps its text, where
    /// they used to be refused (`numberOutOfRange`); `123e-10000000` used to read as 0.
    @Test(arguments: [
        "18446744073709551616", "-9223372036854775809", "1e400", "-1e400", "123456789012345678901234567890",
        "123e-10000000", "-1E-400", "1.5e+99999", "-123456789012345678901234567890.5e999",
    ])
    func numbersBeyondRangeKeepTheirText(text: String) throws {
        #expect(try JSONReader().read(Data(text.utf8)) == .number(try #require(NumberText(text))))
        #expect(try JSONReader().read(Data("[\(text), {\"n\": \(text)}]".utf8)) == [.number(NumberText(text)!), ["n": .number(NumberText(text)!)]])
    }

    @Test(arguments: [
        ("1", true), ("-0", true), ("1e400", true), ("-1.5E-7", true), ("0.0", true),
        ("+1", false), ("01", false), (".5", false), ("1.", false), ("1e", false), ("NaN", false), ("Infinity", false),
        (" 1", false), ("1 ", false), ("", false), ("-", false), ("0x10", false), ("1_000", false),
    ])
    func numberTextTakesTheJSONGrammarOnly(text: String, valid: Bool) {
        #expect((NumberText(text) != nil) == valid)
        #expect(NumberText(text)?.text == (valid ? text : nil))
    }

    @Test func keyOrderIsKept() throws {
        let document = try JSONReader().read(Data(#"{"z": 1, "a": 2, "m": {"y": [], "b": {}}}"#.utf8))
        #expect(document == ["z": 1, "a": 2, "m": ["y": [], "b": [:]]])
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let document = try JSONReader().read(Data(#"["a\"b\\c\/\b\f\n\r\t\u0000\u00e9\ud834\udd1e", "naïve"]"#.utf8))
        #expect(document == ["a\"b\\c/\u{8}\u{c}\n\r\t\u{0}é𝄞", "naïve"])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONReader().read(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == [1])
    }

    // MARK: - Errors

    @Test(arguments: [
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}' after object member"),
        ("{\r  \"a\": 1\r  \"b\": 2\r}", 3, 3, "expected ',' or '}' after object member"),
        ("{\r\n  \"a\": 1\r\n  \"b\": 2\r\n}", 3, 3, "expected ',' or '}' after object member"),
        ("[1,\r\r\n\n 2,]", 4, 4, "expected a value"),
        ("[1,\n 2,]", 2, 4, "expected a value"),
        ("{\"a\" 1}", 1, 6, "expected ':' after object key"),
        ("[\"é\", tru]", 1, 7, "expected a value"),
        ("[01]", 1, 2, "leading zero"),
        ("\"abc", 1, 1, "unterminated string"),
        ("\"\\x\"", 1, 2, "invalid escape"),
        ("[\"\\ud800\"]", 1, 3, "lone UTF-16 surrogate"),
        ("", 1, 1, "empty"),
        ("[1] [2]", 1, 5, "after the top-level value"),
    ])
    func errorsAreLocated(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(readingError(Data(text.utf8), with: JSONReader().read))
        #expect(error.location?.description == "\(line):\(column)", "\(error)")
        #expect(error.message.contains(message), "\(error)")
    }

    @Test func errorDescriptionReadsLikeACompiler() throws {
        let error = try #require(readingError(Data("{\n  \"a\": 1\n  \"b\": 2\n}".utf8), with: JSONReader().read))
        #expect(error.inFile("in.json").description == "in.json:3:3: error: expected ',' or '}' after object member, found '\"'")
    }

    @Test func invalidUTF8IsRefusedWhereItIs() throws {
        let error = try #require(readingError(Data([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D]), with: JSONReader().read))
        #expect(error.code == .invalidUTF8)
        #expect(error.location?.description == "\(1):\(4)")
    }

    @Test func nestingBeyondTheLimitIsRefusedAndSaysTheLimit() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(readingError(Data(deep.utf8), with: JSONReader().read))
        #expect(error.code == .tooDeep)
        #expect(error.message.contains("512"))
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONReader().read(Data(fine.utf8)) }
        #expect(throws: Diagnostic.self) { try JSONReader(maximumDepth: 10).read(Data(fine.utf8)) }
    }

    // MARK: - JSONTestSuite

    @Test func shippedJSONTestSuiteSubsetVerdicts() throws {
        let files = try Fixtures.files(in: "jsontestsuite", withExtension: "json")
        #expect(files.count >= 20)
        try checkVerdicts(files)
    }

    @Test(.enabled(if: Fixtures.sharedCorpora != nil)) func fullJSONTestSuiteVerdicts() throws {
        let folder = try #require(Fixtures.sharedCorpora).appendingPathComponent("json/test_parsing")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        #expect(files.count > 300)
        try checkVerdicts(files)
    }

    func checkVerdicts(_ files: [URL], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for file in files {
            let name = file.lastPathComponent
            let data = try Data(contentsOf: file)
            let result = Result { () throws(Diagnostic) in try JSONReader().read(data) }
            switch (name.prefix(2), result) {
            case ("y_", .failure(let error)):
                Issue.record("\(name) must be accepted: \(error)", sourceLocation: sourceLocation)
            case ("n_", .success(let document)):
                Issue.record("\(name) must be rejected, read \(document)", sourceLocation: sourceLocation)
            case ("i_", .failure(let error)) where name.hasPrefix("i_number_"):
                // Every number JSON's grammar allows reads (issue 15); the i_number_ cases were
                // refused as out of range until numbers beyond 64 bits kept their text.
                Issue.record("\(name): a valid JSON number must be read, got \(error)", sourceLocation: sourceLocation)
            case ("n_", .failure(let error)), ("i_", .failure(let error)):
                guard error.location?.line != nil else {
                    Issue.record("\(name): error without a line and column: \(error)", sourceLocation: sourceLocation)
                    continue
                }
            case ("y_", .success(let document)), ("i_", .success(let document)):
                // What we accept, we write and read back the same.
                let again = try JSONReader().read(try JSONWriter(options: FormatOptions(pretty: false)).write(document))
                #expect(again == document, "\(name)", sourceLocation: sourceLocation)
            default:
                continue
            }
        }
    }
}
