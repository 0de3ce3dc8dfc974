/// The only module that sees libxml2.
///
/// `SerializeXML` wraps the C library behind Swift types: every libxml2 handle is owned by a
/// `final class` that frees it in `deinit`, libxml2 errors become Swift values carrying a
/// 1-based line and column, and no libxml2 type appears in a public signature. The XML
/// property-list reader and the plist inspector build on it.

internal import CLibXML2
public import Foundation

/// Facts about the libxml2 this build links.
public enum LibXML2 {
    /// The runtime version of libxml2, such as `"2.9.14"`.
    public static var version: String {
        // xmlParserVersion is "20914" for 2.9.14.
        guard let raw = __xmlParserVersion()?.pointee, let number = Int(String(cString: raw)) else { return "unknown" }
        return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }

    /// Initializes libxml2 once per process (its global tables are not safe to set up lazily from
    /// several threads at once).
    static func initialize() {
        _ = initialized
    }

    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// The options of every parse: the event parser's, lint's well-formedness pass and the
    /// baselines, so that the floor and the lint parse exactly as the reader does. No network
    /// (`XML_PARSE_NONET`); no libxml2 depth or size limit (`XML_PARSE_HUGE`: the event parser
    /// and the plist scanner keep their own depth limit); line numbers past 65535.
    static let parseFlags = XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_BIG_LINES.rawValue
}

// MARK: - Baselines

extension LibXML2 {
    /// Parses `data` with libxml2 alone: the same options as the event parser and a SAX2
    /// handler with no callbacks, so nothing but libxml2's own work is done.
    ///
    /// This is the floor the inspector is measured against (Benchmarks/LintBenchmarks).
    ///
    /// - Returns: whether libxml2 found `data` well-formed.
    public static func parseOnly(_ data: Data) -> Bool {
        parse(data, counting: nil, copying: true)
    }

    /// Whether libxml2 parses `data` with no error and no warning at all, with the event
    /// parser's options and no callback but the error handler: the well-formedness check of a
    /// lint that leaves the property-list grammar to a byte scanner.
    package static func parsesCleanly(_ data: Data) -> Bool {
        var problems = 0
        let wellFormed = withUnsafeMutablePointer(to: &problems) { parse(data, counting: $0, copying: false) }
        return wellFormed && problems == 0
    }

    /// ``parseOnly(_:)``, counting libxml2's errors and warnings in `problems` when given.
    ///
    /// With `copying`, libxml2 copies the whole input first (`xmlCreateMemoryParserCtxt`, what
    /// the floor does); without, it reads the input through a read callback into its own small
    /// buffer, which it shrinks as it parses: the same parse, without a second copy of the input
    /// to allocate and fault in.
    private static func parse(_ data: Data, counting problems: UnsafeMutablePointer<Int>?, copying: Bool) -> Bool {
        initialize()
        return data.withUnsafeBytes { raw -> Bool in
            var reading = raw
            return withUnsafeMutablePointer(to: &reading) { reading -> Bool in
                guard raw.baseAddress != nil, raw.count < Int(Int32.max) else { return false }
                let context = copying ? xmlCreateMemoryParserCtxt(raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count))
                    : xmlCreateIOParserCtxt(nil, nil, readNext, nil, reading, XML_CHAR_ENCODING_NONE)
                guard let context else { return false }
                return parse(context, counting: problems)
            }
        }
    }

    /// Hands libxml2 the next bytes of the input (an `UnsafeRawBufferPointer` that shrinks from
    /// the front as it is read).
    private static let readNext: xmlInputReadCallback = { context, buffer, length in
        guard let context, let buffer, length > 0 else { return -1 }
        let rest = context.assumingMemoryBound(to: UnsafeRawBufferPointer.self)
        let count = min(Int(length), rest.pointee.count)
        if count > 0, let base = rest.pointee.baseAddress {
            UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count)
            rest.pointee = UnsafeRawBufferPointer(rebasing: rest.pointee[count...])
        }
        return Int32(count)
    }

    /// Parses with the context `ctxt` (freed here), no callbacks but errors counted in `problems`.
    private static func parse(_ ctxt: xmlParserCtxtPtr, counting problems: UnsafeMutablePointer<Int>?) -> Bool {
        defer { xmlFreeParserCtxt(ctxt) }
        let flags = parseFlags
        xmlCtxtUseOptions(ctxt, Int32(bitPattern: flags))
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        // libxml2 hands the structured error handler the context's userData.
        sax.serror = { problems, _ in problems?.assumingMemoryBound(to: Int.self).pointee += 1 }
        ctxt.pointee.sax.pointee = sax
        ctxt.pointee.userData = problems.map(UnsafeMutableRawPointer.init)
        // Errors raised with no context (the encoding converter's) are counted too, not printed.
        xmlSetStructuredErrorFunc(ctxt.pointee.userData) { problems, _ in problems?.assumingMemoryBound(to: Int.self).pointee += 1 }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        xmlParseDocument(ctxt)
        return ctxt.pointee.wellFormed != 0
    }

    /// Walks `data` with libxml2's streaming `xmlTextReader`, as `xmllint --stream --noout`
    /// does, and returns the number of nodes (or -1 when the document is not well-formed).
    public static func readerWalk(_ data: Data) -> Int {
        initialize()
        return data.withUnsafeBytes { raw -> Int in
            guard let base = raw.baseAddress, raw.count < Int(Int32.max) else { return -1 }
            let flags = parseFlags
            guard let reader = xmlReaderForMemory(base.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, nil, Int32(bitPattern: flags))
            else { return -1 }
            defer { xmlFreeTextReader(reader) }
            xmlTextReaderSetStructuredErrorHandler(reader, { _, _ in }, nil)
            var nodes = 0
            var status = xmlTextReaderRead(reader)
            while status == 1 {
                nodes += 1
                status = xmlTextReaderRead(reader)
            }
            return status == 0 ? nodes : -1
        }
    }
}
