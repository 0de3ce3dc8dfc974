import Testing
import SerializeCore

/// `hasSameScalars` decides from the bits of two small strings when they differ: it must agree
/// with a byte comparison for strings made every way (literals, from bytes, by appending, with
/// reserved capacity, past the 15 bytes a small string holds).
@Suite struct ExactTextTests {
    static let texts = ["", "a", "abc", "K", "\u{212A}", "\u{E9}", "e\u{301}", "firstName", "lastName", "123456789012345",
                        "1234567890123456", "αβγδεζη", "\u{0}", "a\u{0}", "long key past sixteen bytes"]

    /// The same scalars built in several representations.
    static func variants(of text: String) -> [String] {
        var reserved = String()
        reserved.reserveCapacity(64)
        reserved += text
        var appended = ""
        for scalar in text.unicodeScalars { appended.unicodeScalars.append(scalar) }
        let fromBytes = String(decoding: Array(text.utf8), as: UTF8.self)
        let substring = String(("x" + text).dropFirst())
        return [text, reserved, appended, fromBytes, substring]
    }

    @Test func agreesWithTheBytesForEveryRepresentation() {
        for left in Self.texts {
            for right in Self.texts {
                let same = Array(left.utf8) == Array(right.utf8)
                for a in Self.variants(of: left) {
                    for b in Self.variants(of: right) {
                        #expect(a.hasSameScalars(as: b) == same, "\(left.debugDescription) vs \(right.debugDescription)")
                    }
                }
            }
        }
    }

    /// `StringWords` reads the standard library's layout: a string of up to 15 UTF-8 bytes made
    /// from bytes is small, holds those bytes in its words with their count, and says ASCII
    /// exactly when they are; a longer one, or one with reserved storage, is not small. A change
    /// of layout in a new toolchain fails here before it misleads the comparisons that rely on it.
    @Test func stringWordsReadTheStandardLibrarysLayout() {
        for text in Self.texts + ["\u{7F}", "\u{80}", "abcdefgh", "abcdefghi", "12345678901234\u{E9}"] {
            let bytes = Array(text.utf8)
            let made = String(decoding: bytes, as: UTF8.self)
            let words = StringWords(made)
            #expect(words.isSmall == (bytes.count <= 15), "\(text.debugDescription)")
            guard words.isSmall else { continue }
            #expect(words.smallCount == bytes.count, "\(text.debugDescription)")
            #expect(words.isSmallASCII == bytes.allSatisfy { $0 < 0x80 }, "\(text.debugDescription)")
            let held = withUnsafeBytes(of: (words.first, words.second)) { Array($0.prefix(bytes.count)) }
            #expect(held == bytes, "\(text.debugDescription)")
        }
        var reserved = String()
        reserved.reserveCapacity(64)
        reserved += "abc"
        #expect(!StringWords(reserved).isSmall)
        #expect(StringWords("abc") == StringWords(String(decoding: Array("abc".utf8), as: UTF8.self)))
    }
}
