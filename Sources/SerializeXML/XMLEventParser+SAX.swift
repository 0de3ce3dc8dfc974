/// The libxml2 SAX2 callbacks behind ``XMLEventParser``.

internal import CLibXML2
import Foundation
import SerializeCore

extension XMLEventParser {
    /// What libxml2's user data points at while a parse runs: the parser and its handler, held
    /// in `let`s so that every callback borrows both and retains neither (a retain and a release
    /// per event cost about a tenth of a lint).
    final class Dispatch {
        let parser: XMLEventParser
        let handler: any XMLEventHandler

        init(parser: XMLEventParser, handler: any XMLEventHandler) {
            self.parser = parser
            self.handler = handler
        }
    }

    // MARK: - The handler table

    /// The SAX2 handler every parse installs: only the callbacks below are set, so libxml2 builds
    /// no tree, declares no entity and loads no external subset.
    static func makeSAXHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.internalSubset = { user, _, _, _ in
            XMLEventParser.with(user) { $0.parser.sawDocumentType($0.handler) }
        }
        sax.startElementNs = { user, localname, _, _, _, _, _, _, _ in
            XMLEventParser.with(user) { $0.parser.sawStartElement(localname, $0.handler) }
        }
        sax.endElementNs = { user, localname, _, _ in
            XMLEventParser.with(user) { $0.parser.sawEndElement(localname, $0.handler) }
        }
        sax.characters = { user, text, length in
            XMLEventParser.with(user) { $0.parser.sawText(text, length, isCDATA: false, $0.handler) }
        }
        sax.ignorableWhitespace = sax.characters
        sax.cdataBlock = { user, text, length in
            XMLEventParser.with(user) { $0.parser.sawText(text, length, isCDATA: true, $0.handler) }
        }
        sax.serror = { user, error in
            guard let error else { return }
            XMLEventParser.with(user) { $0.parser.sawError(error.pointee, $0.handler) }
        }
        return sax
    }

    /// Routes the errors libxml2 raises with no parser context (an input that is not in the
    /// encoding its XML declaration names: `input conversion failed`, `encoder error`) to the
    /// running parse, instead of libxml2's default of printing them to standard error, for the
    /// duration of `body`. libxml2 keeps this handler per thread.
    static func routingContextFreeErrors<R>(to dispatch: Dispatch, _ body: () -> R) -> R {
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(dispatch).toOpaque()) { user, error in
            guard let error else { return }
            XMLEventParser.with(user) { $0.parser.sawContextFreeError(error.pointee, $0.handler) }
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        return body()
    }

    /// Calls `body` with the ``Dispatch`` behind libxml2's user data, without retaining it
    /// (`parse` keeps it alive).
    @inline(__always)
    private static func with(_ user: UnsafeMutableRawPointer?, _ body: (Dispatch) -> Void) {
        guard let user else { return }
        Unmanaged<Dispatch>.fromOpaque(user)._withUnsafeGuaranteedRef(body)
    }

    // MARK: - Positions

    /// The byte offset libxml2 has reached in the source.
    @inline(__always)
    private var currentOffset: Int {
        guard let input = session.pointee.context?.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return 0 }
        return Int(input.pointee.consumed) + (cur - base)
    }

    /// The offset of the `<` that opens the tag libxml2 is on, searching back from `offset`.
    /// (`<` cannot appear inside a tag, not even in an attribute value.)
    private func tagStart(before offset: Int) -> Int {
        withBytes { bytes in
            var i = min(offset, bytes.count - 1)
            while i > 0, bytes[i] != UInt8(ascii: "<") { i -= 1 }
            return max(i, 0)
        }
    }

    /// The offset just past the `>` that closes the tag libxml2 is on.
    private func tagEnd(from offset: Int) -> Int {
        withBytes { bytes in
            var i = max(offset, 0)
            while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
            return min(i + 1, bytes.count)
        }
    }

    /// Calls `body` with the source bytes: the running parse's (no `Data` access), else `source`'s.
    @inline(__always)
    private func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        let bytes = session.pointee.bytes
        return bytes.baseAddress != nil ? body(bytes) : source.withUnsafeBytes(body)
    }

    /// The offset of the `<` of the start tag reported at `position` (``XMLEventHandler``).
    package func startTagStart(reportedAt position: Int) -> Int { tagStart(before: position) }

    /// The offset just past the `>` of the start tag reported at `position`.
    package func startTagEnd(reportedAt position: Int) -> Int { tagEnd(from: position) }

    /// The offset of the `<` of the end tag (or of the empty element `<name/>`) reported at
    /// `position`, which is just past its `>`.
    package func endTagStart(reportedAt position: Int) -> Int { tagStart(before: position - 1) }

    @inline(__always)
    private func name(_ pointer: UnsafePointer<xmlChar>?) -> XMLName {
        XMLName(pointer.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) })
    }

    // MARK: - Events

    fileprivate func sawDocumentType(_ handler: any XMLEventHandler) {
        let offset = firstNonWhitespace(from: currentOffset)
        let bytes = session.pointee.bytes
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "[") else { return }
        handler.xmlDiagnostic(
            Diagnostic(
                .internalSubset,
                "internal DTD subset refused: its entity declarations could expand without bound or read local files; remove the [ … ] part of <!DOCTYPE>",
                at: location(ofByteOffset: offset)),
            parser: self)
        stop()
    }

    fileprivate func sawStartElement(_ localname: UnsafePointer<xmlChar>?, _ handler: any XMLEventHandler) {
        guard !session.pointee.stopped else { return }
        let position = currentOffset
        session.pointee.depth += 1
        if session.pointee.depth > options.maxDepth {
            refuseDepth(at: tagStart(before: position), handler)
            return
        }
        handler.xmlStartElement(name(localname), at: position, parser: self)
    }

    /// Reports elements nested deeper than the limit and stops (apart, so that the per-element
    /// path stays small).
    @inline(never)
    private func refuseDepth(at start: Int, _ handler: any XMLEventHandler) {
        handler.xmlDiagnostic(
            Diagnostic(
                .nestingTooDeep, "elements nested deeper than \(options.maxDepth) levels; refusing to read further",
                at: location(ofByteOffset: start)),
            parser: self)
        stop()
    }

    fileprivate func sawEndElement(_ localname: UnsafePointer<xmlChar>?, _ handler: any XMLEventHandler) {
        guard !session.pointee.stopped else { return }
        let position = currentOffset
        session.pointee.depth -= 1
        handler.xmlEndElement(name(localname), at: position, parser: self)
    }

    fileprivate func sawText(_ text: UnsafePointer<xmlChar>?, _ length: Int32, isCDATA: Bool, _ handler: any XMLEventHandler) {
        guard !session.pointee.stopped, let text else { return }
        switch session.pointee.textInterest {
        case .all: break
        case .none: return
        case .nonBlank:
            var i = 0
            let count = Int(length)
            while i < count, text[i] == 0x20 || text[i] == 0x0A || text[i] == 0x0D || text[i] == 0x09 { i += 1 }
            if i == count { return }
        }
        handler.xmlText(UnsafeRawBufferPointer(start: text, count: Int(length)), isCDATA: isCDATA, parser: self)
    }

    /// An error libxml2 raised with no parser context: the encoding converter's. It is reported
    /// once; the parse cannot be stopped from inside the converter (libxml2 would read the input
    /// it just released), so the error that follows from it, in context, stops the parse and is
    /// not reported.
    fileprivate func sawContextFreeError(_ error: xmlError, _ handler: any XMLEventHandler) {
        guard !session.pointee.stopped, !session.pointee.encodingFailed else { return }
        session.pointee.encodingFailed = true
        report(error, handler)
    }

    fileprivate func sawError(_ error: xmlError, _ handler: any XMLEventHandler) {
        guard !session.pointee.stopped else { return }
        if session.pointee.encodingFailed { return stop() }
        report(error, handler)
    }

    private func report(_ error: xmlError, _ handler: any XMLEventHandler) {
        var message = error.message.map { String(cString: $0) } ?? "unknown libxml2 error"
        while message.last?.isWhitespace == true { message.removeLast() }
        let fatal = error.level != XML_ERR_WARNING && error.level != XML_ERR_ERROR
        let severity: Diagnostic.Severity = error.level == XML_ERR_WARNING ? .warning : .error
        let code: Diagnostic.Code
        var offset = currentOffset
        switch Int(error.code) {
        case Int(XML_ERR_DOCUMENT_END.rawValue): code = .trailingContent
        case Int(XML_ERR_DOCUMENT_EMPTY.rawValue): code = .emptyDocument
        case Int(XML_ERR_UNDECLARED_ENTITY.rawValue), Int(XML_WAR_UNDECLARED_ENTITY.rawValue):
            code = .entityReference
            let name = error.str1.map { String(cString: $0) } ?? ""
            message = "entity reference &\(name); refused: only &amp; &lt; &gt; &quot; &apos; and character references such as &#10; are allowed"
            // libxml2 points past the reference; point at its `&`.
            let bytes = session.pointee.bytes
            var i = min(offset, bytes.count) - 1
            while i > 0, bytes[i] != UInt8(ascii: "&") { i -= 1 }
            offset = max(i, 0)
        case Int(XML_I18N_CONV_FAILED.rawValue), Int(XML_IO_ENCODER.rawValue):
            code = .encodingMismatch
            let bytes = error.str1.map { String(cString: $0) } ?? ""
            let declared = declaredEncoding.map { "valid \($0), the encoding the XML declaration names" } ?? "in the encoding the XML declaration names"
            message = "the bytes \(bytes.isEmpty ? "here" : bytes) are not \(declared); "
                + "re-encode the file in that encoding, or correct the declaration (encoding=\"UTF-8\" if the file is UTF-8)"
            if let found = firstOccurrence(ofHexBytes: bytes) { offset = found }
        case Int(XML_ERR_INVALID_CHAR.rawValue) where message.hasPrefix("Input is not proper UTF-8"):
            // libxml2: "Input is not proper UTF-8, indicate encoding !\nBytes: 0xAA 0x20 0x43 0x6F".
            code = .encodingMismatch
            let bytes = (error.str1.map { String(cString: $0) } ?? "").replacingOccurrences(of: "Bytes:", with: "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let which = declaredEncoding.map { "valid \($0), the encoding the XML declaration names" }
                ?? "valid UTF-8, the encoding of an XML file that declares none"
            message = "the bytes \(bytes.isEmpty ? "here" : bytes) are not \(which); re-encode the file as UTF-8, "
                + "or declare the encoding it is in (<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>)"
            if let found = firstOccurrence(ofHexBytes: bytes) { offset = found }
        default: code = .notWellFormed
        }
        // One line: libxml2 puts details after a newline in some messages.
        if message.contains(where: \.isNewline) {
            message = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ")
        }
        var place = location(ofByteOffset: offset)
        // libxml2's own line and column (it counts characters, as the column rule does) name the
        // place it stopped at more exactly than the offset it had reached.
        if code != .entityReference, code != .encodingMismatch, error.line > 0, error.int2 > 0 {
            place = InputLocation(line: Int(error.line), column: Int(error.int2), byteOffset: offset)
        }
        handler.xmlDiagnostic(Diagnostic(code, message, severity: severity, at: place), parser: self)
        // Without recovery libxml2 stops delivering events after a fatal error but keeps
        // reporting the errors that follow from it; stop so only the first one is reported.
        if fatal, !session.pointee.encodingFailed { stop() }
    }

    /// The `encoding` of the XML declaration at the start of the source, if it has one.
    private var declaredEncoding: String? {
        withBytes { bytes in
            let head = Array(bytes.prefix(256))
            guard head.starts(with: Array("<?xml".utf8)), let end = head.firstRange(of: Array("?>".utf8))?.lowerBound,
                  let name = head[..<end].firstRange(of: Array("encoding".utf8))?.upperBound
            else { return nil }
            let rest = head[name..<end].drop { $0 == 0x20 || $0 == 0x3D || $0 == 0x09 }
            guard let quote = rest.first, quote == 0x22 || quote == 0x27 else { return nil }
            let value = rest.dropFirst().prefix { $0 != quote }
            return String(decoding: value, as: UTF8.self)
        }
    }

    /// The offset of the first occurrence in the source of the bytes libxml2 names as
    /// `0x81 0xFF 0xA1 0xA1` (the input its encoding converter refused), if there is one.
    private func firstOccurrence(ofHexBytes text: String) -> Int? {
        let needle = text.split(separator: " ").compactMap { word -> UInt8? in
            word.hasPrefix("0x") ? UInt8(word.dropFirst(2), radix: 16) : nil
        }
        guard !needle.isEmpty else { return nil }
        return withBytes { $0.firstRange(of: needle)?.lowerBound }
    }
}
