/// The byte work of ``CSVParser`` that needs none of its state: undoubling quotes, and making
/// strings out of UTF-8.

import SerializeCore

extension CSVParser {
    /// Copies the bytes of `field` into `output`, undoubling quotes.
    static func unescape(
        _ field: Field, in buffer: UnsafePointer<UInt8>, quote: [UInt8], into output: inout [UInt8]
    ) {
        output.removeAll(keepingCapacity: true)
        var i = field.start
        // The text since the last doubled quote, copied as one run.
        var runStart = i
        let quoteCount = quote.count
        let quote0 = quote[0]
        while i < field.end {
            if buffer[i] == quote0, i + 2 * quoteCount <= field.end,
                (0..<quoteCount).allSatisfy({ buffer[i + $0] == quote[$0] })
            {
                // Keep one quote, skip its double.
                output.append(contentsOf: UnsafeBufferPointer(start: buffer + runStart, count: i + quoteCount - runStart))
                i += 2 * quoteCount
                runStart = i
            } else {
                i += 1
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(start: buffer + runStart, count: field.end - runStart))
    }

    /// A string of valid UTF-8 bytes, or `nil`: validated once (SerializeCore's
    /// `ByteScanning.string(validatingUTF8:)`, the one owner of strings from bytes).
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        ByteScanning.string(validatingUTF8: bytes)
    }

    /// Whether `bytes` are valid UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if ByteScanning.isASCII(bytes) { return true }
        guard let p = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        @inline(__always) func continuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        while i < n {
            let b = p[i]
            if b < 0x80 {
                i += 1
            } else if b < 0xC2 {
                return false
            } else if b < 0xE0 {
                guard i + 1 < n, continuation(p[i + 1]) else { return false }
                i += 2
            } else if b < 0xF0 {
                guard i + 2 < n, continuation(p[i + 1]), continuation(p[i + 2]) else { return false }
                if b == 0xE0, p[i + 1] < 0xA0 { return false }
                if b == 0xED, p[i + 1] > 0x9F { return false }
                i += 3
            } else if b < 0xF5 {
                guard i + 3 < n, continuation(p[i + 1]), continuation(p[i + 2]), continuation(p[i + 3]) else { return false }
                if b == 0xF0, p[i + 1] < 0x90 { return false }
                if b == 0xF4, p[i + 1] > 0x8F { return false }
                i += 4
            } else {
                return false
            }
        }
        return true
    }
}
