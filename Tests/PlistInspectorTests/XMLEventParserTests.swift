import Foundation
import Testing
import SerializeCore
import SerializeXML

/// Records every event as text, with the offsets of its tag (found from the reported position).
final class EventRecorder: XMLEventHandler {
    var events: [String] = []
    var diagnostics: [Diagnostic] = []

    func xmlStartElement(_ name: XMLName, at position: Int, parser: XMLEventParser) {
        events.append("<\(name.string)> \(parser.startTagStart(reportedAt: position))..<\(parser.startTagEnd(reportedAt: position))")
    }
    func xmlEndElement(_ name: XMLName, at position: Int, parser: XMLEventParser) {
        events.append("</\(name.string)> \(parser.endTagStart(reportedAt: position))..<\(position)")
    }
    func xmlText(_ bytes: UnsafeRawBufferPointer, isCDATA: Bool, parser: XMLEventParser) {
        events.append("\(isCDATA ? "cdata" : "text") \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
    func xmlDiagnostic(_ diagnostic: Diagnostic, parser: XMLEventParser) {
        diagnostics.append(diagnostic)
    }
}

@Suite struct XMLEventParserTests {
    @Test func eventsCarryTheOffsetsOfTheirTags() {
        let xml = "<a x=\"1\"><b/>t&amp;<![CDATA[<c>]]></a>"
        let recorder = EventRecorder()
        let wellFormed = XMLEventParser(data: Data(xml.utf8)).parse(into: recorder)
        #expect(wellFormed)
        #expect(recorder.events == [
            "<a> 0..<9", "<b> 9..<13", "</b> 9..<13", "text \"t\"", "text \"&\"", "cdata \"<c>\"", "</a> 34..<38",
        ])
        #expect(recorder.diagnostics.isEmpty)
    }

    /// A handler that sets ``XMLEventParser/textInterest`` on each start tag from the element's
    /// name: `<n>` wants text that is not white space, `<x>` none, anything else all.
    final class InterestRecorder: XMLEventHandler {
        let recorder = EventRecorder()
        func xmlStartElement(_ name: XMLName, at position: Int, parser: XMLEventParser) {
            recorder.xmlStartElement(name, at: position, parser: parser)
            parser.textInterest = name.equals("n") ? .nonBlank : name.equals("x") ? .none : .all
        }
        func xmlEndElement(_ name: XMLName, at position: Int, parser: XMLEventParser) {}
        func xmlText(_ bytes: UnsafeRawBufferPointer, isCDATA: Bool, parser: XMLEventParser) {
            recorder.xmlText(bytes, isCDATA: isCDATA, parser: parser)
        }
        func xmlDiagnostic(_ diagnostic: Diagnostic, parser: XMLEventParser) {}
    }

    @Test(arguments: [
        ("<a> \n</a>", ["<a> 0..<3", "text \" \\n\""]),
        ("<n> \t\r\n</n>", ["<n> 0..<3"]),
        ("<n> y </n>", ["<n> 0..<3", "text \" y \""]),
        ("<n><![CDATA[ ]]>z</n>", ["<n> 0..<3", "text \"z\""]),
        ("<x>text &amp; <![CDATA[c]]></x>", ["<x> 0..<3"]),
    ])
    func textTheHandlerDoesNotWantNeverReachesIt(xml: String, events: [String]) {
        let handler = InterestRecorder()
        #expect(XMLEventParser(data: Data(xml.utf8)).parse(into: handler))
        #expect(handler.recorder.events == events)
    }

    @Test func libxml2ErrorsKeepTheirMessageAndPosition() {
        let recorder = EventRecorder()
        let parser = XMLEventParser(data: Data("<a>\n  <b></c>\n</a>".utf8))
        #expect(!parser.parse(into: recorder))
        #expect(recorder.diagnostics.count == 1)
        let diagnostic = recorder.diagnostics.first
        #expect(diagnostic?.code == .notWellFormed)
        #expect(diagnostic?.severity == .error)
        #expect(parser.stopped)  // a fatal error stops the parse
        #expect(diagnostic?.message == "Opening and ending tag mismatch: b line 2 and c")
        #expect(diagnostic?.location?.line == 2)
        #expect(diagnostic?.location?.column == 10)  // libxml2 points at the `>` of `</c>`
        #expect(recorder.events == ["<a> 0..<3", "text \"\\n  \"", "<b> 6..<9"])
    }

    /// Bytes that are not in the encoding the XML declaration names: libxml2's converter raises
    /// its error with no parser context (libxml2 would print it to standard error); it becomes
    /// the one diagnostic, at the first refused byte, naming the encoding and what to do.
    @Test(arguments: [
        ("Shift_JIS", [0x81, 0xFF, 0xA1, 0xA1] as [UInt8], "0x81 0xFF 0xA1 0xA1"),
        ("ISO-2022-JP", [0xA1, 0xA1, 0x1B, 0x24, 0x42], "0xA1 0xA1 0x1B 0x24"),
    ])
    func bytesNotInTheDeclaredEncodingAreOneLocatedDiagnostic(encoding: String, bad: [UInt8], shown: String) {
        var data = Data("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<plist><string>ok ".utf8)
        data.append(contentsOf: bad)
        data.append(contentsOf: Array("</string></plist>\n".utf8))
        let recorder = EventRecorder()
        let parser = XMLEventParser(data: data)
        #expect(!parser.parse(into: recorder))
        #expect(recorder.diagnostics.count == 1)
        let diagnostic = recorder.diagnostics.first
        #expect(diagnostic?.code == .encodingMismatch)
        #expect(diagnostic?.message.hasPrefix("the bytes \(shown) are not valid \(encoding), the encoding the XML declaration names;") == true)
        #expect(diagnostic?.location?.line == 2)
        #expect(diagnostic?.location?.column == 19)  // the first refused byte, after `<plist><string>ok `
        #expect(parser.stopped)
    }

    /// Latin-1 bytes in a file that declares no encoding (so UTF-8): one line naming the bytes
    /// and what to do, at the first of them (libxml2's message spans two lines).
    @Test(arguments: [
        ("<?xml version=\"1.0\"?>\n", "valid UTF-8, the encoding of an XML file that declares none"),
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", "valid UTF-8, the encoding the XML declaration names"),
    ])
    func latin1BytesInAUTF8FileAreOneLocatedLine(declaration: String, which: String) {
        var data = Data("\(declaration)<plist><string>caf".utf8)
        data.append(contentsOf: [0xE9, 0x20, 0x6E, 0x6F, 0x69, 0x72])
        data.append(contentsOf: Array("</string></plist>\n".utf8))
        let recorder = EventRecorder()
        #expect(!XMLEventParser(data: data).parse(into: recorder))
        #expect(recorder.diagnostics.count == 1)
        let diagnostic = recorder.diagnostics.first
        #expect(diagnostic?.code == .encodingMismatch)
        #expect(diagnostic?.message == "the bytes 0xE9 0x20 0x6E 0x6F are not \(which); re-encode the file as UTF-8, "
            + "or declare the encoding it is in (<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>)")
        #expect(diagnostic?.location?.line == 2)
        #expect(diagnostic?.location?.column == 19)
    }

    @Test func locationsCountLinesAndCharacters() {
        let parser = XMLEventParser(data: Data("ab\r\nçd\rx\ny".utf8))
        #expect(parser.location(ofByteOffset: 0) == InputLocation(line: 1, column: 1, byteOffset: 0))
        #expect(parser.location(ofByteOffset: 4) == InputLocation(line: 2, column: 1, byteOffset: 4))
        #expect(parser.location(ofByteOffset: 6) == InputLocation(line: 2, column: 2, byteOffset: 6))  // after the two-byte ç
        #expect(parser.location(ofByteOffset: 8) == InputLocation(line: 3, column: 1, byteOffset: 8))  // a lone CR ends a line too
        #expect(parser.location(ofByteOffset: 10) == InputLocation(line: 4, column: 1, byteOffset: 10))
        #expect(parser.location(ofByteOffset: 1) == InputLocation(line: 1, column: 2, byteOffset: 1))  // backwards works
    }

    @Test func aByteOrderMarkTakesNoColumn() {
        let parser = XMLEventParser(data: Data([0xEF, 0xBB, 0xBF]) + Data("<a>".utf8))
        #expect(parser.location(ofByteOffset: 3) == InputLocation(line: 1, column: 1, byteOffset: 3))
        #expect(parser.location(ofByteOffset: 4) == InputLocation(line: 1, column: 2, byteOffset: 4))
    }

    @Test func emptyInputIsADiagnosticNotACrash() {
        let recorder = EventRecorder()
        #expect(!XMLEventParser(data: Data()).parse(into: recorder))
        #expect(recorder.diagnostics.map(\.code) == [.emptyDocument])
    }

    @Test func bareBaselinesAgreeOnWellFormedness() {
        #expect(LibXML2.parseOnly(Data("<a><b/></a>".utf8)))
        #expect(!LibXML2.parseOnly(Data("<a><b></a>".utf8)))
        #expect(LibXML2.readerWalk(Data("<a><b/></a>".utf8)) == 3)
        #expect(LibXML2.readerWalk(Data("<a><b></a>".utf8)) == -1)
    }
}
