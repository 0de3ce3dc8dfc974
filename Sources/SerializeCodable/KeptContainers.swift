/// Keyed containers kept one per key type, by the direct encoder and by the decoder, and handed
/// out again when nothing else holds them.
///
/// `KeyedEncodingContainer(_:)` and `KeyedDecodingContainer(_:)` are generic over the concrete
/// container: in the unspecialized `container(keyedBy:)` that every `encode(to:)` and
/// `init(from:)` calls, Swift looks up the metadata of our container for the key and of the
/// standard library's box around it in its global caches, and allocates the box (and, for the
/// decoder, the container object): the lookups alone were 12% of encoding records and 7% of
/// decoding one (Benchmarks/README.md, "Where the issue 11 targets stood (session 9)"). A kept
/// container costs a table probe, and the one lookup left, of the container type the caller
/// gets back.
///
/// A kept container's target (the object its calls read and write through) points at the state
/// of the encoding or decoding without retaining it, since that state owns the table: a
/// container still held elsewhere when it leaves the table (replaced while an enclosing value
/// of its key type still uses it, or kept by user code past its call) is handed to `evict`,
/// which makes its target hold the state.

import Synchronization

/// The table: `size` slots, open-addressed from the address of the key type's metadata.
final class KeptContainers<Target: AnyObject> {
    static var size: Int { 64 }
    /// Probes before a key type goes without a kept container.
    static var probes: Int { 4 }

    private let types: UnsafeMutablePointer<ObjectIdentifier?>
    /// The standard library's box: a keyed container is one reference to it.
    private let boxes: UnsafeMutablePointer<AnyObject?>
    private let targets: UnsafeMutablePointer<Target?>
    /// The indices of the slots in use, `occupied` of them: ``release(evict:keep:)`` visits
    /// these, not all the slots, at the end of every call.
    private let occupiedSlots: UnsafeMutablePointer<Int>
    private var occupied = 0

    init() {
        occupiedSlots = .allocate(capacity: Self.size)
        types = .allocate(capacity: Self.size)
        types.initialize(repeating: nil, count: Self.size)
        boxes = .allocate(capacity: Self.size)
        boxes.initialize(repeating: nil, count: Self.size)
        targets = .allocate(capacity: Self.size)
        targets.initialize(repeating: nil, count: Self.size)
    }

    deinit {
        occupiedSlots.deallocate()
        types.deinitialize(count: Self.size)
        types.deallocate()
        boxes.deinitialize(count: Self.size)
        boxes.deallocate()
        targets.deinitialize(count: Self.size)
        targets.deallocate()
    }

    /// What a look-up finds: the kept container for the key type, free to use, or where a new
    /// one is to be kept (nil: nowhere, the probes are taken by other key types).
    enum Found {
        case kept(box: AnyObject, target: Target)
        case place(Int?)
    }

    /// The kept container for key type `key` when nothing else holds it. One held elsewhere is
    /// handed to `evict` and its place given for the new one.
    @inline(__always)
    func find(_ key: Any.Type, evict: (Target) -> Void) -> Found {
        let type = ObjectIdentifier(key)
        let bits = UInt(bitPattern: type)
        let start = Int(truncatingIfNeeded: (bits &>> 4) ^ (bits &>> 11))
        for probe in 0..<Self.probes {
            let index = (start &+ probe) & (Self.size - 1)
            guard let kept = types[index] else { return .place(index) }
            guard kept == type else { continue }
            if isKnownUniquelyReferenced(&boxes[index]), let box = boxes[index], let target = targets[index] {
                return .kept(box: box, target: target)
            }
            if let target = targets[index] { evict(target) }
            return .place(index)
        }
        return .place(nil)
    }

    /// Keeps a new container for `key` at `place` (from ``find(_:evict:)``).
    func keep(_ key: Any.Type, box: AnyObject, target: Target, at place: Int) {
        if types[place] == nil {
            occupiedSlots[occupied] = place
            occupied += 1
        }
        types[place] = ObjectIdentifier(key)
        boxes[place] = box
        targets[place] = target
    }

    /// At the end of an encoding or decoding: each container still held elsewhere is handed to
    /// `evict` and leaves the table; each one kept is handed to `keep` (to let go of what it
    /// read), when given. A kept container's target is not read otherwise (reading it retains
    /// it), and only the slots in use are visited.
    func release(evict: (Target) -> Void, keep: ((Target) -> Void)? = nil) {
        var index = 0
        while index < occupied {
            let slot = occupiedSlots[index]
            if isKnownUniquelyReferenced(&boxes[slot]) {
                if let keep, let target = targets[slot] { keep(target) }
                index += 1
                continue
            }
            if let target = targets[slot] { evict(target) }
            types[slot] = nil
            boxes[slot] = nil
            targets[slot] = nil
            occupied -= 1
            occupiedSlots[index] = occupiedSlots[occupied]
        }
    }

    /// Whether a keyed container is the size of one reference, as its one stored property, the
    /// box, makes it: what keeping containers as their boxes relies on.
    static var containerIsOneReference: Bool {
        MemoryLayout<KeyedEncodingContainer<PathKey>>.size == MemoryLayout<AnyObject>.size
            && MemoryLayout<KeyedEncodingContainer<PathKey>>.alignment == MemoryLayout<AnyObject>.alignment
            && MemoryLayout<KeyedDecodingContainer<PathKey>>.size == MemoryLayout<AnyObject>.size
            && MemoryLayout<KeyedDecodingContainer<PathKey>>.alignment == MemoryLayout<AnyObject>.alignment
    }

    /// The box of `container`, when it is the standard library's keyed encoding container box.
    static func box<Key: CodingKey>(of container: KeyedEncodingContainer<Key>) -> AnyObject? {
        guard containerIsOneReference else { return nil }
        let box = unsafeBitCast(container, to: AnyObject.self)
        return KeptContainerBoxes.encoding.isStandard(box, named: "_KeyedEncodingContainerBox<") ? box : nil
    }

    /// The box of `container`, when it is the standard library's keyed decoding container box.
    static func box<Key: CodingKey>(of container: KeyedDecodingContainer<Key>) -> AnyObject? {
        guard containerIsOneReference else { return nil }
        let box = unsafeBitCast(container, to: AnyObject.self)
        return KeptContainerBoxes.decoding.isStandard(box, named: "_KeyedDecodingContainerBox<") ? box : nil
    }
}

/// Whether the object in a keyed container is the standard library's box, asked of the first
/// container made and remembered for the process: the type name is not made for every one.
final class KeptContainerBoxes: Sendable {
    static let encoding = KeptContainerBoxes()
    static let decoding = KeptContainerBoxes()

    /// 0: not asked yet; 1: the standard box; 2: something else (nothing is kept).
    private let answer = Atomic<UInt8>(0)

    func isStandard(_ box: AnyObject, named prefix: String) -> Bool {
        switch answer.load(ordering: .relaxed) {
        case 1: return true
        case 2: return false
        default:
            let standard = String(describing: type(of: box)).hasPrefix(prefix)
            answer.store(standard ? 1 : 2, ordering: .relaxed)
            return standard
        }
    }
}

/// A table of kept containers held between calls by a coder and its copies: taken by one call
/// at a time under a lock (a call that finds it taken makes its own) and given back after.
final class SpareKeptContainers<Target: AnyObject>: Sendable {
    /// The table crosses threads only whole, under the lock, and one call at a time uses it.
    private struct Kept: @unchecked Sendable {
        var table: KeptContainers<Target>?
    }

    private let kept = Mutex(Kept())

    /// The kept table, or a new one if another call holds it.
    func take() -> KeptContainers<Target> {
        kept.withLock { kept in
            defer { kept.table = nil }
            return kept.table
        } ?? KeptContainers()
    }

    /// Keeps `table` for the next call. Its containers point at no state between calls: each
    /// is pointed at the next call's when it is handed out.
    func give(_ table: KeptContainers<Target>) {
        let table = Kept(table: table)
        kept.withLock { $0 = table }
    }
}
