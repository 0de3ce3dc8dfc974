/// The direct encoder's keyed containers, kept one per key type (``KeptContainers``).

import SerializeDocument

/// What a ``DirectKeyedEncoder`` writes into: the state and the dictionary's frame id, in an
/// object of its own so that a kept container can be pointed at a new dictionary.
final class DirectContainerTarget {
    /// Not retained: the state owns the table that keeps the container (``keepsState`` holds
    /// it once the container leaves the table while held elsewhere); set again when a later
    /// encoding hands the container out.
    var state: Unmanaged<DirectEncodingState>
    /// The dictionary's frame id (-1: one the stream could not open; every write refuses).
    var id: Int
    /// The state, retained for a container that outlived its value or its encoding (a later
    /// write into it finds its frame closed, as before, and the state is not kept as a spare).
    var keepsState: DirectEncodingState?

    init(state: DirectEncodingState, id: Int) {
        self.state = Unmanaged.passUnretained(state)
        self.id = id
    }
}

extension DirectEncodingState {
    /// A keyed container for `Key` writing into dictionary `id`: the kept one when nothing
    /// else holds it, or a new one, kept.
    @inline(__always)
    func keyedContainer<Key: CodingKey>(_ key: Key.Type, id: Int) -> KeyedEncodingContainer<Key> {
        switch keyedContainers.find(key, evict: { $0.keepsState = self }) {
        case let .kept(box, target):
            target.state = Unmanaged.passUnretained(self)
            target.id = id
            return unsafeBitCast(box, to: KeyedEncodingContainer<Key>.self)
        case let .place(place):
            return makeKeyedContainer(key, id: id, place: place)
        }
    }

    /// A new container for `Key`, kept at `place`. Apart, so that the metadata the making
    /// needs is not looked up for a kept one.
    @inline(never)
    private func makeKeyedContainer<Key: CodingKey>(_ key: Key.Type, id: Int, place: Int?) -> KeyedEncodingContainer<Key> {
        let target = DirectContainerTarget(state: self, id: id)
        let made = KeyedEncodingContainer(DirectKeyedEncoder<Key>(target: target))
        if let place, let box = KeptContainers<DirectContainerTarget>.box(of: made) {
            keyedContainers.keep(key, box: box, target: target, at: place)
        } else {
            target.keepsState = self
        }
        return made
    }

    /// At the end of an encoding: the containers still held elsewhere hold the state.
    func releaseKeyedContainers() {
        keyedContainers.release(evict: { $0.keepsState = self })
    }
}
