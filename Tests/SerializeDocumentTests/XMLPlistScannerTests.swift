import Foundation
import Testing
import SerializeCore
import TestSupport
@testable import SerializeDocument

/// The byte scanner agrees with libxml2 and the walk whenever it reads an input, and declines
/// everything else to them, so reading, converting and linting give what they gave before.
@Suite(.enabled(if: xmlPlistReaderAvailable)) struct XMLPlistScannerTests {
    static let targets: [Format] = [.json, .xmlPlist, .binaryPlist]
    static let writing = FormatOptions(nonFinite: .string)

    /// Checks the invariant on `data` and returns whether the scanner read it.
    ///
    /// The reference is libxml2 and the walk alone (``XMLPlistReader/inspect(_:keepingValues:builder:)``).
    /// When the scanner completes, the walk found nothing at all and read the same document with
    /// the same depth and value count, and streaming to every target writes what the walk's tree
    /// writes. Either way, reading, converting and linting answer as the walk does.
    @discardableResult
    static func check(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let reader = XMLPlistReader()
        let walk = reader.inspect(data, keepingValues: true, builder: TreeBuilder())
        let walkError = walk.diagnostics.first { $0.severity == .error }

        // Linting: the same findings and depth as the walk's (the scanner path reports none).
        let lint = reader.inspect(data, keepingValues: false)
        let walkLint = reader.inspect(data, keepingValues: false, builder: TreeBuilder())
        #expect(lint.diagnostics == walkLint.diagnostics, sourceLocation: sourceLocation)
        #expect(lint.depth == walkLint.depth, sourceLocation: sourceLocation)

        // Reading a tree: the walk's document or its first error.
        let read = Result { () throws(Diagnostic) in try reader.read(data) }
        if let walkError {
            #expect(read == .failure(walkError), sourceLocation: sourceLocation)
        } else if let document = walk.document {
            #expect(read == .success(document), sourceLocation: sourceLocation)
        }

        var tree = TreeBuilder()
        let scanned = XMLPlistScanner.scan(data, into: &tree, maximumDepth: reader.maximumDepth)
        // Converting: what the walk's tree writes, or the walk's error.
        for target in targets {
            let converted = Result { () throws(ConversionFailure) in try Format.xmlPlist.convert(data, to: target, writing: writing) }
            if let walkError {
                #expect(converted == .failure(.reading(walkError)), "\(target)", sourceLocation: sourceLocation)
            } else if let document = walk.document, let expected = try? target.write(document, options: writing) {
                #expect(converted == .success(expected), "\(target)", sourceLocation: sourceLocation)
            }
        }
        guard let scanned else { return false }
        #expect(walk.diagnostics.isEmpty, "the scanner read an input with findings: \(walk.diagnostics)", sourceLocation: sourceLocation)
        #expect(scanned.value == walk.document, sourceLocation: sourceLocation)
        #expect(scanned.depth == walk.depth, sourceLocation: sourceLocation)
        var counted = TreeBuilder()
        if case let .value(_, count) = try? reader.read(data, into: &counted) {
            #expect(scanned.count == count, sourceLocation: sourceLocation)
        } else {
            Issue.record("the walk did not stream an input the scanner read", sourceLocation: sourceLocation)
        }
        return true
    }

    static func scans(_ text: String) -> Bool {
        var tree = TreeBuilder()
        return XMLPlistScanner.scan(Data(text.utf8), into: &tree, maximumDepth: 512) != nil
    }

    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"

    /// Inputs in the subset: the scanner reads each, with the walk's values.
    @Test(arguments: [
        header + "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<string>x &lt;&amp;&gt; &quot;&apos; &#65;&#x1F600;&#13;</string>\n</dict>\n</plist>\n",
        "<plist><array><integer>-9223372036854775808</integer><integer>18446744073709551615</integer><integer>0x1F</integer></array></plist>",
        "<?xml version=\"1.0\"?><plist><array><real>-734521.1234567891</real><real>1e-320</real><real>nan</real><real>-inf</real></array></plist>",
        "<plist><dict><key/><string/><key>k&amp;</key><dict/><key>e</key><array/><key>t</key><true/><key>f</key><false></false></dict></plist>",
        "<plist><array><date>2024-02-29T23:59:59Z</date><data>\n\tAAEC\n\tAw==\n</data><data></data><string>αβγ 敏 😀 \t\n ]] > ]</string></array></plist>",
        "<plist>\n<string>top</string>\n</plist>",
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><plist><dict><key>CF$UID</key><integer>1</integer><key>b</key><integer>2</integer></dict></plist>",
    ])
    func scannerReadsTheSubset(_ text: String) {
        #expect(Self.check(Data(text.utf8)))
    }

    /// Inputs outside the subset: the scanner declines each, and everything answers as the walk.
    @Test(arguments: [
        "<plist><!-- note --><string>a</string></plist>",                              // a comment
        "<plist><?pi x?><string>a</string></plist>",                                   // a processing instruction
        "<plist><string><![CDATA[a<b]]></string></plist>",                             // CDATA
        "<plist>\r\n<string>a\rb</string></plist>",                                    // carriage returns
        "\u{FEFF}<plist><string>a</string></plist>",                                   // a byte-order mark
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>a</string></plist>",
        "<!DOCTYPE plist [<!ENTITY e \"x\">]><plist><string>&e;</string></plist>",     // an internal subset
        "<plist version=\"1.0\" extra=\"x\"><string>a</string></plist>",               // another attribute
        "<plist ><string >a</string ></plist>",                                        // space in tags
        "<plist><dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict></plist>",  // duplicate key
        "<plist><dict><key>CF$UID</key><integer>1</integer></dict></plist>",           // a keyed-archive reference (noted)
        "<plist><date>2024-01-01T00:00:00.5Z</date></plist>",                          // fractional seconds (noted)
        "<plist><date>2024-01-01T00:00:00+02:00</date></plist>",                       // an offset (noted)
        "<plist><integer>12x</integer></plist>",                                       // a bad scalar
        "<plist><integer> 12 </integer></plist>",
        "<plist><integer/></plist>",
        "<plist><real>1.5.2</real></plist>",
        "<plist><data>AB!C</data></plist>",
        "<plist><string>a]]>b</string></plist>",                                       // ]]> in text
        "<plist><string>a&#1;b</string></plist>",                                      // a reference to a control character
        "<plist><string>a&#xFFFE;</string></plist>",
        "<plist><string>a\u{FFFF}</string></plist>",
        "<plist><string>a\u{1}</string></plist>",
        "<plist><string>a&nbsp;</string></plist>",                                     // an undefined entity
        "<plist><string>a&#X41;</string></plist>",
        "<plist><array><key>k</key></array></plist>",                                  // <key> outside a dict (warned)
        "<plist><string>a</string><string>b</string></plist>",                         // two roots
        "<plist></plist>",
        "<plist><dict>text<key>a</key><true/></dict></plist>",                         // text between elements
        "<plist><dict><key>a</key></dict></plist>",                                    // a key without a value
        "<plist><dict><true/></dict></plist>",                                         // a value without a key
        "<plist><true>x</true></plist>",
        "<string>bare</string>",                                                       // no <plist> (warned)
        "<plist><unknown/></plist>",
        "<plist><string>a</string></plist><!-- after -->",
        "<plist><string>a</string></plist>x",
        "<plist><string>a</string>",                                                   // truncated
        "",
    ])
    func scannerDeclinesTheRest(_ text: String) {
        #expect(!Self.check(Data(text.utf8)))
    }

    @Test func invalidUTF8AndDepthDecline() {
        #expect(!Self.check(Data("<plist><string>a".utf8) + Data([0xFF]) + Data("</string></plist>".utf8)))
        // Nesting that reaches the limit declines (the walk reports it); one level less is read.
        let deep = { (levels: Int) in "<plist>" + String(repeating: "<array>", count: levels) + String(repeating: "</array>", count: levels) + "</plist>" }
        #expect(!Self.check(Data(deep(512).utf8)))
        #expect(!Self.check(Data(deep(513).utf8)))
        #expect(Self.check(Data(deep(511).utf8)))
        var tree = TreeBuilder()
        #expect(XMLPlistScanner.scan(Data(deep(3).utf8), into: &tree, maximumDepth: 3) == nil)
        #expect(XMLPlistScanner.scan(Data(deep(2).utf8), into: &tree, maximumDepth: 3)?.depth == 2)
    }

    /// A writer's error met by the scanner declines, and the conversion gives the walk's answer
    /// (here the writer's refusal of a date JSON cannot hold under the options).
    @Test func aWriterErrorRestartsCleanly() throws {
        let data = Data("<plist><array><string>first</string><real>nan</real></array></plist>".utf8)
        #expect(Self.scans(String(decoding: data, as: UTF8.self)))
        let strict = Result { () throws(ConversionFailure) in try Format.xmlPlist.convert(data, to: .json) }
        let document = try #require(XMLPlistReader().inspect(data, keepingValues: true, builder: TreeBuilder()).document)
        let expected = Result { () throws(Diagnostic) in try Format.json.write(document) }.mapError(ConversionFailure.writing)
        #expect(strict == expected)
        guard case .failure = strict else {
            Issue.record("NaN was written to JSON without a strategy")
            return
        }
    }

    /// Every plist fixture, and the shared corpora's XML property lists when present.
    @Test func fixturesAndCorporaAgree() throws {
        var files = try FileManager.default.subpathsOfDirectory(atPath: Fixtures.root.path)
            .filter { $0.hasSuffix(".plist") }
            .map { Fixtures.root.appendingPathComponent($0) }
        if let corpora = Fixtures.sharedCorpora?.appendingPathComponent("plist"),
           let more = FileManager.default.enumerator(at: corpora, includingPropertiesForKeys: nil) {
            files += more.compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }
        }
        var read = 0
        for file in files {
            let data = try Data(contentsOf: file)
            guard Format.detect(in: data) == .xmlPlist else { continue }
            if Self.check(data) { read += 1 }
        }
        // The scanner does its job on the clean files among them.
        #expect(read >= 10, "the scanner read only \(read) files")
    }

    /// Random documents written by our XML writer (compact and pretty), and the same bytes
    /// damaged: the scanner reads nearly all the written ones, and whatever it does with the
    /// damaged ones, the answers are the walk's.
    @Test func randomDocumentsAndTheirDamage() throws {
        var read = 0, written = 0
        for seed in UInt64(1)...150 {
            var generator = DocumentGenerator(random: SeededGenerator(state: seed), json: false)
            let document = generator.document()
            for pretty in [false, true] {
                guard let bytes = try? XMLPlistWriter(options: FormatOptions(pretty: pretty, null: .omit)).write(document) else { continue }
                written += 1
                if Self.check(bytes) { read += 1 }
                var random = SeededGenerator(state: seed &* 31 &+ (pretty ? 1 : 0))
                var damaged = [UInt8](bytes)
                let at = Int.random(in: 0..<damaged.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: damaged[at] = [UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: ">"), 0x0D, 0x00, 0xBF, UInt8(ascii: "/")].randomElement(using: &random) ?? 0
                case 1: damaged.remove(at: at)
                default: damaged.removeSubrange(at...)
                }
                Self.check(Data(damaged))
            }
        }
        #expect(read * 4 >= written * 3, "the scanner read \(read) of \(written) written documents")
    }
}
