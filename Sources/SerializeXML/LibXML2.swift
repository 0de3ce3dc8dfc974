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
        parse(data, counting: nil)
    }

    /// Whether libxml2 parses `data` with no error and no warning at all, with the event
    /// parser's options and no callback but the error handler: the well-formedness check of a
    /// lint that leaves the property-list grammar to a byte scanner.
    package static func parsesCleanly(_ data: Data) -> Bool {
        var problems = 0
        let wellFormed = withUnsafeMutablePointer(to: &problems) { parse(data, counting: $0) }
        return wellFormed && problems == 0
    }

    /// ``parseOnly(_:)``, counting libxml2's errors and warnings in `problems` when given.
    private static func parse(_ data: Data, counting problems: UnsafeMutablePointer<Int>?) -> Bool {
        initialize()
        return data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress, raw.count < Int(Int32.max),
                  let ctxt = xmlCreateMemoryParserCtxt(base.assumingMemoryBound(to: CChar.self), Int32(raw.count))
            else { return false }
            defer { xmlFreeParserCtxt(ctxt) }
            let flags = XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_BIG_LINES.rawValue
            xmlCtxtUseOptions(ctxt, Int32(bitPattern: flags))
            var sax = xmlSAXHandler()
            sax.initialized = XML_SAX2_MAGIC
            // libxml2 hands the structured error handler the context's userData.
            sax.serror = { problems, _ in problems?.assumingMemoryBound(to: Int.self).pointee += 1 }
            ctxt.pointee.sax.pointee = sax
            ctxt.pointee.userData = problems.map(UnsafeMutableRawPointer.init)
            xmlParseDocument(ctxt)
            return ctxt.pointee.wellFormed != 0
        }
    }

    /// Walks `data` with libxml2's streaming `xmlTextReader`, as `xmllint --stream --noout`
    /// does, and returns the number of nodes (or -1 when the document is not well-formed).
    public static func readerWalk(_ data: Data) -> Int {
        initialize()
        return data.withUnsafeBytes { raw -> Int in
            guard let base = raw.baseAddress, raw.count < Int(Int32.max) else { return -1 }
            let flags = XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_BIG_LINES.rawValue
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
