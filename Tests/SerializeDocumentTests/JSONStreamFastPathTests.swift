import Foundation
import Testing
import SerializeCore
@testable import SerializeDocument

/// JSON → JSON streamed: strings validated while they are scanned and copied without a second
/// scan when they hold no escape, integers copied as written. The reference is the tree (its
/// reader validates a whole string when it makes the `String`, its writer prints every number
/// and escapes every string): the same bytes out, or the same error at the same place.
@Suite struct JSONStreamFastPathTests {
    /// What the tree path makes of `json` (pretty or compact), or its error.
    static func throughTree(_ json: [UInt8], pretty: Bool) -> Result<Data, Diagnostic> {
        Result { () throws(Diagnostic) in
            try JSONWriter(options: FormatOptions(pretty: pretty)).write(JSONReader().read(Data(json)))
        }
    }

    /// What streaming makes of `json`, or its reading error.
    static func streamed(_ json: [UInt8], pretty: Bool) -> Result<Data, Diagnostic> {
        do {
            return .success(try Format.json.convert(Data(json), to: .json, writing: FormatOptions(pretty: pretty)))
        } catch let .reading(error) {
            return .failure(error)
        } catch {
            return .failure(Diagnostic(.syntax, "unexpected \(error)"))
        }
    }

    /// Valid and invalid sequences, escapes and the stops around them, each inside a string
    /// at every position 0…16 (every byte of a word and the next), with an escape before it or
    /// not, as a value and as a key.
    @Test func stringsAtEveryPositionOfAWordAgreeWithTheTree() {
        let pieces: [[UInt8]] = [
            Array("é".utf8), Array("敏".utf8), Array("😀".utf8), Array("αβγδ".utf8), [0xFF], [0xC0, 0x80], [0xC3],
            [0xE6, 0x95], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xC3, 0x5C, 0x6E], [0xE6, 0x01],
            Array(#"\n"#.utf8), Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\ud83d\ude00"#.utf8),
            Array(#"\/"#.utf8), [0x1F], [0x09], Array(#"\x"#.utf8), Array(#"\u12"#.utf8),
            // The writer's own escapes (copied as written) and other spellings of the same bytes.
            Array(#"\b\f\r\t"#.utf8), Array(#"\u001f"#.utf8), Array(#"\u001F"#.utf8), Array(#"\u0000"#.utf8),
            Array(#"\u000a"#.utf8), Array(#"\u0022"#.utf8), Array(#"\u005c"#.utf8), Array(#"\u0041"#.utf8),
            Array(#"\u"#.utf8), Array(#"\"#.utf8),
        ]
        var failures: [String] = []
        for piece in pieces {
            for position in 0...16 {
                for before in [[], Array(#"\t"#.utf8), Array("ψ".utf8)] as [[UInt8]] {
                    let text = before + Array(repeating: UInt8(ascii: "a"), count: position) + piece + Array("bcdefghij".utf8)
                    let value = Array(#"[1,""#.utf8) + text + Array(#""]"#.utf8)
                    let key = Array(#"{"k":1,""#.utf8) + text + Array(#"":2}"#.utf8)
                    for json in [value, key] {
                        for pretty in [false, true] where Self.streamed(json, pretty: pretty) != Self.throughTree(json, pretty: pretty) {
                            failures.append("\(json) pretty: \(pretty): \(Self.streamed(json, pretty: pretty))")
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// Integers of every length to 21 digits either sign, `-0`, and reals, in arrays and
    /// objects: copied or printed, the same bytes as the tree's.
    @Test func numbersAgreeWithTheTree() throws {
        var texts = ["0", "-0", "-0.0", "0.5", "-0e3", "1E2", "10", "-10", "100e-2", "0.000123", "123456789.125",
                     // Reals copied as written or printed (DecimalNumber.isCanonical(doubleText:value:)).
                     "0.0001", "0.00001", "0.00009999", "-611062.0990165116", "1.50", "1.0", "0.30000000000000004",
                     "900719925474099.1", "9007199254740993.5", "0.1000000000000000", "1.5e-05", "-0.5"]
        for digits in 1...21 {
            let number = String("1234567890123456789012".prefix(digits))
            texts += [number, "-" + number, number + ".5", "0." + number, String(repeating: "9", count: digits)]
        }
        for text in texts {
            for json in ["[\(text)]", "{\"n\":\(text)}", "[\(text) , \(text)]", text] {
                for pretty in [false, true] {
                    let bytes = Array(json.utf8)
                    #expect(Self.streamed(bytes, pretty: pretty) == Self.throughTree(bytes, pretty: pretty), "\(json)")
                }
            }
        }
        #expect(try Format.json.convert(Data("[-0,0,-1]".utf8), to: .json, writing: FormatOptions(pretty: false)) == Data("[0,0,-1]".utf8))
    }

    /// Through the progress-reporting builder, which hands the same calls on.
    @Test func progressReportingStreamsTheSame() throws {
        let json = Data(#"{"plain":"abc","escaped":"a\tb","n":[-0,12,-34,1.50,12345678901234567890123]}"#.utf8)
        var warnings: [Diagnostic] = []
        var reported = 0
        let output = try Format.json.convert(
            json, to: .json, reading: FormatOptions(), writing: FormatOptions(pretty: false), warnings: &warnings,
            progress: { reported = $0 })
        #expect(output == Data(#"{"plain":"abc","escaped":"a\tb","n":[0,12,-34,1.5,12345678901234567890123]}"#.utf8))
        #expect(reported == json.count)
    }
}
