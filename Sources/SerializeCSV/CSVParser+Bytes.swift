/// The byte work of ``CSVParser`` that needs none of its state: undoubling quotes, and making
/// strings out of UTF-8 with an ASCII fast path.

import Foundation

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

    /// A string of valid UTF-8 bytes, or `nil`.
    ///
    /// ASCII (checked eight bytes at a time) goes straight to `String(decoding:as:)`, which is
    /// specialized. Other bytes go there too, and the string is kept when its UTF-8 is the input
    /// (a repair would have changed it): the generic `String(validating:as:)` spent a tenth of a
    /// CSV → CSV conversion of non-ASCII text looking up generic metadata.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let string = String(decoding: bytes, as: UTF8.self)
        guard !isASCII(bytes) else { return string }
        let same = string.utf8.withContiguousStorageIfAvailable { utf8 in
            utf8.count == bytes.count && (bytes.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
        return same == true ? string : nil
    }

    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        let count = bytes.count
        var accumulated: UInt64 = 0
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            accumulated |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            accumulated |= UInt64(base[index])
            index += 1
        }
        return accumulated & 0x8080_8080_8080_8080 == 0
    }
}
