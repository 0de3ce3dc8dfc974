import Foundation
import Testing
import SerializeCore
import SerializeXML
import TestSupport
import SerializeDocument

@Suite struct XMLPlistReaderTests {
    @Test func readsEveryTypeOfTheValidFixture() throws {
        let document = try XMLPlistReader().read(Fixtures.data("plist/valid.plist"))
        let expected: Document = [
            "name": "Ann & Bob <co>",
            "a.b": -42,
            "big": .unsignedInteger(UInt64.max),
            "hex": 31,
            "ratio": 0.5,
            "when": .date(Date(timeIntervalSince1970: 1_709_210_096)),
            "blob": .data(Data("Hello".utf8)),
            "flags": [true, false],
            "empty": [:],
            "ünïcode": "日本語",
        ]
        #expect(document == expected)
    }

    @Test func readsTheSameValueAsTheBinaryTwinThatPlutilWrote() throws {
        // valid.bplist is `plutil -convert binary1` of valid.plist; Foundation reads it.
        let binary = try Fixtures.data("plist/valid.bplist")
        let foundation = try PropertyListSerialization.propertyList(from: binary, format: nil) as? [String: Any]
        #expect(foundation?.count == 10)
        #expect(foundation?["big"] as? UInt64 == UInt64.max)
        #expect(foundation?["name"] as? String == "Ann & Bob <co>")
    }

    @Test(arguments: [
        ("<integer>-9223372036854775808</integer>", Document.integer(.min)),
        ("<integer>9223372036854775807</integer>", .integer(.max)),
        ("<integer>9223372036854775808</integer>", .unsignedInteger(1 << 63)),
        ("<integer>+7</integer>", .integer(7)),
        ("<integer>-0x10</integer>", .integer(-16)),
        ("<real>-inf</real>", .double(-.infinity)),
        ("<real>1e3</real>", .double(1000)),
        ("<date>1969-12-31T23:59:59Z</date>", .date(Date(timeIntervalSince1970: -1))),
        ("<data>QQ</data>", .data(Data([0x41]))),
        ("<data>QUI=</data>", .data(Data([0x41, 0x42]))),
        ("<data></data>", .data(Data())),
        ("<string></string>", .string("")),
        ("<string>a\r\nb</string>", .string("a\nb")),
    ])
    func readsScalars(_ xml: String, _ expected: Document) throws {
        #expect(try XMLPlistReader().read(Data("<plist>\(xml)</plist>".utf8)) == expected)
    }

    @Test(arguments: [
        ("<integer>-9223372036854775809</integer>", "integer-overflow"),
        ("<integer> 1</integer>", "bad-integer"),
        ("<integer>0x</integer>", "bad-integer"),
        ("<real></real>", "bad-real"),
        ("<real> 1</real>", "bad-real"),
        ("<date>2024-01-01T24:00:00Z</date>", "bad-date"),
        ("<date>2024-01-01</date>", "bad-date"),
        ("<date>2024-01-01T00:00:00.Z</date>", "bad-date"),
        ("<date>2024-02-30T00:00:00Z</date>", "bad-date"),
        ("<date>2016-12-31T23:59:60Z</date>", "bad-date"),
        ("<data>Q</data>", "bad-data"),
        ("<data>Q=QQ</data>", "bad-data"),
        ("<false> </false>", "bool-with-content"),
    ])
    func refusesBadScalars(_ xml: String, _ code: String) throws {
        let inspection = XMLPlistReader().inspect(Data("<plist>\(xml)</plist>".utf8))
        #expect(inspection.diagnostics.map(\.code.rawValue) == [code])
        #expect(inspection.document == nil)
    }

    @Test func fractionalSecondsAreKeptWithANote() throws {
        // serialize's XML writer keeps fractional seconds; plutil refuses them ("Could not
        // interpret <date>"), so the inspector notes it without failing.
        let xml = "<plist><date>2001-01-01T00:00:00.25Z</date></plist>"
        let inspection = XMLPlistReader().inspect(Data(xml.utf8))
        #expect(inspection.document == .date(Date(timeIntervalSinceReferenceDate: 0.25)))
        #expect(inspection.diagnostics.map(\.code) == [.fractionalSeconds])
        #expect(inspection.diagnostics.first?.severity == .note)
        #expect(inspection.diagnostics.first?.location?.column == 33)
    }

    @Test func offsetsAreReadWithANote() throws {
        // One date grammar for every reader (DateText): an offset names an instant, so it is
        // read; plutil refuses it, so the inspector notes it at the offset.
        let xml = "<plist><date>2001-01-01T02:00:00.5+02:00</date></plist>"
        let inspection = XMLPlistReader().inspect(Data(xml.utf8))
        #expect(inspection.document == .date(Date(timeIntervalSinceReferenceDate: 0.5)))
        #expect(inspection.diagnostics.map(\.code) == [.fractionalSeconds, .dateOffset])
        #expect(inspection.diagnostics.map(\.severity) == [.note, .note])
        #expect(inspection.diagnostics.last?.location?.column == 35)
    }

    @Test func duplicateKeyWarnsAndTheLastValueWins() throws {
        let document = try XMLPlistReader().read(Fixtures.data("plist/findings/duplicate-key.plist"))
        #expect(document == ["name": "Bob"])
    }

    @Test func duplicatesAreFoundInLargeDictionaries() throws {
        // Past 16 keys the reader indexes keys in a hash table; duplicates are still found.
        let entries = (0..<40).map { "<key>k\($0)</key><integer>\($0)</integer>" }.joined()
        let xml = "<plist><dict>\(entries)<key>k3</key><true/><key>k39</key><true/></dict></plist>"
        let inspection = XMLPlistReader().inspect(Data(xml.utf8))
        #expect(inspection.diagnostics.map { $0.path?.keyPathDescription } == ["root.k3", "root.k39"])
        #expect(inspection.diagnostics.allSatisfy { $0.code == .duplicateKey })
    }

    /// Keys compare by their exact Unicode scalars in small and in hash-indexed dictionaries:
    /// `K` and KELVIN SIGN, precomposed and decomposed `é` are two keys each; only the last
    /// `a` of each dictionary is a duplicate.
    @Test(arguments: [0, 20])
    func keysAreDistinctByExactScalars(filler: Int) throws {
        let padding = (0..<filler).map { "<key>p\($0)</key><true/>" }.joined()
        let keys = ["K", "\u{212A}", "\u{E9}", "e\u{301}", "a", "a"]
        let xml = "<plist><dict>\(padding)" + keys.map { "<key>\($0)</key><true/>" }.joined() + "</dict></plist>"
        let diagnostics = XMLPlistReader().inspect(Data(xml.utf8), keepingValues: false).diagnostics
        #expect(diagnostics.map(\.code) == [.duplicateKey])
        #expect(diagnostics.map { $0.path?.keyPathDescription } == ["root.a"])
    }

    /// Each dictionary has its own keys, and a finding deep inside names every key on its way
    /// after inner dictionaries closed: the key bytes of closed dictionaries are dropped, those
    /// of open ones kept.
    @Test func keysBelongToTheirDictionaryAndPathsSurviveInnerOnes() throws {
        let inner = "<dict><key>x</key><true/><key>long key with ü</key><dict><key>x</key><true/></dict></dict>"
        let xml = """
            <plist><dict><key>x</key>\(inner)<key>y</key><dict><key>z</key>\(inner)\
            <key>w</key><integer>nope</integer><key>w</key><true/></dict></dict></plist>
            """
        let diagnostics = XMLPlistReader().inspect(Data(xml.utf8), keepingValues: false).diagnostics
        #expect(diagnostics.map(\.code) == [.badInteger, .duplicateKey])
        #expect(diagnostics.map { $0.path?.keyPathDescription } == ["root.y.w", "root.y.w"])
    }

    @Test func errorsThrowTheFirstErrorWithLineAndColumn() throws {
        #expect {
            try XMLPlistReader().read(Fixtures.data("plist/three-problems.plist"))
        } throws: { error in
            (error as? Diagnostic)?.location?.description == "\(6):\(12)"
        }
    }

    @Test func linesPast65535AreExact() throws {
        // libxml2 saturates DOM line numbers at 65535 without XML_PARSE_BIG_LINES; ours are counted.
        let filler = String(repeating: "<string>x</string>\n", count: 70_000)
        let xml = "<plist><array>\n\(filler)<integer>x</integer></array></plist>"
        let diagnostics = XMLPlistReader().inspect(Data(xml.utf8), keepingValues: false).diagnostics
        #expect(diagnostics.map(\.location?.line) == [70_002])
        #expect(diagnostics.first?.location?.column == 10)
        #expect(diagnostics.first?.path == ValuePath([.index(70000)]))
    }

    @Test func libxml2ErrorsPastLine65535KeepTheirLine() throws {
        let filler = String(repeating: "<true/>\n", count: 70_000)
        let xml = "<plist><array>\n\(filler)<true></false></array></plist>"
        let diagnostics = XMLPlistReader().inspect(Data(xml.utf8)).diagnostics
        #expect(diagnostics.map(\.code) == [.notWellFormed])
        #expect(diagnostics.first?.location?.line == 70_002)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let xml = "<plist><dict><key>ü</key><integer>日x</integer></dict></plist>"
        let diagnostics = XMLPlistReader().inspect(Data(xml.utf8)).diagnostics
        #expect(diagnostics.map(\.location?.column) == [35])
    }

    @Test func utf16InputIsRead() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist><string>héllo</string></plist>"
        var data = Data([0xFF, 0xFE])
        data.append(xml.data(using: .utf16LittleEndian) ?? Data())
        #expect(try XMLPlistReader().read(data) == "héllo")
    }
}
