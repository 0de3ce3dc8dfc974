/// Writes a ``Document`` as an XML property list.

public import Foundation
import OrderedCollections

/// Writes XML property lists that are always well-formed XML 1.0.
///
/// Integers are written exactly (`UInt64` too), reals as the shortest text that reads back as
/// the same double (`nan`, `+infinity`, `-infinity` as CoreFoundation writes them), dates as ISO
/// 8601 in UTC with the fractional seconds the date holds, data as Base64. `&`, `<`, `>` and the
/// carriage return are escaped, the last so that an XML parser's line-end normalization cannot
/// turn `\r\n` into `\n`. A string holding a character XML 1.0 cannot carry at all (NUL and the
/// other C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF) is refused with
/// ``DocumentError/Code/characterNotRepresentable``: a binary property list can hold it.
/// `null` goes through ``WritingOptions/null``.
public struct XMLPlistWriter: Sendable {
    /// The options this writer applies (``WritingOptions/sortKeys``, ``WritingOptions/null``;
    /// ``WritingOptions/pretty`` chooses tab indentation or none).
    public var options: WritingOptions

    /// Creates a writer.
    public init(options: WritingOptions = WritingOptions()) {
        self.options = options
    }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The XML text of `document`.
    ///
    /// - Throws: ``DocumentError`` located at the path of a value the options refuse.
    public func write(_ document: Document) throws(DocumentError) -> Data {
        let output = XMLPlistOutput(options: options)
        output.append(Self.header)
        if case .null = document {
            switch options.null {
            case .error: throw options.nullError(at: output.path, format: "a property list")
            case .omit: throw DocumentError(.nullNotRepresentable, "a property list cannot be empty: the whole document is null", at: .path("$"))
            case .string: break
            }
        }
        try output.write(document, indent: 0)
        output.append("</plist>\n")
        return output.bytes.takeData()
    }
}

// MARK: - Output

final class XMLPlistOutput {
    let options: WritingOptions
    let bytes = ByteBuffer(capacity: 1 << 16)
    var path = DocumentPath()

    init(options: WritingOptions) {
        self.options = options
    }

    @inline(__always) func append(_ text: String) {
        bytes.append(text)
    }

    @inline(__always) func line(_ indent: Int) {
        guard options.pretty else { return }
        for _ in 0..<indent { bytes.append(0x09) }
    }

    @inline(__always) func endLine() {
        if options.pretty { bytes.append(0x0A) }
    }

    func element(_ name: String, _ text: String, indent: Int) {
        line(indent)
        append("<\(name)>")
        append(text)
        append("</\(name)>")
        endLine()
    }

    func empty(_ name: String, indent: Int) {
        line(indent)
        append("<\(name)/>")
        endLine()
    }

    /// Whether a member or element is left out under the null strategy.
    func skips(_ value: Document) -> Bool {
        if case .null = value, case .omit = options.null { return true }
        return false
    }

    func write(_ document: Document, indent: Int) throws(DocumentError) {
        switch document {
        case .null:
            switch options.null {
            case .error: throw options.nullError(at: path, format: "a property list")
            case .omit: return
            case let .string(text): try writeString(text, element: "string", indent: indent)
            }
        case let .bool(value):
            line(indent)
            append(value ? "<true/>" : "<false/>")
            endLine()
        case let .integer(value): element("integer", String(value), indent: indent)
        case let .unsignedInteger(value): element("integer", String(value), indent: indent)
        case let .double(value):
            let text = TextValues.real(value) ?? (value.isNaN ? "nan" : value < 0 ? "-infinity" : "+infinity")
            element("real", text, indent: indent)
        case let .string(value): try writeString(value, element: "string", indent: indent)
        case let .date(value):
            guard let text = TextValues.iso8601(value) else {
                throw DocumentError(.invalidDate, "date \(value.timeIntervalSinceReferenceDate) is outside the years 1 to 9999 and has no XML form", at: .at(path), hint: "write a binary property list with --to binary")
            }
            element("date", text, indent: indent)
        case let .data(value):
            element("data", value.base64EncodedString(), indent: indent)
        case let .array(elements):
            guard !elements.isEmpty else { return empty("array", indent: indent) }
            line(indent)
            append("<array>")
            endLine()
            for (index, value) in elements.enumerated() where !skips(value) {
                path.push(.index(index))
                try write(value, indent: indent + 1)
                path.pop()
            }
            line(indent)
            append("</array>")
            endLine()
        case let .dictionary(members):
            guard !members.isEmpty else { return empty("dict", indent: indent) }
            line(indent)
            append("<dict>")
            endLine()
            for member in options.ordered(members) where !skips(member.value) {
                path.push(.key(member.key))
                try writeString(member.key, element: "key", indent: indent + 1)
                try write(member.value, indent: indent + 1)
                path.pop()
            }
            line(indent)
            append("</dict>")
            endLine()
        }
    }

    func writeString(_ string: String, element name: String, indent: Int) throws(DocumentError) {
        line(indent)
        append("<\(name)>")
        var string = string
        let plain = string.withUTF8 { utf8 in
            // Nothing to escape or refuse: copy the bytes as they are.
            guard !utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == 0xEF }) else { return false }
            bytes.append(utf8)
            return true
        }
        if plain {
            append("</\(name)>")
            endLine()
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": append("&amp;")
            case "<": append("&lt;")
            case ">": append("&gt;")
            case "\r": append("&#13;")
            case "\t", "\n": bytes.append(UInt8(scalar.value))
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
                let code = String(scalar.value, radix: 16, uppercase: true)
                let what = name == "key" ? "dictionary key" : "string"
                throw DocumentError(
                    .characterNotRepresentable,
                    "\(what) holds U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code), which XML 1.0 cannot carry",
                    at: .at(path), hint: "write a binary property list with --to binary, which holds any string")
            default:
                if scalar.isASCII {
                    bytes.append(UInt8(scalar.value))
                } else {
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
        }
        append("</\(name)>")
        endLine()
    }
}
