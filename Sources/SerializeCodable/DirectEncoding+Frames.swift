/// The frames of a direct encoding (``DirectEncodingState``): the containers and value
/// positions open, each with its step of the coding path, and the encoders reused for the slots.

import SerializeCore
import SerializeDocument

extension DirectEncodingState {
    /// A frame: its fields are changed in place, with no enum taken apart and put back
    /// together on each member (which cost a store-to-load stall in `deliver`).
    struct Frame {
        enum Kind {
            /// An open dictionary: its writer's state in ``writer`` (JSON and XML keep their
            /// member count in `start`); its keys are on ``keys`` from ``count`` on.
            case dictionary
            /// An open array: its writer's state in `writer.start`, ``count`` elements begun.
            case array
            /// A value position: ``pinned`` while ``box(_:step:)`` encodes into it (only it
            /// closes the slot), unpinned for a super encoder (closed when its parent moves on);
            /// its ``value`` once delivered. A container opened in the slot takes the slot's
            /// frame (its kind changes, its id, step and pin stay): no frame of its own to push,
            /// close and deliver from, for every value that encodes a container.
            case slot
        }

        let id: Int
        var kind: Kind
        var writer: BinaryPlistOutput.PendingDictionary
        var count = 0
        var pinned = false
        var value: Value?
    }

    /// What leads from a frame's parent to the frame in the coding path: nothing (a container
    /// opened in its slot, a single value container's value), a key or an array index.
    ///
    /// The coding path is not built as the values come: each frame keeps its own step, and a
    /// path is rendered from the stack only when something asks (``codingPath(ofFrame:)``).
    enum PathStep {
        case none
        case key(String, Int?)
        case index(Int)
    }

    /// The frames, innermost last, in memory of their own: a frame is plain data, and an array
    /// checked each change of its innermost frame for a unique buffer. Each frame's
    /// ``PathStep`` is kept beside it, apart, so that reading a frame retains nothing. Not two
    /// ``Stack``s: one count and one capacity check for both, on the hottest path (two stacks
    /// made encoding a record 2–3% slower).
    struct FrameStack {
        private var base: UnsafeMutablePointer<Frame>
        private var steps: UnsafeMutablePointer<PathStep>
        private var capacity: Int
        private(set) var count = 0

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            steps = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        /// Frees the memory (the frames hold no references; the steps left may).
        func deallocate() {
            steps.deinitialize(count: count)
            steps.deallocate()
            base.deallocate()
        }

        /// The path step of the frame at `index`.
        func step(at index: Int) -> PathStep { steps[index] }

        var isEmpty: Bool { count == 0 }
        /// The innermost frame's index.
        var lastIndex: Int? { count > 0 ? count - 1 : nil }

        subscript(index: Int) -> Frame {
            get { base[index] }
            nonmutating _modify { yield &base[index] }
        }

        @inline(__always) mutating func append(_ frame: Frame, step: PathStep) {
            if count == capacity { grow() }
            (base + count).initialize(to: frame)
            (steps + count).initialize(to: step)
            count += 1
        }

        @inline(never) private mutating func grow() {
            base = moved(base, count: count, to: capacity * 2)
            steps = moved(steps, count: count, to: capacity * 2)
            capacity *= 2
        }

        mutating func popLast() -> Frame? {
            guard count > 0 else { return nil }
            count -= 1
            (steps + count).deinitialize(count: 1)
            return (base + count).move()
        }
    }

    /// The keys of the open dictionaries, innermost last, in memory of their own (an array's
    /// `removeSubrange` at each dictionary's end went through the generic range replacement),
    /// for the repeated-key check (``DirectEncodingState/beginMember(_:in:)``).
    ///
    /// A small string (at most 15 UTF-8 bytes, held in its two words; most keys) owns nothing:
    /// it is stored without a retain and forgotten without a release, and compared by its two
    /// words, which are its bytes. Any other key is stored retained. (Retaining and releasing
    /// every key, and copying each one out to compare it, were most of the check's cost, which
    /// was 3.5% of encoding a record.)
    struct KeyStack {
        private var base: UnsafeMutablePointer<String>
        private var capacity: Int
        private(set) var count = 0

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        func deallocate() {
            forget(from: 0)
            base.deallocate()
        }

        @inline(__always) mutating func append(_ key: String) {
            if count == capacity { grow() }
            let words = StringWords(key)
            if words.isSmall {
                UnsafeMutableRawPointer(base + count).storeBytes(of: words, as: StringWords.self)
            } else {
                (base + count).initialize(to: key)
            }
            count += 1
        }

        @inline(never) private mutating func grow() {
            // Moved as bits: a small string is its words, any other moves its one count along.
            base = moved(base, count: count, to: capacity * 2)
            capacity *= 2
        }

        /// Forgets the keys from `start` on, releasing those stored retained.
        @inline(__always) mutating func removeAll(from start: Int) {
            guard start < count else { return }
            forget(from: start)
            count = start
        }

        private func forget(from start: Int) {
            for index in start..<count {
                let words = UnsafeRawPointer(base + index).load(as: StringWords.self)
                if !words.isSmall { (base + index).deinitialize(count: 1) }
            }
        }

        /// Whether a key from `start` on has the same scalars as `key`.
        @inline(__always) func contains(_ key: String, from start: Int) -> Bool {
            let words = StringWords(key)
            let small = words.isSmall
            for index in start..<count {
                let other = UnsafeRawPointer(base + index).load(as: StringWords.self)
                if other == words { return true }
                // Two small strings with different words have different bytes.
                if small, other.isSmall { continue }
                if base[index].hasSameBytes(as: key) { return true }
            }
            return false
        }

        /// The keys from `start` on.
        func elements(from start: Int) -> UnsafeBufferPointer<String> {
            UnsafeBufferPointer(start: base + start, count: count - start)
        }
    }

    /// An encoder per depth of the frame stack, reused by the next slot at that depth unless
    /// the last `encode(to:)` there kept it (a fresh one then takes its place): no allocation,
    /// and no retain or list churn, per value. Its encoders do not retain the state, so the
    /// pool is kept with a state kept for the next call.
    struct EncoderPool {
        static let depth = 64
        /// The pool's encoders, held.
        private let owned: UnsafeMutablePointer<PooledEncoder?>
        /// The same, not retained: what each slot reads (a read of ``owned`` retains).
        private let unretained: UnsafeMutablePointer<Unmanaged<PooledEncoder>?>
        /// One past the deepest index handed out: what ``release(_:)`` visits.
        private var used = 0

        init() {
            owned = .allocate(capacity: Self.depth)
            owned.initialize(repeating: nil, count: Self.depth)
            unretained = .allocate(capacity: Self.depth)
            unretained.initialize(repeating: nil, count: Self.depth)
        }

        /// The encoder for a slot at frame index `index`, not retained: the pool holds it, and
        /// only a slot at that index replaces it, which cannot happen while the slot is open.
        /// One something else still holds is replaced, and holds the state. Nil past the pool's
        /// depth.
        @inline(__always)
        mutating func encoder(at index: Int, state: DirectEncodingState) -> Unmanaged<PooledEncoder>? {
            guard index < Self.depth else { return nil }
            if let pooled = unretained[index], !pooled._withUnsafeGuaranteedRef({ $0.isHeldElsewhere }) { return pooled }
            return replace(at: index, state: state)
        }

        /// A new encoder at `index`, the one there (held elsewhere) leaving with the state.
        @inline(never)
        private mutating func replace(at index: Int, state: DirectEncodingState) -> Unmanaged<PooledEncoder> {
            if index >= used { used = index + 1 }
            owned[index]?.leave(holding: state)
            let pooled = PooledEncoder(state: state)
            owned[index] = pooled
            unretained[index] = Unmanaged.passUnretained(pooled)
            return Unmanaged.passUnretained(pooled)
        }

        /// At the end of an encoding: an encoder something else still holds leaves the pool,
        /// holding the state.
        func release(_ state: DirectEncodingState) {
            for index in 0..<used {
                guard let pooled = unretained[index], pooled._withUnsafeGuaranteedRef({ $0.isHeldElsewhere }) else { continue }
                pooled._withUnsafeGuaranteedRef { $0.leave(holding: state) }
                unretained[index] = nil
                owned[index] = nil
            }
        }

        func deallocate() {
            unretained.deallocate()
            owned.deinitialize(count: Self.depth)
            owned.deallocate()
        }
    }

    /// An encoder of the pool, with the `any Encoder` made of it once: `encode(to:)` is handed
    /// that existential from this object's constant, in place, where one made for each value
    /// retained and released the encoder around every call.
    final class PooledEncoder {
        /// The encoder as the `Encoder` a value's `encode(to:)` takes: the one count this
        /// object holds on it.
        let existential: any Encoder
        /// The same encoder, not retained (``existential`` holds it).
        let unretained: Unmanaged<DirectValueEncoder>
        /// The encoder's address, held without a count: only to ask whether anything but
        /// ``existential`` holds the encoder (a value's `encode(to:)` that kept it). Never
        /// released: freed as raw memory.
        private let uncounted: UnsafeMutablePointer<DirectValueEncoder>

        init(state: DirectEncodingState) {
            let encoder = DirectValueEncoder(pooledBy: state)
            existential = encoder
            unretained = Unmanaged.passUnretained(encoder)
            uncounted = .allocate(capacity: 1)
            uncounted.initialize(to: encoder)
            // The count the initialization took, given back: the memory holds none.
            unretained.release()
        }

        deinit { uncounted.deallocate() }

        /// Whether something besides ``existential`` holds the encoder.
        @inline(__always) var isHeldElsewhere: Bool { !isKnownUniquelyReferenced(&uncounted.pointee) }

        /// Gives the encoder the state to hold, as it leaves the pool while held elsewhere.
        func leave(holding state: DirectEncodingState) {
            unretained._withUnsafeGuaranteedRef { $0.keepsState = state }
        }
    }
}

/// The `count` elements at `base` moved into new memory for `capacity`, the old memory freed:
/// how the direct encoder's stacks grow.
private func moved<Element>(_ base: UnsafeMutablePointer<Element>, count: Int, to capacity: Int) -> UnsafeMutablePointer<Element> {
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    grown.moveInitialize(from: base, count: count)
    base.deallocate()
    return grown
}
