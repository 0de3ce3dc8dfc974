/// A streaming XML parser on libxml2 that reports events with exact byte offsets.

package import Foundation
package import SerializeCore
internal import CLibXML2

/// Receives the events of an ``XMLEventParser`` in document order.
///
/// Name and text buffers are only valid during the call; copy what you keep. Offsets are 0-based
/// byte offsets into the parser's ``XMLEventParser/source``; turn one into a line and column with
/// ``XMLEventParser/location(ofByteOffset:)``. Problems arrive as ``Diagnostic``s located by the
/// one column rule of ``InputLocation``, with the codes in `Diagnostic+XML.swift`.
package protocol XMLEventHandler: AnyObject {
    /// A start tag `<name …>` or `<name/>`, reported at `position`: the offset libxml2 had reached,
    /// inside the tag. The offsets of its `<` and past its `>` cost a search, so they are found
    /// only when asked: ``XMLEventParser/startTagStart(reportedAt:)`` and
    /// ``XMLEventParser/startTagEnd(reportedAt:)``.
    func xmlStartElement(_ name: XMLName, at position: Int, parser: XMLEventParser)
    /// An end tag `</name>`, or the end of an empty element `<name/>`, reported at `position`: the
    /// offset just past its `>`. Its `<` (that element's `<` for `<name/>`) is
    /// ``XMLEventParser/endTagStart(reportedAt:)``.
    func xmlEndElement(_ name: XMLName, at position: Int, parser: XMLEventParser)
    /// Character data (with entities and line ends already decoded) or the content of a CDATA
    /// section. One run of text may arrive in several calls.
    func xmlText(_ bytes: UnsafeRawBufferPointer, isCDATA: Bool, parser: XMLEventParser)
    /// A problem libxml2 reported (severity warning or error; libxml2's message), or a construct
    /// the parser refused (``Diagnostic/Code/internalSubset``, ``Diagnostic/Code/entityReference``,
    /// ``Diagnostic/Code/nestingTooDeep``, ...).
    func xmlDiagnostic(_ diagnostic: Diagnostic, parser: XMLEventParser)
}

/// The name of an element, borrowed from libxml2 for the duration of one callback.
package struct XMLName {
    /// The name's NUL-terminated UTF-8 bytes, or nil for no name.
    let start: UnsafePointer<CChar>?

    init(_ start: UnsafePointer<CChar>?) {
        self.start = start
    }

    /// The UTF-8 bytes of the local name.
    package var bytes: UnsafeRawBufferPointer {
        guard let start else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: start, count: strlen(start))
    }

    /// Where libxml2 keeps the name. libxml2 interns element names in its parser's dictionary,
    /// so during one parse a name arrives at the same address every time: a handler may
    /// remember what it made of a name by this address instead of comparing bytes again.
    package var identity: UnsafeRawPointer? { start.map(UnsafeRawPointer.init) }

    /// Whether the name is exactly `literal`.
    package func equals(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard let start else { return count == 0 }
        return strncmp(start, UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self), count) == 0 && start[count] == 0
    }

    /// The name as a `String`.
    package var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// Which text a handler wants next: it says so through ``XMLEventParser/textInterest`` as
/// elements open and close, and text it does not want never reaches it.
package enum XMLTextInterest: UInt8, Sendable {
    /// Every run of text (the default).
    case all
    /// Only runs that hold more than XML white space (space, tab, line feed, carriage return).
    case nonBlank
    /// No text at all.
    case none
}

/// Limits and switches for an ``XMLEventParser``.
package struct XMLParserOptions: Sendable, Hashable {
    /// The deepest element nesting accepted; deeper input is refused with a
    /// ``Diagnostic/Code/nestingTooDeep`` diagnostic. libxml2's own limit (256) is lifted with
    /// `XML_PARSE_HUGE`, so this one applies.
    package var maxDepth: Int

    /// Options with a depth limit of `maxDepth` (512 by default, which is what plutil accepts).
    package init(maxDepth: Int = 512) {
        self.maxDepth = maxDepth
    }
}

/// A streaming XML parser over libxml2's SAX2 interface.
///
/// The parser never touches the network, never loads a DTD, never expands an entity beyond the
/// five predefined ones and character references, and refuses a document type declaration with an
/// internal subset (`<!DOCTYPE x [ … ]>`) before its declarations are read, so billion-laughs and
/// external-entity (XXE) inputs are harmless. Events arrive in document order as libxml2 parses
/// them, so everything before a syntax error has been reported when the error is.
///
/// libxml2's streaming `xmlTextReader` was measured and not used: it parses 512 bytes ahead of
/// the node it returns and drops every node of that chunk when the chunk holds a syntax error, so
/// the problems before a syntax error would be lost.
///
/// One parser is one libxml2 context: use it on one thread at a time.
package final class XMLEventParser {
    /// The bytes being parsed, as UTF-8 (UTF-16 input is transcoded first).
    package let source: Data
    /// The parser's limits.
    package let options: XMLParserOptions

    /// Whether `source` was transcoded from UTF-16, in which case libxml2 is told to ignore the
    /// document's encoding declaration.
    let transcoded: Bool
    /// The state of the running parse. It lives behind a pointer the parser owns (allocated in
    /// `init`, freed in `deinit`) so the per-event callbacks pay no exclusivity checks.
    let session: UnsafeMutablePointer<Session>

    /// What a running parse needs in every callback.
    struct Session {
        /// The libxml2 parser context, alive while `parse` runs.
        var context: xmlParserCtxtPtr?
        /// The source bytes, valid while `parse` runs.
        var bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        /// Element nesting depth.
        var depth = 0
        /// Whether the parse was stopped by a refusal or a fatal error.
        var stopped = false
        /// Whether libxml2's encoding converter refused the input (reported; the parse stops at
        /// the next error in context).
        var encodingFailed = false
        /// Which text the handler wants now.
        var textInterest = XMLTextInterest.all
        var lines = InputLocator()
    }

    /// Whether the last parse was stopped by a refusal or a fatal error.
    package var stopped: Bool { session.pointee.stopped }

    /// Which text the handler wants from here on (``XMLTextInterest/all`` when a parse starts):
    /// a handler that ignores white space between elements, or all the text of some element,
    /// sets it as elements open and close, and is spared millions of calls.
    package var textInterest: XMLTextInterest {
        get { session.pointee.textInterest }
        set { session.pointee.textInterest = newValue }
    }

    /// A parser of `data`. UTF-16 input (with a byte order mark) is transcoded to UTF-8 first.
    package init(data: Data, options: XMLParserOptions = XMLParserOptions()) {
        if let utf8 = Self.transcodedUTF16(data) {
            source = utf8
            transcoded = true
        } else {
            source = data
            transcoded = false
        }
        self.options = options
        session = .allocate(capacity: 1)
        session.initialize(to: Session())
    }

    deinit {
        session.deinitialize(count: 1)
        session.deallocate()
    }

    // MARK: - Parsing

    /// Parses the whole source, calling `handler` for every event and diagnostic.
    ///
    /// - Returns: `true` when libxml2 found the document well-formed and nothing was refused.
    @discardableResult
    package func parse(into handler: some XMLEventHandler) -> Bool {
        LibXML2.initialize()
        guard !source.isEmpty, source.count < Int(Int32.max) else {
            let message = source.isEmpty ? "the input is empty" : "the input is larger than 2 GiB, which libxml2 cannot parse"
            handler.xmlDiagnostic(
                Diagnostic(source.isEmpty ? .emptyDocument : .inputTooLarge, message, at: InputLocation(line: 1, column: 1, byteOffset: 0)),
                parser: self)
            return false
        }
        let dispatch = Dispatch(parser: self, handler: handler)
        return withExtendedLifetime(dispatch) {
            source.withUnsafeBytes { raw -> Bool in
                guard let base = raw.baseAddress,
                      let ctxt = xmlCreateMemoryParserCtxt(base.assumingMemoryBound(to: CChar.self), Int32(raw.count))
                else { return false }
                session.pointee = Session(context: ctxt, bytes: raw)
                defer {
                    ctxt.pointee.userData = nil
                    if let doc = ctxt.pointee.myDoc { xmlFreeDoc(doc) }
                    xmlFreeParserCtxt(ctxt)
                    session.pointee.context = nil
                    session.pointee.bytes = UnsafeRawBufferPointer(start: nil, count: 0)
                    session.pointee.lines = InputLocator()
                }
                var flags = LibXML2.parseFlags
                if transcoded { flags |= XML_PARSE_IGNORE_ENC.rawValue }
                xmlCtxtUseOptions(ctxt, Int32(bitPattern: flags))
                ctxt.pointee.sax.pointee = Self.makeSAXHandler()
                ctxt.pointee.userData = Unmanaged.passUnretained(dispatch).toOpaque()
                Self.routingContextFreeErrors(to: dispatch) { _ = xmlParseDocument(ctxt) }
                return ctxt.pointee.wellFormed != 0 && !session.pointee.stopped
            }
        }
    }

    /// Stops the running parse after the current event.
    package func stop() {
        session.pointee.stopped = true
        if let context = session.pointee.context { xmlStopParser(context) }
    }

    // MARK: - Locations

    /// The location of a byte offset in ``source``, by the column rule of ``InputLocation``.
    ///
    /// Lookups are fastest in increasing order of offset.
    package func location(ofByteOffset offset: Int) -> InputLocation {
        if session.pointee.bytes.baseAddress != nil {
            return session.pointee.lines.locate(offset, in: session.pointee.bytes)
        }
        return source.withUnsafeBytes { session.pointee.lines.locate(offset, in: $0) }
    }

    /// The offset of the first byte at or after `offset` that is not XML white space.
    package func firstNonWhitespace(from offset: Int) -> Int {
        withSourceBytes(min(offset, source.count)..<source.count) { raw in
            offset + (raw.firstIndex { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) } ?? raw.count)
        }
    }

    /// Calls `body` with the source bytes in `range` (clamped to the source).
    package func withSourceBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try source.withUnsafeBytes { raw in
            let lower = max(0, min(range.lowerBound, raw.count)), upper = max(lower, min(range.upperBound, raw.count))
            return try body(UnsafeRawBufferPointer(rebasing: raw[lower..<upper]))
        }
    }

    // MARK: - Encodings

    /// `data` as UTF-8 when it is UTF-16 with a byte order mark, else nil.
    private static func transcodedUTF16(_ data: Data) -> Data? {
        guard data.count >= 2 else { return nil }
        let first = data[data.startIndex], second = data[data.startIndex + 1]
        guard (first == 0xFE && second == 0xFF) || (first == 0xFF && second == 0xFE) else { return nil }
        return String(data: data, encoding: .utf16).map { Data($0.utf8) }
    }
}
