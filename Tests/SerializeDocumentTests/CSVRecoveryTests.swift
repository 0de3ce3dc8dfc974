import Foundation
import SerializeCSV
import SerializeCore
import SerializeDocument
import Testing

/// `FormatOptions.recoverCSV`: each damage repaired the one documented way, with a located
/// warning; strict reading refuses the same input.
@Suite struct CSVRecoveryTests {
    static let recover = FormatOptions(recoverCSV: true)

    /// Damaged text, the repaired rows (as `name,city` records in JSON) and the warnings' places
    /// and codes.
    static let cases: [(String, String, String, [(Int, Int, Diagnostic.Code)])] = [
        ("stray quote", "name,city\nAda,Lon\"don\n", #"[{"name":"Ada","city":"Lon\"don"}]"#, [(2, 8, .quoteInUnquotedField)]),
        ("text after a closing quote", "name,city\n\"Ada\"x,Oslo\n", #"[{"name":"Ada\"x","city":"Oslo"}]"#, [(2, 6, .unexpectedCharacterAfterQuote)]),
        ("short row", "name,city\nAda\n", #"[{"name":"Ada","city":null}]"#, [(2, 4, .fieldCountMismatch)]),
        ("long row", "name,city\nAda,Oslo,NO\nBo,Rome\n",
         #"[{"name":"Ada","city":"Oslo","extra1":"NO"},{"name":"Bo","city":"Rome","extra1":null}]"#, [(2, 10, .fieldCountMismatch)]),
        ("unterminated quote", "name,city\nAda,\"Oslo\n", #"[{"name":"Ada","city":"Oslo"}]"#, [(2, 5, .unterminatedQuote)]),
        ("bad byte", "name,city\nAda,Os\u{1}lo\n", #"[{"name":"Ada","city":"Os\u0001lo"}]"#, []),
        ("empty column name", "name,\nAda,Oslo\n", #"[{"name":"Ada","column2":"Oslo"}]"#, [(1, 6, .emptyColumnName)]),
        ("repeated column name", "name,name\nAda,Oslo\n", #"[{"name":"Ada","name_2":"Oslo"}]"#, [(1, 6, .duplicateColumn)]),
    ]

    @Test(arguments: cases)
    func aDamageIsRepairedWithAWarning(name: String, text: String, json: String, places: [(Int, Int, Diagnostic.Code)]) throws {
        var warnings: [Diagnostic] = []
        let output = try Format.csv.convert(
            Data(text.utf8), to: .json, reading: Self.recover, writing: FormatOptions(pretty: false), warnings: &warnings)
        #expect(String(decoding: output, as: UTF8.self) == json)
        #expect(warnings.map { [$0.location?.line, $0.location?.column] } == places.map { [$0.0, $0.1] })
        #expect(warnings.map(\.code) == places.map(\.2))
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.message.contains("(repaired: ") })
        if !places.isEmpty {
            #expect(throws: Diagnostic.self) { _ = try Format.csv.read(Data(text.utf8)) }
        }
    }

    @Test func anInvalidUTF8ByteBecomesTheReplacementCharacter() throws {
        var warnings: [Diagnostic] = []
        let document = try Format.csv.read(Data(Array("name\nA".utf8) + [0xFF] + [0x0A]), options: Self.recover, warnings: &warnings)
        #expect(document == [["name": "A\u{FFFD}"]])
        #expect(warnings.map(\.code) == [.invalidUTF8])
        #expect(warnings.first?.location?.line == 2)
    }

    @Test func aCleanFileHasNoWarnings() throws {
        var warnings: [Diagnostic] = []
        _ = try Format.csv.read(Data("a,b\n1,2\n".utf8), options: Self.recover, warnings: &warnings)
        #expect(warnings.isEmpty)
    }
}
