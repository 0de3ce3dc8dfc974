/// Where a byte of an element's decoded text sits in the source: the offset mapping behind every
/// value diagnostic's column (the decoded text has its references, CDATA markers, comments and
/// CR LF pairs undone).

import SerializeXML

/// Maps indices into an element's decoded text back to offsets in the source bytes.
enum XMLTextOffsets {
    /// The source offset of the byte at `index` in the decoded text of the element content at
    /// `range`: re-reads the raw bytes, decoding character and entity references, skipping
    /// CDATA markers, comments and processing instructions, and counting a CR LF pair as the one
    /// line feed XML makes of it.
    static func sourceOffset(ofTextIndex index: Int, in range: Range<Int>, parser: XMLEventParser) -> Int {
        parser.withSourceBytes(range) { raw in
            range.lowerBound + rawOffset(ofTextIndex: index, in: raw)
        }
    }

    /// The offset in `raw` (element content as written) of the byte at `index` of its decoded text.
    static func rawOffset(ofTextIndex index: Int, in raw: UnsafeRawBufferPointer) -> Int {
        func starts(with marker: StaticString, at position: Int) -> Bool {
            let count = marker.utf8CodeUnitCount
            guard position + count <= raw.count else { return false }
            return marker.withUTF8Buffer { marker in
                (0..<count).allSatisfy { raw[position + $0] == marker[$0] }
            }
        }
        func find(_ marker: StaticString, from position: Int) -> Int? {
            var at = position
            while at < raw.count {
                if starts(with: marker, at: at) { return at }
                at += 1
            }
            return nil
        }
        var decoded = 0, position = 0, inCDATA = false
        while position < raw.count {
            if inCDATA, starts(with: "]]>", at: position) {
                inCDATA = false
                position += 3
                continue
            }
            if !inCDATA {
                if starts(with: "<![CDATA[", at: position) {
                    inCDATA = true
                    position += 9
                    continue
                }
                if starts(with: "<!--", at: position) {
                    position = (find("-->", from: position + 4) ?? raw.count - 3) + 3
                    continue
                }
                if starts(with: "<?", at: position) {
                    position = (find("?>", from: position + 2) ?? raw.count - 2) + 2
                    continue
                }
            }
            if decoded >= index { return position }
            if raw[position] == UInt8(ascii: "\r"), position + 1 < raw.count, raw[position + 1] == UInt8(ascii: "\n") {
                decoded += 1
                position += 2
            } else if !inCDATA, raw[position] == UInt8(ascii: "&"), let semicolon = find(";", from: position + 1) {
                let length = referenceLength(UnsafeRawBufferPointer(rebasing: raw[(position + 1)..<semicolon]))
                if index < decoded + length { return position }
                decoded += length
                position = semicolon + 1
            } else {
                decoded += 1
                position += 1
            }
        }
        return min(position, raw.count)
    }

    /// The UTF-8 length of what the reference `&name;` stands for (`name` without `&` and `;`).
    private static func referenceLength(_ name: UnsafeRawBufferPointer) -> Int {
        guard name.first == UInt8(ascii: "#") else { return 1 }  // &amp; &lt; &gt; &quot; &apos;
        let hex = name.count > 1 && (name[1] == UInt8(ascii: "x") || name[1] == UInt8(ascii: "X"))
        let digits = String(decoding: name.dropFirst(hex ? 2 : 1), as: UTF8.self)
        guard let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value) else { return 1 }
        return String(scalar).utf8.count
    }
}
