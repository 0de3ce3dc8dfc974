import Foundation
import Testing
import SerializeCore
@testable import SerializeDocument

@Suite struct XMLPlistWriterTests {
    func xml(_ document: Document, options: FormatOptions = FormatOptions()) throws -> String {
        String(decoding: try XMLPlistWriter(options: options).write(document), as: UTF8.self)
    }

    @Test func layoutMatchesApplesWithOrderKept() throws {
        let text = try xml(["b": 1, "a": [true, 2.5, "x&y"], "e": [], "d": .data(Data([0xDE, 0xAD]))])
        #expect(text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>b</key>
            \t<integer>1</integer>
            \t<key>a</key>
            \t<array>
            \t\t<true/>
            \t\t<real>2.5</real>
            \t\t<string>x&amp;y</string>
            \t</array>
            \t<key>e</key>
            \t<array/>
            \t<key>d</key>
            \t<data>3q0=</data>
            </dict>
            </plist>

            """)
    }

    @Test func foundationParsesOurOutputToTheSameValues() throws {
        let date = Date(timeIntervalSinceReferenceDate: 737_000_000)
        let document: Document = [
            "min": .integer(.min), "max": .integer(.max), "real": 0.1, "tiny": .double(.leastNonzeroMagnitude), "s": "<tag> & \"q\" 'a' é 𝄞",
            "crlf": "a\r\nb", "when": .date(date), "bytes": .data(Data((0..<100).map { UInt8($0) })), "no": false,
        ]
        let bytes = try XMLPlistWriter().write(document)
        let object = try PropertyListSerialization.propertyList(from: bytes, format: nil)
        let dictionary = try #require(object as? [String: Any])
        #expect(dictionary["min"] as? Int64 == .min)
        #expect(dictionary["max"] as? Int64 == .max)
        #expect(dictionary["real"] as? Double == 0.1)
        #expect(dictionary["tiny"] as? Double == .leastNonzeroMagnitude)
        #expect(dictionary["s"] as? String == "<tag> & \"q\" 'a' é 𝄞")
        #expect(dictionary["crlf"] as? String == "a\r\nb")
        #expect(dictionary["when"] as? Date == date)
        #expect(dictionary["bytes"] as? Data == Data((0..<100).map { UInt8($0) }))
        #expect(dictionary["no"] as? Bool == false)
    }

    @Test func unsignedAboveInt64IsWrittenExactly() throws {
        #expect(try xml(.unsignedInteger(.max)).contains("<integer>18446744073709551615</integer>"))
    }

    @Test func nonFiniteRealsUseCoreFoundationsWords() throws {
        let text = try xml([.double(.nan), .double(.infinity), .double(-.infinity)])
        #expect(text.contains("<real>nan</real>") && text.contains("<real>+infinity</real>") && text.contains("<real>-infinity</real>"))
    }

    @Test func fractionalSecondsAreKept() throws {
        #expect(try xml(.date(Date(timeIntervalSinceReferenceDate: 0.5))).contains("<date>2001-01-01T00:00:00.5Z</date>"))
    }

    @Test(arguments: ["a\u{0}b", "bell\u{7}", "\u{FFFF}", "form\u{C}feed"])
    func charactersXMLCannotCarryAreRefusedByName(string: String) throws {
        #expect {
            try xml(["users": [["name": .string(string)]]])
        } throws: { error in
            let error = error as? Diagnostic
            return error?.code == .characterNotRepresentable && error?.path?.description == "$.users[0].name"
                && error?.remedy?.option == "format" && error?.remedy?.value == "binaryPlist"
        }
    }

    @Test func keysWithNULAreRefusedToo() throws {
        #expect(throws: Diagnostic.self) { try xml(["a\u{0}": 1]) }
    }

    @Test func nullStrategies() throws {
        #expect {
            try xml(["a": nil])
        } throws: { error in
            (error as? Diagnostic)?.code == .nullNotRepresentable && (error as? Diagnostic)?.path?.description == "$.a"
        }
        #expect(try !xml(["a": nil, "b": [nil, 1]], options: FormatOptions(null: .omit)).contains("<key>a</key>"))
        #expect(try xml(["a": nil], options: FormatOptions(null: .string("NULL"))).contains("<string>NULL</string>"))
    }

    @Test func compactHasNoIndentation() throws {
        #expect(try xml(["a": [1]], options: FormatOptions(pretty: false)).hasSuffix("<plist version=\"1.0\">\n<dict><key>a</key><array><integer>1</integer></array></dict></plist>\n"))
    }
}
