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
    @Test func everyEscapeTheWriterWritesIsOwn() {
        for value in 0...255 where ByteScanning.isJSONStringStop(UInt8(value)) {
            let spelling = ByteBuffer(capacity: 8)
            JSONOutput.appendEscape(of: UInt8(value), to: spelling)
            #expect(JSONOwnEscapes.writers.ownEscapeLength(in: spelling.written, at: 0) == spelling.written.count, "\(value)")
            let decoded = ByteBuffer(capacity: 8)
            JSONOwnEscapes.writers.appendDecoded(spelling.written, to: decoded)
            #expect(Array(decoded.written) == [UInt8(value)], "\(value)")
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
