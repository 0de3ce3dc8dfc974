import Foundation
import OrderedCollections
import Testing
import SerializeCore
@testable import SerializeDocument

/// Strings through the eight-bytes-at-a-time scanners of the JSON reader and the JSON and XML
/// writers: escapes, Greek, CJK, emoji and stops at every offset of a word come back exactly;
/// what was refused is refused with the same words at the same place.
@Suite struct StringScanningTests {
    /// Strings every format carries.
    static let strings: [String] = [
        "", "a", "plain ASCII text longer than a word", "quote \" backslash \\ slash /",
        "tab\tnewline\ncarriage return\r\nCRLF", "&<>&amp;]]>", "Καλημέρα κόσμε", "敏捷的棕色狐狸跳过了懒狗",
        "emoji 😀 👩‍👩‍👧 🇬🇷 and ZWJ", "e\u{301} é \u{212A} K", "\u{FEFF}BOM", "\u{FFFD}\u{FFFC}\u{FF21}\u{FFEE}",
        "\u{10FFFF}\u{E000}", String(repeating: "αβγ\\\"δ", count: 40),
    ]

    /// The strings above and, for every offset 0…17, each escape and each non-ASCII scalar placed there.
    static var allStrings: [String] {
        var strings = Self.strings
        for offset in 0...17 {
            for special in ["\"", "\\", "\n", "\r", "\t", "&", "<", ">", "é", "敏", "😀", "\u{FFFD}"] {
                strings.append(String(repeating: "x", count: offset) + special + String(repeating: "y", count: 17 - offset))
            }
        }
        return strings
    }

    @Test func stringsAndKeysComeBackThroughEveryFormat() throws {
        for string in Self.allStrings {
            let document = Document(dictionaryLiteral: (DocumentKey(string), .array([.string(string), .string(string + string)])))
            for format in [Format.json, .xmlPlist, .binaryPlist] {
                let written = try format.write(document)
                #expect(try format.read(written) == document, "\(format): \(string.debugDescription)")
                // Streamed JSON → format → JSON too.
                let json = try Format.json.write(document)
                let converted = try Format.json.convert(json, to: format)
                let back = try format.convert(converted, to: .json)
                #expect(try Format.json.read(back) == document, "JSON → \(format) → JSON: \(string.debugDescription)")
            }
        }
    }

    @Test func controlCharactersComeBackThroughJSONAndBinaryPlists() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        for string in [controls, "x" + controls + "\u{7F}y", String(repeating: "ab\u{1}", count: 9)] {
            for format in [Format.json, .binaryPlist] {
                #expect(try format.read(format.write(.string(string))) == .string(string), "\(format)")
            }
            let binary = try Format.json.convert(Format.json.write(.string(string)), to: .binaryPlist)
            #expect(try Format.json.read(Format.binaryPlist.convert(binary, to: .json)) == .string(string))
        }
    }

    @Test(arguments: [
        ("a\"b\\c/d", #""a\"b\\c/d""#),
        ("\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F} ", #""\u0000\u0001\b\t\n\f\r\u001f ""#),
        ("long run before the escape: abcdefghijklmnop\"", #""long run before the escape: abcdefghijklmnop\"""#),
        ("é敏😀\u{7F}", "\"é敏😀\u{7F}\""),
    ])
    func jsonEscapesAreTheShortForms(string: String, expected: String) throws {
        #expect(try compactJSON(.string(string)) == expected)
    }

    @Test(arguments: [
        ("a&b<c>d\re\tf\ng", "a&amp;b&lt;c&gt;d&#13;e\tf\ng"),
        ("long run before the escape: abcdefghijklmnop&", "long run before the escape: abcdefghijklmnop&amp;"),
        ("\u{FFFD}\u{FFEF}\u{FEFF}敏😀", "\u{FFFD}\u{FFEF}\u{FEFF}敏😀"),
    ])
    func xmlEscapes(string: String, expected: String) throws {
        let text = String(decoding: try XMLPlistWriter().write(.string(string)), as: UTF8.self)
        #expect(text.contains("<string>\(expected)</string>"), "\(text)")
    }

    @Test(arguments: [
        ("\u{FFFE}", "string holds U+FFFE"), ("abcdefghij\u{FFFF}", "string holds U+FFFF"),
        ("\u{0}", "string holds U+0000"), ("Καλημέρα\u{1F}", "string holds U+001F"), ("ab\u{B}", "string holds U+000B"),
    ])
    func xmlRefusesWhatItCannotCarry(string: String, message: String) throws {
        for document in [Document.array([.string(string)]), Document(dictionaryLiteral: (DocumentKey(string), .integer(1)))] {
            do {
                _ = try XMLPlistWriter().write(document)
                Issue.record("wrote \(string.debugDescription)")
            } catch {
                let isKey = if case .dictionary = document { true } else { false }
                #expect(error.code == .characterNotRepresentable)
                #expect(error.message == (isKey ? "dictionary key" + message.dropFirst("string".count) : message) + ", which XML 1.0 cannot carry")
                if !isKey { #expect(error.path?.description == "$[0]") }
            }
            // Streamed from JSON (strings handed over as bytes), the same error at the same path.
            let json = try Format.json.write(document)
            #expect(throws: ConversionFailure.writing(try refusal(document))) { try Format.json.convert(json, to: .xmlPlist) }
        }
    }

    /// The error the XML plist writer gives `document`.
    func refusal(_ document: Document) throws -> Diagnostic {
        do {
            _ = try XMLPlistWriter().write(document)
        } catch {
            return error
        }
        throw Diagnostic(.syntax, "no refusal")
    }

    /// A duplicate key found among a streamed object's keys by their bytes (spelled with an
    /// escape, past the sixteen keys compared one by one, in a nested object) goes to the tree:
    /// the last value at the first key's place, in every format; keys with the same scalars
    /// only canonically equivalent stay two.
    @Test(arguments: [
        (#"{"a":1,"b":2,"\u0061":3}"#, Document(dictionaryLiteral: ("a", .integer(3)), ("b", .integer(2)))),
        (#"{"x":{"k":1,"\u212A":2,"k":3}}"#, ["x": Document(dictionaryLiteral: ("k", .integer(3)), ("\u{212A}", .integer(2)))]),
        (#"{"é":1,"e\u0301":2}"#, Document(dictionaryLiteral: ("é", .integer(1)), ("e\u{301}", .integer(2)))),
    ] as [(String, Document)])
    func duplicateKeysFoundByBytes(json: String, expected: Document) throws {
        for format in [Format.json, .xmlPlist, .binaryPlist] {
            let converted = try Format.json.convert(Data(json.utf8), to: format)
            #expect(converted == (try format.write(expected)), "\(format)")
        }
    }

    @Test func duplicateKeyPastSixteenKeys() throws {
        let keys = (0..<40).map { "key\($0)" }
        let json = "{" + keys.map { "\"\($0)\":1" }.joined(separator: ",") + ",\"key\\u0033\":2}"
        let tree = try Format.json.read(Data(json.utf8))
        guard case let .dictionary(members) = tree else { Issue.record("not a dictionary"); return }
        #expect(members.keys.map(\.string) == keys)
        #expect(members["key3"] == .integer(2))
        for format in [Format.json, .xmlPlist, .binaryPlist] {
            #expect(try Format.json.convert(Data(json.utf8), to: format) == format.write(tree), "\(format)")
        }
    }

    /// `text` with `bad` in place of the first `~`.
    static func bytes(_ text: String, _ bad: [UInt8] = []) -> [UInt8] {
        let parts = text.split(separator: "~", maxSplits: 1, omittingEmptySubsequences: false)
        return Array(parts[0].utf8) + bad + (parts.count > 1 ? Array(parts[1].utf8) : [])
    }

    /// Each error as the byte-at-a-time reader gave it (recorded with it before the scanner).
    static let readingErrors: [([UInt8], String)] = [
        (bytes(#"["abcdefghijk~"]"#, [0xFF]), "in.json:1:14: error: string is not valid UTF-8"),
        (bytes(#"["ab\ncd~ef"]"#, [0xFF]), "in.json:1:9: error: string is not valid UTF-8"),
        (bytes(#"{"k~": 1}"#, [0xC0, 0x80]), "in.json:1:4: error: string is not valid UTF-8"),
        (bytes(#"["~"]"#, [0xED, 0xA0, 0x80]), "in.json:1:3: error: string is not valid UTF-8"),
        (bytes(#"["xyz~"]"#, [0xE6, 0x95]), "in.json:1:6: error: string is not valid UTF-8"),
        (bytes(#"["a~"]"#, [0xFF, 0x01]), "in.json:1:5: error: control character U+0001 must be escaped in a string"),
        (bytes(#"["a~bc"#, [0xFF]), "in.json:1:2: error: unterminated string"),
        (bytes(#"["abcdefghijklmnop~q"]"#, [0x1F]), "in.json:1:19: error: control character U+001F must be escaped in a string"),
        (bytes(#"["abcdefghijklmnopqrstuvwxyz"#), "in.json:1:2: error: unterminated string"),
        (bytes(#"["abcdefghijklmnop\x"]"#), "in.json:1:19: error: invalid escape sequence '\\x' in string"),
        (bytes("[\n \"αβγ\",\n \"敏😀~\"\n]", [0xFF]), "in.json:3:5: error: string is not valid UTF-8"),
        (bytes(#"["\tαβγδεζηθ~"]"#, [0xCE]), "in.json:1:13: error: string is not valid UTF-8"),
    ]

    @Test(arguments: readingErrors)
    func jsonReadingErrorsAreAsBefore(bytes: [UInt8], expected: String) throws {
        let error = try #require(readingError(Data(bytes), with: JSONReader().read))
        #expect(error.inFile("in.json").description == expected)
        // Streaming to each writer reports the same.
        for target in [Format.json, .xmlPlist, .binaryPlist] {
            #expect(throws: ConversionFailure.reading(error)) { try Format.json.convert(Data(bytes), to: target) }
        }
    }
}

/// UTF-16 strings of binary property lists, transcoded straight into the string.
@Suite struct BinaryPlistUTF16Tests {
    /// A binary property list of one two-unit UTF-16 string with `units` in place of "éé".
    static func plist(_ units: [UInt8]) throws -> Data {
        var bytes = [UInt8](try BinaryPlistWriter().write(.string("éé")))
        let payload = try #require(bytes.firstRange(of: [0x62, 0x00, 0xE9, 0x00, 0xE9])).lowerBound + 1
        bytes.replaceSubrange(payload..<payload + 4, with: units)
        return Data(bytes)
    }

    @Test(arguments: [
        ([0xD8, 0x3D, 0xDE, 0x00], "😀"), ([0x00, 0x41, 0x03, 0xB1], "Aα"), ([0x65, 0x4F, 0xFF, 0xFD], "敏\u{FFFD}"),
        ([0xFF, 0xFE, 0x00, 0x00], "\u{FFFE}\u{0}"),
    ] as [([UInt8], String)])
    func unitsAreTranscoded(units: [UInt8], expected: String) throws {
        #expect(try BinaryPlistReader().read(Self.plist(units)) == .string(expected))
        #expect(try Format.binaryPlist.convert(Self.plist(units), to: .json) == Format.json.write(.string(expected)))
    }

    /// The writer's UTF-8 to UTF-16 transcoding agrees with `String.UTF16View` at every length
    /// of UTF-8 sequence and on both sides of each boundary.
    @Test func writerTranscodesAsUTF16View() {
        let boundaries = "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}\u{10000}\u{1F600}\u{10FFFF}"
        for string in StringScanningTests.allStrings + [boundaries, "a" + boundaries + "z"] {
            let buffer = ByteBuffer()
            var copy = string
            copy.withUTF8 { BinaryPlistOutput.appendUTF16BigEndian(of: $0, to: buffer) }
            #expect(Array(buffer.written) == string.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, "\(string.debugDescription)")
        }
    }

    /// The same for random mixes of one-, two-, three- and four-byte scalars, so that every
    /// length meets every other and the end of the bytes at every offset (the writer decodes
    /// scalars with four bytes after them without a branch, and the last three bytes one by one).
    @Test func writerTranscodesMixedScalarsAsUTF16View() {
        let pools: [[Unicode.Scalar]] = [
            ["a", " ", "\u{0}", "\u{7F}"], ["\u{80}", "\u{3B1}", "\u{7FF}"],
            ["\u{800}", "\u{4E2D}", "\u{D7FF}", "\u{E000}", "\u{FFFF}"], ["\u{10000}", "\u{1F600}", "\u{10FFFF}"],
        ]
        var generator = SystemRandomNumberGenerator()
        let buffer = ByteBuffer()
        for _ in 0..<5_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                scalars.append(pools.randomElement(using: &generator)!.randomElement(using: &generator)!)
            }
            var string = String(scalars)
            buffer.removeAll()
            string.withUTF8 { BinaryPlistOutput.appendUTF16BigEndian(of: $0, to: buffer) }
            #expect(Array(buffer.written) == string.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, "\(string.debugDescription)")
            // The count written in the object's marker, before the units.
            #expect(string.withUTF8 { BinaryPlistOutput.utf16Count(of: $0) } == string.utf16.count, "\(string.debugDescription)")
        }
    }

    @Test(arguments: [[0xD8, 0x3D, 0x00, 0x41], [0xDC, 0x00, 0x00, 0x41], [0x00, 0x41, 0xD8, 0x3D], [0xDB, 0xFF, 0xDB, 0xFF]] as [[UInt8]])
    func loneSurrogatesAreRefused(units: [UInt8]) throws {
        let error = try #require(readingError(try Self.plist(units), with: BinaryPlistReader().read))
        #expect(error.code == .invalidString)
        #expect(error.message == "UTF-16 string holds a lone surrogate")
    }
}
