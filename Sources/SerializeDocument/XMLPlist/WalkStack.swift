/// The stacks of ``XMLPlistWalk``: one manually managed buffer each, pushed and popped millions
/// of times per file without the uniqueness check and the bounds and capacity bookkeeping an
/// `Array` pays on every mutation.

/// A stack whose elements live in one buffer its ``Storage`` owns (allocated on first push,
/// doubled when full, freed with the storage).
///
/// It is a reference: copies of a stack share the elements. ``XMLPlistWalk`` is one value that
/// lives behind a pointer while a parse runs, never copied, so that is what it needs: a push is
/// a store and an increment, with no exclusivity check (the header is reached through a pointer
/// held in a `let`).
struct WalkStack<Element> {
    /// The owner of the buffer.
    final class Storage {
        struct Header {
            var base: UnsafeMutablePointer<Element>?
            var count = 0
            var capacity = 0
        }

        let header: UnsafeMutablePointer<Header>

        init() {
            header = .allocate(capacity: 1)
            header.initialize(to: Header())
        }

        deinit {
            if let base = header.pointee.base {
                base.deinitialize(count: header.pointee.count)
                base.deallocate()
            }
            header.deinitialize(count: 1)
            header.deallocate()
        }

        /// Makes room for one more element (twice the capacity, at least 16).
        @inline(never)
        func grow() {
            let capacity = max(16, header.pointee.capacity * 2)
            let base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
            if let old = header.pointee.base {
                base.moveInitialize(from: old, count: header.pointee.count)
                old.deallocate()
            }
            header.pointee.base = base
            header.pointee.capacity = capacity
        }
    }

    private let storage = Storage()

    private var header: UnsafeMutablePointer<Storage.Header> { storage.header }

    var count: Int { header.pointee.count }
    var isEmpty: Bool { header.pointee.count == 0 }
    var indices: Range<Int> { 0..<header.pointee.count }

    /// The element at `index` (`0..<count`; checked).
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < header.pointee.count, "WalkStack index out of range")
            return header.pointee.base.unsafelyUnwrapped[index]
        }
        nonmutating _modify {
            precondition(index >= 0 && index < header.pointee.count, "WalkStack index out of range")
            yield &header.pointee.base.unsafelyUnwrapped[index]
        }
    }

    /// The top element, if any.
    var last: Element? {
        let count = header.pointee.count
        return count > 0 ? header.pointee.base.unsafelyUnwrapped[count - 1] : nil
    }

    func append(_ element: Element) {
        if header.pointee.count == header.pointee.capacity { storage.grow() }
        (header.pointee.base.unsafelyUnwrapped + header.pointee.count).initialize(to: element)
        header.pointee.count += 1
    }

    /// Removes and returns the top element (the stack must not be empty; checked).
    @discardableResult
    func removeLast() -> Element {
        precondition(header.pointee.count > 0, "removeLast on an empty WalkStack")
        header.pointee.count -= 1
        return (header.pointee.base.unsafelyUnwrapped + header.pointee.count).move()
    }

    /// Removes and returns the top element, or nil when the stack is empty.
    func popLast() -> Element? {
        isEmpty ? nil : removeLast()
    }
}
