/// The walk's diagnostics: collected with a byte offset and a value path while the XML streams
/// by, located (line and column by the one column rule) in offset order at the end, and the
/// translation of libxml2's diagnostics (through SerializeXML) into the property-list ones.

import Foundation
import SerializeCore
import SerializeXML

extension XMLPlistWalk {
    /// A diagnostic before its line and column are known (they are computed in offset order).
    struct Pending {
        var code: Diagnostic.Code
        var severity: Diagnostic.Severity
        var message: String
        var offset: Int
        var path: ValuePath
        /// The location libxml2 gave, which wins over the one computed from ``offset``.
        var location: InputLocation?
        /// An earlier position the message names (`line:column` replaces ``firstPlaceholder``).
        var related: Int?
    }

    /// Stands in a message for the `line:column` of ``Pending/related``.
    static var firstPlaceholder: String { "\u{1}first\u{1}" }

    /// At most this many diagnostics are kept; the rest are counted in a final note.
    static var diagnosticLimit: Int { 1000 }

    // MARK: - Tag offsets

    /// The offset of the `<` of the start tag reported at `position`.
    func tagStart(_ position: Int) -> Int {
        parser?.startTagStart(reportedAt: position) ?? position
    }

    /// The offset of `frame`'s start tag's `<`.
    func start(of frame: Frame) -> Int { tagStart(frame.position) }

    /// The offset just past `frame`'s start tag's `>`.
    func contentStart(of frame: Frame) -> Int {
        parser?.startTagEnd(reportedAt: frame.position) ?? frame.position
    }

    /// The offset just past the last tag's `>`.
    var lastTagEnd: Int {
        guard lastTagWasStart else { return lastTagPosition }
        return parser?.startTagEnd(reportedAt: lastTagPosition) ?? lastTagPosition
    }

    // MARK: - Reporting

    /// The path of the innermost open value, plus `component`.
    func path(adding component: ValuePath.Component?) -> ValuePath {
        var path = ValuePath()
        var key = 0
        for index in frames.indices.dropFirst() {
            let parent = frames[index - 1]
            if frames[index].hasKey {
                path.push(.key(keyIndex.string(keys[key])))
                key += 1
            } else if parent.tag == .array {
                path.push(.index(parent.childCount - 1))
            }
        }
        if let component { path.push(component) }
        return path
    }

    /// Records a problem at `offset`; an error stops the building.
    mutating func report(
        _ code: Diagnostic.Code, _ severity: Diagnostic.Severity, _ message: String, at offset: Int, adding component: ValuePath.Component? = nil
    ) {
        if severity == .error { building = false }
        guard pending.count < Self.diagnosticLimit else {
            dropped += 1
            return
        }
        pending.append(Pending(code: code, severity: severity, message: message, offset: offset, path: path(adding: component)))
    }

    /// The diagnostics in order of position, with lines and columns.
    func diagnostics(using parser: XMLEventParser) -> [Diagnostic] {
        var sorted = pending.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        if dropped > 0, let last = sorted.last {
            sorted.append(Pending(code: last.code, severity: .note, message: "\(dropped) more problems not shown", offset: last.offset, path: last.path))
        }
        // Locate every offset in increasing order, so the line count is one forward scan.
        var locations: [Int: InputLocation] = [:]
        for offset in Set(sorted.map(\.offset) + sorted.compactMap(\.related)).sorted() {
            locations[offset] = parser.location(ofByteOffset: offset)
        }
        return sorted.map { item in
            let location = item.location ?? locations[item.offset] ?? InputLocation(line: 1, column: 1, byteOffset: item.offset)
            var message = item.message
            if let related = item.related, let first = locations[related] {
                message = message.replacingOccurrences(of: Self.firstPlaceholder, with: first.description)
            }
            return Diagnostic(item.code, message, severity: item.severity, at: location, path: item.path)
        }
    }

    // MARK: - libxml2 diagnostics

    /// Records a diagnostic of the XML parser under the property-list code and wording.
    mutating func diagnostic(_ diagnostic: Diagnostic) {
        var code = diagnostic.code
        var message = diagnostic.message
        switch diagnostic.code {
        case .trailingContent:
            message = "content after the root element: a property list ends with </plist> (libxml2: \(diagnostic.message))"
        case .emptyDocument:
            code = .notAPlist
            message = "no root element: this is not an XML property list (libxml2: \(diagnostic.message))"
        case .inputTooLarge:
            code = .notWellFormed
        case .notWellFormed:
            message = "not well-formed XML: \(diagnostic.message)"
        default:
            break  // internal subsets, entity references, nesting: SerializeXML's words are ours
        }
        let severity: Diagnostic.Severity = diagnostic.severity == .warning && code == .notWellFormed ? .warning : .error
        let before = pending.count
        report(code, severity, message, at: diagnostic.location?.byteOffset ?? 0)
        if pending.count > before {
            pending[pending.count - 1].location = diagnostic.location
        }
    }
}
