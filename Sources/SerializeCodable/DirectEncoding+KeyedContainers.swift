/// The keyed containers of a direct encoding, one kept per key type and handed out again when
/// nothing else holds it.
///
/// `KeyedEncodingContainer(_:)` is generic over the concrete container: in the unspecialized
/// `container(keyedBy:)` that every `encode(to:)` calls, Swift looks up the metadata of
/// `DirectKeyedEncoder<Key>` and of the standard library's box around it in its global caches,
/// and allocates the box: 16% of encoding records, the lookups alone 12% (Benchmarks/README.md,
/// "Session 9"). A container kept per key type costs a small table probe instead.

import SerializeDocument

/// What a ``DirectKeyedEncoder`` writes into: the state and the dictionary's frame id, in an
/// object of its own so that a kept container can be pointed at a new dictionary.
final class DirectContainerTarget {
    /// Not retained: the state owns the table that keeps the container. A container something
    /// else still holds when its encoding ends is given ``keepsState`` and leaves the table.
    let state: Unmanaged<DirectEncodingState>
    /// The dictionary's frame id (-1: one the stream could not open; every write refuses).
    var id: Int
    /// The state, retained for a container that outlived its encoding (a later write into it
    /// then finds its frame closed, as before, and the state is not kept as a spare).
    var keepsState: DirectEncodingState?

    init(state: DirectEncodingState, id: Int) {
        self.state = Unmanaged.passUnretained(state)
        self.id = id
    }
}

extension DirectEncodingState {
    /// The keyed containers kept, by key type: an open-addressing table of `size` slots, a key
    /// type's slot found from its metadata's address.
    struct KeyedContainers {
        static let size = 64
        /// Probes before a key type goes without a kept container.
        static let probes = 4

        private let types: UnsafeMutablePointer<ObjectIdentifier?>
        /// The `KeyedEncodingContainer`'s box, as the container's one stored reference.
        private let boxes: UnsafeMutablePointer<AnyObject?>
        private let targets: UnsafeMutablePointer<DirectContainerTarget?>

        init() {
            types = .allocate(capacity: Self.size)
            types.initialize(repeating: nil, count: Self.size)
            boxes = .allocate(capacity: Self.size)
            boxes.initialize(repeating: nil, count: Self.size)
            targets = .allocate(capacity: Self.size)
            targets.initialize(repeating: nil, count: Self.size)
        }

        func deallocate() {
            types.deinitialize(count: Self.size)
            types.deallocate()
            boxes.deinitialize(count: Self.size)
            boxes.deallocate()
            targets.deinitialize(count: Self.size)
            targets.deallocate()
        }

        /// Whether a `KeyedEncodingContainer` is the size of one reference, as its one stored
        /// property, the box, makes it: what keeping containers as their boxes relies on.
        static let containerIsOneReference =
            MemoryLayout<KeyedEncodingContainer<PathKey>>.size == MemoryLayout<AnyObject>.size
            && MemoryLayout<KeyedEncodingContainer<PathKey>>.alignment == MemoryLayout<AnyObject>.alignment

        /// The box of `container`, when it is the standard library's keyed container box.
        private static func box<Key: CodingKey>(of container: KeyedEncodingContainer<Key>) -> AnyObject? {
            guard containerIsOneReference else { return nil }
            let box = unsafeBitCast(container, to: AnyObject.self)
            return String(describing: type(of: box)).hasPrefix("_KeyedEncodingContainerBox<") ? box : nil
        }

        /// A container for `Key` writing into dictionary `id`: the kept one when nothing else
        /// holds it, or a new one, kept.
        @inline(__always)
        func container<Key: CodingKey>(_ key: Key.Type, id: Int, state: DirectEncodingState) -> KeyedEncodingContainer<Key> {
            let type = ObjectIdentifier(key)
            let bits = UInt(bitPattern: type)
            let start = Int(truncatingIfNeeded: (bits &>> 4) ^ (bits &>> 11))
            var place = -1
            for probe in 0..<Self.probes {
                let index = (start &+ probe) & (Self.size - 1)
                guard let kept = types[index] else {
                    place = index
                    break
                }
                guard kept == type else { continue }
                if isKnownUniquelyReferenced(&boxes[index]), let box = boxes[index], let target = targets[index] {
                    target.id = id
                    return unsafeBitCast(box, to: KeyedEncodingContainer<Key>.self)
                }
                // Held elsewhere: by an enclosing value of the same type, still encoding, or
                // by code that kept it. It leaves the table holding the state; a new one
                // takes its place.
                targets[index]?.keepsState = state
                place = index
                break
            }
            return make(key, id: id, state: state, place: place)
        }

        /// A new container for `Key`, kept at `place` (-1: not kept, as the table's probes are
        /// taken). Apart, so that the metadata the making needs is not looked up for a kept one.
        @inline(never)
        private func make<Key: CodingKey>(_ key: Key.Type, id: Int, state: DirectEncodingState, place: Int) -> KeyedEncodingContainer<Key> {
            let target = DirectContainerTarget(state: state, id: id)
            let made = KeyedEncodingContainer(DirectKeyedEncoder<Key>(target: target))
            if place >= 0, let box = Self.box(of: made) {
                types[place] = ObjectIdentifier(key)
                boxes[place] = box
                targets[place] = target
            } else {
                target.keepsState = state
            }
            return made
        }

        /// At the end of an encoding: a container still held elsewhere leaves the table holding
        /// the state (the table keeps the others, which do not hold it).
        func release(_ state: DirectEncodingState) {
            for index in 0..<Self.size where types[index] != nil && !isKnownUniquelyReferenced(&boxes[index]) {
                targets[index]?.keepsState = state
                types[index] = nil
                boxes[index] = nil
                targets[index] = nil
            }
        }
    }
}
