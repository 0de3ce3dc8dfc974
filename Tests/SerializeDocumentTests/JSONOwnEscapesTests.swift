import Foundation
import Testing
import SerializeCore
@testable import SerializeDocument

/// The JSON writer's own escapes, read back (`JSONOwnEscapes`): which escapes a reader may copy
/// into the JSON writer as written, and which strings take that way.
@Suite struct JSONOwnEscapesTests {
    /// Every escape the writer writes for a byte is one of its own, at its length; every other
    /// spelling of a byte, and every escape of a byte the writer does not escape, is not.
    @Test(arguments: [
        (#"\""#, 2), (#"\\"#, 2), (#"\n"#, 2), (#"\r"#, 2), (#"\t"#, 2), (#"\b"#, 2), (#"\f"#, 2),
        (#"\u0000"#, 6), (#"\u001f"#, 6), (#"\u000b"#, 6), (#"\u0001"#, 6),
        (#"\/"#, 0), (#"\u0041"#, 0), (#"\u00e9"#, 0), (#"\u001F"#, 0), (#"\u000B"#, 0), (#"\u000a"#, 0),
        (#"\u0022"#, 0), (#"\u005c"#, 0), (#"\ud83d\ude00"#, 0), (#"\u0020"#, 0), (#"\u007f"#, 0),
        (#"\u00"#, 0), (#"\u"#, 0), (#"\"#, 0), (#"\x"#, 0), (#"\N"#, 0),
    ])
    func ownEscapeLength(escape: String, length: Int) {
        let bytes = Array(escape.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(JSONOwnEscapes.writers.ownEscapeLength(in: buffer, at: 0) == length, "\(escape)")
        }
    }

    /// The table agrees with the writer for every byte: what the writer writes for a byte it
    /// escapes reads back as one own escape of that byte.
    @Test func everyEscapeTheWriterWritesIsOwn() throws {
        for value in 0...255 where ByteScanning.isJSONStringStop(UInt8(value)) {
            let spelling = ByteBuffer(capacity: 8)
            JSONOutput.appendEscape(of: UInt8(value), to: spelling)
            #expect(JSONOwnEscapes.writers.ownEscapeLength(in: spelling.written, at: 0) == spelling.written.count, "\(value)")
            // The reader reads it back as the byte.
            let quoted = Data([UInt8(ascii: "\"")] + Array(spelling.written) + [UInt8(ascii: "\"")])
            #expect(try JSONReader().read(quoted) == .string(String(decoding: [UInt8(value)], as: UTF8.self)), "\(value)")
        }
    }

    /// Which strings the reader hands over as written: those whose escapes are all the writer's
    /// (escaped or not), with `index` past them; any other string is left to the full scan,
    /// `index` unchanged.
    @Test(arguments: [
        (#""plain""#, true), (#""a\nb\t\"\\ \u001f ψ""#, true), (#""\n""#, true), (#""ψ\nψ""#, true),
        (#""abcdefg\nhijklmn\"""#, true), (#""a\/b""#, false), (#""a\u0041""#, false), (#""\u00e9""#, false),
        (#""\ud83d\ude00""#, false), (#""a\nb\u000A""#, false), (#""unterminated\n"#, false), (#""a\x""#, false),
    ])
    func ownEscapedStrings(json: String, copied: Bool) {
        let bytes = Array(json.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, maximumDepth: 8, builder: JSONOutput(options: FormatOptions()))
            let scanned = parser.ownEscapes.flatMap { parser.scanStringWithOwnEscapes($0) }
            #expect((scanned != nil) == copied, "\(json)")
            #expect(parser.index == (copied ? buffer.count : 0), "\(json)")
            if let scanned {
                #expect(scanned.text == 1..<buffer.count - 1)
                #expect(scanned.escaped == json.contains("\\"))
            }
        }
        // A control byte or bad UTF-8 between own escapes is left to the full scan, which reports it.
        for bad in [[UInt8(0x01)], [UInt8(0xFF)], [UInt8(0xC3)]] {
            let text = Array(#""a\n"#.utf8) + bad + Array(#"\tb""#.utf8)
            text.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(bytes: buffer, maximumDepth: 8, builder: JSONOutput(options: FormatOptions()))
                #expect(parser.scanStringWithOwnEscapes(.writers) == nil)
                #expect(parser.index == 0)
            }
        }
    }

    /// A builder that is handed a string with own escapes but wants the string decodes it (the
    /// default of `DocumentBuilder.string(ownJSONEscapes:)`).
    @Test func theDefaultDecodes() throws {
        var tree = TreeBuilder()
        let text = Array(#"a\n\"b\\\t\u001f\b\f\r ψ"#.utf8)
        let value = try text.withUnsafeBufferPointer { buffer throws(Diagnostic) in try tree.string(ownJSONEscapes: buffer) }
        #expect(value == .string("a\n\"b\\\t\u{1F}\u{8}\u{C}\r ψ"))
        #expect(TreeBuilder.ownJSONEscapes == nil)
        #expect(JSONOutput.ownJSONEscapes != nil)
    }
}
