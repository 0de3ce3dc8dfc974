/// Writes a ``Document`` as an XML property list.

public import Foundation
import OrderedCollections
public import SerializeCore

/// Writes XML property lists that are always well-formed XML 1.0.
///
/// Integers are written exactly (`UInt64` too), reals as the shortest text that reads back as
/// the same double (`nan`, `+infinity`, `-infinity` as CoreFoundation writes them), dates as ISO
/// 8601 in UTC with the fractional seconds the date holds, data as Base64. `&`, `<`, `>` and the
/// carriage return are escaped, the last so that an XML parser's line-end normalization cannot
/// turn `\r\n` into `\n`. A string holding a character XML 1.0 cannot carry at all (NUL and the
/// other C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF) is refused with
/// ``Diagnostic/Code/characterNotRepresentable``: a binary property list can hold it.
/// `null` goes through ``FormatOptions/null``.
public struct XMLPlistWriter: Sendable {
    /// The options this writer applies (``FormatOptions/sortKeys``, ``FormatOptions/null``;
    /// ``FormatOptions/pretty`` chooses tab indentation or none).
    public var options: FormatOptions

    /// Creates a writer.
    public init(options: FormatOptions = FormatOptions()) {
        self.options = options
    }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The XML text of `document`.
    ///
    /// - Throws: ``Diagnostic`` located at the path of a value the options refuse.
    public func write(_ document: Document) throws(Diagnostic) -> Data {
        var output = XMLPlistOutput(options: options)
        try output.start(topLevel: document)
        _ = try document.build(into: &output, sortKeys: options.sortKeys)
        return output.finish()
    }
}

// MARK: - Output

/// Writes an XML property list as values arrive; a ``DocumentBuilder`` a reader can drive.
package struct XMLPlistOutput: DocumentBuilder {
    let options: FormatOptions
    let bytes: ByteBuffer
    var path = ValuePath()
    var depth = 0
    /// The UTF-8 bytes of the key of the member whose value comes next, when
    /// ``hasPendingKey``; written only when the value is. Kept for its capacity.
    let pendingKey = ByteBuffer(capacity: 64)
    var hasPendingKey = false
    /// Whether ``path`` follows the values, for errors: not when a reader streams into this
    /// writer (``Format/stream``), where a writing error sends the input to the tree, whose
    /// writer names the path.
    let tracksPath: Bool

    package init(options: FormatOptions, capacity: Int = 1 << 16, tracksPath: Bool = true) {
        self.options = options
        bytes = ByteBuffer(capacity: capacity)
        bytes.append(XMLPlistWriter.header)
        self.tracksPath = tracksPath
    }

    package static var takesUTF8: Bool { true }

    /// Refuses a top-level null the strategy would leave nothing for.
    func start(topLevel document: Document) throws(Diagnostic) {
        if case .null = document, case .omit = options.null {
            throw Diagnostic(.nullNotRepresentable, "a property list cannot be empty: the whole document is null", path: ValuePath())
        }
    }

    package func finish() -> Data {
        bytes.append("</plist>\n")
        return bytes.takeData()
    }

    // MARK: - Values

    package mutating func scalar(_ document: Document) throws(Diagnostic) {
        switch document {
        case .null:
            switch options.null {
            case .error: throw options.nullError(at: path, format: "a property list")
            case .omit:
                if depth == 0 {
                    throw Diagnostic(.nullNotRepresentable, "a property list cannot be empty: the whole document is null", path: ValuePath())
                }
                hasPendingKey = false
            case let .string(text):
                try writePendingKey()
                try writeString(text, element: "string")
            }
        case let .bool(value):
            try writePendingKey()
            line()
            append(value ? "<true/>" : "<false/>")
            endLine()
        case let .integer(value):
            try openElement("integer")
            DecimalNumber.withText(of: value) { bytes.append($0) }
            closeElement("integer")
        case let .unsignedInteger(value):
            try openElement("integer")
            DecimalNumber.withText(of: value) { bytes.append($0) }
            closeElement("integer")
        case let .number(value): try scalar(options.plistValue(of: value, at: path))
        case let .double(value):
            guard value.isFinite else {
                try element("real", value.isNaN ? "nan" : value < 0 ? "-infinity" : "+infinity")
                return
            }
            try openElement("real")
            DecimalNumber.withText(of: value) { bytes.append($0) }
            closeElement("real")
        case let .string(value):
            try writePendingKey()
            try writeString(value, element: "string")

        case let .date(value):
            guard let text = DateText.string(value, precision: .exact) else {
                throw Diagnostic(
                    .invalidDate, "date \(value.timeIntervalSinceReferenceDate) s since 2001 is not a point in \(DateText.yearsText) and has no XML form",
                    path: path, remedy: .binaryPlist(to: "write a binary property list, which holds any date"))
            }
            try element("date", text)
        case let .data(value):
            try element("data", value.base64EncodedString())
        case let .array(elements):
            _ = try Document.array(elements).build(into: &self, sortKeys: options.sortKeys)
        case let .dictionary(members):
            _ = try Document.dictionary(members).build(into: &self, sortKeys: options.sortKeys)
        }
    }

    /// Opens a container as `<name`, completed by its first child (`>`) or by its end (`/>`).
    mutating func open(_ name: StaticString) throws(Diagnostic) {
        try options.checkDepth(depth + 1, at: path)
        try writePendingKey()
        line()
        bytes.append(UInt8(ascii: "<"))
        name.withUTF8Buffer { bytes.append($0) }
        depth += 1
        hasChildren.append(false)
    }

    mutating func close(_ name: StaticString) {
        depth -= 1
        if hasChildren.removeLast() {
            line()
            tag(name, closing: true)
        } else {
            append("/>")
        }
        endLine()
    }

    package mutating func beginArray() throws(Diagnostic) -> Int {
        try open("array")
        return 0
    }

    package mutating func beginElement(in count: inout Int) {
        if tracksPath { path.push(.index(count)) }
        count += 1
    }

    package mutating func endElement(_ value: Void, in count: inout Int) {
        if tracksPath { path.pop() }
        bytes.spillIfFull()
    }

    package mutating func endArray(_ count: Int) {
        close("array")
    }

    package mutating func beginDictionary() throws(Diagnostic) -> Int {
        try open("dict")
        return 0
    }

    package mutating func beginMember(_ key: String, in count: inout Int) {
        var key = key
        key.withUTF8 { beginMember(validatedUTF8: $0, in: &count) }
    }

    package mutating func beginMember(validatedUTF8 key: UnsafeBufferPointer<UInt8>, in count: inout Int) {
        if tracksPath { path.push(.key(String(decoding: key, as: UTF8.self))) }
        pendingKey.removeAll()
        pendingKey.append(key)
        hasPendingKey = true
    }

    package mutating func endMember(_ value: Void, in count: inout Int) {
        if tracksPath { path.pop() }
        bytes.spillIfFull()
    }

    /// A string from its bytes: copied with the escapes XML needs, no `String` made.
    package mutating func string(validatedUTF8 utf8: UnsafeBufferPointer<UInt8>) throws(Diagnostic) {
        try writePendingKey()
        try writeString(utf8: utf8, element: "string")
    }

    package mutating func endDictionary(_ count: Int) {
        close("dict")
    }

    // MARK: - Bytes

    /// Per open container, whether a child has been written (and so its tag completed).
    var hasChildren: [Bool] = []

    /// Completes the parent's opening tag before its first child, then writes the pending key.
    mutating func writePendingKey() throws(Diagnostic) {
        if let last = hasChildren.indices.last, !hasChildren[last] {
            hasChildren[last] = true
            bytes.append(UInt8(ascii: ">"))
            endLine()
        }
        guard hasPendingKey else { return }
        hasPendingKey = false
        try writeString(utf8: pendingKey.written, element: "key")
    }

    @inline(__always) func append(_ text: String) {
        bytes.append(text)
    }

    /// `<name>`, or `</name>` when closing, without building a string.
    @inline(__always) func tag(_ name: StaticString, closing: Bool = false) {
        bytes.append(UInt8(ascii: "<"))
        if closing { bytes.append(UInt8(ascii: "/")) }
        name.withUTF8Buffer { bytes.append($0) }
        bytes.append(UInt8(ascii: ">"))
    }

    @inline(__always) func line() {
        guard options.pretty else { return }
        for _ in 0..<depth { bytes.append(0x09) }
    }

    @inline(__always) func endLine() {
        if options.pretty { bytes.append(0x0A) }
    }

    mutating func element(_ name: StaticString, _ text: String) throws(Diagnostic) {
        try openElement(name)
        append(text)
        closeElement(name)
    }

    /// The pending key, indentation and `<name>`: the start of a one-line element.
    mutating func openElement(_ name: StaticString) throws(Diagnostic) {
        try writePendingKey()
        line()
        tag(name)
    }

    /// `</name>` and the end of the line.
    func closeElement(_ name: StaticString) {
        tag(name, closing: true)
        endLine()
    }

    /// Writes `string` as the text of element `name`: runs that need no escape (found eight
    /// bytes at a time by `ByteScanning`, Greek, CJK and emoji included) are copied in bulk;
    /// `&`, `<`, `>` and carriage return are escaped, tab and newline copied, and a character XML
    /// 1.0 cannot carry refused.
    func writeString(_ string: String, element name: StaticString) throws(Diagnostic) {
        var string = string
        if let refusal = string.withUTF8({ refusal(writing: $0, element: name) }) { throw refusal }
    }

    /// Writes the UTF-8 bytes of a string as the text of element `name`, as ``writeString(_:element:)``.
    func writeString(utf8: UnsafeBufferPointer<UInt8>, element name: StaticString) throws(Diagnostic) {
        if let refusal = refusal(writing: utf8, element: name) { throw refusal }
    }

    /// Writes the element as ``writeString(utf8:element:)`` does; returns the error instead of
    /// throwing it.
    private func refusal(writing utf8: UnsafeBufferPointer<UInt8>, element name: StaticString) -> Diagnostic? {
        line()
        tag(name)
        do {
            var run = 0
            while true {
                let stop = ByteScanning.firstXMLTextStop(in: utf8, from: run)
                bytes.append(UnsafeBufferPointer(rebasing: utf8[run..<stop]))
                guard stop < utf8.count else { break }
                run = stop + 1
                switch utf8[stop] {
                case UInt8(ascii: "&"): append("&amp;")
                case UInt8(ascii: "<"): append("&lt;")
                case UInt8(ascii: ">"): append("&gt;")
                case 0x0D: append("&#13;")
                case 0x09, 0x0A: bytes.append(utf8[stop])
                case 0xEF:
                    // U+FFFE and U+FFFF are EF BF BE and EF BF BF; every other EF sequence is text.
                    if run + 1 < utf8.count, utf8[run] == 0xBF, utf8[run + 1] >= 0xBE {
                        return unrepresentable(0xFFFE + UInt32(utf8[run + 1] - 0xBE), element: name)
                    }
                    bytes.append(0xEF)
                default: return unrepresentable(UInt32(utf8[stop]), element: name)
                }
            }
        }
        tag(name, closing: true)
        endLine()
        return nil
    }

    /// The error for a scalar XML 1.0 cannot carry in a key or string.
    func unrepresentable(_ scalar: UInt32, element name: StaticString) -> Diagnostic {
        let code = String(scalar, radix: 16, uppercase: true)
        let what = name.description == "key" ? "dictionary key" : "string"
        return Diagnostic(
            .characterNotRepresentable,
            "\(what) holds U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code), which XML 1.0 cannot carry",
            path: path, remedy: .binaryPlist(to: "write a binary property list, which holds any string"))
    }
}
