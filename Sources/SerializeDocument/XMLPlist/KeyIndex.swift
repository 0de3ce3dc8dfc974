/// The keys of one `<dict>` while it is read, for the duplicate-key check.

import SerializeCore

/// The keys of one dictionary with the offset of each one's first `<key>`: a short list searched
/// in order (most dictionaries are small), indexed by a hash table past 16 keys. Keys compare by
/// their exact Unicode scalars (``DocumentKey``), so `K` and U+212A are two keys.
struct KeyIndex {
    private var entries: [(key: String, offset: Int)] = []
    private var index: [DocumentKey: Int]?

    var count: Int { entries.count }
    var first: String? { entries.first?.key }

    /// Records `key` at `offset`; returns the offset of an earlier occurrence instead, if any.
    mutating func insert(_ key: String, at offset: Int) -> Int? {
        if let index {
            if let position = index[DocumentKey(key)] { return entries[position].offset }
        } else if let position = entries.firstIndex(where: { $0.key.hasSameScalars(as: key) }) {
            return entries[position].offset
        }
        if entries.isEmpty { entries.reserveCapacity(8) }
        entries.append((key, offset))
        if index != nil {
            index?[DocumentKey(key)] = entries.count - 1
        } else if entries.count > 16 {
            index = Dictionary(uniqueKeysWithValues: entries.enumerated().map { (DocumentKey($1.key), $0) })
        }
        return nil
    }
}
