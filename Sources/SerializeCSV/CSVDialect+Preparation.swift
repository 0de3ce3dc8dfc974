/// The one place a dialect's encoding, escape, comment and preamble are applied: before the
/// parser sees the bytes, which stay RFC 4180 (with the dialect's delimiter and quote).

public import Foundation
public import SerializeCore

extension CSVDialect {
    /// `data` as the parser reads it: decoded to UTF-8 (``CSVEncoding/decode(_:)``), the first
    /// ``skipLines`` lines and every ``comment`` line emptied (their line ends kept, so every
    /// error keeps its line number; the parser skips blank lines), and an ``escape`` before a
    /// quote inside a quoted field turned into a doubled quote (a quote opens a field only at
    /// its start: one inside unquoted text is text). The input is returned as it is
    /// when the dialect needs none of this.
    ///
    /// - Throws: ``Diagnostic`` `invalidUTF8` when the bytes are not valid in ``encoding``.
    public func prepare(_ data: Data) throws(Diagnostic) -> Data {
        guard needsPreparation else { return data }
        let decoded = try encoding.decode(data)
        guard escape != nil || comment != nil || skipLines > 0 else { return decoded }
        var bytes = [UInt8](decoded)
        let quoteBytes = Array(String(quote).utf8)
        let escapeBytes = escape.map { Array(String($0).utf8) } ?? []
        let commentBytes = comment.map { Array(String($0).utf8) } ?? []
        let delimiterBytes = Array(String(delimiter).utf8)
        func matches(_ pattern: [UInt8], at index: Int) -> Bool {
            !pattern.isEmpty && index + pattern.count <= bytes.count && bytes[index..<index + pattern.count].elementsEqual(pattern)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var line = 0
        var atLineStart = true
        var inQuotes = false
        // A quote opens a field only at its start (after blanks), as the parser reads it: one
        // inside unquoted text is a stray quote, text, and toggles nothing.
        var atFieldStart = true
        var skippingLine = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if !inQuotes, byte == 0x0A || byte == 0x0D {
                output.append(byte)
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    output.append(0x0A)
                    index += 1
                }
                index += 1
                line += 1
                atLineStart = true
                atFieldStart = true
                skippingLine = false
                continue
            }
            if atLineStart {
                atLineStart = false
                skippingLine = line < skipLines || matches(commentBytes, at: index)
            }
            if skippingLine {
                index += 1
                continue
            }
            if inQuotes, matches(escapeBytes, at: index), escapeBytes.count == quoteBytes.count,
                matches(quoteBytes, at: index + escapeBytes.count)
            {
                output.append(contentsOf: quoteBytes + quoteBytes)
                index += 2 * quoteBytes.count
            } else if inQuotes, matches(escapeBytes, at: index), matches(escapeBytes, at: index + escapeBytes.count) {
                output.append(contentsOf: escapeBytes + escapeBytes)
                index += 2 * escapeBytes.count
            } else if inQuotes, matches(quoteBytes, at: index), matches(quoteBytes, at: index + quoteBytes.count) {
                output.append(contentsOf: quoteBytes + quoteBytes)  // a doubled quote: text
                index += 2 * quoteBytes.count
            } else if matches(quoteBytes, at: index), inQuotes || atFieldStart {
                inQuotes.toggle()
                atFieldStart = false
                output.append(contentsOf: quoteBytes)
                index += quoteBytes.count
            } else if !inQuotes, matches(delimiterBytes, at: index) {
                atFieldStart = true
                output.append(contentsOf: delimiterBytes)
                index += delimiterBytes.count
            } else {
                if !inQuotes, byte != 0x20, byte != 0x09 { atFieldStart = false }
                output.append(byte)
                index += 1
            }
        }
        bytes = output
        return Data(bytes)
    }

    /// A quoted field's text with each doubled ``escape`` made single (``prepare(_:)`` keeps
    /// them doubled so that the one after does not escape the closing quote).
    func unescaping(_ field: String) -> String {
        guard let escape else { return field }
        let single = String(escape)
        return field.replacingOccurrences(of: single + single, with: single)
    }
}
