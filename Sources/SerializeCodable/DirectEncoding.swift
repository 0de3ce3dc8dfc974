/// Codable values written straight into a format's writer while the Codable calls come in order:
/// neither the encoder's slot tree nor the `Document` is built.

package import Foundation
import SerializeCore
package import SerializeDocument

extension DocumentEncoder {
    /// `value` written by `format`'s writer as `encode(to:)` calls come, or nil when only the tree
    /// path can give the answer: CSV, sorted keys, any error (the tree path throws it, with its
    /// coding path), and every call the stream cannot express exactly as the tree would (see
    /// ``DirectEncodingState``). The bytes are always the tree path's.
    package func encodeDirectly<T: Encodable>(_ value: T, as format: Format) -> Data? {
        guard !options.sortKeys, encodesDirectly else { return nil }
        var writing = options
        writing.sortKeys = false
        let common = EncodingState(encoder: self, marker: nilMarker ?? options.nullMarker(for: format))
        defer { common.finish() }
        switch format {
        case .json:
            let state = DirectEncodingState(common: common)
            state.json = JSONOutput(options: writing)
            guard state.encodeRoot(value) != nil else { return nil }
            return state.json?.finish()
        case .xmlPlist:
            let state = DirectEncodingState(common: common)
            state.xml = XMLPlistOutput(options: writing)
            guard state.encodeRoot(value) != nil else { return nil }
            return state.xml?.finish()
        case .binaryPlist:
            // The object count is known only at the end: references are written 4 bytes wide,
            // then narrowed to what the tree path's bound (counted the same way) gives.
            let state = DirectEncodingState(common: common)
            state.binary = BinaryPlistOutput(options: writing, objectBound: 1 << 32)
            guard let top = state.encodeRoot(value), var output = state.binary else { return nil }
            let size = BinaryPlistOutput.byteCount(UInt64(max(state.objectCount - 1, 0)))
            guard size <= output.refSize else { return nil }
            output.narrowReferences(to: size)
            return try? output.finish(top: top)
        case .csv:
            return nil
        }
    }
}

/// Thrown inside the direct path when only the tree path can give the answer; never reaches a
/// user (``DocumentEncoder/encodeDirectly(_:as:)`` then encodes through the tree).
struct NeedsTree: Error {}

/// One direct encoding: the writer being driven, and the containers open in it.
///
/// Every container, and every value position an encoder may still fill (a slot), is a frame on
/// one stack, innermost last, with an id that grows as frames are pushed. A write to a container
/// is in order when the container is still on the stack and no value being encoded (a pinned
/// slot, ``box(_:at:)``) lies above it: the frames above it are finished, and are closed. Any
/// other write (to a closed container, a repeated key, a second value for one encoder, a writer's
/// refusal, an error) marks the encoding ``broken``, and the tree path decides.
///
/// The writer is one of three concrete outputs, not a generic parameter: the containers are
/// called through Codable's protocols, whose witnesses would run a generic state unspecialized
/// (every frame copied through value witnesses), three times slower than the tree path.
final class DirectEncodingState {
    /// A finished value: the binary plist's object number (nil for an omitted null), nil for
    /// JSON and XML, which need none.
    typealias Value = Int?

    struct Frame {
        enum Kind {
            /// An open dictionary (JSON and XML keep their member count in `start`); its keys
            /// are on ``keys`` from `keys` on.
            case dictionary(BinaryPlistOutput.PendingDictionary, keys: Int)
            /// An open array with `count` elements begun.
            case array(Int, count: Int)
            /// A value position: `pinned` while ``box(_:at:)`` encodes into it (only it closes
            /// the slot), unpinned for a super encoder (closed when its parent moves on).
            case slot(pinned: Bool, value: Value?)
        }

        let id: Int
        var kind: Kind
    }

    /// What changes during the encoding, behind a pointer: a class's stored `var` is checked for
    /// exclusive access at run time on every access, which cost a quarter of the encoding.
    struct Mutable {
        /// The writer being driven: exactly one is set.
        var json: JSONOutput?
        var xml: XMLPlistOutput?
        var binary: BinaryPlistOutput?
        var frames: [Frame] = []
        /// The keys of the open dictionaries, to find a repeated key (the tree keeps the last
        /// value at the first key's place, which a stream cannot).
        var keys: [String] = []
        /// The keys of open dictionaries with many members, by frame id, as sets.
        var keySets: [Int: Set<DocumentKey>] = [:]
        var nextID = 0
        /// Set at the first call the stream cannot express: the encoding is then thrown away.
        var broken = false
        /// The binary plist writer's bound on the objects, counted as
        /// `BinaryPlistOutput.objectBound` counts a tree: one per value and one per dictionary key.
        var objectCount = 0
        /// Encoders whose value is done, ready for the next one.
        var spareEncoders: [DirectValueEncoder] = []
    }

    private let mutable: UnsafeMutablePointer<Mutable>
    /// The options, key spelling, nil marker and scalars the tree path uses too.
    let common: EncodingState

    var json: JSONOutput? {
        _read { yield mutable.pointee.json }
        _modify { yield &mutable.pointee.json }
    }
    var xml: XMLPlistOutput? {
        _read { yield mutable.pointee.xml }
        _modify { yield &mutable.pointee.xml }
    }
    var binary: BinaryPlistOutput? {
        _read { yield mutable.pointee.binary }
        _modify { yield &mutable.pointee.binary }
    }
    private var frames: [Frame] {
        _read { yield mutable.pointee.frames }
        _modify { yield &mutable.pointee.frames }
    }
    private var keys: [String] {
        _read { yield mutable.pointee.keys }
        _modify { yield &mutable.pointee.keys }
    }
    private var keySets: [Int: Set<DocumentKey>] {
        _read { yield mutable.pointee.keySets }
        _modify { yield &mutable.pointee.keySets }
    }
    private var nextID: Int {
        get { mutable.pointee.nextID }
        set { mutable.pointee.nextID = newValue }
    }
    var broken: Bool {
        get { mutable.pointee.broken }
        set { mutable.pointee.broken = newValue }
    }
    private(set) var objectCount: Int {
        get { mutable.pointee.objectCount }
        set { mutable.pointee.objectCount = newValue }
    }
    private var spareEncoders: [DirectValueEncoder] {
        _read { yield mutable.pointee.spareEncoders }
        _modify { yield &mutable.pointee.spareEncoders }
    }

    init(common: EncodingState) {
        self.common = common
        mutable = .allocate(capacity: 1)
        mutable.initialize(to: Mutable())
        mutable.pointee.frames.reserveCapacity(16)
    }

    deinit {
        mutable.deinitialize(count: 1)
        mutable.deallocate()
    }

    /// The root value, or nil when the tree path must decide.
    func encodeRoot<T: Encodable>(_ value: T) -> Value? {
        defer { spareEncoders.removeAll() }  // they hold this state
        do {
            let root = try box(value, at: .root)
            guard !broken, frames.isEmpty else { return nil }
            return root
        } catch {
            return nil
        }
    }

    /// Marks the encoding broken; the error to throw.
    func needsTree() -> NeedsTree {
        broken = true
        return NeedsTree()
    }

    // MARK: - Values

    /// Encodes `value` at the position just begun (a member, an element, a slot): the types every
    /// format writes as one value directly, anything else through its `encode(to:)` into a slot.
    func box<T: Encodable>(_ value: T, at path: CodingPathNode) throws -> Value {
        if let direct = common.direct(value) { return try scalar(direct) }
        if T.self == Date.self, let custom = common.custom.dates, let date = value as? Date {
            return try inSlot(at: path, reuse: false) { try custom(date, $0) }
        }
        if T.self == Data.self, let custom = common.custom.data, let data = value as? Data {
            return try inSlot(at: path, reuse: false) { try custom(data, $0) }
        }
        if common.renamesKeys, let dictionary = value as? any StringKeyedEncodable {
            return try dictionary.encodeMembers(directly: self, at: path)
        }
        return try inSlot(at: path, reuse: true) { try value.encode(to: $0) }
    }

    /// A value that is not a container, written.
    func scalar(_ document: Document) throws -> Value {
        objectCount += BinaryPlistOutput.objectBound(document)
        do {
            if binary != nil { return try binary?.scalar(document) ?? nil }
            try json?.scalar(document)
            try xml?.scalar(document)
            return nil
        } catch {
            throw needsTree()
        }
    }

    /// Runs `body` with an encoder for a new pinned slot, closes what it left open and returns
    /// the slot's value (an empty dictionary when it encoded nothing, as the tree path does).
    func inSlot(at path: CodingPathNode, reuse: Bool, _ body: (DirectValueEncoder) throws -> Void) throws -> Value {
        let id = push(.slot(pinned: true, value: nil))
        let index = frames.count - 1
        var encoder = (reuse ? spareEncoders.popLast() : nil) ?? DirectValueEncoder(state: self)
        encoder.reset(path: path, slot: id)
        do { try body(encoder) } catch {
            broken = true
            throw error
        }
        guard index < frames.count, frames[index].id == id else { throw needsTree() }
        while frames.count - 1 > index { try closeTop() }
        guard case let .slot(_, stored) = frames.removeLast().kind else { throw needsTree() }
        let value = try stored ?? emptyDictionary()
        if reuse, isKnownUniquelyReferenced(&encoder) { spareEncoders.append(encoder) }
        return value
    }

    /// `{}`: what a value that encodes nothing, or an unused super encoder, becomes.
    func emptyDictionary() throws -> Value {
        objectCount += 1
        do { return try endDictionary(beginDictionary()) } catch { throw needsTree() }
    }

    // MARK: - The writer's events

    private func beginDictionary() throws(Diagnostic) -> BinaryPlistOutput.PendingDictionary {
        if binary != nil { return try binary?.beginDictionary() ?? BinaryPlistOutput.PendingDictionary(start: 0) }
        if let start = try json?.beginDictionary() { return BinaryPlistOutput.PendingDictionary(start: start) }
        return BinaryPlistOutput.PendingDictionary(start: try xml?.beginDictionary() ?? 0)
    }

    private func beginMember(_ key: String, in dictionary: inout BinaryPlistOutput.PendingDictionary) throws(Diagnostic) {
        if binary != nil {
            binary?.beginMember(key, in: &dictionary)
            return
        }
        json?.beginMember(key, in: &dictionary.start)
        xml?.beginMember(key, in: &dictionary.start)
    }

    private func endMember(_ value: Value, in dictionary: inout BinaryPlistOutput.PendingDictionary) throws(Diagnostic) {
        if binary != nil { return binary?.endMember(value, in: &dictionary) ?? () }
        json?.endMember((), in: &dictionary.start)
        xml?.endMember((), in: &dictionary.start)
    }

    private func endDictionary(_ dictionary: BinaryPlistOutput.PendingDictionary) throws(Diagnostic) -> Value {
        if binary != nil { return binary?.endDictionary(dictionary) ?? nil }
        json?.endDictionary(dictionary.start)
        xml?.endDictionary(dictionary.start)
        return nil
    }

    private func beginArray() throws(Diagnostic) -> Int {
        if binary != nil { return try binary?.beginArray() ?? 0 }
        if let start = try json?.beginArray() { return start }
        return try xml?.beginArray() ?? 0
    }

    private func beginElement(in array: inout Int) throws(Diagnostic) {
        if binary != nil { return binary?.beginElement(in: &array) ?? () }
        json?.beginElement(in: &array)
        xml?.beginElement(in: &array)
    }

    private func endElement(_ value: Value, in array: inout Int) throws(Diagnostic) {
        if binary != nil { return binary?.endElement(value, in: &array) ?? () }
        json?.endElement((), in: &array)
        xml?.endElement((), in: &array)
    }

    private func endArray(_ array: Int) throws(Diagnostic) -> Value {
        if binary != nil { return binary?.endArray(array) ?? nil }
        json?.endArray(array)
        xml?.endArray(array)
        return nil
    }

    /// A `[String: V]` under a key strategy: its keys are data, written as they are.
    func encodeStringKeyed<Element: Encodable>(_ dictionary: [String: Element], at path: CodingPathNode) throws -> Value {
        try inSlot(at: path, reuse: false) { encoder in
            let id = encoder.openDictionary()
            for (key, value) in dictionary {
                try beginMember(key, in: id)
                try deliver(try box(value, at: path.appending(PathKey(stringValue: key, intValue: nil))))
            }
        }
    }

    // MARK: - Frames

    private func push(_ kind: Frame.Kind) -> Int {
        let id = nextID
        nextID += 1
        frames.append(Frame(id: id, kind: kind))
        return id
    }

    /// Makes frame `id` the innermost, closing the finished frames above it; throws when it is
    /// closed already or a value being encoded lies above it.
    @inline(__always)
    func reach(_ id: Int) throws {
        // Nearly always the innermost frame already.
        if let last = frames.indices.last, frames[last].id == id { return }
        try close(above: id)
    }

    private func close(above id: Int) throws {
        var index = frames.count - 1
        while index >= 0 {
            let frameID = frames[index].id
            if frameID == id { break }
            if frameID < id { throw needsTree() }
            if case .slot(pinned: true, _) = frames[index].kind { throw needsTree() }
            index -= 1
        }
        guard index >= 0 else { throw needsTree() }
        while frames.count - 1 > index { try closeTop() }
    }

    /// Ends the innermost frame and hands its value to the frame below.
    private func closeTop() throws {
        guard let frame = frames.popLast() else { throw needsTree() }
        let value: Value
        switch frame.kind {
        case let .dictionary(state, start):
            keys.removeSubrange(start...)
            if !keySets.isEmpty { keySets[frame.id] = nil }
            do { value = try endDictionary(state) } catch { throw needsTree() }
        case let .array(state, _):
            do { value = try endArray(state) } catch { throw needsTree() }
        case let .slot(pinned, stored):
            if pinned { throw needsTree() }
            value = try stored ?? emptyDictionary()
        }
        try deliver(value)
    }

    /// Hands a finished value to the innermost frame: a dictionary's member, an array's element,
    /// or a slot's one value.
    func deliver(_ value: Value) throws {
        guard let last = frames.indices.last else { throw needsTree() }
        do {
            switch frames[last].kind {
            case .dictionary(var state, let start):
                try endMember(value, in: &state)
                frames[last].kind = .dictionary(state, keys: start)
            case .array(var state, let count):
                try endElement(value, in: &state)
                frames[last].kind = .array(state, count: count)
            case let .slot(pinned, stored):
                guard stored == nil else { throw needsTree() }
                frames[last].kind = .slot(pinned: pinned, value: value)
            }
        } catch {
            throw needsTree()
        }
    }

    /// Begins member `key` of dictionary `id`, which must not have it yet.
    func beginMember(_ key: String, in id: Int) throws {
        try reach(id)
        let last = frames.count - 1
        guard case .dictionary(var state, let start) = frames[last].kind else { throw needsTree() }
        if keys.count - start < 16 {
            for index in start..<keys.count where keys[index].hasSameScalars(as: key) { throw needsTree() }
        } else {
            if keySets[id] == nil { keySets[id] = Set(keys[start..<keys.count].map { DocumentKey($0) }) }
            guard keySets[id, default: []].insert(DocumentKey(key)).inserted else { throw needsTree() }
        }
        keys.append(key)
        objectCount += 1
        do { try beginMember(key, in: &state) } catch { throw needsTree() }
        frames[last].kind = .dictionary(state, keys: start)
    }

    /// Begins the next element of array `id`; its index.
    func beginElement(in id: Int) throws -> Int {
        try reach(id)
        let last = frames.count - 1
        guard case .array(var state, let count) = frames[last].kind else { throw needsTree() }
        do { try beginElement(in: &state) } catch { throw needsTree() }
        frames[last].kind = .array(state, count: count + 1)
        return count
    }

    /// The elements begun in array `id` (the tree path's count); marks the encoding broken when
    /// the array is closed already.
    func count(of id: Int) -> Int {
        for frame in frames.reversed() where frame.id == id {
            if case let .array(_, count) = frame.kind { return count }
        }
        broken = true
        return 0
    }

    /// Opens a container at the innermost position (a slot just reached, a member or element
    /// just begun); its id.
    func open(dictionary: Bool) throws -> Int {
        objectCount += 1
        do {
            if dictionary { return push(.dictionary(try beginDictionary(), keys: keys.count)) }
            return push(.array(try beginArray(), count: 0))
        } catch {
            throw needsTree()
        }
    }

    /// Opens a container in slot `slot`; -1 (a container every write refuses) when the stream
    /// cannot.
    func open(dictionary: Bool, inSlot slot: Int) -> Int {
        do {
            try reach(slot)
            guard case .slot(_, nil) = frames[frames.count - 1].kind else { throw needsTree() }
            return try open(dictionary: dictionary)
        } catch {
            broken = true
            return -1
        }
    }

    /// Opens a container as member `key` of dictionary `parent` (or as the next element of array
    /// `parent` when `key` is nil); -1 when the stream cannot.
    func openNested(dictionary: Bool, key: String?, in parent: Int) -> Int {
        do {
            if let key { try beginMember(key, in: parent) } else { _ = try beginElement(in: parent) }
            return try open(dictionary: dictionary)
        } catch {
            broken = true
            return -1
        }
    }

    /// Begins member `key` of `parent` (or its next element when `key` is nil) as an unpinned
    /// slot for a super encoder; the slot's id, or -1 when the stream cannot.
    func openSuper(key: String?, in parent: Int) -> Int {
        do {
            if let key { try beginMember(key, in: parent) } else { _ = try beginElement(in: parent) }
            return push(.slot(pinned: false, value: nil))
        } catch {
            broken = true
            return -1
        }
    }

    /// Puts the value of slot `slot`, which must have none yet.
    func fill(slot: Int, with value: () throws -> Value) throws {
        try reach(slot)
        guard case .slot(_, nil) = frames[frames.count - 1].kind else { throw needsTree() }
        try deliver(try value())
    }
}
