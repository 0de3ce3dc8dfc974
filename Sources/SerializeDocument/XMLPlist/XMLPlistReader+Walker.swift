/// The state machine that turns XML events into values for a ``DocumentBuilder`` and diagnostics
/// in one pass.

import Foundation
import SerializeCore
import SerializeXML

/// Receives the events of an ``XMLEventParser`` over a property list and hands them to an
/// ``XMLPlistWalk`` through closures made by ``XMLPlistWalk/run(_:)``.
///
/// The class is not generic: the parser calls it through its protocol from another module, where
/// a generic class's methods would run unspecialized, looking up generic metadata on every event.
/// The closures are made where the builder's type is known, so they are specialized.
final class XMLPlistEvents: XMLEventHandler {
    let start: (XMLName, Int, XMLEventParser) -> Void
    let end: (Int, XMLEventParser) -> Void
    let text: (UnsafeRawBufferPointer, XMLEventParser) -> Void
    let diagnostic: (Diagnostic) -> Void

    init(
        start: @escaping (XMLName, Int, XMLEventParser) -> Void, end: @escaping (Int, XMLEventParser) -> Void,
        text: @escaping (UnsafeRawBufferPointer, XMLEventParser) -> Void, diagnostic: @escaping (Diagnostic) -> Void
    ) {
        self.start = start
        self.end = end
        self.text = text
        self.diagnostic = diagnostic
    }

    func xmlStartElement(_ name: XMLName, at position: Int, parser: XMLEventParser) {
        start(name, position, parser)
    }

    func xmlEndElement(_ name: XMLName, at position: Int, parser: XMLEventParser) {
        end(position, parser)
    }

    func xmlText(_ bytes: UnsafeRawBufferPointer, isCDATA: Bool, parser: XMLEventParser) {
        text(bytes, parser)
    }

    func xmlDiagnostic(_ diagnostic: Diagnostic, parser: XMLEventParser) {
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
        walk.pointee.parser = parser
        defer { walk.deallocate() }
        let events = XMLPlistEvents(
            start: { name, position, parser in
                walk.pointee.startElement(name, at: position)
                // Containers nest deeper than the limit: nothing further is read, as libxml2's own limit.
                if walk.pointee.tooDeep { parser.stop() }
                parser.textInterest = walk.pointee.wantedText()
            },
            end: { position, parser in
                walk.pointee.endElement(at: position, parser: parser)
                // A duplicate key the builder cannot merge: the caller reads the data again into a tree.
                if walk.pointee.abandoned { parser.stop() }
                parser.textInterest = walk.pointee.wantedText()
            },
            text: { bytes, parser in walk.pointee.text(bytes, parser: parser) },
            diagnostic: { walk.pointee.diagnostic($0) })
        parser.parse(into: events)
        walk.pointee.parser = nil
        return walk.move()
    }
}

/// The state machine of one pass over a property list: hands the values to a builder (when
/// asked) and collects every problem with its byte offset and key path.
///
/// Open elements are ``Frame``s, plain values with no references so the stack costs no
/// reference counting; what dictionaries and arrays hold lives on side stacks (``dicts``,
/// ``dictStates``, ``arrays``, ``keys``) in the same nesting order. Every stack is a
/// ``WalkStack`` (one buffer, no uniqueness check per push and pop), so the walk is never copied
/// while it runs. Key paths are only rendered for a diagnostic.
///
/// The builder gets values only while the input is sound: from the first error on (or a builder
/// error, or a duplicate key a builder that cannot merge keys meets) it gets nothing more, and
/// the walk goes on for the diagnostics alone.
struct XMLPlistWalk<Builder: DocumentBuilder> {
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
        /// Where libxml2 reported the start tag (``XMLEventHandler``): its `<` is
        /// ``XMLPlistWalk/start(of:)``, just past its `>` ``XMLPlistWalk/contentStart(of:)``.
        var position: Int
        /// Values opened inside this container so far.
        var childCount = 0

        init(tag: Tag, position: Int) {
            self.tag = tag
            self.position = position
        }
    }

    /// What an open `<dict>` has seen (its keys are on ``XMLPlistWalk/keyIndex``).
    struct DictState {
        /// The last `<key>` read, waiting for its value.
        var pendingKey: KeySpan?
        /// Where its `<key>` was reported (the frame's ``Frame/position``).
        var pendingKeyPosition = 0
    }

    /// Where a value goes in its container, turned into a ``ValuePath/Component`` only for a
    /// finding.
    enum Slot {
        case index(Int)
        case key(KeySpan)
    }

    /// Whether a duplicate key may be handed to the builder (which then keeps the last value at
    /// the first key's place, as ``TreeBuilder`` does); writers cannot take a value back.
    let mergesDuplicateKeys: Bool
    /// The deepest nesting of `<array>` and `<dict>` accepted (``FormatOptions/maximumDepth``:
    /// `<plist>` does not count).
    let maximumDepth: Int
    /// An `<array>` or `<dict>` nested deeper than ``maximumDepth`` was met: the walk stops.
    private(set) var tooDeep = false
    private(set) var builder: Builder
    /// Whether values still go to ``builder``.
    var building: Bool
    /// A duplicate key stopped the building: the builder cannot give it the tree's meaning.
    private(set) var abandoned = false
    /// What the builder threw, which stopped the building.
    private(set) var builderError: Diagnostic?
    /// Values and keys handed to the builder (``BinaryPlistOutput/objectBound(_:)`` of the tree).
    private(set) var valueCount = 0
    let frames = WalkStack<Frame>()
    /// One per open `<dict>` frame, innermost last.
    private let dicts = WalkStack<DictState>()
    /// The keys of the open `<dict>` frames, as bytes.
    private(set) var keyIndex = KeyIndex()
    /// One per `<dict>` frame opened while building, innermost last.
    private let dictStates = WalkStack<Builder.DictionaryState>()
    /// One per `<array>` frame opened while building, innermost last.
    private let arrays = WalkStack<Builder.ArrayState>()
    /// The dictionary key of every open frame with ``Frame/hasKey``, outermost first.
    let keys = WalkStack<KeySpan>()
    private var text: [UInt8] = []
    /// Where the open `<key>`'s text begins in ``keyIndex`` (a key's text goes straight there).
    private var keyStart = 0
    /// What each tag's name was interned at by libxml2 (``XMLName/identity``), by a hash of the
    /// address: a tag is known again without comparing its name.
    private var tagCache = [(name: UnsafeRawPointer?, tag: Tag)](repeating: (nil, .plist), count: 32)
    private var skipDepth = 0
    /// Where the last tag was reported, and whether it was a start tag: what
    /// ``lastTagEnd`` is found from.
    private(set) var lastTagPosition = 0
    private(set) var lastTagWasStart = false
    /// The parser while it runs (``run(_:)``), which finds a tag's `<` and `>` from where it was
    /// reported: only for a finding or a builder, not for every tag.
    fileprivate(set) var parser: XMLEventParser?
    private var containerDepth = 0
    private var notedArchive = false
    var dropped = 0
    var pending: [Pending] = []
    private(set) var root: Builder.Value?
    private(set) var maxDepth = 0

    /// A walk handing values to `builder` when `building`, and merging duplicate keys through it
    /// when `mergesDuplicateKeys` (otherwise a duplicate key stops the walk: see ``abandoned``).
    init(builder: Builder, building: Bool, mergesDuplicateKeys: Bool, maximumDepth: Int) {
        self.maximumDepth = maximumDepth
        self.builder = builder
        self.building = building
        self.mergesDuplicateKeys = mergesDuplicateKeys
    }

    /// Runs `body` on the builder; a thrown error is kept and stops the building.
    @inline(__always)
    private mutating func build<T>(_ body: (inout Builder) throws(Diagnostic) -> T) -> T? {
        do {
            return try body(&builder)
        } catch {
            stopBuilding(error)
            return nil
        }
    }

    /// Keeps what the builder threw and stops the building.
    private mutating func stopBuilding(_ error: Diagnostic) {
        builderError = error
        building = false
    }

    // MARK: - Start tags

    mutating func startElement(_ name: XMLName, at position: Int) {
        lastTagPosition = position
        lastTagWasStart = true
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        let top = frames.count - 1
        if top >= 0, frames[top].tag.holdsText {
            report(.unexpectedElement, .error, "<\(frames[top].tag.name)> holds text only, but contains <\(name.string)>", at: tagStart(position))
            frames[top].broken = true
            skipDepth = 1
            return
        }
        guard var tag = tag(of: name) else {
            let place = component(claimSlot(reportingMissingKey: false, at: position).slot)
            report(.unknownTag, .error, "unknown tag <\(name.string)>: a property list holds plist, dict, key, array, string, data, date, integer, real, true and false", at: tagStart(position), adding: place)
            skipDepth = 1
            return
        }
        guard top >= 0 else {
            if tag == .key { tag = .string }
            if tag != .plist {
                report(.missingPlistElement, .warning, "the root element is <\(tag.name)>, not <plist>; plutil reads it, other readers may not: wrap it in <plist version=\"1.0\">", at: tagStart(position))
            }
            open(Frame(tag: tag, position: position), key: nil)
            return
        }
        if tag == .plist {
            let place = component(claimSlot(reportingMissingKey: false, at: position).slot)
            report(.unknownTag, .error, "<plist> inside a property list: <plist> only wraps the root value", at: tagStart(position), adding: place)
            skipDepth = 1
            return
        }
        if tag == .key && frames[top].tag == .dict {
            frames.append(Frame(tag: .key, position: position))
            keyStart = keyIndex.keyStart
            return
        }
        if tag == .key {
            report(.keyOutsideDictionary, .warning, "<key> outside a <dict> is read as a string; write <string> instead", at: tagStart(position))
            tag = .string
        }
        let slot = claimSlot(reportingMissingKey: true, at: position)
        if tag == .array || tag == .dict, containerDepth >= maximumDepth {
            report(.tooDeep, .error, "arrays and dictionaries nest deeper than \(maximumDepth) levels; refusing to read further", at: tagStart(position), adding: component(slot.slot))
            tooDeep = true
            skipDepth = 1
            return
        }
        var frame = Frame(tag: tag, position: position)
        frame.orphan = slot.orphan
        open(frame, key: slot.key)
    }

    /// The tag `name` names, from ``tagCache`` when libxml2's interned address was seen before.
    private mutating func tag(of name: XMLName) -> Tag? {
        guard let identity = name.identity else { return Tag(name) }
        let bits = Int(bitPattern: identity)
        let slot = (bits ^ bits >> 5) & 31
        if tagCache[slot].name == identity { return tagCache[slot].tag }
        guard let tag = Tag(name) else { return nil }
        tagCache[slot] = (identity, tag)
        return tag
    }

    /// Takes the next place in the open container for a value whose start tag was reported at
    /// `position`: its key path component, whether it has nowhere to go, and the dictionary key it
    /// goes under.
    private mutating func claimSlot(reportingMissingKey: Bool, at position: Int) -> (slot: Slot?, orphan: Bool, key: KeySpan?) {
        let top = frames.count - 1
        guard top >= 0 else { return (nil, false, nil) }
        switch frames[top].tag {
        case .plist:
            frames[top].childCount += 1
            let second = frames[top].childCount > 1
            if second && reportingMissingKey {
                report(.twoRootValues, .error, "a second root value in <plist>: a property list holds exactly one; wrap the values in <array> or <dict>", at: tagStart(position))
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
                report(.valueWithoutKey, .error, "a value in <dict> without a <key> before it: write <key>name</key> before the value", at: tagStart(position))
            }
            return (.key(.missing), true, .missing)
        default:
            return (nil, true, nil)
        }
    }

    /// The path component of `slot`.
    func component(_ slot: Slot?) -> ValuePath.Component? {
        switch slot {
        case let .index(index): .index(index)
        case let .key(key): .key(keyIndex.string(key))
        case nil: nil
        }
    }

    private mutating func open(_ frame: Frame, key: KeySpan?) {
        var frame = frame
        if let key {
            keys.append(key)
            frame.hasKey = true
        }
        if building && frame.tag != .plist {
            beginSlot(key: key)
            builder.valueStarts(at: start(of: frame))
        }
        switch frame.tag {
        case .dict:
            dicts.append(DictState())
            keyIndex.open()
            if building, let state = build({ builder throws(Diagnostic) in try builder.beginDictionary() }) {
                dictStates.append(state)
                valueCount += 1
            }
            containerDepth += 1
            maxDepth = max(maxDepth, containerDepth)
        case .array:
            if building, let state = build({ builder throws(Diagnostic) in try builder.beginArray() }) {
                arrays.append(state)
                valueCount += 1
            }
            containerDepth += 1
            maxDepth = max(maxDepth, containerDepth)
        case .plist:
            break
        default:
            if !text.isEmpty { text.removeAll(keepingCapacity: true) }
        }
        frames.append(frame)
    }

    /// Tells the builder a value begins in the innermost open container (`key` in a `<dict>`).
    private mutating func beginSlot(key: KeySpan?) {
        guard let parent = frames.last else { return }
        switch parent.tag {
        case .array:
            let top = arrays.count - 1
            do { try builder.beginElement(in: &arrays[top]) } catch { stopBuilding(error) }
        case .dict:
            guard let key else { return }
            let top = dictStates.count - 1
            valueCount += 1
            do { try builder.beginMember(keyIndex.string(key), in: &dictStates[top]) } catch { stopBuilding(error) }
        default:
            break
        }
    }

    // MARK: - Text

    /// The text ``text(_:parser:)`` would look at now: none while skipping or outside the root,
    /// all of a text tag's (none of a string's when no value is built: lint checks nothing in
    /// it), and only text that is not white space between elements (reported once).
    ///
    /// (`mutating` only so that a call through the walk's pointer does not copy the walk.)
    @inline(__always)
    mutating func wantedText() -> XMLTextInterest {
        let top = frames.count - 1
        guard skipDepth == 0, top >= 0 else { return .none }
        let tag = frames[top].tag
        if tag.holdsText { return tag == .string && !building ? .none : .all }
        return frames[top].reportedText ? .none : .nonBlank
    }

    mutating func text(_ bytes: UnsafeRawBufferPointer, parser: XMLEventParser) {
        let top = frames.count - 1
        guard skipDepth == 0, top >= 0 else { return }
        let tag = frames[top].tag
        if tag.holdsText {
            if tag == .key {
                keyIndex.appendKeyText(bytes)
            } else if tag != .string || building {  // a string's text is only kept for its value
                text.append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
            }
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

    mutating func endElement(at position: Int, parser: XMLEventParser) {
        lastTagPosition = position
        lastTagWasStart = false
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
        let value = close(frame, endPosition: position, parser: parser)
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
        let key = keyIndex.endKey(from: keyStart)
        if let previous = dicts[dict].pendingKey {
            let name = keyIndex.string(previous)
            report(.keyWithoutValue, .error, "key \"\(name)\" has no value: a <key> must be followed by a value", at: tagStart(dicts[dict].pendingKeyPosition), adding: .key(name))
        }
        if let first = keyIndex.insert(key, at: frame.position) {
            if building && !mergesDuplicateKeys {
                abandoned = true
                building = false
            }
            let name = keyIndex.string(key)
            report(.duplicateKey, .warning, "duplicate key \"\(name)\" in <dict> (first at \(Self.firstPlaceholder)); the last value wins", at: start(of: frame), adding: .key(name))
            if pending.last?.code == .duplicateKey { pending[pending.count - 1].related = tagStart(first) }
        }
        dicts[dict].pendingKey = key
        dicts[dict].pendingKeyPosition = frame.position
    }

    /// Closes a value element (still on the frame stack) whose end tag was reported at
    /// `endPosition`; its value while building.
    private mutating func close(_ frame: Frame, endPosition: Int, parser: XMLEventParser) -> Builder.Value? {
        switch frame.tag {
        case .dict:
            containerDepth -= 1
            let dict = dicts.removeLast()
            // Checked before the reports below, which may stop the building.
            let state = building ? dictStates.popLast() : nil
            if let key = dict.pendingKey {
                let name = keyIndex.string(key)
                report(.keyWithoutValue, .error, "key \"\(name)\" has no value: a <key> must be followed by a value", at: tagStart(dict.pendingKeyPosition), adding: .key(name))
            }
            if !notedArchive, keyIndex.holdsOnly("CF$UID") {
                notedArchive = true
                report(.keyedArchive, .note, "a CF$UID dictionary: this is an NSKeyedArchiver archive, whose CF$UID values are references into its $objects array", at: start(of: frame))
            }
            keyIndex.close()
            guard building, let state else { return nil }
            return build { builder throws(Diagnostic) in try builder.endDictionary(state) }
        case .array:
            containerDepth -= 1
            guard building, let state = arrays.popLast() else { return nil }
            return build { builder throws(Diagnostic) in try builder.endArray(state) }
        case .plist:
            if frame.childCount == 0 {
                report(.emptyPlist, .error, "empty <plist>: a property list holds exactly one root value", at: start(of: frame))
            }
            return nil
        case .string:
            return building ? deliver(.string(String(decoding: text, as: UTF8.self))) : nil
        case .true, .false:
            if !text.isEmpty && !frame.broken {
                report(.boolWithContent, .error, "<\(frame.tag.name)> has content: write <\(frame.tag.name)/>", at: contentStart(of: frame))
            }
            return building ? deliver(.bool(frame.tag == .true)) : nil
        case .integer, .real, .date, .data:
            guard !frame.broken, let value = scalar(frame, endPosition: endPosition, parser: parser), building else { return nil }
            return deliver(value)
        case .key:
            return nil
        }
    }

    /// Hands a scalar to the builder.
    private mutating func deliver(_ value: Document) -> Builder.Value? {
        valueCount += 1
        return build { builder throws(Diagnostic) in try builder.scalar(value) }
    }

    /// Checks a text tag's text; its value (data only while building). `endPosition` is where the
    /// end tag was reported, so that an index into the decoded text maps back to the source.
    private mutating func scalar(_ frame: Frame, endPosition: Int, parser: XMLEventParser) -> Document? {
        // The element's content in the source, found only for a finding.
        var source: Range<Int> {
            let first = contentStart(of: frame)
            return first..<max(first, parser.endTagStart(reportedAt: endPosition))
        }
        let result: Result<Document, PlistScalar.Problem> =
            switch frame.tag {
            case .integer: text.withUnsafeBufferPointer(PlistScalar.integer)
            case .real: text.withUnsafeBufferPointer(PlistScalar.real).map(Document.double)
            case .date:
                PlistScalar.date(text).map { parsed in
                    if parsed.fractional {
                        report(.fractionalSeconds, .note, "<date> has fractional seconds: serialize keeps them, but plutil and Foundation cannot read such a date", at: XMLTextOffsets.sourceOffset(ofTextIndex: 19, in: source, parser: parser))
                    }
                    if parsed.offset {
                        report(.dateOffset, .note, "<date> has an offset from UTC: serialize reads it, but plutil and Foundation cannot read such a date; write it in UTC with 'Z'", at: XMLTextOffsets.sourceOffset(ofTextIndex: text.count - 6, in: source, parser: parser))
                    }
                    return Document.date(parsed.date)
                }
            default: text.withUnsafeBufferPointer { PlistScalar.data($0, keep: building) }.map(Document.data)
            }
        switch result {
        case let .success(value):
            return value
        case let .failure(problem):
            report(problem.code, .error, problem.message, at: text.isEmpty ? start(of: frame) : XMLTextOffsets.sourceOffset(ofTextIndex: problem.index, in: source, parser: parser))
            return nil
        }
    }
}
