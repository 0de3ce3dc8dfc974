/// The state machine that turns XML events into a ``Document`` and diagnostics in one pass.

import Foundation
import OrderedCollections
import SerializeXML

/// Walks the events of an ``XMLEventParser`` over a property list, building the value (when asked)
/// and collecting every problem with its byte offset and key path.
final class XMLPlistWalker: XMLEventHandler {
    typealias Diagnostic = XMLPlistReader.Diagnostic

    /// The property-list tags.
    enum Tag: String {
        case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

        init?(_ name: XMLName) {
            switch name.bytes.count {
            case 3 where name.equals("key"): self = .key
            case 4 where name.equals("dict"): self = .dict
            case 4 where name.equals("real"): self = .real
            case 4 where name.equals("date"): self = .date
            case 4 where name.equals("data"): self = .data
            case 4 where name.equals("true"): self = .true
            case 5 where name.equals("array"): self = .array
            case 5 where name.equals("plist"): self = .plist
            case 5 where name.equals("false"): self = .false
            case 6 where name.equals("string"): self = .string
            case 7 where name.equals("integer"): self = .integer
            default: return nil
            }
        }

        /// Whether the tag holds text rather than elements.
        var holdsText: Bool {
            switch self {
            case .plist, .dict, .array: false
            default: true
            }
        }
    }

    /// One open element.
    struct Frame {
        var tag: Tag
        /// Offset of the start tag's `<`.
        var start: Int
        /// Offset just past the start tag's `>`.
        var contentStart: Int
        var values: [Document] = []
        var entries: OrderedDictionary<String, Document> = [:]
        /// The offset of each key's first `<key>`, for duplicates.
        var keyOffsets: [String: Int] = [:]
        var pendingKey: (key: String, offset: Int)?
        var childCount = 0
        /// The key this value goes under in its parent dictionary.
        var keyInParent: String?
        /// A value with nowhere to go (no key before it, or a second root value).
        var orphan = false
        /// Whether this frame pushed a component onto the key path.
        var hasComponent = false
        /// A text tag that held an element (already reported).
        var broken = false
        var reportedText = false

        init(tag: Tag, start: Int, contentStart: Int) {
            self.tag = tag
            self.start = start
            self.contentStart = contentStart
        }
    }

    /// A diagnostic before its line and column are known (they are computed in offset order).
    struct Pending {
        var code: Diagnostic.Code
        var severity: Diagnostic.Severity
        var message: String
        var offset: Int
        var keyPath: String
        var lineColumn: (line: Int, column: Int)?
        /// An earlier position the message names (`line:column` replaces ``firstPlaceholder``).
        var related: Int?
    }

    /// Stands in a message for the `line:column` of ``Pending/related``.
    static let firstPlaceholder = "\u{1}first\u{1}"


    /// At most this many diagnostics are kept; the rest are counted in a final note.
    static let diagnosticLimit = 1000

    let keep: Bool
    private var frames: [Frame] = []
    private var path: [PlistKeyPathComponent] = []
    private var text: [UInt8] = []
    private var skipDepth = 0
    private var lastTagEnd = 0
    private var containerDepth = 0
    private var notedArchive = false
    private var dropped = 0
    private(set) var pending: [Pending] = []
    private(set) var root: Document?
    private(set) var maxDepth = 0

    init(keepingValues keep: Bool) {
        self.keep = keep
    }

    // MARK: - Reporting

    private func report(_ code: Diagnostic.Code, _ severity: Diagnostic.Severity, _ message: String, at offset: Int, adding component: PlistKeyPathComponent? = nil) {
        guard pending.count < Self.diagnosticLimit else {
            dropped += 1
            return
        }
        let keyPath = PlistKeyPathComponent.render(component.map { path + [$0] } ?? path)
        pending.append(Pending(code: code, severity: severity, message: message, offset: offset, keyPath: keyPath))
    }

    /// The diagnostics in order of position, with lines and columns.
    func diagnostics(using parser: XMLEventParser) -> [Diagnostic] {
        var sorted = pending.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        if dropped > 0, let last = sorted.last {
            sorted.append(Pending(code: last.code, severity: .note, message: "\(dropped) more problems not shown", offset: last.offset, keyPath: last.keyPath))
        }
        // Locate every offset in increasing order, so the line count is one forward scan.
        var locations: [Int: (line: Int, column: Int)] = [:]
        for offset in Set(sorted.map(\.offset) + sorted.compactMap(\.related)).sorted() {
            locations[offset] = parser.location(ofByteOffset: offset)
        }
        return sorted.map { item in
            let (line, column) = item.lineColumn ?? locations[item.offset] ?? (1, 1)
            var message = item.message
            if let related = item.related, let first = locations[related] {
                message = message.replacingOccurrences(of: Self.firstPlaceholder, with: "\(first.line):\(first.column)")
            }
            return Diagnostic(code: item.code, severity: item.severity, message: message, line: line, column: column, byteOffset: item.offset, keyPath: item.keyPath)
        }
    }

    // MARK: - Start tags

    func xmlStartElement(_ name: XMLName, start: Int, end: Int, parser: XMLEventParser) {
        lastTagEnd = end
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        if let parent = frames.last, parent.tag.holdsText {
            report(.unexpectedElement, .error, "<\(parent.tag.rawValue)> holds text only, but contains <\(name.string)>", at: start)
            frames[frames.count - 1].broken = true
            skipDepth = 1
            return
        }
        guard var tag = Tag(name) else {
            let slot = claimSlot(isKey: false, reportingMissingKey: false, at: start)
            report(.unknownTag, .error, "unknown tag <\(name.string)>: a property list holds plist, dict, key, array, string, data, date, integer, real, true and false", at: start, adding: slot.component)
            skipDepth = 1
            return
        }
        guard let parent = frames.last else {
            if tag == .key { tag = .string }
            if tag != .plist {
                report(.missingPlistElement, .warning, "the root element is <\(tag.rawValue)>, not <plist>; plutil reads it, other readers may not: wrap it in <plist version=\"1.0\">", at: start)
            }
            open(tag, start: start, end: end, slot: (nil, false, nil))
            return
        }
        if tag == .plist {
            let slot = claimSlot(isKey: false, reportingMissingKey: false, at: start)
            report(.unknownTag, .error, "<plist> inside a property list: <plist> only wraps the root value", at: start, adding: slot.component)
            skipDepth = 1
            return
        }
        if tag == .key && parent.tag == .dict {
            frames.append(Frame(tag: .key, start: start, contentStart: end))
            text.removeAll(keepingCapacity: true)
            return
        }
        if tag == .key {
            report(.keyOutsideDictionary, .warning, "<key> outside a <dict> is read as a string; write <string> instead", at: start)
            tag = .string
        }
        let slot = claimSlot(isKey: false, reportingMissingKey: true, at: start)
        open(tag, start: start, end: end, slot: slot)
    }

    /// Takes the next place in the open container for a value starting at `offset`: its key path
    /// component, whether it has nowhere to go, and the dictionary key it goes under.
    private func claimSlot(isKey: Bool, reportingMissingKey: Bool, at offset: Int) -> (component: PlistKeyPathComponent?, orphan: Bool, key: String?) {
        guard !frames.isEmpty else { return (nil, false, nil) }
        let last = frames.count - 1
        switch frames[last].tag {
        case .plist:
            frames[last].childCount += 1
            if frames[last].childCount > 1 && reportingMissingKey {
                report(.twoRootValues, .error, "a second root value in <plist>: a property list holds exactly one; wrap the values in <array> or <dict>", at: offset)
                return (nil, true, nil)
            }
            return (nil, frames[last].childCount > 1, nil)
        case .array:
            frames[last].childCount += 1
            return (.index(frames[last].childCount - 1), false, nil)
        case .dict:
            if let key = frames[last].pendingKey?.key {
                frames[last].pendingKey = nil
                return (.key(key), false, key)
            }
            if reportingMissingKey {
                report(.valueWithoutKey, .error, "a value in <dict> without a <key> before it: write <key>name</key> before the value", at: offset)
            }
            return (.key("?"), true, nil)
        default:
            return (nil, true, nil)
        }
    }

    private func open(_ tag: Tag, start: Int, end: Int, slot: (component: PlistKeyPathComponent?, orphan: Bool, key: String?)) {
        var frame = Frame(tag: tag, start: start, contentStart: end)
        frame.orphan = slot.orphan
        frame.keyInParent = slot.key
        if let component = slot.component {
            path.append(component)
            frame.hasComponent = true
        }
        if tag == .dict || tag == .array {
            containerDepth += 1
            maxDepth = max(maxDepth, containerDepth)
        } else if tag.holdsText {
            text.removeAll(keepingCapacity: true)
        }
        frames.append(frame)
    }

    // MARK: - Text

    func xmlText(_ bytes: UnsafeRawBufferPointer, isCDATA: Bool, parser: XMLEventParser) {
        guard skipDepth == 0, let top = frames.last else { return }
        if top.tag.holdsText {
            text.append(contentsOf: bytes)
            return
        }
        guard !top.reportedText, bytes.contains(where: { !PlistScalar.isSpace($0) }) else { return }
        frames[frames.count - 1].reportedText = true
        let offset = parser.firstNonWhitespace(from: lastTagEnd)
        let trimmed = bytes.drop(while: PlistScalar.isSpace).reversed().drop(while: PlistScalar.isSpace).reversed()
        let snippet = PlistScalar.preview(Array(trimmed))
        report(.unexpectedText, .error, "text \(snippet) in <\(top.tag.rawValue)>: only elements belong here; put text in <string>", at: offset)
    }

    // MARK: - End tags

    func xmlEndElement(_ name: XMLName, start: Int, end: Int, parser: XMLEventParser) {
        lastTagEnd = end
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        guard let frame = frames.popLast() else { return }
        if frame.tag == .key {
            closeKey(frame)
            return
        }
        let value = close(frame)
        if frame.hasComponent { path.removeLast() }
        guard !frame.orphan, let value else { return }
        guard let parent = frames.indices.last else {
            root = value
            return
        }
        switch frames[parent].tag {
        case .array: frames[parent].values.append(value)
        case .dict: if let key = frame.keyInParent { frames[parent].entries[key] = value }
        default: root = value
        }
    }

    private func closeKey(_ frame: Frame) {
        guard let dict = frames.indices.last else { return }
        let key = String(decoding: text, as: UTF8.self)
        if let previous = frames[dict].pendingKey {
            report(.keyWithoutValue, .error, "key \"\(previous.key)\" has no value: a <key> must be followed by a value", at: previous.offset, adding: .key(previous.key))
        }
        if let first = frames[dict].keyOffsets[key] {
            report(.duplicateKey, .warning, "duplicate key \"\(key)\" in <dict> (first at \(Self.firstPlaceholder)); the last value wins", at: frame.start, adding: .key(key))
            if pending.last?.code == .duplicateKey { pending[pending.count - 1].related = first }
        } else {
            frames[dict].keyOffsets[key] = frame.start
        }
        frames[dict].pendingKey = (key, frame.start)
    }

    /// Closes a value element; its value when values are kept.
    private func close(_ frame: Frame) -> Document? {
        switch frame.tag {
        case .dict:
            containerDepth -= 1
            if let key = frame.pendingKey {
                report(.keyWithoutValue, .error, "key \"\(key.key)\" has no value: a <key> must be followed by a value", at: key.offset, adding: .key(key.key))
            }
            if frame.keyOffsets.count == 1, frame.keyOffsets["CF$UID"] != nil, !notedArchive {
                notedArchive = true
                report(.keyedArchive, .note, "a CF$UID dictionary: this is an NSKeyedArchiver archive, whose CF$UID values are references into its $objects array", at: frame.start)
            }
            return keep ? .dictionary(frame.entries) : nil
        case .array:
            containerDepth -= 1
            return keep ? .array(frame.values) : nil
        case .plist:
            if frame.childCount == 0 {
                report(.emptyPlist, .error, "empty <plist>: a property list holds exactly one root value", at: frame.start)
            }
            return nil
        case .string:
            return keep ? .string(String(decoding: text, as: UTF8.self)) : nil
        case .true, .false:
            if !text.isEmpty && !frame.broken {
                report(.boolWithContent, .error, "<\(frame.tag.rawValue)> has content: write <\(frame.tag.rawValue)/>", at: frame.contentStart)
            }
            return .bool(frame.tag == .true)
        case .integer, .real, .date, .data:
            guard !frame.broken else { return nil }
            return scalar(frame)
        case .key:
            return nil
        }
    }

    private func scalar(_ frame: Frame) -> Document? {
        let result: Result<Document, PlistScalar.Problem> =
            switch frame.tag {
            case .integer: PlistScalar.integer(text)
            case .real: PlistScalar.real(text).map(Document.double)
            case .date: PlistScalar.date(text).map(Document.date)
            default: PlistScalar.data(text, keep: keep).map(Document.data)
            }
        switch result {
        case let .success(value):
            return value
        case let .failure(problem):
            report(problem.code, .error, problem.message, at: text.isEmpty ? frame.start : frame.contentStart + problem.index)
            return nil
        }
    }

    // MARK: - libxml2 diagnostics

    func xmlDiagnostic(_ diagnostic: XMLDiagnostic, parser: XMLEventParser) {
        let code: Diagnostic.Code
        var message = diagnostic.message
        switch diagnostic.kind {
        case .trailingContent:
            code = .trailingContent
            message = "content after the root element: a property list ends with </plist> (libxml2: \(diagnostic.message))"
        case .emptyDocument:
            code = .notAPlist
            message = "no root element: this is not an XML property list (libxml2: \(diagnostic.message))"
        case .internalSubset: code = .internalSubset
        case let .entityReference(name):
            code = .entityReference
            message = "entity reference &\(name); refused: only &amp; &lt; &gt; &quot; &apos; and character references such as &#10; are allowed"
        case .tooDeep: code = .tooDeep
        case .tooLarge: code = .notWellFormed
        case .notWellFormed:
            code = .notWellFormed
            message = "not well-formed XML: \(diagnostic.message)"
        }
        let severity: Diagnostic.Severity = diagnostic.level == .warning && code == .notWellFormed ? .warning : .error
        let before = pending.count
        report(code, severity, message, at: diagnostic.byteOffset)
        if pending.count > before {
            pending[pending.count - 1].lineColumn = (diagnostic.line, diagnostic.column)
        }
    }
}
