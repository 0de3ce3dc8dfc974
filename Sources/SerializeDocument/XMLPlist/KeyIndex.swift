/// The keys of the open `<dict>`s while a property list is read, for the duplicate-key check and
/// the key paths of findings: bytes, never a `String` per key.

import Foundation
import SerializeCore

/// Where one key's UTF-8 bytes sit in ``KeyIndex/bytes``.
struct KeySpan: Equatable {
    var start: Int
    var count: Int

    /// The stand-in key `?` of a value in a `<dict>` with no `<key>` before it.
    static let missing = KeySpan(start: -1, count: 0)
}

/// The keys of every open dictionary, innermost last, in one byte buffer and one entry list that
/// grow and shrink with the nesting (so reading a dictionary allocates nothing once they have
/// grown). Each dictionary's keys are a short list searched in order (most dictionaries are
/// small), indexed by a hash table past 16 keys. Keys compare by their UTF-8 bytes, which is
/// comparing their exact Unicode scalars (``DocumentKey``'s rule): `K` and U+212A are two keys.
struct KeyIndex {
    /// The bytes of every key of every open dictionary (duplicates too, for their paths).
    private(set) var bytes: [UInt8] = []
    /// Every distinct key of every open dictionary, with where its first `<key>` was reported
    /// (a position the walk turns into an offset only for a finding).
    private var entries: [(key: KeySpan, position: Int)] = []
    /// One per open dictionary: where its entries and bytes start, and its hash table once it
    /// has more than 16 keys (hash of the bytes → indices into ``entries``).
    private var scopes: [(entries: Int, bytes: Int, table: [Int: [Int]]?)] = []

    /// Opens the keys of a new innermost dictionary.
    mutating func open() {
        scopes.append((entries.count, bytes.count, nil))
    }

    /// Forgets the innermost dictionary's keys (their spans are no longer valid).
    mutating func close() {
        guard let scope = scopes.popLast() else { return }
        entries.removeSubrange(scope.entries...)
        bytes.removeSubrange(scope.bytes...)
    }

    /// How many distinct keys the innermost dictionary has.
    var count: Int { scopes.last.map { entries.count - $0.entries } ?? 0 }

    /// Whether the innermost dictionary's keys are exactly `literal`.
    func holdsOnly(_ literal: StaticString) -> Bool {
        guard let scope = scopes.last, entries.count - scope.entries == 1 else { return false }
        return equals(entries[scope.entries].key, literal)
    }

    /// Where the text of the next `<key>` begins: pass it to ``endKey(from:)``.
    var keyStart: Int { bytes.count }

    /// Appends a run of a `<key>`'s text (its text goes straight here, never through a copy).
    mutating func appendKeyText(_ text: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: text.assumingMemoryBound(to: UInt8.self))
    }

    /// The key whose text was appended since `start` (``keyStart``), stored for the innermost
    /// dictionary.
    func endKey(from start: Int) -> KeySpan {
        KeySpan(start: start, count: bytes.count - start)
    }

    /// Records the key at `span` (from ``endKey(from:)``) at `position`; returns the position of
    /// an earlier occurrence in the innermost dictionary instead, if any.
    mutating func insert(_ span: KeySpan, at position: Int) -> Int? {
        guard let top = scopes.indices.last else { return nil }
        let first = scopes[top].entries
        if scopes[top].table != nil {
            let hash = hashValue(span)
            if let index = scopes[top].table?[hash]?.first(where: { equal(entries[$0].key, span) }) { return entries[index].position }
            scopes[top].table?[hash, default: []].append(entries.count)
        } else {
            for index in first..<entries.count where equal(entries[index].key, span) {
                return entries[index].position
            }
            if entries.count - first == 16 {
                var table: [Int: [Int]] = [:]
                for index in first..<entries.count { table[hashValue(entries[index].key), default: []].append(index) }
                table[hashValue(span), default: []].append(entries.count)
                scopes[top].table = table
            }
        }
        entries.append((span, position))
        return nil
    }

    /// The key at `span` as a string (`?` for ``KeySpan/missing``).
    func string(_ span: KeySpan) -> String {
        guard span.start >= 0 else { return "?" }
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[span.start..<span.start + span.count]), as: UTF8.self) }
    }

    // MARK: - Bytes

    private func equal(_ a: KeySpan, _ b: KeySpan) -> Bool {
        guard a.count == b.count else { return false }
        return bytes.withUnsafeBufferPointer { raw in
            guard let base = raw.baseAddress else { return true }
            return memcmp(base + a.start, base + b.start, a.count) == 0
        }
    }

    private func equals(_ span: KeySpan, _ literal: StaticString) -> Bool {
        guard span.count == literal.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { raw in
            literal.withUTF8Buffer { text in (0..<span.count).allSatisfy { raw[span.start + $0] == text[$0] } }
        }
    }

    private func hashValue(_ span: KeySpan) -> Int {
        var hasher = Hasher()
        bytes.withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[span.start..<span.start + span.count]))) }
        return hasher.finalize()
    }
}
