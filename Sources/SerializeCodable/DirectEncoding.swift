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
        if case .binaryPlist = format { return encodeBinaryDirectly(value, writing: writing) }
        let common = EncodingState(encoder: self, marker: nilMarker ?? options.nullMarker(for: format))
        let containers = spare.containers.take()
        defer {
            common.finish()
            spare.containers.give(containers)
        }
        switch format {
        case .json:
            // Errors are the tree path's: the writers here need not follow the path.
            let state = DirectEncodingState(common: common, json: JSONOutput(options: writing, tracksPath: false), keyedContainers: containers)
            guard state.encodeRoot(value) != nil else { return nil }
            return state.json?.finish()
        case .xmlPlist:
            let state = DirectEncodingState(common: common, xml: XMLPlistOutput(options: writing, tracksPath: false), keyedContainers: containers)
            guard state.encodeRoot(value) != nil else { return nil }
            return state.xml?.finish()
        case .binaryPlist, .csv:
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
/// slot, ``box(_:step:)``) lies above it: the frames above it are finished, and are closed. Any
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

    /// What changes during the encoding, behind a pointer: a class's stored `var` is checked for
    /// exclusive access at run time on every access, which cost a quarter of the encoding.
    struct Mutable {
        var frames = FrameStack(capacity: 16)
        /// The keys of the open dictionaries, to find a repeated key (the tree keeps the last
        /// value at the first key's place, which a stream cannot).
        var keys = KeyStack(capacity: 32)
        /// The keys of open dictionaries with many members, by frame id, as sets.
        var keySets: [Int: Set<DocumentKey>] = [:]
        var nextID = 0
        /// Set at the first call the stream cannot express: the encoding is then thrown away.
        var broken = false
        /// The binary plist writer's bound on the objects, counted as
        /// `BinaryPlistOutput.objectBound` counts a tree: one per value and one per dictionary key.
        var objectCount = 0
        /// The slots' encoders, reused.
        var encoders = EncoderPool()
        /// The objects the binary plist writer's references can number (``fitReferences()``).
        var referenceLimit = 1 << 32
    }

    let mutable: UnsafeMutablePointer<Mutable>
    /// The writer state of a frame that has none (a slot) or only a start (an array), made
    /// once: the initializer is the writer module's, a call for every frame pushed.
    let noWriter = BinaryPlistOutput.PendingDictionary(start: 0)
    /// The keyed containers, one kept per key type (`+KeyedContainers`): the binary plist
    /// state's own, kept with it; the others' from the encoder's spare, for the next call.
    let keyedContainers: KeptContainers<DirectContainerTarget>
    /// The options, key spelling, nil marker and scalars the tree path uses too.
    let common: EncodingState

    /// The writer being driven: exactly one is set, each behind a pointer of its own so that the
    /// events reach it in place (a copy of an optional output, as `binary != nil` made through
    /// an accessor, retains every buffer it holds).
    private let jsonOutput: UnsafeMutablePointer<JSONOutput>?
    private let xmlOutput: UnsafeMutablePointer<XMLPlistOutput>?
    let binaryOutput: UnsafeMutablePointer<BinaryPlistOutput>?
    /// Whether the writer is the binary plist's, whose values are object numbers.
    private let isBinary: Bool

    /// The writer, finished or not.
    var json: JSONOutput? { jsonOutput?.pointee }
    var xml: XMLPlistOutput? { xmlOutput?.pointee }
    var binary: BinaryPlistOutput? { binaryOutput?.pointee }
    var broken: Bool {
        get { mutable.pointee.broken }
        set { mutable.pointee.broken = newValue }
    }
    private(set) var objectCount: Int {
        get { mutable.pointee.objectCount }
        set { mutable.pointee.objectCount = newValue }
    }

    /// A state driving exactly one of the three writers.
    init(
        common: EncodingState, json: JSONOutput? = nil, xml: XMLPlistOutput? = nil, binary: BinaryPlistOutput? = nil,
        keyedContainers: KeptContainers<DirectContainerTarget> = KeptContainers()
    ) {
        self.common = common
        self.keyedContainers = keyedContainers
        isBinary = binary != nil
        jsonOutput = Self.pointer(to: json)
        xmlOutput = Self.pointer(to: xml)
        binaryOutput = Self.pointer(to: binary)
        mutable = .allocate(capacity: 1)
        mutable.initialize(to: Mutable())
    }

    private static func pointer<Output>(to output: Output?) -> UnsafeMutablePointer<Output>? {
        guard let output else { return nil }
        let pointer = UnsafeMutablePointer<Output>.allocate(capacity: 1)
        pointer.initialize(to: output)
        return pointer
    }

    deinit {
        mutable.pointee.frames.deallocate()
        mutable.pointee.keys.deallocate()
        mutable.pointee.encoders.deallocate()
        mutable.deinitialize(count: 1)
        mutable.deallocate()
        jsonOutput?.deinitialize(count: 1)
        jsonOutput?.deallocate()
        xmlOutput?.deinitialize(count: 1)
        xmlOutput?.deallocate()
        binaryOutput?.deinitialize(count: 1)
        binaryOutput?.deallocate()
    }

    /// The root value, or nil when the tree path must decide.
    func encodeRoot<T: Encodable>(_ value: T) -> Value? {
        defer {
            mutable.pointee.encoders.release(self)
            releaseKeyedContainers()
        }
        do {
            let root = try box(value, step: .none)
            guard !broken, mutable.pointee.frames.isEmpty else { return nil }
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

    /// Encodes `value` at the position just begun (a member, an element, a slot), which `step`
    /// leads to from the innermost frame: the types every format writes as one value directly,
    /// anything else through its `encode(to:)` into a slot.
    func box<T: Encodable>(_ value: T, step: PathStep) throws -> Value {
        if let direct = common.direct(value) { return try scalar(direct) }
        return try boxStructured(value, step: step)
    }

    /// ``box(_:step:)`` of a value that `common.direct` has turned down already (the
    /// containers ask it first, to write a scalar member without a slot).
    func boxStructured<T: Encodable>(_ value: T, step: PathStep) throws -> Value {
        if T.self == Date.self, let custom = common.custom.dates, let date = value as? Date {
            return try inSlot(step: step) { try custom(date, $0) }
        }
        if T.self == Data.self, let custom = common.custom.data, let data = value as? Data {
            return try inSlot(step: step) { try custom(data, $0) }
        }
        if common.renamesKeys, let dictionary = value as? any StringKeyedEncodable {
            return try dictionary.encodeMembers(directly: self, step: step)
        }
        return try encodeInSlot(value, step: step)
    }

    /// A value that is not a container, written.
    func scalar(_ document: Document) throws -> Value {
        switch document {
        case .array, .dictionary: objectCount += BinaryPlistOutput.objectBound(document)
        default: objectCount += 1  // what `objectBound` counts for any other value, not called
        }
        do {
            if isBinary {
                fitReferences()  // a Document's arrays and dictionaries
                return try binaryOutput?.pointee.scalar(document) ?? nil
            }
            try jsonOutput?.pointee.scalar(document)
            try xmlOutput?.pointee.scalar(document)
            return nil
        } catch {
            throw needsTree()
        }
    }

    /// A string written, as ``scalar(_:)`` of `common.string(value)` writes it; for the binary
    /// writer without making the `Document` and taking it apart again (most values are strings
    /// and integers).
    @inline(__always)
    func string(_ value: String) throws -> Value {
        guard isBinary, common.nilMarker == nil, let output = binaryOutput else { return try scalar(common.string(value)) }
        countBinaryObject()
        return output.pointee.string(value)
    }

    /// An integer written, as ``scalar(_:)`` of `.integer(value)` writes it (see ``string(_:)``).
    @inline(__always)
    func integer(_ value: Int64) throws -> Value {
        guard isBinary, let output = binaryOutput else { return try scalar(.integer(value)) }
        countBinaryObject()
        return output.pointee.integer(value)
    }

    /// Counts one object about to be written by the binary writer (a string or an integer),
    /// its references widened to number it.
    @inline(__always) private func countBinaryObject() {
        objectCount += 1
        fitReferences()
    }

    /// Runs `body` with an encoder of its own for a new pinned slot (a custom date or data
    /// closure, a dictionary's members), closes what it left open and returns the slot's value.
    func inSlot(step: PathStep, _ body: (DirectValueEncoder) throws -> Void) throws -> Value {
        let (id, index) = openSlot(step: step)
        do {
            try body(DirectValueEncoder(state: self, slot: id))
        } catch {
            broken = true
            throw error
        }
        return try closeSlot(id, at: index)
    }

    /// `value.encode(to:)` into a new pinned slot, with the pool's encoder for the slot's depth
    /// (handed over as the existential the pool made once); the slot's value. No closure: this
    /// is the path of every value that is not a scalar.
    @inline(__always)
    func encodeInSlot<T: Encodable>(_ value: T, step: PathStep) throws -> Value {
        let (id, index) = openSlot(step: step)
        do {
            if let pooled = mutable.pointee.encoders.encoder(at: index, state: self) {
                try pooled._withUnsafeGuaranteedRef { pooled in
                    pooled.unretained._withUnsafeGuaranteedRef { $0.reset(slot: id) }
                    try value.encode(to: pooled.existential)
                }
            } else {
                try value.encode(to: DirectValueEncoder(state: self, slot: id))
            }
        } catch {
            broken = true
            throw error
        }
        return try closeSlot(id, at: index)
    }

    /// Pushes a pinned slot; its id and frame index.
    @inline(__always)
    private func openSlot(step: PathStep) -> (id: Int, index: Int) {
        let id = push(.slot, pinned: true, step: step)
        return (id, mutable.pointee.frames.count - 1)
    }

    /// Closes what the value in slot `id` (at frame `index`) left open above it, then the slot
    /// (an empty dictionary when it got no value, as the tree path gives); its value.
    private func closeSlot(_ id: Int, at index: Int) throws -> Value {
        guard index < mutable.pointee.frames.count, mutable.pointee.frames[index].id == id else { throw needsTree() }
        while mutable.pointee.frames.count - 1 > index { try closeTop() }
        guard let frame = mutable.pointee.frames.popLast() else { throw needsTree() }
        return try finish(frame)
    }

    /// `{}`: what a value that encodes nothing, or an unused super encoder, becomes.
    func emptyDictionary() throws -> Value {
        objectCount += 1
        do { return try endDictionary(beginDictionary()) } catch { throw needsTree() }
    }

    // MARK: - The writer's events

    private func beginDictionary() throws(Diagnostic) -> BinaryPlistOutput.PendingDictionary {
        if isBinary { return try binaryOutput?.pointee.beginDictionary() ?? noWriter }
        // JSON and XML keep their member count as the start.
        var writer = noWriter
        if let start = try jsonOutput?.pointee.beginDictionary() {
            writer.start = start
        } else {
            writer.start = try xmlOutput?.pointee.beginDictionary() ?? 0
        }
        return writer
    }

    private func beginMember(_ key: String, in dictionary: inout BinaryPlistOutput.PendingDictionary) throws(Diagnostic) {
        if isBinary {
            binaryOutput?.pointee.beginMember(key, in: &dictionary)
            return
        }
        jsonOutput?.pointee.beginMember(key, in: &dictionary.start)
        xmlOutput?.pointee.beginMember(key, in: &dictionary.start)
    }

    private func endMember(_ value: Value, in dictionary: inout BinaryPlistOutput.PendingDictionary) throws(Diagnostic) {
        if isBinary { return binaryOutput?.pointee.endMember(value, in: &dictionary) ?? () }
        jsonOutput?.pointee.endMember((), in: &dictionary.start)
        xmlOutput?.pointee.endMember((), in: &dictionary.start)
    }

    private func endDictionary(_ dictionary: BinaryPlistOutput.PendingDictionary) throws(Diagnostic) -> Value {
        if isBinary {
            fitReferences()
            return binaryOutput?.pointee.endDictionary(dictionary) ?? nil
        }
        jsonOutput?.pointee.endDictionary(dictionary.start)
        xmlOutput?.pointee.endDictionary(dictionary.start)
        return nil
    }

    private func beginArray() throws(Diagnostic) -> Int {
        if isBinary { return try binaryOutput?.pointee.beginArray() ?? 0 }
        if let start = try jsonOutput?.pointee.beginArray() { return start }
        return try xmlOutput?.pointee.beginArray() ?? 0
    }

    private func beginElement(in array: inout Int) throws(Diagnostic) {
        if isBinary { return binaryOutput?.pointee.beginElement(in: &array) ?? () }
        jsonOutput?.pointee.beginElement(in: &array)
        xmlOutput?.pointee.beginElement(in: &array)
    }

    private func endElement(_ value: Value, in array: inout Int) throws(Diagnostic) {
        if isBinary { return binaryOutput?.pointee.endElement(value, in: &array) ?? () }
        jsonOutput?.pointee.endElement((), in: &array)
        xmlOutput?.pointee.endElement((), in: &array)
    }

    private func endArray(_ array: Int) throws(Diagnostic) -> Value {
        if isBinary {
            fitReferences()
            return binaryOutput?.pointee.endArray(array) ?? nil
        }
        jsonOutput?.pointee.endArray(array)
        xmlOutput?.pointee.endArray(array)
        return nil
    }

    /// A `[String: V]` under a key strategy: its keys are data, written as they are.
    func encodeStringKeyed<Element: Encodable>(_ dictionary: [String: Element], step: PathStep) throws -> Value {
        try inSlot(step: step) { encoder in
            let id = encoder.openDictionary()
            for (key, value) in dictionary {
                try beginMember(key, in: id)
                try deliver(try box(value, step: .key(key, nil)))
            }
        }
    }

    // MARK: - Frames

    private func push(
        _ kind: Frame.Kind, writer: BinaryPlistOutput.PendingDictionary? = nil, count: Int = 0, pinned: Bool = false,
        step: PathStep
    ) -> Int {
        let id = mutable.pointee.nextID
        mutable.pointee.nextID += 1
        mutable.pointee.frames.append(Frame(id: id, kind: kind, writer: writer ?? noWriter, count: count, pinned: pinned), step: step)
        return id
    }

    /// The coding path of frame `id`, from the steps of the frames beneath it; nil, and the
    /// encoding marked broken, when the frame is closed (a container or encoder kept after its
    /// value moved on: the tree path, which keeps every container's path, then decides).
    func codingPath(ofFrame id: Int) -> [any CodingKey]? {
        var index = mutable.pointee.frames.count - 1
        while index >= 0, mutable.pointee.frames[index].id > id { index -= 1 }
        guard index >= 0, mutable.pointee.frames[index].id == id else {
            broken = true
            return nil
        }
        var keys: [any CodingKey] = []
        for below in 0...index {
            switch mutable.pointee.frames.step(at: below) {
            case .none: break
            case let .key(string, int): keys.append(PathKey(stringValue: string, intValue: int))
            case let .index(position): keys.append(PathKey(index: position))
            }
        }
        return keys
    }

    /// What ``codingPath(ofFrame:)`` gives, or an empty path for a closed frame (the encoding
    /// is then broken, and its output thrown away).
    func renderedPath(ofFrame id: Int) -> [any CodingKey] { codingPath(ofFrame: id) ?? [] }

    /// The document key of coding key `key` in the dictionary of frame `id` (a custom key
    /// strategy sees the coding path, rendered then).
    @inline(__always)
    func key(_ key: some CodingKey, inFrame id: Int) -> String {
        self.key(key, named: key.stringValue, inFrame: id)
    }

    /// ``key(_:inFrame:)`` of a key whose `stringValue` is read already (`name`).
    @inline(__always)
    func key(_ key: some CodingKey, named name: String, inFrame id: Int) -> String {
        if common.custom.keys != nil { return common.key(key, path: renderedPath(ofFrame: id)) }
        return common.snakeCase ? SnakeCase.convert(name) : name
    }

    /// Makes frame `id` the innermost, closing the finished frames above it; throws when it is
    /// closed already or a value being encoded lies above it.
    @inline(__always)
    func reach(_ id: Int) throws {
        // Nearly always the innermost frame already.
        if let last = mutable.pointee.frames.lastIndex, mutable.pointee.frames[last].id == id { return }
        try close(above: id)
    }

    private func close(above id: Int) throws {
        var index = mutable.pointee.frames.count - 1
        while index >= 0 {
            let frameID = mutable.pointee.frames[index].id
            if frameID == id { break }
            if frameID < id { throw needsTree() }
            if mutable.pointee.frames[index].pinned { throw needsTree() }
            index -= 1
        }
        guard index >= 0 else { throw needsTree() }
        while mutable.pointee.frames.count - 1 > index { try closeTop() }
    }

    /// Ends the innermost frame and hands its value to the frame below.
    private func closeTop() throws {
        guard let frame = mutable.pointee.frames.popLast(), !frame.pinned else { throw needsTree() }
        try deliver(try finish(frame))
    }

    /// The value of a frame just popped: its container ended, or its slot's value (an empty
    /// dictionary when it got none).
    private func finish(_ frame: Frame) throws -> Value {
        switch frame.kind {
        case .dictionary:
            mutable.pointee.keys.removeAll(from: frame.count)
            if !mutable.pointee.keySets.isEmpty { mutable.pointee.keySets[frame.id] = nil }
            do { return try endDictionary(frame.writer) } catch { throw needsTree() }
        case .array:
            do { return try endArray(frame.writer.start) } catch { throw needsTree() }
        case .slot:
            return try frame.value ?? emptyDictionary()
        }
    }

    /// Hands a finished value to the innermost frame: a dictionary's member, an array's element,
    /// or a slot's one value.
    func deliver(_ value: Value) throws {
        guard let last = mutable.pointee.frames.lastIndex else { throw needsTree() }
        do {
            switch mutable.pointee.frames[last].kind {
            case .dictionary:
                try endMember(value, in: &mutable.pointee.frames[last].writer)
            case .array:
                try endElement(value, in: &mutable.pointee.frames[last].writer.start)
            case .slot:
                guard mutable.pointee.frames[last].value == nil else { throw needsTree() }
                mutable.pointee.frames[last].value = value
            }
        } catch {
            throw needsTree()
        }
    }

    /// Member `key` of dictionary `id` with the scalar value `write` writes: what
    /// ``beginMember(_:in:)`` then ``deliver(_:)`` do, the dictionary found once (a scalar
    /// opens no frame).
    @inline(__always)
    func member(_ key: String, in id: Int, _ write: (DirectEncodingState) throws -> Value) throws {
        let last = try beginMemberAt(key, in: id)
        let value = try write(self)
        do { try endMember(value, in: &mutable.pointee.frames[last].writer) } catch { throw needsTree() }
    }

    /// Begins member `key` of dictionary `id`, which must not have it yet.
    func beginMember(_ key: String, in id: Int) throws {
        _ = try beginMemberAt(key, in: id)
    }

    /// ``beginMember(_:in:)``; the dictionary's frame index.
    private func beginMemberAt(_ key: String, in id: Int) throws -> Int {
        try reach(id)
        let last = mutable.pointee.frames.count - 1
        guard case .dictionary = mutable.pointee.frames[last].kind else { throw needsTree() }
        let start = mutable.pointee.frames[last].count
        if mutable.pointee.keys.count - start < 16 {
            if mutable.pointee.keys.contains(key, from: start) { throw needsTree() }
        } else {
            if mutable.pointee.keySets[id] == nil { mutable.pointee.keySets[id] = Set(mutable.pointee.keys.elements(from: start).map { DocumentKey($0) }) }
            guard mutable.pointee.keySets[id, default: []].insert(DocumentKey(key)).inserted else { throw needsTree() }
        }
        mutable.pointee.keys.append(key)
        objectCount += 1
        do { try beginMember(key, in: &mutable.pointee.frames[last].writer) } catch { throw needsTree() }
        return last
    }

    /// Begins the next element of array `id`; its index.
    func beginElement(in id: Int) throws -> Int {
        try reach(id)
        let last = mutable.pointee.frames.count - 1
        guard case .array = mutable.pointee.frames[last].kind else { throw needsTree() }
        do { try beginElement(in: &mutable.pointee.frames[last].writer.start) } catch { throw needsTree() }
        let count = mutable.pointee.frames[last].count
        mutable.pointee.frames[last].count = count + 1
        return count
    }

    /// The elements begun in array `id` (the tree path's count); marks the encoding broken when
    /// the array is closed already.
    func count(of id: Int) -> Int {
        var index = mutable.pointee.frames.count - 1
        while index >= 0 {
            let frame = mutable.pointee.frames[index]
            if frame.id == id {
                if case .array = frame.kind { return frame.count }
                break
            }
            index -= 1
        }
        broken = true
        return 0
    }

    /// Opens a container at the innermost position (a slot just reached, a member or element
    /// just begun); its id.
    func open(dictionary: Bool, step: PathStep) throws -> Int {
        objectCount += 1
        do {
            if dictionary { return push(.dictionary, writer: try beginDictionary(), count: mutable.pointee.keys.count, step: step) }
            var writer = noWriter
            writer.start = try beginArray()
            return push(.array, writer: writer, step: step)
        } catch {
            throw needsTree()
        }
    }

    /// Opens a container in slot `slot`, in the slot's own frame (which keeps its id, step and
    /// pin); the container's id, the slot's, or -1 (a container every write refuses) when the
    /// stream cannot.
    func open(dictionary: Bool, inSlot slot: Int) -> Int {
        do {
            try reach(slot)
            let last = mutable.pointee.frames.count - 1
            guard isEmptySlot(last) else { throw needsTree() }
            objectCount += 1
            do {
                if dictionary {
                    let writer = try beginDictionary()
                    mutable.pointee.frames[last].kind = .dictionary
                    mutable.pointee.frames[last].writer = writer
                    mutable.pointee.frames[last].count = mutable.pointee.keys.count
                } else {
                    let start = try beginArray()
                    mutable.pointee.frames[last].kind = .array
                    mutable.pointee.frames[last].writer.start = start
                }
            } catch {
                throw needsTree()
            }
            return slot
        } catch {
            broken = true
            return -1
        }
    }

    /// Opens a container as member `key` of dictionary `parent` (or as the next element of array
    /// `parent` when `key` is nil); -1 when the stream cannot.
    func openNested(dictionary: Bool, key: String?, in parent: Int, step: PathStep) -> Int {
        do {
            if let key { try beginMember(key, in: parent) } else { _ = try beginElement(in: parent) }
            return try open(dictionary: dictionary, step: step)
        } catch {
            broken = true
            return -1
        }
    }

    /// Begins member `key` of `parent` (or its next element when `key` is nil) as an unpinned
    /// slot for a super encoder; the slot's id, or -1 when the stream cannot.
    func openSuper(key: String?, in parent: Int, step: PathStep) -> Int {
        do {
            if let key { try beginMember(key, in: parent) } else { _ = try beginElement(in: parent) }
            return push(.slot, step: step)
        } catch {
            broken = true
            return -1
        }
    }

    /// Whether the frame at `index` is a slot with no value yet.
    @inline(__always)
    private func isEmptySlot(_ index: Int) -> Bool {
        guard case .slot = mutable.pointee.frames[index].kind else { return false }
        return mutable.pointee.frames[index].value == nil
    }

    /// Puts the value of slot `slot`, which must have none yet.
    func fill(slot: Int, with value: () throws -> Value) throws {
        try reach(slot)
        guard isEmptySlot(mutable.pointee.frames.count - 1) else { throw needsTree() }
        try deliver(try value())
    }
}
