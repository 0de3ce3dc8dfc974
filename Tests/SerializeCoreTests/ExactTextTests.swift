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
}
