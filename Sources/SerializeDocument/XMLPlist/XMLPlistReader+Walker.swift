/// The state machine that turns XML events into values for a ``DocumentBuilder`` and diagnostics
/// in one pass.

import Foundation
import SerializeXML

/// Receives the events of an ``XMLEventParser`` over a property list and hands them to an
/// ``XMLPlistWalk`` through closures made by ``XMLPlistWalk/run(_:)``.
///
/// The class is not generic: the parser calls it through its protocol from another module, where
/// a generic class's methods would run unspecialized, looking up generic metadata on every event.
/// The closures are made where the builder's type is known, so they are specialized.
final class XMLPlistEvents: XMLEventHandler {
    let start: (XMLName, Int, Int) -> Void
    let end: (Int, Int, XMLEventParser) -> Void
    let text: (UnsafeRawBufferPointer, XMLEventParser) -> Void
    let diagnostic: (XMLDiagnostic) -> Void

    init(
        start: @escaping (XMLName, Int, Int) -> Void, end: @escaping (Int, Int, XMLEventParser) -> Void,
        text: @escaping (UnsafeRawBufferPointer, XMLEventParser) -> Void, diagnostic: @escaping (XMLDiagnostic) -> Void
    ) {
        self.start = start
        self.end = end
        self.text = text
        self.diagnostic = diagnostic
    }

    func xmlStartElement(_ name: XMLName, start: Int, end: Int, parser: XMLEventParser) {
        self.start(name, start, end)
    }

    func xmlEndElement(_ name: XMLName, start: Int, end: Int, parser: XMLEventParser) {
        self.end(start, end, parser)
    }

    func xmlText(_ bytes: UnsafeRawBufferPointer, isCDATA: Bool, parser: XMLEventParser) {
        text(bytes, parser)
    }

    func xmlDiagnostic(_ diagnostic: XMLDiagnostic, parser: XMLEventParser) {
        self.diagnostic(diagnostic)
    }
}

extension XMLPlistWalk {
    /// Runs `parser` with this walk; the walk at the end.
    ///
    /// The walk's state lives behind a pointer allocated here, so the millions of per-event
    /// updates pay no dynamic exclusivity checks.
    consuming func run(_ parser: XMLEventParser) -> XMLPlistWalk {
        let walk = UnsafeMutablePointer<XMLPlistWalk>.allocate(capacity: 1)
        walk.initialize(to: self)
        defer { walk.deallocate() }
        let events = XMLPlistEvents(
            start: { name, start, end in walk.pointee.startElement(name, start: start, end: end) },
            end: { start, end, parser in
                walk.pointee.endElement(start: start, end: end, parser: parser)
                // A duplicate key the builder cannot merge: the caller reads the data again into a tree.
                if walk.pointee.abandoned { parser.stop() }
            },
            text: { bytes, parser in walk.pointee.text(bytes, parser: parser) },
            diagnostic: { walk.pointee.diagnostic($0) })
        parser.parse(into: events)
        return walk.move()
    }
}

/// The state machine of one pass over a property list: hands the values to a builder (when
/// asked) and collects every problem with its byte offset and key path.
///
/// Open elements are ``Frame``s, plain values with no references so the stack costs no
/// reference counting; what dictionaries and arrays hold lives on side stacks (``dicts``,
/// ``dictStates``, ``arrays``, ``keys``) in the same nesting order. Key paths are only rendered
/// for a diagnostic.
///
/// The builder gets values only while the input is sound: from the first error on (or a builder
/// error, or a duplicate key a builder that cannot merge keys meets) it gets nothing more, and
/// the walk goes on for the diagnostics alone.
struct XMLPlistWalk<Builder: DocumentBuilder> {
    typealias Diagnostic = XMLPlistReader.Diagnostic

    /// The property-list tags.
    enum Tag: UInt8 {
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

        /// The tag's name.
        var name: String {
            switch self {
            case .plist: "plist"
            case .dict: "dict"
            case .array: "array"
            case .key: "key"
            case .string: "string"
            case .integer: "integer"
            case .real: "real"
            case .date: "date"
            case .data: "data"
            case .true: "true"
            case .false: "false"
            }
        }

        /// Whether the tag holds text rather than elements.
        var holdsText: Bool { self != .plist && self != .dict && self != .array }
    }

    /// One open element.
    struct Frame {
        var tag: Tag
        /// A value with nowhere to go (no key before it, or a second root value).
        var orphan = false
        /// Whether this value's dictionary key is on ``XMLPlistWalk/keys``.
        var hasKey = false
        /// A text tag that held an element (already reported).
        var broken = false
        var reportedText = false
        /// Offset of the start tag's `<`.
        var start: Int
        /// Offset just past the start tag's `>`.
        var contentStart: Int
        /// Values opened inside this container so far.
        var childCount = 0

        init(tag: Tag, start: Int, contentStart: Int) {
            self.tag = tag
            self.start = start
            self.contentStart = contentStart
        }
    }

    /// What an open `<dict>` has seen.
    struct DictState {
        var keyOffsets = KeyIndex()
        /// The last `<key>` read, waiting for its value.
        var pendingKey: String?
        var pendingKeyOffset = 0
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
    static var firstPlaceholder: String { "\u{1}first\u{1}" }

    /// At most this many diagnostics are kept; the rest are counted in a final note.
    static var diagnosticLimit: Int { 1000 }

    /// Whether a duplicate key may be handed to the builder (which then keeps the last value at
    /// the first key's place, as ``TreeBuilder`` does); writers cannot take a value back.
    let mergesDuplicateKeys: Bool
    private(set) var builder: Builder
    /// Whether values still go to ``builder``.
    private(set) var building: Bool
    /// A duplicate key stopped the building: the builder cannot give it the tree's meaning.
    private(set) var abandoned = false
    /// What the builder threw, which stopped the building.
    private(set) var builderError: DocumentError?
    /// Values and keys handed to the builder (``BinaryPlistOutput/objectBound(_:)`` of the tree).
    private(set) var valueCount = 0
    private var frames: [Frame] = []
    /// One per open `<dict>` frame, innermost last.
    private var dicts: [DictState] = []
    /// One per `<dict>` frame opened while building, innermost last.
    private var dictStates: [Builder.DictionaryState] = []
    /// One per `<array>` frame opened while building, innermost last.
    private var arrays: [Builder.ArrayState] = []
    /// The dictionary key of every open frame with ``Frame/hasKey``, outermost first.
    private var keys: [String] = []
    private var text: [UInt8] = []
    private var skipDepth = 0
    private var lastTagEnd = 0
    private var containerDepth = 0
    private var notedArchive = false
    private var dropped = 0
    private(set) var pending: [Pending] = []
    private(set) var root: Builder.Value?
    private(set) var maxDepth = 0

    /// A walk handing values to `builder` when `building`, and merging duplicate keys through it
    /// when `mergesDuplicateKeys` (otherwise a duplicate key stops the walk: see ``abandoned``).
    init(builder: Builder, building: Bool, mergesDuplicateKeys: Bool) {
        self.builder = builder
        self.building = building
        self.mergesDuplicateKeys = mergesDuplicateKeys
    }

    /// Runs `body` on the builder; a thrown error is kept and stops the building.
    @inline(__always)
    private mutating func build<T>(_ body: (inout Builder) throws(DocumentError) -> T) -> T? {
        do {
            return try body(&builder)
        } catch {
            stopBuilding(error)
            return nil
        }
    }

    /// Keeps what the builder threw and stops the building.
    private mutating func stopBuilding(_ error: DocumentError) {
        builderError = error
        building = false
    }

    // MARK: - Reporting

    /// The key path of the innermost open value, plus `component`.
    private func keyPath(adding component: PlistKeyPathComponent?) -> String {
        var components: [PlistKeyPathComponent] = []
        var key = 0
        for index in frames.indices.dropFirst() {
            let parent = frames[index - 1]
            if frames[index].hasKey {
                components.append(.key(keys[key]))
                key += 1
            } else if parent.tag == .array {
                components.append(.index(parent.childCount - 1))
            }
        }
        if let component { components.append(component) }
        return PlistKeyPathComponent.render(components)
    }

    private mutating func report(_ code: Diagnostic.Code, _ severity: Diagnostic.Severity, _ message: String, at offset: Int, adding component: PlistKeyPathComponent? = nil) {
        if severity == .error { building = false }
        guard pending.count < Self.diagnosticLimit else {
            dropped += 1
            return
        }
        pending.append(Pending(code: code, severity: severity, message: message, offset: offset, keyPath: keyPath(adding: component)))
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

    mutating func startElement(_ name: XMLName, start: Int, end: Int) {
        lastTagEnd = end
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        let top = frames.count - 1
        if top >= 0, frames[top].tag.holdsText {
            report(.unexpectedElement, .error, "<\(frames[top].tag.name)> holds text only, but contains <\(name.string)>", at: start)
            frames[top].broken = true
            skipDepth = 1
            return
        }
        guard var tag = Tag(name) else {
            let component = claimSlot(reportingMissingKey: false, at: start).component
            report(.unknownTag, .error, "unknown tag <\(name.string)>: a property list holds plist, dict, key, array, string, data, date, integer, real, true and false", at: start, adding: component)
            skipDepth = 1
            return
        }
        guard top >= 0 else {
            if tag == .key { tag = .string }
            if tag != .plist {
                report(.missingPlistElement, .warning, "the root element is <\(tag.name)>, not <plist>; plutil reads it, other readers may not: wrap it in <plist version=\"1.0\">", at: start)
            }
            open(Frame(tag: tag, start: start, contentStart: end), key: nil)
            return
        }
        if tag == .plist {
            let component = claimSlot(reportingMissingKey: false, at: start).component
            report(.unknownTag, .error, "<plist> inside a property list: <plist> only wraps the root value", at: start, adding: component)
            skipDepth = 1
            return
        }
        if tag == .key && frames[top].tag == .dict {
            frames.append(Frame(tag: .key, start: start, contentStart: end))
            text.removeAll(keepingCapacity: true)
            return
        }
        if tag == .key {
            report(.keyOutsideDictionary, .warning, "<key> outside a <dict> is read as a string; write <string> instead", at: start)
            tag = .string
        }
        let slot = claimSlot(reportingMissingKey: true, at: start)
        var frame = Frame(tag: tag, start: start, contentStart: end)
        frame.orphan = slot.orphan
        open(frame, key: slot.key)
    }

    /// Takes the next place in the open container for a value starting at `offset`: its key path
    /// component, whether it has nowhere to go, and the dictionary key it goes under.
    private mutating func claimSlot(reportingMissingKey: Bool, at offset: Int) -> (component: PlistKeyPathComponent?, orphan: Bool, key: String?) {
        let top = frames.count - 1
        guard top >= 0 else { return (nil, false, nil) }
        switch frames[top].tag {
        case .plist:
            frames[top].childCount += 1
            let second = frames[top].childCount > 1
            if second && reportingMissingKey {
                report(.twoRootValues, .error, "a second root value in <plist>: a property list holds exactly one; wrap the values in <array> or <dict>", at: offset)
            }
            return (nil, second, nil)
        case .array:
            frames[top].childCount += 1
            return (.index(frames[top].childCount - 1), false, nil)
        case .dict:
            frames[top].childCount += 1
            let dict = dicts.count - 1
            if let key = dicts[dict].pendingKey {
                dicts[dict].pendingKey = nil
                return (.key(key), false, key)
            }
            if reportingMissingKey {
                report(.valueWithoutKey, .error, "a value in <dict> without a <key> before it: write <key>name</key> before the value", at: offset)
            }
            return (.key("?"), true, "?")
        default:
            return (nil, true, nil)
        }
    }

    private mutating func open(_ frame: Frame, key: String?) {
        var frame = frame
        if let key {
            keys.append(key)
            frame.hasKey = true
        }
        if building && frame.tag != .plist { beginSlot(key: key) }
        switch frame.tag {
        case .dict:
            dicts.append(DictState())
            if building, let state = build({ builder throws(DocumentError) in try builder.beginDictionary() }) {
                dictStates.append(state)
                valueCount += 1
            }
            containerDepth += 1
            maxDepth = max(maxDepth, containerDepth)
        case .array:
            if building, let state = build({ builder throws(DocumentError) in try builder.beginArray() }) {
                arrays.append(state)
                valueCount += 1
            }
            containerDepth += 1
            maxDepth = max(maxDepth, containerDepth)
        case .plist:
            break
        default:
            text.removeAll(keepingCapacity: true)
        }
        frames.append(frame)
    }

    /// Tells the builder a value begins in the innermost open container (`key` in a `<dict>`).
    private mutating func beginSlot(key: String?) {
        guard let parent = frames.last else { return }
        switch parent.tag {
        case .array:
            let top = arrays.count - 1
            do { try builder.beginElement(in: &arrays[top]) } catch { stopBuilding(error) }
        case .dict:
            guard let key else { return }
            let top = dictStates.count - 1
            valueCount += 1
            do { try builder.beginMember(key, in: &dictStates[top]) } catch { stopBuilding(error) }
        default:
            break
        }
    }

    // MARK: - Text

    mutating func text(_ bytes: UnsafeRawBufferPointer, parser: XMLEventParser) {
        let top = frames.count - 1
        guard skipDepth == 0, top >= 0 else { return }
        let tag = frames[top].tag
        if tag.holdsText {
            text.append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
            return
        }
        guard !frames[top].reportedText, bytes.contains(where: { !PlistScalar.isSpace($0) }) else { return }
        frames[top].reportedText = true
        let offset = parser.firstNonWhitespace(from: lastTagEnd)
        let trimmed = bytes.drop(while: PlistScalar.isSpace).reversed().drop(while: PlistScalar.isSpace).reversed()
        let snippet = PlistScalar.preview(Array(trimmed))
        report(.unexpectedText, .error, "text \(snippet) in <\(tag.name)>: only elements belong here; put text in <string>", at: offset)
    }

    // MARK: - End tags

    mutating func endElement(start: Int, end: Int, parser: XMLEventParser) {
        lastTagEnd = end
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        guard let frame = frames.last else { return }
        if frame.tag == .key {
            closeKey(frame)
            frames.removeLast()
            return
        }
        let value = close(frame, contentEnd: start, parser: parser)
        frames.removeLast()
        if frame.hasKey { keys.removeLast() }
        guard building, !frame.orphan, let value else { return }
        let parent = frames.count - 1
        guard parent >= 0 else {
            root = value
            return
        }
        switch frames[parent].tag {
        case .array:
            let top = arrays.count - 1
            do { try builder.endElement(value, in: &arrays[top]) } catch { stopBuilding(error) }
        case .dict:
            let top = dictStates.count - 1
            do { try builder.endMember(value, in: &dictStates[top]) } catch { stopBuilding(error) }
        default: root = value
        }
    }

    private mutating func closeKey(_ frame: Frame) {
        let dict = dicts.count - 1
        guard dict >= 0 else { return }
        let key = String(decoding: text, as: UTF8.self)
        if let previous = dicts[dict].pendingKey {
            report(.keyWithoutValue, .error, "key \"\(previous)\" has no value: a <key> must be followed by a value", at: dicts[dict].pendingKeyOffset, adding: .key(previous))
        }
        if let first = dicts[dict].keyOffsets.insert(key, at: frame.start) {
            if building && !mergesDuplicateKeys {
                abandoned = true
                building = false
            }
            report(.duplicateKey, .warning, "duplicate key \"\(key)\" in <dict> (first at \(Self.firstPlaceholder)); the last value wins", at: frame.start, adding: .key(key))
            if pending.last?.code == .duplicateKey { pending[pending.count - 1].related = first }
        }
        dicts[dict].pendingKey = key
        dicts[dict].pendingKeyOffset = frame.start
    }

    /// Closes a value element (still on the frame stack); its value while building.
    private mutating func close(_ frame: Frame, contentEnd: Int, parser: XMLEventParser) -> Builder.Value? {
        switch frame.tag {
        case .dict:
            containerDepth -= 1
            let dict = dicts.removeLast()
            // Checked before the reports below, which may stop the building.
            let state = building ? dictStates.popLast() : nil
            if let key = dict.pendingKey {
                report(.keyWithoutValue, .error, "key \"\(key)\" has no value: a <key> must be followed by a value", at: dict.pendingKeyOffset, adding: .key(key))
            }
            if dict.keyOffsets.count == 1, dict.keyOffsets.first == "CF$UID", !notedArchive {
                notedArchive = true
                report(.keyedArchive, .note, "a CF$UID dictionary: this is an NSKeyedArchiver archive, whose CF$UID values are references into its $objects array", at: frame.start)
            }
            guard building, let state else { return nil }
            return build { builder throws(DocumentError) in try builder.endDictionary(state) }
        case .array:
            containerDepth -= 1
            guard building, let state = arrays.popLast() else { return nil }
            return build { builder throws(DocumentError) in try builder.endArray(state) }
        case .plist:
            if frame.childCount == 0 {
                report(.emptyPlist, .error, "empty <plist>: a property list holds exactly one root value", at: frame.start)
            }
            return nil
        case .string:
            return building ? deliver(.string(String(decoding: text, as: UTF8.self))) : nil
        case .true, .false:
            if !text.isEmpty && !frame.broken {
                report(.boolWithContent, .error, "<\(frame.tag.name)> has content: write <\(frame.tag.name)/>", at: frame.contentStart)
            }
            return building ? deliver(.bool(frame.tag == .true)) : nil
        case .integer, .real, .date, .data:
            guard !frame.broken, let value = scalar(frame, contentEnd: contentEnd, parser: parser), building else { return nil }
            return deliver(value)
        case .key:
            return nil
        }
    }

    /// Hands a scalar to the builder.
    private mutating func deliver(_ value: Document) -> Builder.Value? {
        valueCount += 1
        return build { builder throws(DocumentError) in try builder.scalar(value) }
    }

    /// Checks a text tag's text; its value (data only while building). `contentEnd` is the offset
    /// of the end tag, so that an index into the decoded text maps back to the source.
    private mutating func scalar(_ frame: Frame, contentEnd: Int, parser: XMLEventParser) -> Document? {
        let source = frame.contentStart..<max(frame.contentStart, contentEnd)
        let result: Result<Document, PlistScalar.Problem> =
            switch frame.tag {
            case .integer: PlistScalar.integer(text)
            case .real: PlistScalar.real(text).map(Document.double)
            case .date:
                PlistScalar.date(text).map { parsed in
                    if parsed.fractional {
                        report(.fractionalSeconds, .note, "<date> has fractional seconds: serialize keeps them, but plutil and Foundation cannot read such a date", at: Self.sourceOffset(ofTextIndex: 19, in: source, parser: parser))
                    }
                    if parsed.offset {
                        report(.dateOffset, .note, "<date> has an offset from UTC: serialize reads it, but plutil and Foundation cannot read such a date; write it in UTC with 'Z'", at: Self.sourceOffset(ofTextIndex: text.count - 6, in: source, parser: parser))
                    }
                    return Document.date(parsed.date)
                }
            default: PlistScalar.data(text, keep: building).map(Document.data)
            }
        switch result {
        case let .success(value):
            return value
        case let .failure(problem):
            report(problem.code, .error, problem.message, at: text.isEmpty ? frame.start : Self.sourceOffset(ofTextIndex: problem.index, in: source, parser: parser))
            return nil
        }
    }

    /// The source offset of the byte at `index` in the decoded text of the element content at
    /// `range`: re-reads the raw bytes, decoding character and entity references, skipping
    /// CDATA markers, comments and processing instructions, and counting a CR LF pair as the one
    /// line feed XML makes of it.
    static func sourceOffset(ofTextIndex index: Int, in range: Range<Int>, parser: XMLEventParser) -> Int {
        parser.withSourceBytes(range) { raw in
            range.lowerBound + rawOffset(ofTextIndex: index, in: raw)
        }
    }

    /// The offset in `raw` (element content as written) of the byte at `index` of its decoded text.
    static func rawOffset(ofTextIndex index: Int, in raw: UnsafeRawBufferPointer) -> Int {
        func starts(with marker: StaticString, at position: Int) -> Bool {
            let count = marker.utf8CodeUnitCount
            guard position + count <= raw.count else { return false }
            return marker.withUTF8Buffer { marker in
                (0..<count).allSatisfy { raw[position + $0] == marker[$0] }
            }
        }
        func find(_ marker: StaticString, from position: Int) -> Int? {
            var at = position
            while at < raw.count {
                if starts(with: marker, at: at) { return at }
                at += 1
            }
            return nil
        }
        var decoded = 0, position = 0, inCDATA = false
        while position < raw.count {
            if inCDATA, starts(with: "]]>", at: position) {
                inCDATA = false
                position += 3
                continue
            }
            if !inCDATA {
                if starts(with: "<![CDATA[", at: position) {
                    inCDATA = true
                    position += 9
                    continue
                }
                if starts(with: "<!--", at: position) {
                    position = (find("-->", from: position + 4) ?? raw.count - 3) + 3
                    continue
                }
                if starts(with: "<?", at: position) {
                    position = (find("?>", from: position + 2) ?? raw.count - 2) + 2
                    continue
                }
            }
            if decoded >= index { return position }
            if raw[position] == UInt8(ascii: "\r"), position + 1 < raw.count, raw[position + 1] == UInt8(ascii: "\n") {
                decoded += 1
                position += 2
            } else if !inCDATA, raw[position] == UInt8(ascii: "&"), let semicolon = find(";", from: position + 1) {
                let length = referenceLength(UnsafeRawBufferPointer(rebasing: raw[(position + 1)..<semicolon]))
                if index < decoded + length { return position }
                decoded += length
                position = semicolon + 1
            } else {
                decoded += 1
                position += 1
            }
        }
        return min(position, raw.count)
    }

    /// The UTF-8 length of what the reference `&name;` stands for (`name` without `&` and `;`).
    private static func referenceLength(_ name: UnsafeRawBufferPointer) -> Int {
        guard name.first == UInt8(ascii: "#") else { return 1 }  // &amp; &lt; &gt; &quot; &apos;
        let hex = name.count > 1 && (name[1] == UInt8(ascii: "x") || name[1] == UInt8(ascii: "X"))
        let digits = String(decoding: name.dropFirst(hex ? 2 : 1), as: UTF8.self)
        guard let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value) else { return 1 }
        return String(scalar).utf8.count
    }

    // MARK: - libxml2 diagnostics

    mutating func diagnostic(_ diagnostic: XMLDiagnostic) {
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

/// The keys of one dictionary with the offset of each one's first `<key>`: a short list searched
/// in order (most dictionaries are small), indexed by a hash table past 16 keys.
struct KeyIndex {
    private var entries: [(key: String, offset: Int)] = []
    private var index: [String: Int]?

    var count: Int { entries.count }
    var first: String? { entries.first?.key }

    /// Records `key` at `offset`; returns the offset of an earlier occurrence instead, if any.
    mutating func insert(_ key: String, at offset: Int) -> Int? {
        if let index {
            if let position = index[key] { return entries[position].offset }
        } else if let position = entries.firstIndex(where: { $0.key == key }) {
            return entries[position].offset
        }
        if entries.isEmpty { entries.reserveCapacity(8) }
        entries.append((key, offset))
        if index != nil {
            index?[key] = entries.count - 1
        } else if entries.count > 16 {
            index = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.key, $0) })
        }
        return nil
    }
}
