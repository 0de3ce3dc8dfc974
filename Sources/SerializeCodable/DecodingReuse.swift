/// What one call of ``DocumentDecoder`` leaves for the next: the memory of the index it read,
/// and its keyed containers.

import Synchronization
import SerializeDocument

/// The spare index memory of a ``DocumentDecoder`` (and its copies), so that decoding many
/// small documents one at a time does not allocate an index's arrays for each.
///
/// A decoder may be used from several threads at once: a call takes the spare under a lock and
/// whoever finds it taken builds a fresh one; a call gives its memory back only when it is
/// small (``retainedLimit``), so one huge document does not keep its memory pinned. A call that
/// fails while reading keeps nothing, and the next one starts afresh.
final class DecodingReuse: Sendable {
    private let spare = Mutex(IndexStorage())
    /// The keyed containers of the last call, one per key type, for the next.
    let containers = SpareKeptContainers<KeyedDocumentDecoderBase>()

    /// The most memory kept between calls: an index of about 5,000 entries and 64 KB of text,
    /// far more than a record of a few kilobytes needs.
    static var retainedLimit: Int { 256 * 1024 }

    init() {}

    /// The spare memory, or none if another call holds it.
    func take() -> IndexStorage {
        spare.withLock { storage in
            let taken = storage
            storage = IndexStorage()
            return taken
        }
    }

    /// Keeps `storage` for the next call, if it is small.
    func give(_ storage: IndexStorage) {
        guard storage.retainedBytes <= Self.retainedLimit else { return }
        spare.withLock { $0 = storage }
    }

    /// The bytes kept for the next call (for tests).
    var retainedBytes: Int { spare.withLock { $0.retainedBytes } }
}
