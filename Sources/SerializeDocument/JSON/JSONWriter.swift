/// Writes a ``Document`` as JSON bytes.

public import Foundation
import OrderedCollections
public import SerializeCore

/// Writes JSON: pretty (two-space indent) or compact, keys in document order or sorted.
///
/// Integers are written exactly; reals as the shortest text that reads back as the same double,
/// always with a `.` or an exponent (`1.0`), so a real stays a real on the way back. Dates,
/// data and non-finite reals go through the strategies of ``FormatOptions``. Strings escape `"`,
/// `\` and the control characters; everything else is written as UTF-8.
public struct JSONWriter: Sendable {
    /// The options this writer applies.
    public var options: FormatOptions

    /// Creates a writer.
    public init(options: FormatOptions = FormatOptions()) {
        self.options = options
    }

    /// The JSON text of `document`, ending in a newline when pretty.
    ///
    /// - Throws: ``Diagnostic`` located at the path of a value the options refuse.
    public func write(_ document: Document) throws(Diagnostic) -> Data {
        var output = JSONOutput(options: options)
        _ = try document.build(into: &output, sortKeys: options.sortKeys)
        return output.finish()
    }
}

// MARK: - Output

/// Writes JSON as values arrive; a ``DocumentBuilder`` that a reader can drive directly.
package struct JSONOutput: DocumentBuilder {
    let options: FormatOptions
    let bytes: ByteBuffer
    var path = ValuePath()
    /// Whether ``path`` follows the values, for errors: not when a reader streams into this
    /// writer (``Format/stream``), where a writing error sends the input to the tree, whose
    /// writer names the path.
    let tracksPath: Bool
    var depth = 0

    package init(options: FormatOptions, capacity: Int = 1 << 16, tracksPath: Bool = true) {
        self.options = options
        bytes = ByteBuffer(capacity: capacity)
        self.tracksPath = tracksPath
    }

    package static var takesUTF8: Bool { true }

    package func finish() -> Data {
        if options.pretty { bytes.append(0x0A) }
        return bytes.takeData()
    }

    // MARK: - Values

    package mutating func scalar(_ document: Document) throws(Diagnostic) {
        switch document {
        case .null: append("null")
        case let .bool(value): append(value ? "true" : "false")
        case let .integer(value): DecimalNumber.withText(of: value) { bytes.append($0) }
        case let .unsignedInteger(value): DecimalNumber.withText(of: value) { bytes.append($0) }
        case let .number(value): append(value.text)
        case let .double(value):
            if value.isFinite {
                DecimalNumber.withText(of: value) { bytes.append($0) }
            } else {
                writeString(try options.text(ofNonFinite: value, at: path))
            }
        case let .string(value): writeString(value)
        case let .date(value):
            switch try options.text(ofDate: value, at: path) {
            case let .string(text): writeString(text)
            case let .number(text): append(text)
            }
        case let .data(value): writeString(options.text(ofData: value))
        case let .array(elements):
            // Containers arrive through begin/end; a tree hands them over the same way.
            _ = try Document.array(elements).build(into: &self, sortKeys: options.sortKeys)
        case let .dictionary(members):
            _ = try Document.dictionary(members).build(into: &self, sortKeys: options.sortKeys)
        }
    }

    package mutating func beginArray() throws(Diagnostic) -> Int { try open(UInt8(ascii: "[")) }

    package mutating func beginElement(in count: inout Int) {
        nextChild(&count)
        if tracksPath { path.push(.index(count - 1)) }
    }

    package mutating func endElement(_ value: Void, in count: inout Int) {
        if tracksPath { path.pop() }
        bytes.spillIfFull()
    }

    package mutating func endArray(_ count: Int) { close(UInt8(ascii: "]"), count: count) }

    package mutating func beginDictionary() throws(Diagnostic) -> Int { try open(UInt8(ascii: "{")) }

    package mutating func beginMember(_ key: String, in count: inout Int) {
        nextChild(&count)
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        if options.pretty { bytes.append(UInt8(ascii: " ")) }
        if tracksPath { path.push(.key(key)) }
    }

    package mutating func beginMember(validatedUTF8 key: UnsafeBufferPointer<UInt8>, in count: inout Int) {
        nextChild(&count)
        writeString(utf8: key)
        bytes.append(UInt8(ascii: ":"))
        if options.pretty { bytes.append(UInt8(ascii: " ")) }
        if tracksPath { path.push(.key(String(decoding: key, as: UTF8.self))) }
    }

    /// A key that needs no escape (``DocumentBuilder/beginMember(plainUTF8:in:)``): copied
    /// between quotes, not scanned again.
    /// Compact, the separator, the quoted key and the colon go in one reservation.
    package mutating func beginMember(plainUTF8 key: UnsafeBufferPointer<UInt8>, in count: inout Int) {
        if options.pretty {
            nextChild(&count)
            writePlainString(key)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(UInt8(ascii: " "))
        } else {
            let comma = count > 0 ? 1 : 0
            count += 1
            bytes.append(upTo: key.count + 4) { out in
                out[0] = UInt8(ascii: ",")
                out[comma] = UInt8(ascii: "\"")
                if let base = key.baseAddress { (out + comma + 1).update(from: base, count: key.count) }
                out[comma + 1 + key.count] = UInt8(ascii: "\"")
                out[comma + 2 + key.count] = UInt8(ascii: ":")
                return comma + key.count + 3
            }
        }
        if tracksPath { path.push(.key(String(decoding: key, as: UTF8.self))) }
    }

    package mutating func endMember(_ value: Void, in count: inout Int) {
        if tracksPath { path.pop() }
        bytes.spillIfFull()
    }

    /// A string from its bytes: copied with the escapes JSON needs, no `String` made.
    package mutating func string(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        writeString(utf8: bytes)
    }

    /// A string that needs no escape (``DocumentBuilder/string(plainUTF8:)``): copied between
    /// quotes, not scanned again.
    package mutating func string(plainUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        writePlainString(bytes)
    }

    /// The escapes this writer writes, read back (``JSONOwnEscapes``): a string whose every
    /// escape is one of them comes as the reader found it (``string(ownJSONEscapes:)``).
    package static var ownJSONEscapes: JSONOwnEscapes? { JSONOwnEscapes.writers }

    /// A string as written in JSON text whose every escape is this writer's own spelling of the
    /// byte it stands for, and whose other bytes need none: what this writer would write for
    /// the decoded string, so copied between quotes as it is.
    package mutating func string(ownJSONEscapes bytes: UnsafeBufferPointer<UInt8>) {
        writePlainString(bytes)
    }

    /// A number read from JSON text: an integer whose text is what this writer prints for its
    /// value (``DecimalNumber/isCanonical(integerText:)``: all but `-0`), or a real's when it is
    /// provably Swift's shortest text of its value (``DecimalNumber/isCanonical(doubleText:value:)``),
    /// is copied as it is; any other number is written from its value (``scalar(_:)``).
    package mutating func number(_ value: Document, text: UnsafeBufferPointer<UInt8>) throws(Diagnostic) {
        switch value {
        case .integer, .unsignedInteger:
            if DecimalNumber.isCanonical(integerText: text) { bytes.append(text) } else { try scalar(value) }
        case let .double(double):
            if DecimalNumber.isCanonical(doubleText: text, value: double) { bytes.append(text) } else { try scalar(value) }
        default:
            try scalar(value)
        }
    }

    package mutating func endDictionary(_ count: Int) { close(UInt8(ascii: "}"), count: count) }

    /// Opens a container; its state is the number of children written so far.
    mutating func open(_ bracket: UInt8) throws(Diagnostic) -> Int {
        try options.checkDepth(depth + 1, at: path)
        bytes.append(bracket)
        depth += 1
        return 0
    }

    /// The separator and line break before a container's next child.
    func nextChild(_ count: inout Int) {
        if count > 0 { bytes.append(UInt8(ascii: ",")) }
        newline(depth)
        count += 1
    }

    mutating func close(_ bracket: UInt8, count: Int) {
        depth -= 1
        if count > 0 { newline(depth) }
        bytes.append(bracket)
    }

    // MARK: - Bytes

    @inline(__always) func newline(_ indent: Int) {
        guard options.pretty else { return }
        bytes.append(0x0A)
        for _ in 0..<indent * 2 { bytes.append(0x20) }
    }

    @inline(__always) func append(_ text: String) {
        bytes.append(text)
    }

    /// Writes `string` quoted: runs that need no escape (found eight bytes at a time by
    /// `ByteScanning`) are copied in bulk, only `"`, `\` and control bytes one at a time.
    func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeString(utf8: $0) }
    }

    /// Writes the UTF-8 bytes of a string quoted, as ``writeString(_:)``.
    @inline(__always) func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        Self.appendEscaped(utf8, to: bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes bytes that need no escape between quotes, in one copy.
    @inline(__always) func writePlainString(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(upTo: utf8.count + 2) { out in
            out[0] = UInt8(ascii: "\"")
            if let base = utf8.baseAddress { (out + 1).update(from: base, count: utf8.count) }
            out[utf8.count + 1] = UInt8(ascii: "\"")
            return utf8.count + 2
        }
    }

    /// Appends `utf8` to `bytes` with `"`, `\` and the control characters escaped: runs that need
    /// no escape (found eight bytes at a time by `ByteScanning`) are copied whole.
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: ByteBuffer) {
        var run = 0
        while true {
            let stop = ByteScanning.firstJSONStringStop(in: utf8, from: run)
            bytes.append(UnsafeBufferPointer(rebasing: utf8[run..<stop]))
            guard stop < utf8.count else { return }
            appendEscape(of: utf8[stop], to: bytes)
            run = stop + 1
        }
    }

    /// The escape of one byte `ByteScanning.firstJSONStringStop(in:from:)` stops at.
    static func appendEscape(of byte: UInt8, to bytes: ByteBuffer) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append("\\\"")
        case UInt8(ascii: "\\"): bytes.append("\\\\")
        case 0x0A: bytes.append("\\n")
        case 0x0D: bytes.append("\\r")
        case 0x09: bytes.append("\\t")
        case 0x08: bytes.append("\\b")
        case 0x0C: bytes.append("\\f")
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append("\\u00")
            hex.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            }
        }
    }

    // MARK: - Members written many times

    /// The bytes of `"key":` (with a space after the colon when pretty), for a key written once
    /// per record (``member(_:in:)``).
    func memberBytes(_ key: String) -> [UInt8] {
        let scratch = JSONOutput(options: options, capacity: key.utf8.count + 8)
        scratch.writeString(key)
        scratch.bytes.append(UInt8(ascii: ":"))
        if options.pretty { scratch.bytes.append(UInt8(ascii: " ")) }
        return [UInt8](scratch.bytes.takeData())
    }

    /// Starts a member whose `"key":` bytes are `member` (``memberBytes(_:)``): what
    /// ``beginMember(_:in:)`` writes, without the path a value's error would name, so only for
    /// values that cannot fail (strings, null).
    mutating func member(_ member: [UInt8], in count: inout Int) {
        nextChild(&count)
        member.withUnsafeBufferPointer { bytes.append($0) }
    }
}

// MARK: - The writer's own escapes, read back

/// The escapes ``JSONOutput/appendEscape(of:to:)`` writes, as a reader meets them in JSON text.
///
/// A string whose every escape is one of these (`\n`, `\"`, `\u001f`, …) and whose other bytes
/// need no escape is byte for byte what ``JSONOutput`` writes for the decoded string, so a JSON
/// reader streaming into it hands the string over as written instead of decoding it and having
/// it escaped again (``DocumentBuilder/string(ownJSONEscapes:)``). Any other escape (`\/`,
/// `\u0041`, `\u00e9`, a surrogate pair, upper-case hex) is not the writer's, and the string goes
/// the old way. The table is made by asking the writer for the escape of every byte it escapes,
/// so the rule stays in ``JSONOutput/appendEscape(of:to:)``.
package struct JSONOwnEscapes: Sendable {
    /// Bit `c` (of 128) set when the two bytes `\` `c` are the writer's escape of some byte.
    let twoByteEscapes: (low: UInt64, high: UInt64)
    /// The four hex digits of each `\uXXXX` escape the writer writes, as they lie in memory
    /// (a little-endian `UInt32` load). What an escape stands for is the JSON reader's to say.
    let unicodeEscapes: [UInt32]

    /// The JSON writer's escapes.
    package static let writers = JSONOwnEscapes()

    init() {
        var low: UInt64 = 0, high: UInt64 = 0
        var unicode: [UInt32] = []
        let spelling = ByteBuffer(capacity: 16)
        for value in 0...255 {
            let byte = UInt8(value)
            // The bytes the writer escapes are those its scan stops at.
            guard ByteScanning.isJSONStringStop(byte) else { continue }
            spelling.removeAll()
            JSONOutput.appendEscape(of: byte, to: spelling)
            let written = spelling.written
            guard written.count >= 2, written[0] == UInt8(ascii: "\\") else { continue }
            if written.count == 2, written[1] < 128 {
                if written[1] < 64 { low |= 1 << written[1] } else { high |= 1 << (written[1] - 64) }
            } else if written.count == 6, written[1] == UInt8(ascii: "u") {
                let digits = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: written[2..<6])).loadUnaligned(as: UInt32.self)
                unicode.append(digits)
            }
        }
        twoByteEscapes = (low, high)
        unicodeEscapes = unicode
    }

    /// The length of the escape at `position` of `bytes` (a `\`) when it is one the writer
    /// writes, else 0.
    @inline(__always)
    package func ownEscapeLength(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        guard position + 1 < bytes.count else { return 0 }
        let second = bytes[position + 1]
        if second < 64 { return twoByteEscapes.low >> second & 1 != 0 ? 2 : 0 }
        if second < 128, twoByteEscapes.high >> (second - 64) & 1 != 0 { return 2 }
        guard bytes.count - position >= 6, second == UInt8(ascii: "u") else { return 0 }
        let digits = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[position + 2..<position + 6])).loadUnaligned(as: UInt32.self)
        return unicodeEscapes.contains(digits) ? 6 : 0
    }
}
