import Foundation
import OrderedCollections
import Testing
@testable import SerializeDocument

/// The binary plist writer finds strings by a probe of their bytes; a small ASCII string's
/// probe is read from its two words instead. Both must agree, or the writer would write one
/// string twice (or, worse, take two strings for one).
@Suite struct BinaryPlistStringTableTests {
    static func bytesProbe(_ string: String) -> BinaryPlistStringTable.Probe {
        var copy = string
        return copy.withUTF8 { BinaryPlistStringTable.probe($0) }
    }

    /// Every length a small string can have, from many random ASCII strings (their bytes
    /// anywhere from 0x00 to 0x7F), gives the probe of its bytes.
    @Test func aSmallASCIIStringsProbeIsItsBytesProbe() {
        var generator = SystemRandomNumberGenerator()
        var small = 0
        for length in 0...15 {
            for round in 0..<500 {
                let scalars = (0..<length).map { _ in Unicode.Scalar(UInt8.random(in: round.isMultiple(of: 2) ? 0x00...0x7F : 0x61...0x7A, using: &generator)) }
                let string = String(String.UnicodeScalarView(scalars))
                guard let probe = BinaryPlistStringTable.smallASCIIProbe(string) else { continue }
                small += 1
                let expected = Self.bytesProbe(string)
                #expect(probe.hash == expected.hash && probe.prefix == expected.prefix, "\(Array(string.utf8))")
            }
        }
        // Strings of up to 15 ASCII bytes are small on 64-bit platforms: each was checked.
        #if _pointerBitWidth(_64) && _endian(little)
        #expect(small == 16 * 500)
        #endif
    }

    /// Bytes of every length up to 40, ASCII or with one byte of 0x80 or more at any place,
    /// read from inside a larger buffer: the probe of ASCII bytes is ``probe(_:)``'s, and bytes
    /// that are not ASCII have none.
    @Test func theASCIIProbeOfBytesIsTheirProbe() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...40 {
            for round in 0..<200 {
                var run = (0..<length).map { _ in UInt8.random(in: 0x00...0x7F, using: &generator) }
                let ascii = round % 4 != 0 || length == 0
                if !ascii { run[Int.random(in: 0..<length, using: &generator)] = UInt8.random(in: 0x80...0xFF, using: &generator) }
                let padded = [0xFF] + run + [0xFF]
                padded.withUnsafeBufferPointer { whole in
                    let bytes = UnsafeBufferPointer(rebasing: whole[1..<(1 + length)])
                    let probe = BinaryPlistStringTable.asciiProbe(bytes)
                    if ascii {
                        let expected = BinaryPlistStringTable.probe(bytes)
                        #expect(probe?.hash == expected.hash && probe?.prefix == expected.prefix, "\(run)")
                    } else {
                        #expect(probe == nil, "\(run)")
                    }
                }
            }
        }
    }

    /// Strings that are not small ASCII have no word probe: the bytes decide.
    @Test func otherStringsHaveNoWordProbe() {
        let longer = String(repeating: "k", count: 16)
        let notASCII = ["é", "e\u{301}", "\u{212A}", "\u{FEFF}a", "日本"]
        #expect(BinaryPlistStringTable.smallASCIIProbe(longer) == nil)
        for string in notASCII {
            #expect(BinaryPlistStringTable.smallASCIIProbe(string) == nil, "\(string)")
        }
        // A heap string with the same bytes as a literal: found by its bytes, the same probe.
        let built = String(decoding: Array("firstName".utf8), as: UTF8.self)
        if let probe = BinaryPlistStringTable.smallASCIIProbe(built) {
            #expect(probe.hash == Self.bytesProbe("firstName").hash)
        }
    }

    /// Keys and values of every small length, written as a document's keys and strings, are
    /// each written once: a key met again and a value equal to a key take the first object.
    @Test func smallKeysAndEqualValuesShareOneObject() throws {
        var members: [(String, Document)] = []
        for length in 1...15 {
            let key = String(repeating: "a", count: length - 1) + "z"
            members.append((key, .string(key)))
        }
        let document = Document.dictionary(.init(uniqueKeysWithValues: members.map { (DocumentKey($0.0), $0.1) }))
        let data = try BinaryPlistWriter().write(document)
        #expect(try BinaryPlistReader().read(data) == document)
        // Fifteen strings, each once: the dictionary, 15 strings, and no second copy of any.
        var count = 0
        for length in 1...15 {
            let key = Array((String(repeating: "a", count: length - 1) + "z").utf8)
            // An ASCII string's marker holds a count under 15; from 15 on, an integer follows it.
            let marker: [UInt8] = length < 15 ? [0x50 | UInt8(length)] : [0x5F, 0x10, UInt8(length)]
            count += data.ranges(of: Data(marker + key)).count
        }
        #expect(count == 15)
    }
}
