import Foundation
import OrderedCollections
import Testing
import SerializeCore
import TestSupport
@testable import SerializeDocument

/// XML property lists convert without a tree, byte for byte as through the tree, with the same
/// errors.
@Suite(.enabled(if: xmlPlistReaderAvailable)) struct XMLPlistStreamingTests {
    static let targets: [Format] = [.json, .xmlPlist, .binaryPlist]
    static let options = FormatOptions(pretty: true, nonFinite: .string)

    /// What `convert` gave before XML streamed: read the tree, then write it.
    func throughTheTree(_ data: Data, to target: Format, writing: FormatOptions) -> Result<Data, ConversionFailure> {
        let document: Document
        do throws(Diagnostic) {
            document = try XMLPlistReader().read(data)
        } catch {
            return .failure(.reading(error))
        }
        do throws(Diagnostic) {
            return .success(try target.write(document, options: writing))
        } catch {
            return .failure(.writing(error))
        }
    }

    func streamed(_ data: Data, to target: Format, writing: FormatOptions) -> Result<Data, ConversionFailure> {
        Result { () throws(ConversionFailure) in try Format.xmlPlist.convert(data, to: target, writing: writing) }
    }

    func expectSame(_ xml: String, to target: Format, writing: FormatOptions = options, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let data = Data(xml.utf8)
        #expect(streamed(data, to: target, writing: writing) == throughTheTree(data, to: target, writing: writing), sourceLocation: sourceLocation)
    }

    @Test(arguments: targets) func theFixtureConvertsAsThroughTheTree(target: Format) throws {
        let data = try Fixtures.data("convert/streaming.plist")
        let tree = try XMLPlistReader().read(data)
        // The duplicate key keeps its first place and its last value.
        guard case let .dictionary(members) = tree else {
            Issue.record("not a dictionary")
            return
        }
        #expect(members["count"] == .integer(43))
        #expect(members.keys.firstIndex(of: "count") == 1)
        #expect(try streamed(data, to: target, writing: Self.options).get() == target.write(tree, options: Self.options))
    }

    @Test(arguments: targets) func withoutADuplicateKeyNothingIsReadTwice(target: Format) throws {
        let fixture = String(decoding: try Fixtures.data("convert/streaming.plist"), as: UTF8.self)
        let data = Data(fixture.replacingOccurrences(of: "<key>count</key>\n\t<integer>43", with: "<key>recount</key>\n\t<integer>43").utf8)
        // stream(...) gives nil when it must fall back to the tree.
        let output = try #require(try Format.stream(data, from: .xmlPlist, to: target, reading: FormatOptions(), writing: Self.options))
        #expect(output == (try target.write(try XMLPlistReader().read(data), options: Self.options)))
        let duplicated = try Fixtures.data("convert/streaming.plist")
        #expect(try Format.stream(duplicated, from: .xmlPlist, to: target, reading: FormatOptions(), writing: Self.options) == nil)
    }

    @Test(arguments: targets) func errorsAreTheTreePathErrors(target: Format) {
        let inputs = [
            "<plist><integer>12x</integer></plist>",
            "<plist><dict><key>a</key><real>nan</real><key>b</key><date>2024-13-01T00:00:00Z</date></dict></plist>",
            // A value JSON refuses (NaN, with the default options) before a reading error: the
            // reading error wins, as the tree is read before it is written.
            "<plist><array><real>nan</real><integer>1</integer><data>!</data></array></plist>",
            "<plist><array><real>nan</real></array></plist>",
            "<!DOCTYPE plist [<!ENTITY x \"y\">]><plist><string>&x;</string></plist>",
            "<plist><string>&unknown;</string></plist>",
            "<plist><dict><key>a</key></dict></plist>",
            "<plist><integer>1</integer><integer>2</integer></plist>",
            "<plist></plist>",
            "",
            "<plist><dict><key>a</key><integer>1</integer><key>a</key><foo/></dict></plist>",
            "<plist><dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict></plist>",
            "<array><key>loose</key><true/></array>",
            String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600),
        ]
        for xml in inputs {
            expectSame(xml, to: target, writing: FormatOptions())
            expectSame(xml, to: target)
        }
    }

    @Test func yearZeroIsRefusedAsTheWritersRefuseIt() throws {
        let zero = Data("<plist><date>0000-06-01T00:00:00Z</date></plist>".utf8)
        #expect {
            try XMLPlistReader().read(zero)
        } throws: { error in
            String(describing: error).contains("year 0000 is outside the years 0001 through 9999")
        }
        #expect(throws: (any Error).self) { try Format.xmlPlist.convert(zero, to: .json) }
        let one = try XMLPlistReader().read(Data("<plist><date>0001-01-01T00:00:00Z</date></plist>".utf8))
        #expect(one == .date(Date(timeIntervalSinceReferenceDate: -63_113_904_000)))
    }

    @Test func binaryReferenceWidthsMatchTheTree() {
        // Few objects in many bytes: the byte-count bound would pick wider references than the
        // exact count, so the writing is redone with the count.
        let long = String(repeating: "x", count: 400)
        expectSame("<plist><array>" + String(repeating: "<string>\(long)</string>", count: 10) + "</array></plist>", to: .binaryPlist)
        // Many small objects.
        expectSame("<plist><array>" + String(repeating: "<true/>", count: 70_000) + "</array></plist>", to: .binaryPlist)
    }
}
