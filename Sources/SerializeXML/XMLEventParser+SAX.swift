/// The libxml2 SAX2 callbacks behind ``XMLEventParser``.

internal import CLibXML2
import Foundation

extension XMLEventParser {
    // MARK: - The handler table

    /// The SAX2 handler every parse installs: only the callbacks below are set, so libxml2 builds
    /// no tree, declares no entity and loads no external subset.
    static func makeSAXHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.internalSubset = { user, _, _, _ in
            XMLEventParser.from(user)?.sawDocumentType()
        }
        sax.startElementNs = { user, localname, _, _, _, _, _, _, _ in
            XMLEventParser.from(user)?.sawStartElement(localname)
        }
        sax.endElementNs = { user, localname, _, _ in
            XMLEventParser.from(user)?.sawEndElement(localname)
        }
        sax.characters = { user, text, length in
            XMLEventParser.from(user)?.sawText(text, length, isCDATA: false)
        }
        sax.ignorableWhitespace = sax.characters
        sax.cdataBlock = { user, text, length in
            XMLEventParser.from(user)?.sawText(text, length, isCDATA: true)
        }
        sax.serror = { user, error in
            guard let error else { return }
            XMLEventParser.from(user)?.sawError(error.pointee)
        }
        return sax
    }

    private static func from(_ user: UnsafeMutableRawPointer?) -> XMLEventParser? {
        user.map { Unmanaged<XMLEventParser>.fromOpaque($0).takeUnretainedValue() }
    }

    // MARK: - Positions

    /// The byte offset libxml2 has reached in the source.
    private var currentOffset: Int {
        guard let input = context?.pointee.input?.pointee, let cur = input.cur, let base = input.base else { return 0 }
        return Int(input.consumed) + (cur - base)
    }

    /// The offset of the `<` that opens the tag libxml2 is on, searching back from `offset`.
    private func tagStart(before offset: Int) -> Int {
        source.withUnsafeBytes { raw in
            var i = min(offset, raw.count - 1)
            while i > 0, raw[i] != UInt8(ascii: "<") { i -= 1 }
            return max(i, 0)
        }
    }

    /// The offset just past the `>` that closes the tag libxml2 is on.
    private func tagEnd(from offset: Int) -> Int {
        source.withUnsafeBytes { raw in
            var i = offset
            while i < raw.count, raw[i] != UInt8(ascii: ">") { i += 1 }
            return min(i + 1, raw.count)
        }
    }

    private func name(_ pointer: UnsafePointer<xmlChar>?) -> XMLName {
        guard let pointer else { return XMLName(bytes: UnsafeRawBufferPointer(start: nil, count: 0)) }
        return XMLName(bytes: UnsafeRawBufferPointer(start: pointer, count: strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))))
    }

    // MARK: - Events

    fileprivate func sawDocumentType() {
        let offset = firstNonWhitespace(from: currentOffset)
        let hasSubset = source.withUnsafeBytes { offset < $0.count && $0[offset] == UInt8(ascii: "[") }
        guard hasSubset, let handler else { return }
        let (line, column) = location(ofByteOffset: offset)
        handler.xmlDiagnostic(
            XMLDiagnostic(
                kind: .internalSubset, level: .fatal,
                message: "internal DTD subset refused: its entity declarations could expand without bound or read local files; remove the [ … ] part of <!DOCTYPE>",
                line: line, column: column, byteOffset: offset),
            parser: self)
        stop()
    }

    fileprivate func sawStartElement(_ localname: UnsafePointer<xmlChar>?) {
        guard let handler, !stopped else { return }
        let offset = currentOffset
        let start = tagStart(before: offset)
        depth += 1
        if depth > options.maxDepth {
            let (line, column) = location(ofByteOffset: start)
            handler.xmlDiagnostic(
                XMLDiagnostic(
                    kind: .tooDeep(limit: options.maxDepth), level: .fatal,
                    message: "elements nested deeper than \(options.maxDepth) levels; refusing to read further",
                    line: line, column: column, byteOffset: start),
                parser: self)
            stop()
            return
        }
        handler.xmlStartElement(name(localname), start: start, end: tagEnd(from: offset), parser: self)
    }

    fileprivate func sawEndElement(_ localname: UnsafePointer<xmlChar>?) {
        guard let handler, !stopped else { return }
        let end = currentOffset
        depth -= 1
        handler.xmlEndElement(name(localname), start: tagStart(before: end - 1), end: end, parser: self)
    }

    fileprivate func sawText(_ text: UnsafePointer<xmlChar>?, _ length: Int32, isCDATA: Bool) {
        guard let handler, !stopped, let text else { return }
        handler.xmlText(UnsafeRawBufferPointer(start: text, count: Int(length)), isCDATA: isCDATA, parser: self)
    }

    fileprivate func sawError(_ error: xmlError) {
        guard let handler, !stopped else { return }
        var message = error.message.map { String(cString: $0) } ?? "unknown libxml2 error"
        while message.last?.isWhitespace == true { message.removeLast() }
        let level: XMLDiagnostic.Level =
            switch error.level {
            case XML_ERR_WARNING: .warning
            case XML_ERR_ERROR: .error
            default: .fatal
            }
        let code = Int(error.code)
        let kind: XMLDiagnostic.Kind =
            switch code {
            case Int(XML_ERR_DOCUMENT_END.rawValue): .trailingContent
            case Int(XML_ERR_DOCUMENT_EMPTY.rawValue): .emptyDocument
            case Int(XML_ERR_UNDECLARED_ENTITY.rawValue), Int(XML_WAR_UNDECLARED_ENTITY.rawValue):
                .entityReference(name: error.str1.map { String(cString: $0) } ?? "")
            default: .notWellFormed(code: code)
            }
        var offset = currentOffset
        var line = Int(error.line), column = Int(error.int2)
        if case .entityReference = kind {
            // libxml2 points past the reference; point at its `&`.
            offset = source.withUnsafeBytes { raw in
                var i = min(offset, raw.count) - 1
                while i > 0, raw[i] != UInt8(ascii: "&") { i -= 1 }
                return max(i, 0)
            }
            (line, column) = location(ofByteOffset: offset)
        }
        if line <= 0 || column <= 0 { (line, column) = location(ofByteOffset: offset) }
        handler.xmlDiagnostic(
            XMLDiagnostic(kind: kind, level: level, message: message, line: line, column: column, byteOffset: offset),
            parser: self)
        // Without recovery libxml2 stops delivering events after a fatal error but keeps
        // reporting the errors that follow from it; stop so only the first one is reported.
        if level == .fatal { stop() }
    }
}
