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
        let quoteCount = quote.count
        while i < field.end {
            if buffer[i] == quote[0], i + 2 * quoteCount <= field.end,
                (0..<quoteCount).allSatisfy({ buffer[i + $0] == quote[$0] })
            {
                // Keep one quote, skip its double.
                output.append(contentsOf: UnsafeBufferPointer(start: buffer + i, count: quoteCount))
                i += 2 * quoteCount
            } else {
                output.append(buffer[i])
                i += 1
            }
        }
    }

    /// A string of valid UTF-8 bytes, or `nil`: validated once (SerializeCore's
    /// `ByteScanning.string(validatingUTF8:)`, the one owner of strings from bytes).
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        ByteScanning.string(validatingUTF8: bytes)
    }
}
