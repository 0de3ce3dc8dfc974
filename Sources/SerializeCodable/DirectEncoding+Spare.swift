/// The direct binary plist encoding's state kept by a ``DocumentEncoder`` for its next call: the
/// frames, the writer's buffers and string tables emptied rather than built again.

import Foundation
import Synchronization
import SerializeDocument

/// The spare state of a ``DocumentEncoder`` and its copies (they share it): at most one, taken
/// by a call under a lock; a call that finds none (another thread holds it) builds its own.
final class DirectEncodingSpare: Sendable {
    /// A state is kept only while its memory stays under this, so that one huge document does
    /// not pin its buffers for the encoder's lifetime.
    static let retainedLimit = 1 << 20

    /// A state crosses threads only whole, under the lock, and one call at a time uses it.
    private struct Kept: @unchecked Sendable {
        var state: DirectEncodingState?
    }

    private let kept = Mutex(Kept())

    /// The keyed containers of the last JSON or XML plist call, for the next (a binary plist
    /// state keeps its own).
    let containers = SpareKeptContainers<DirectContainerTarget>()

    /// The spare, if there is one; nobody else gets it until it is put back.
    func take() -> DirectEncodingState? {
        kept.withLock { kept in
            defer { kept.state = nil }
            return kept
        }.state
    }

    /// The memory the kept state holds, or nil when none is kept (for tests).
    var retainedBytes: Int? { kept.withLock { $0.state?.retainedBytes } }

    /// Keeps `spare` for the next call (replacing one kept meanwhile by another thread).
    func put(_ spare: DirectEncodingState) {
        let spare = Kept(state: spare)
        kept.withLock { $0 = spare }
    }
}

extension DocumentEncoder {
    /// The memory the state kept for the next call holds, or nil when none is kept (for tests).
    package var keptStateBytes: Int? { spare.retainedBytes }

    /// `value` as a binary plist by the direct path, with the spare state when there is one,
    /// kept afterwards for the next call when nothing else holds it and it is small enough.
    ///
    /// A kept state keeps its ``EncodingState`` too: a changed setting replaces ``spare``.
    func encodeBinaryDirectly<T: Encodable>(_ value: T, writing: FormatOptions) -> Data? {
        var state: DirectEncodingState
        if let spare = spare.take() {
            state = spare
            state.reuse(options: writing)
        } else {
            // The object count is known only at the end: references are written 4 bytes wide,
            // then narrowed to what the tree path's bound (counted the same way) gives.
            let common = EncodingState(encoder: self, marker: nilMarker ?? options.nullMarker(for: .binaryPlist))
            state = DirectEncodingState(common: common, binary: BinaryPlistOutput(options: writing, objectBound: 1 << 32, tracksPath: false))
        }
        let top = state.encodeRoot(value)
        state.common.finish()
        // A small document's bytes are copied out, its buffer kept; a large one's handed over.
        let small = state.retainedBytes <= DirectEncodingSpare.retainedLimit
        let data = top.flatMap { state.finishBinary(top: $0, keepingStorage: small) }
        // Kept only when no encoder or container of this call holds it (one used later would
        // write into another call's document) and it holds little memory.
        if small, isKnownUniquelyReferenced(&state) {
            spare.put(state)
        }
        return data
    }
}

extension DirectEncodingState {
    /// Ready for a new encoding, the writer emptied for `options`.
    func reuse(options: FormatOptions) {
        mutable.pointee.reset()
        // Through the unwrapped pointer: optional chaining on `pointee` copies the output.
        guard let output = binaryOutput else { return }
        output.pointee.reset(options: options)
        mutable.pointee.referenceLimit = Self.referenceLimit(output.pointee.refSize)
    }

    /// How many objects references `size` bytes wide can number.
    static func referenceLimit(_ size: Int) -> Int { size >= 8 ? .max : 1 << (8 * size) }

    /// Widens the binary plist writer's references when the objects counted so far (a bound on
    /// those written) could need more than they hold: a reused writer starts at the width the
    /// last document needed. Called before the writer writes any reference.
    @inline(__always) func fitReferences() {
        if objectCount > mutable.pointee.referenceLimit { widenReferences() }
    }

    @inline(never) private func widenReferences() {
        guard let output = binaryOutput else { return }
        let size = BinaryPlistOutput.byteCount(UInt64(objectCount - 1))
        output.pointee.resizeReferences(to: size)
        mutable.pointee.referenceLimit = Self.referenceLimit(size)
    }

    /// The bytes of the binary plist whose top object is `top`, its references narrowed (or
    /// widened) to what the tree path's bound gives; nil when that width is wider than 4 bytes.
    func finishBinary(top: Int?, keepingStorage: Bool) -> Data? {
        guard let output = binaryOutput else { return nil }
        let size = BinaryPlistOutput.byteCount(UInt64(max(objectCount - 1, 0)))
        guard size <= 4 else { return nil }
        output.pointee.resizeReferences(to: size)
        return try? output.pointee.finish(top: top, keepingStorage: keepingStorage)
    }

    /// The memory the state holds, about (the writer's buffers and tables).
    var retainedBytes: Int {
        guard let output = binaryOutput else { return .max }
        return output.pointee.retainedBytes
    }
}

extension DirectEncodingState.Mutable {
    /// Empty, keeping the storage.
    mutating func reset() {
        while frames.popLast() != nil {}
        keys.removeAll(from: 0)
        if !keySets.isEmpty { keySets = [:] }
        nextID = 0
        broken = false
        objectCount = 0
    }
}
