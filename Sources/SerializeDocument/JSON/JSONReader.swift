/// Reads JSON (RFC 8259) bytes into a ``Document``.

public import Foundation
public import SerializeCore
import OrderedCollections

/// A strict RFC 8259 JSON reader with compiler-like errors.
///
/// It reads bytes, not a `String`: integers that fit `Int64` become ``Document/integer(_:)``,
/// those up to `UInt64.max` ``Document/unsignedInteger(_:)``; any number with a fraction or an
/// exponent becomes a correctly rounded ``Document/double(_:)``. An integer beyond 64 bits or a
/// real beyond `Double`'s range (above it, or so small it would read as zero) becomes
/// ``Document/number(_:)``, the text as written, rather than being rounded silently. Object key
/// order is kept; keys are told apart by their exact Unicode scalars (``DocumentKey``); a
/// duplicate key keeps its first position and its last value. A UTF-8 byte-order mark is skipped. Nesting deeper than ``maximumDepth`` is
/// refused with ``Diagnostic/Code/tooDeep``, so no input can overflow the stack.
public struct JSONReader: Sendable {
    /// The deepest nesting of arrays and objects accepted; 512, the same as Foundation and plutil
    /// (the one rule of ``FormatOptions/maximumDepth``).
    public var maximumDepth: Int

    /// Creates a reader.
    public init(maximumDepth: Int = 512) {
        self.maximumDepth = maximumDepth
    }

    /// Parses `data` as one JSON text.
    ///
    /// - Throws: ``Diagnostic`` located at a 1-based line and column.
    public func read(_ data: Data) throws(Diagnostic) -> Document {
        var builder = TreeBuilder()
        return try read(data, into: &builder)
    }

    /// Parses `data`, handing each value to `builder` as it is read.
    func read<Builder: DocumentBuilder>(_ data: Data, into builder: inout Builder) throws(Diagnostic) -> Builder.Value {
        try data.withBytes { bytes throws(Diagnostic) in
            var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth, builder: builder)
            defer { builder = parser.builder }
            return try parser.parseDocument()
        }
    }
}

// MARK: - The parser

/// A recursive-descent parser over a byte buffer; recursion is bounded by `maximumDepth`.
struct JSONParser<Builder: DocumentBuilder> {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var builder: Builder
    var index = 0
    var depth = 0
    /// The decoded bytes of a string with escapes, kept between strings for its capacity (a
    /// `ByteBuffer`: appended to in runs, emptied without a call into `Array`).
    let scratch = ByteBuffer(capacity: 256)
    /// The keys of the open objects, for the duplicate-key check (streaming only): bytes, never
    /// a set of `String`s, each with the offset where its member starts.
    var keys = KeyIndex()
    /// Where the member being read starts (its key's `"`): the place of a duplicate key.
    var memberStart = 0
    /// The escapes the builder writes itself (``DocumentBuilder/ownJSONEscapes``): a string
    /// value with only those is handed over as written.
    let ownEscapes = Builder.ownJSONEscapes

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, builder: Builder) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.builder = builder
    }

    mutating func parseDocument() throws(Diagnostic) -> Builder.Value {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < bytes.count else {
            throw error(.empty, "expected a JSON value but the input is empty")
        }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else {
            throw error(.syntax, "unexpected \(describeCurrent()) after the top-level value")
        }
        return value
    }

    // MARK: - Values

    mutating func parseValue() throws(Diagnostic) -> Builder.Value {
        guard index < bytes.count else { throw error(.syntax, "unexpected end of input, expected a value") }
        builder.valueStarts(at: index)
        let scalar: Document
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            if Builder.takesUTF8 {
                if let ownEscapes, let range = scanStringWithOwnEscapes(ownEscapes) {
                    let utf8 = UnsafeBufferPointer(rebasing: bytes[range.text])
                    return try range.escaped ? builder.string(ownJSONEscapes: utf8) : builder.string(plainUTF8: utf8)
                }
                let string = try parseStringBytes()
                return try withBytes(of: string) { (builder, utf8, plain) throws(Diagnostic) in
                    plain ? try builder.string(plainUTF8: utf8) : try builder.string(validatedUTF8: utf8)
                }
            }
            scalar = .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); scalar = .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); scalar = .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); scalar = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            let number = try parseNumber()
            return try builder.number(number, text: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        default: throw error(.syntax, "unexpected \(describeCurrent()), expected a value")
        }
        return try builder.scalar(scalar)
    }

    mutating func enter() throws(Diagnostic) {
        depth += 1
        if depth > maximumDepth {
            throw error(.tooDeep, "arrays and objects nest deeper than \(maximumDepth) levels")
        }
    }

    mutating func parseArray() throws(Diagnostic) -> Builder.Value {
        try enter()
        index += 1
        var elements = try builder.beginArray()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return try builder.endArray(elements)
        }
        while true {
            skipWhitespace()
            try builder.beginElement(in: &elements)
            let element = try parseValue()
            try builder.endElement(element, in: &elements)
            skipWhitespace()
            guard index < bytes.count else { throw error(.syntax, "unexpected end of input, expected ',' or ']' after array element") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return try builder.endArray(elements)
            default: throw error(.syntax, "expected ',' or ']' after array element, found \(describeCurrent())")
            }
        }
    }

    mutating func parseObject() throws(Diagnostic) -> Builder.Value {
        try enter()
        index += 1
        var members = try builder.beginDictionary()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return try builder.endDictionary(members)
        }
        // A tree merges a duplicate key itself; a writer cannot, so streaming falls back to it.
        // The keys are compared by their bytes in one buffer shared by the open objects.
        if !Builder.reusesValues { keys.open() }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(.syntax, "expected a string key, found \(describeCurrent())")
            }
            memberStart = index
            if Builder.takesUTF8 {
                let key = try parseStringBytes()
                try expectColon()
                try beginMember(key, in: &members)
            } else {
                var key = try parseString()
                try expectColon()
                if !Builder.reusesValues, let first = key.withUTF8({ recordKey($0) }) { try duplicate(key, firstAt: first) }
                try builder.beginMember(key, in: &members)
            }
            let value = try parseValue()
            try builder.endMember(value, in: &members)
            skipWhitespace()
            guard index < bytes.count else { throw error(.syntax, "unexpected end of input, expected ',' or '}' after object member") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                if !Builder.reusesValues { keys.close() }
                return try builder.endDictionary(members)
            default: throw error(.syntax, "expected ',' or '}' after object member, found \(describeCurrent())")
            }
        }
    }

    /// The `:` after an object key, with the white space around it.
    @inline(__always) mutating func expectColon() throws(Diagnostic) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error(.syntax, "expected ':' after object key, found \(describeCurrent())")
        }
        index += 1
        skipWhitespace()
    }

    /// Records the innermost object's next key (its UTF-8 bytes); when the object has it
    /// already, ``duplicate(_:firstAt:)``.
    mutating func insertKey(_ utf8: UnsafeBufferPointer<UInt8>) throws(Diagnostic) {
        if let first = recordKey(utf8) { try duplicate(String(decoding: utf8, as: UTF8.self), firstAt: first) }
    }

    /// Records the innermost object's next key at ``memberStart``; returns where the member
    /// with the same key starts when the object has it already.
    mutating func recordKey(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        let start = keys.keyStart
        keys.appendKeyText(UnsafeRawBufferPointer(utf8))
        return keys.insert(keys.endKey(from: start), at: memberStart)
    }

    /// A key the innermost object has already: handed to a builder that collects them, else
    /// ``Diagnostic/Code/duplicateKeyNeedsTree`` (a writer cannot merge the members).
    mutating func duplicate(_ key: String, firstAt first: Int) throws(Diagnostic) {
        guard Builder.collectsDuplicateKeys else { throw Diagnostic(.duplicateKeyNeedsTree, "duplicate key \"\(key)\"") }
        builder.duplicateKey(key, at: memberStart, firstAt: first)
    }

    mutating func expectLiteral(_ literal: StaticString) throws(Diagnostic) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            guard bytes.count - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
        guard matches else {
            index = start
            throw error(.syntax, "unexpected \(describeCurrent()), expected a value")
        }
        index += count
    }

    // MARK: - Strings

    /// Reads a string: runs of ordinary bytes found eight at a time (`ByteScanning`); a string
    /// without escapes is made straight from the input, one with escapes in ``scratch`` (reused,
    /// so no allocation but the string's own). UTF-8 is validated once, when the string is made,
    /// and only at its closing quote, so a control byte or an unterminated string is reported
    /// before bad UTF-8 in front of it.
    mutating func parseString() throws(Diagnostic) -> String {
        try scanString(validating: false) { utf8, _ in ByteScanning.string(validatingUTF8: utf8) }
    }

    /// Where a string's validated UTF-8 bytes are: in the input, or decoded into ``scratch``.
    enum StringBytes {
        /// The input's bytes between the quotes: no escape, so none of them is a `"`, a `\`
        /// or a control byte (what ``DocumentBuilder/string(plainUTF8:)`` takes).
        case input(Range<Int>)
        case scratch
    }

    /// Reads a string as ``parseString()`` does, with the same checks in the same order, but
    /// makes no `String`: its bytes are validated as they are scanned
    /// (``ByteScanning/firstJSONStringStop(validatingUTF8In:from:)``, one walk), for a builder
    /// that takes UTF-8 (``DocumentBuilder/takesUTF8``). The runs between escapes are validated
    /// one by one, which is the same as validating the decoded string: an escape decodes to
    /// ASCII or to a whole sequence, so a run's sequence cannot go on into it. Bad UTF-8 is
    /// reported only at the closing quote, as ``parseString()`` does.
    mutating func parseStringBytes() throws(Diagnostic) -> StringBytes {
        try scanString(validating: true) { _, range in range.map(StringBytes.input) ?? .scratch }
    }

    /// Scans a string whose escapes are all `escapes`'s (the builder's own,
    /// ``DocumentBuilder/ownJSONEscapes``), validating it but decoding nothing: the range of
    /// its text between the quotes and whether it holds an escape, with ``index`` past it; or
    /// nil, ``index`` unchanged, for any other string (another escape, a control byte, bad
    /// UTF-8, no closing quote), which ``parseStringBytes()`` then reads or reports as before.
    @inline(__always)
    mutating func scanStringWithOwnEscapes(_ escapes: JSONOwnEscapes) -> (text: Range<Int>, escaped: Bool)? {
        let start = index + 1
        var valid = true
        var escaped = false
        var stop = scanRun(from: start, valid: &valid)
        while valid, stop < bytes.count {
            if bytes[stop] == UInt8(ascii: "\"") {
                index = stop + 1
                return (start..<stop, escaped)
            }
            guard bytes[stop] == UInt8(ascii: "\\") else { return nil }
            let length = escapes.ownEscapeLength(in: bytes, at: stop)
            guard length > 0 else { return nil }
            escaped = true
            stop = scanRun(from: stop + length, valid: &valid)
        }
        return nil
    }

    /// The end of a run of a string's bytes from `start` (its next `"`, `\` or control byte),
    /// validating the run while `valid` holds; once a run is not valid UTF-8, the rest of the
    /// string is only scanned, to its end or to an error that comes first.
    @inline(__always)
    func scanRun(from start: Int, valid: inout Bool) -> Int {
        if valid, let stop = ByteScanning.firstJSONStringStop(validatingUTF8In: bytes, from: start) { return stop }
        valid = false
        return ByteScanning.firstJSONStringStop(in: bytes, from: start)
    }

    /// The error for a string whose bytes in `range` (between its quotes) are not valid UTF-8.
    func invalidUTF8(in range: Range<Int>) -> Diagnostic {
        error(.invalidUTF8, "string is not valid UTF-8", at: firstInvalidUTF8(in: range))
    }

    /// Scans a string to its closing quote, decoding escapes into ``scratch``, and hands its
    /// bytes to `finish` (with their range when they are the input's, unescaped), which returns
    /// nil when they are not valid UTF-8. When `validating`, the runs are validated as they are
    /// scanned (``scanRun(from:valid:)``) and `finish` gets only valid bytes.
    @inline(__always)
    mutating func scanString<Result>(
        validating: Bool, _ finish: (UnsafeBufferPointer<UInt8>, Range<Int>?) -> Result?
    ) throws(Diagnostic) -> Result {
        let open = index
        let start = index + 1
        var valid = validating
        index = scanRun(from: start, valid: &valid)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            guard valid || !validating, let result = finish(UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), start..<index - 1) else {
                throw invalidUTF8(in: start..<index - 1)
            }
            return result
        }
        // Escapes: decoded into the scratch buffer.
        let buffer = scratch
        buffer.removeAll()
        buffer.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < bytes.count else {
                throw error(.syntax, "unterminated string", at: open)
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard valid || !validating, let result = finish(buffer.written, nil) else {
                    throw invalidUTF8(in: start..<index - 1)
                }
                return result
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape(into: buffer)
            } else {
                throw error(.syntax, "control character U+\(hex4(UInt16(byte))) must be escaped in a string")
            }
            let run = index
            index = scanRun(from: index, valid: &valid)
            buffer.append(UnsafeBufferPointer(rebasing: bytes[run..<index]))
        }
    }

    /// Calls `body` with the builder and the bytes of a string read by ``parseStringBytes()``,
    /// and whether they are the input's own (``StringBytes/input(_:)``: no escape in them).
    @inline(__always)
    mutating func withBytes<Result>(
        of string: StringBytes, _ body: (inout Builder, UnsafeBufferPointer<UInt8>, _ plain: Bool) throws(Diagnostic) -> Result
    ) throws(Diagnostic) -> Result {
        switch string {
        case let .input(range):
            return try body(&builder, UnsafeBufferPointer(rebasing: bytes[range]), true)
        case .scratch:
            return try body(&builder, scratch.written, false)
        }
    }

    /// Checks a key read by ``parseStringBytes()`` against the object's others and hands it to
    /// the builder.
    @inline(__always)
    mutating func beginMember(_ key: StringBytes, in members: inout Builder.DictionaryState) throws(Diagnostic) {
        switch key {
        case let .input(range):
            let utf8 = UnsafeBufferPointer(rebasing: bytes[range])
            if !Builder.reusesValues { try insertKey(utf8) }
            try builder.beginMember(plainUTF8: utf8, in: &members)
        case .scratch:
            let utf8 = scratch.written
            if !Builder.reusesValues { try insertKey(utf8) }
            try builder.beginMember(validatedUTF8: utf8, in: &members)
        }
    }

    mutating func parseEscape(into buffer: ByteBuffer) throws(Diagnostic) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error(.syntax, "unterminated escape sequence", at: escapeStart) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeStart: escapeStart)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by `\u` and a low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error(.loneSurrogate, "\\u\(hex4(unit)) is a lone UTF-16 surrogate, which a string cannot hold", at: escapeStart)
                }
                index += 2
                let low = try parseHex4(escapeStart: index - 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(.loneSurrogate, "\\u\(hex4(unit)) is a lone UTF-16 surrogate, which a string cannot hold", at: escapeStart)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error(.loneSurrogate, "\\u\(hex4(unit)) is a lone UTF-16 surrogate, which a string cannot hold", at: escapeStart)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw error(.loneSurrogate, "\\u\(hex4(unit)) is not a Unicode scalar", at: escapeStart)
            }
            UTF8.encode(scalar) { buffer.append($0) }
        default:
            index -= 1
            throw error(.syntax, "invalid escape sequence '\\\(describeByte(byte))' in string", at: escapeStart)
        }
    }

    mutating func parseHex4(escapeStart: Int) throws(Diagnostic) -> UInt16 {
        guard bytes.count - index >= 4 else {
            throw error(.syntax, "\\u escape needs four hexadecimal digits", at: escapeStart)
        }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.syntax, "\\u escape needs four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    // MARK: - Whitespace and errors

    @inline(__always) mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    func describeByte(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16, uppercase: true)
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if (0x21..<0x7F).contains(byte) { return "'\(UnicodeScalar(byte))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    func firstInvalidUTF8(in range: Range<Int>) -> Int {
        var position = range.lowerBound
        while position < range.upperBound {
            let lead = bytes[position]
            let length = lead < 0x80 ? 1 : lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0
            guard length > 0, position + length <= range.upperBound,
                String(validating: UnsafeBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self) != nil
            else { return position }
            position += length
        }
        return range.lowerBound
    }

    func error(_ code: Diagnostic.Code, _ message: String, at offset: Int? = nil) -> Diagnostic {
        // The one column rule (InputLocation.swift) locates every format's offsets.
        Diagnostic(code, message, at: InputLocator.locate(offset ?? index, in: bytes))
    }
}
