/// The fast path of the XML property-list reader: a byte scanner for a strict subset of XML
/// property lists, which declines everything else to libxml2 and the walk.

import Foundation
import SerializeCore

/// Reads an XML property list straight from its bytes, without libxml2, when it is in the clean
/// subset that Apple's and our writers produce; otherwise it declines (``Declined``) and the
/// caller reads the input with libxml2 and ``XMLPlistWalk`` from the start.
///
/// It is an accelerator, not a second reader: it completes only inputs that libxml2 accepts and
/// on which the walk gives the same values with no finding at all (no error, warning or note), so
/// every diagnostic, line and column stays owned by libxml2 and the walk. Accepted:
///
/// - an optional `<?xml version="1.0"?>` or `<?xml version="1.0" encoding="UTF-8"?>` (`utf-8`
///   too) at the very start, then white space, an optional `<!DOCTYPE plist PUBLIC …>` with
///   Apple's public and system identifiers (no internal subset), `<plist>` or
///   `<plist version="1.0">`, exactly one value, `</plist>` and white space;
/// - the value elements `dict` (each value after its `<key>`), `array`, `key`, `string`,
///   `integer`, `real`, `date`, `data`, `true/`, `false/`, and the empty forms `<dict/>`,
///   `<array/>`, `<string/>`, `<key/>`, `<true></true>`, `<false></false>`;
/// - white space between elements (space, tab, line feed: a carriage return declines, as XML
///   rewrites it), and text with the five predefined entities and character references to XML
///   characters, the whole input being valid UTF-8 (checked once, eight bytes at a time).
///
/// Anything else declines: comments, processing instructions, CDATA, attributes other than
/// `version="1.0"` on `<plist>`, white space inside tags, other encodings or a byte-order mark,
/// `]]>` in text, U+FFFE and U+FFFF, control characters, a duplicate key, a `CF$UID`
/// dictionary (the walk notes it), a date with fractional seconds or an offset (noted), any
/// property-list grammar error, nesting at the depth limit, and anything the builder throws.
/// Scalars are converted by the walk's own parsers (``PlistScalar``: ``DecimalNumber``,
/// ``DateText``, the base64 decoder); if one refuses, the scanner declines.
///
/// The builder gets the same calls in the same order as from the walk (a key's and a string's
/// bytes through ``DocumentBuilder/beginMember(validatedUTF8:in:)`` and
/// ``DocumentBuilder/string(validatedUTF8:)`` when it takes UTF-8), so a declined scan may have
/// handed it values already: the caller starts again with a fresh builder.
struct XMLPlistScanner<Builder: DocumentBuilder> {
    /// The scanner does not read this input: read it with libxml2 and the walk.
    struct Declined: Error {}

    private let base: UnsafePointer<UInt8>
    private let end: Int
    private var index = 0
    private(set) var builder: Builder
    /// Whether values go to ``builder`` (not when linting).
    let building: Bool
    /// ``FormatOptions/maximumDepth``: the scanner declines nesting that reaches it.
    let maximumDepth: Int
    /// Values and keys handed to the builder, as ``XMLPlistWalk/valueCount`` counts them.
    private(set) var valueCount = 0
    /// The deepest nesting of containers seen, as ``XMLPlistWalk/maxDepth``.
    private(set) var maxDepth = 0
    private var depth = 0
    /// The keys of the open dictionaries, for the duplicate-key check (the walk's owner of it).
    private var keyIndex = KeyIndex()
    /// Decoded text: a string's or key's with references, a scalar's.
    private var text: [UInt8] = []

    /// The deepest recursion the scanner goes to, whatever the depth limit: deeper input declines.
    static var recursionLimit: Int { 512 }

    private init(_ base: UnsafePointer<UInt8>, count: Int, builder: Builder, building: Bool, maximumDepth: Int) {
        self.base = base
        end = count
        self.builder = builder
        self.building = building
        self.maximumDepth = maximumDepth
    }

    /// What a completed scan gives.
    struct Outcome {
        /// The root value (nil when not building).
        var value: Builder.Value?
        /// Values and keys handed to the builder.
        var count: Int
        /// The deepest nesting of containers.
        var depth: Int
    }

    /// Scans `data` into `builder` (values handed over only when `building`); nil when the scanner
    /// declines, after which `builder` may hold part of the input and must not be used.
    ///
    /// Without `building` (linting) the scanner checks the property-list grammar and leaves what
    /// libxml2 checks to libxml2: UTF-8, a string's characters and references. A completed scan
    /// then says the input is clean only together with `LibXML2.parsesCleanly`.
    static func scan(_ data: Data, into builder: inout Builder, building: Bool = true, maximumDepth: Int) -> Outcome? {
        // libxml2's limit on the input's size, and the empty input: libxml2 reports both.
        guard !data.isEmpty, data.count < Int(Int32.max) else { return nil }
        return data.withUnsafeBytes { raw -> Outcome? in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            // Linting (not building) checks UTF-8 through libxml2, which must parse cleanly too.
            guard let start = bytes.baseAddress, !building || ByteScanning.isValidUTF8(bytes) else { return nil }
            var scanner = XMLPlistScanner(start, count: bytes.count, builder: builder, building: building, maximumDepth: maximumDepth)
            let value: Builder.Value?
            do {
                value = try scanner.document()
            } catch {
                builder = scanner.builder
                return nil
            }
            builder = scanner.builder
            return Outcome(value: value, count: scanner.valueCount, depth: scanner.maxDepth)
        }
    }

    // MARK: - The document

    private mutating func document() throws(Declined) -> Builder.Value? {
        if !consume("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), !consume("<?xml version=\"1.0\" encoding=\"utf-8\"?>") {
            _ = consume("<?xml version=\"1.0\"?>")
        }
        skipSpace()
        if consume("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">")
            || consume("<!DOCTYPE plist PUBLIC \"-//Apple Computer//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">")
        {
            skipSpace()
        }
        guard consume("<plist>") || consume("<plist version=\"1.0\">") else { throw Declined() }
        skipSpace()
        try expectValueStart()
        let root = try value()
        skipSpace()
        guard consume("</plist>") else { throw Declined() }
        skipSpace()
        guard index == end else { throw Declined() }
        return root
    }

    // MARK: - Values

    /// Declines unless a start tag begins here (not an end tag).
    private func expectValueStart() throws(Declined) {
        guard end - index >= 2, base[index] == UInt8(ascii: "<"), base[index + 1] != UInt8(ascii: "/") else { throw Declined() }
    }

    /// The value whose start tag begins at ``index`` (its `<`, checked by the caller).
    private mutating func value() throws(Declined) -> Builder.Value? {
        if building { builder.valueStarts(at: index) }
        index += 1
        switch base[index] {
        case UInt8(ascii: "s"):
            if consume("string>") { return try string() }
            if consume("string/>") { return try deliverString(UnsafeBufferPointer(start: base, count: 0)) }
        case UInt8(ascii: "d"):
            if consume("dict>") { return try dictionary() }
            if consume("dict/>") { return try emptyContainer(dictionary: true) }
            if consume("date>") { return try scalar(closing: "</date>", .date) }
            if consume("data>") { return try scalar(closing: "</data>", .data) }
        case UInt8(ascii: "a"):
            if consume("array>") { return try array() }
            if consume("array/>") { return try emptyContainer(dictionary: false) }
        case UInt8(ascii: "i"):
            if consume("integer>") { return try scalar(closing: "</integer>", .integer) }
        case UInt8(ascii: "r"):
            if consume("real>") { return try scalar(closing: "</real>", .real) }
        case UInt8(ascii: "t"):
            if consume("true/>") || consume("true></true>") { return try deliver(.bool(true)) }
        case UInt8(ascii: "f"):
            if consume("false/>") || consume("false></false>") { return try deliver(.bool(false)) }
        default:
            break
        }
        throw Declined()
    }

    /// Opens a container one level deeper, declining at the depth limit (the walk's finding).
    private mutating func enter() throws(Declined) {
        depth += 1
        guard depth < maximumDepth, depth < Self.recursionLimit else { throw Declined() }
        maxDepth = max(maxDepth, depth)
    }

    private mutating func array() throws(Declined) -> Builder.Value? {
        try enter()
        defer { depth -= 1 }
        guard building else {
            while try nextElement() { _ = try value() }
            return nil
        }
        var state = try call { builder throws(Diagnostic) in try builder.beginArray() }
        valueCount += 1
        while try nextElement() {
            try call { builder throws(Diagnostic) in try builder.beginElement(in: &state) }
            guard let element = try value() else { continue }
            try call { builder throws(Diagnostic) in try builder.endElement(element, in: &state) }
        }
        return try call { builder throws(Diagnostic) in try builder.endArray(state) }
    }

    /// Moves to the next element of an array: false past its end tag.
    private mutating func nextElement() throws(Declined) -> Bool {
        skipSpace()
        if consume("</array>") { return false }
        try expectValueStart()
        return true
    }

    /// `<array/>` or `<dict/>`.
    private mutating func emptyContainer(dictionary: Bool) throws(Declined) -> Builder.Value? {
        try enter()
        depth -= 1
        guard building else { return nil }
        valueCount += 1
        if dictionary {
            let state = try call { builder throws(Diagnostic) in try builder.beginDictionary() }
            return try call { builder throws(Diagnostic) in try builder.endDictionary(state) }
        }
        let state = try call { builder throws(Diagnostic) in try builder.beginArray() }
        return try call { builder throws(Diagnostic) in try builder.endArray(state) }
    }

    private mutating func dictionary() throws(Declined) -> Builder.Value? {
        try enter()
        defer { depth -= 1 }
        keyIndex.open()
        if building {
            var state = try call { builder throws(Diagnostic) in try builder.beginDictionary() }
            valueCount += 1
            while let key = try nextKey() {
                valueCount += 1
                if let key {
                    try beginMember(key, in: &state)
                } else {
                    let decoded = text
                    try decoded.withUnsafeBufferPointer { key throws(Declined) in try beginMember(key, in: &state) }
                }
                guard let member = try value() else { continue }
                try call { builder throws(Diagnostic) in try builder.endMember(member, in: &state) }
            }
            try closeDictionary()
            return try call { builder throws(Diagnostic) in try builder.endDictionary(state) }
        }
        while try nextKey() != nil { _ = try value() }
        try closeDictionary()
        return nil
    }

    /// Reads the next `<key>` of a dictionary and the white space after it, up to its value's
    /// start tag: nil past the dictionary's end tag; else the key's bytes in the input, or nil in
    /// it when the key had references and is in ``text``.
    private mutating func nextKey() throws(Declined) -> UnsafeBufferPointer<UInt8>?? {
        skipSpace()
        if consume("</dict>") { return .none }
        let keyStart = keyIndex.keyStart
        var run: UnsafeBufferPointer<UInt8>? = UnsafeBufferPointer(start: base, count: 0)
        if consume("<key>") {
            run = try content(decoding: true)
            guard consume("</key>") else { throw Declined() }
            if let run {
                keyIndex.appendKeyText(UnsafeRawBufferPointer(run))
            } else {
                let decoded = text
                decoded.withUnsafeBytes { keyIndex.appendKeyText($0) }
            }
        } else if !consume("<key/>") {
            throw Declined()
        }
        // A duplicate key: the walk warns, and a writer cannot merge it.
        guard keyIndex.insert(keyIndex.endKey(from: keyStart), at: index) == nil else { throw Declined() }
        skipSpace()
        try expectValueStart()
        return .some(run)
    }

    /// Hands a member's key to the builder.
    private mutating func beginMember(_ key: UnsafeBufferPointer<UInt8>, in state: inout Builder.DictionaryState) throws(Declined) {
        if Builder.takesUTF8 {
            try call { builder throws(Diagnostic) in try builder.beginMember(validatedUTF8: key, in: &state) }
        } else {
            let name = String(decoding: key, as: UTF8.self)
            try call { builder throws(Diagnostic) in try builder.beginMember(name, in: &state) }
        }
    }

    /// Forgets the innermost dictionary's keys; declines a `CF$UID` dictionary, which the walk
    /// notes as an NSKeyedArchiver reference.
    private mutating func closeDictionary() throws(Declined) {
        guard !keyIndex.holdsOnly("CF$UID") else { throw Declined() }
        keyIndex.close()
    }

    private mutating func string() throws(Declined) -> Builder.Value? {
        guard building else {
            // Linting: libxml2 checks the text (characters, references, `]]>`) and the walk
            // looks at none of it, so only its end is found.
            guard let next = memchr(base + index, Int32(UInt8(ascii: "<")), end - index) else { throw Declined() }
            index = UnsafeRawPointer(next) - UnsafeRawPointer(base)
            guard consume("</string>") else { throw Declined() }
            return nil
        }
        let run = try content(decoding: true)
        guard consume("</string>") else { throw Declined() }
        guard building else { return nil }
        if let run { return try deliverString(run) }
        let decoded = text
        return try decoded.withUnsafeBufferPointer { decoded throws(Declined) in try deliverString(decoded) }
    }

    private mutating func deliverString(_ bytes: UnsafeBufferPointer<UInt8>) throws(Declined) -> Builder.Value? {
        guard building else { return nil }
        valueCount += 1
        if Builder.takesUTF8 { return try call { builder throws(Diagnostic) in try builder.string(validatedUTF8: bytes) } }
        let string = String(decoding: bytes, as: UTF8.self)
        return try call { builder throws(Diagnostic) in try builder.scalar(.string(string)) }
    }

    /// The text-valued scalar tags.
    private enum ScalarKind {
        case integer, real, date, data
    }

    /// A scalar's text up to `closing`, converted by the walk's parsers (``PlistScalar``).
    private mutating func scalar(closing: StaticString, _ kind: ScalarKind) throws(Declined) -> Builder.Value? {
        let run = try content(decoding: true)
        guard consume(closing) else { throw Declined() }
        if let run {
            guard kind == .date else { return try scalar(run, kind) }
            // The date parser reads an array: the reused one.
            text.removeAll(keepingCapacity: true)
            text.append(contentsOf: run)
        }
        let decoded = text
        return try decoded.withUnsafeBufferPointer { decoded throws(Declined) in try scalar(decoded, kind) }
    }

    private mutating func scalar(_ text: UnsafeBufferPointer<UInt8>, _ kind: ScalarKind) throws(Declined) -> Builder.Value? {
        let value: Document
        switch kind {
        case .integer:
            guard case let .success(integer) = PlistScalar.integer(text) else { throw Declined() }
            value = integer
        case .real:
            guard case let .success(real) = PlistScalar.real(text) else { throw Declined() }
            value = .double(real)
        case .date:
            // Fractional seconds and offsets are read but noted by the walk. The date parser reads
            // an array: the text is in ``text`` (copied there by the caller when not decoded).
            guard case let .success(parsed) = PlistScalar.date(self.text), !parsed.fractional, !parsed.offset else { throw Declined() }
            value = .date(parsed.date)
        case .data:
            guard case let .success(data) = PlistScalar.data(text, keep: building) else { throw Declined() }
            value = .data(data)
        }
        return try deliver(value)
    }

    private mutating func deliver(_ value: Document) throws(Declined) -> Builder.Value? {
        guard building else { return nil }
        valueCount += 1
        return try call { builder throws(Diagnostic) in try builder.scalar(value) }
    }

    /// Runs `body` on the builder; whatever it throws declines (the walk orders it after any
    /// reading error and names it).
    @inline(__always)
    private mutating func call<T>(_ body: (inout Builder) throws(Diagnostic) -> T) throws(Declined) -> T {
        do {
            return try body(&builder)
        } catch {
            throw Declined()
        }
    }

    // MARK: - Text

    /// The text from ``index`` up to the next `<` (where ``index`` is left): the run of the input
    /// itself when it has no reference, nil when it had references and was decoded into ``text``
    /// (when `decoding`: otherwise they are only checked, and ``text`` is left as it was).
    private mutating func content(decoding: Bool) throws(Declined) -> UnsafeBufferPointer<UInt8>? {
        let start = index
        var decoded = false
        var run = start
        let bytes = UnsafeBufferPointer(start: base, count: end)
        while true {
            let stop = ByteScanning.firstXMLTextStop(in: bytes, from: index)
            guard stop < end else { throw Declined() }
            let byte = base[stop]
            switch byte {
            case UInt8(ascii: "<"):
                index = stop
                guard decoded else { return UnsafeBufferPointer(start: base + start, count: stop - start) }
                if decoding { text.append(contentsOf: UnsafeBufferPointer(start: base + run, count: stop - run)) }
                return nil
            case UInt8(ascii: "&"):
                if !decoded {
                    decoded = true
                    if decoding { text.removeAll(keepingCapacity: true) }
                }
                if decoding { text.append(contentsOf: UnsafeBufferPointer(start: base + run, count: stop - run)) }
                index = stop + 1
                try reference(decoding: decoding)
                run = index
            case UInt8(ascii: ">"):
                // `]]>` is not allowed in text.
                guard stop < 2 || base[stop - 1] != UInt8(ascii: "]") || base[stop - 2] != UInt8(ascii: "]") else { throw Declined() }
                index = stop + 1
            case 0x09, 0x0A:
                index = stop + 1
            case 0xEF:
                // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters.
                guard end - stop > 2, base[stop + 1] != 0xBF || base[stop + 2] < 0xBE else { throw Declined() }
                index = stop + 1
            default:
                // A carriage return (which XML rewrites) or another control byte (an error).
                throw Declined()
            }
        }
    }

    /// Reads the reference after a `&` at ``index``, decoded into ``text`` when `decoding`.
    private mutating func reference(decoding: Bool) throws(Declined) {
        let named: UInt8
        if consume("lt;") {
            named = UInt8(ascii: "<")
        } else if consume("gt;") {
            named = UInt8(ascii: ">")
        } else if consume("amp;") {
            named = UInt8(ascii: "&")
        } else if consume("quot;") {
            named = UInt8(ascii: "\"")
        } else if consume("apos;") {
            named = UInt8(ascii: "'")
        } else {
            return try characterReference(decoding: decoding)
        }
        if decoding { text.append(named) }
    }

    /// Reads a character reference (`&#…;`, after its `&`), decoded into ``text`` when `decoding`.
    private mutating func characterReference(decoding: Bool) throws(Declined) {
        guard consume("#") else { throw Declined() }
        let hex = consume("x")
        var scalar: UInt32 = 0
        var digits = 0
        while index < end, base[index] != UInt8(ascii: ";") {
            let byte = base[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw Declined()
            }
            digits += 1
            // Long references (leading zeros) decline rather than risk overflow.
            guard digits <= 7 else { throw Declined() }
            scalar = scalar * (hex ? 16 : 10) + digit
            index += 1
        }
        guard digits > 0, consume(";") else { throw Declined() }
        // XML 1.0's characters: tab, line feed, carriage return, U+0020–U+D7FF,
        // U+E000–U+FFFD, U+10000–U+10FFFF.
        switch scalar {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: break
        default: throw Declined()
        }
        guard let character = Unicode.Scalar(scalar), let encoded = UTF8.encode(character) else { throw Declined() }
        if decoding { text.append(contentsOf: encoded) }
    }

    // MARK: - Bytes

    /// Skips XML white space other than carriage returns (which XML rewrites: they decline at the
    /// next expected tag).
    @inline(__always)
    private mutating func skipSpace() {
        while index < end {
            let byte = base[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 else { return }
            index += 1
        }
    }

    /// Moves past `literal` if the input continues with it.
    @inline(__always)
    private mutating func consume(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - index >= count else { return false }
        // Byte by byte: the literals are short, and a call to memcmp costs more than the loop.
        let bytes = literal.utf8Start
        var offset = 0
        while offset < count {
            guard base[index + offset] == bytes[offset] else { return false }
            offset += 1
        }
        index += count
        return true
    }
}
