/// Editing while converting: a builder between a reader and a writer that applies one
/// ``DocumentEdit`` as the values stream past, so an edit costs what a convert costs.

import SerializeCore

extension Diagnostic.Code {
    /// A streamed edit met something only the tree decides (the edit does not fit, so the tree
    /// names the failure); ``Format/edit(_:applying:options:progress:)`` reads again into a tree.
    /// Never reported to the user.
    static let editNeedsTree = Self(rawValue: "editNeedsTree")
}

/// Passes every value from a reader to `base` unchanged but at one edit's place: the value
/// there is replaced or left out, or a new one goes in (before an array element, at the end of
/// an array, or as a new key at the end of a dictionary), as ``Document/apply(_:)-(DocumentEdit)``
/// does on a tree.
///
/// The builder never reports an edit failure itself: whenever the edit does not fit (a key that
/// exists, a scalar where the container should be, a parent that never appeared), it throws
/// ``Diagnostic/Code/editNeedsTree`` or ends with ``applied`` false, and the caller reads into the
/// tree, whose ``Document/apply(_:)-(DocumentEdit)`` names the failure. So the failures are the
/// tree's, and so is the order of a reading error before an edit error.
struct EditingBuilder<Base: DocumentBuilder>: DocumentBuilder {
    /// An array: the writer's state (`nil` inside a value left out), how many path components
    /// it matches, the index of the element being read, whether that element is the edit's.
    struct ArrayState {
        var base: Base.ArrayState?
        var depth: Int
        var index = 0
        var target = false
    }

    /// A dictionary: the writer's state, how many path components it matches, whether the
    /// member being read is the edit's.
    struct DictionaryState {
        var base: Base.DictionaryState?
        var depth: Int
        var target = false
    }

    /// A value the writer made; `nil` for a value left out (replaced or removed).
    typealias Value = Base.Value?

    static var reusesValues: Bool { Base.reusesValues }

    /// A depth for values off the edit's path.
    private static var off: Int { -1 }
    /// A depth for the value being replaced or removed and everything in it: not written.
    private static var skipped: Int { -2 }

    var base: Base
    private let edit: DocumentEdit
    private let components: [ValuePath.Component]
    /// The depth of the container the edit changes: the parent of the path's last step, or for
    /// an append the array the path names.
    private let editDepth: Int
    /// The path's last step (the key or index in the changed container); nil for an append.
    private let last: ValuePath.Component?
    /// How many path components the value about to start matches, or ``off`` or ``skipped``.
    private var next = 0
    /// Whether the edit was made; false at the end means the tree must decide.
    private(set) var applied = false
    /// Values and keys handed to `base`: the edited tree's ``BinaryPlistOutput/objectBound(_:)``,
    /// which sizes a binary plist's object references.
    private(set) var count = 0

    /// A builder for `edit`, whose path must not be empty (replacing the top value needs no
    /// reader at all, and the other edits of it are failures: the tree's).
    init(base: Base, edit: DocumentEdit) {
        self.base = base
        self.edit = edit
        components = edit.path.components
        if case .append = edit {
            editDepth = components.count
            last = nil
        } else {
            editDepth = components.count - 1
            last = components.last
        }
    }

    /// Whether `edit` can stream: not at the top value (an append to the top array can).
    static func streams(_ edit: DocumentEdit) -> Bool {
        if case .append = edit { return true }
        return !edit.path.components.isEmpty
    }

    private static var needsTree: Diagnostic { Diagnostic(.editNeedsTree, "the edit needs the tree") }

    /// The depth of a child of a container at `parent` depth, whose step matches `matches`.
    @inline(__always)
    private func childDepth(of parent: Int, _ matches: (ValuePath.Component) -> Bool) -> Int {
        guard parent >= 0, parent < components.count, matches(components[parent]) else { return Self.off }
        return parent + 1
    }

    /// The replacing, inserted or appended value, written into `base` now.
    private mutating func newValue() throws(Diagnostic) -> Base.Value {
        switch edit {
        case let .insert(value, _), let .append(value, _), let .replace(_, value):
            count += BinaryPlistOutput.objectBound(value)
            return try value.build(into: &base, sortKeys: false)
        case .remove: throw Self.needsTree
        }
    }

    /// Hands an element's or a member's finished value to `base` through `hand`: the new value in
    /// place of the edit's target (none for a remove), any other value as it is.
    @inline(__always)
    private mutating func end(
        _ value: Base.Value?, target: inout Bool, _ hand: (inout Base, Base.Value) throws(Diagnostic) -> Void
    ) throws(Diagnostic) {
        if target {
            target = false
            guard case .replace = edit else { return }
            let value = try newValue()
            try hand(&base, value)
        } else if let value {
            try hand(&base, value)
        }
    }

    /// Hands `key` to `base`, counting it.
    private mutating func member(_ key: String, in dictionary: inout Base.DictionaryState) throws(Diagnostic) {
        count += 1
        try base.beginMember(key, in: &dictionary)
    }

    // MARK: - Scalars

    mutating func scalar(_ value: Document) throws(Diagnostic) -> Base.Value? {
        if next == Self.skipped { return nil }
        // A scalar where the changed container should be: the tree names it.
        if next == editDepth { throw Self.needsTree }
        count += 1
        return try base.scalar(value)
    }

    mutating func valueStarts(at offset: Int) { base.valueStarts(at: offset) }

    // MARK: - Arrays

    mutating func beginArray() throws(Diagnostic) -> ArrayState {
        let depth = next
        if depth == Self.skipped { return ArrayState(base: nil, depth: depth) }
        if depth == editDepth, let last, last.arrayIndex == nil { throw Self.needsTree }
        count += 1
        return ArrayState(base: try base.beginArray(), depth: depth)
    }

    mutating func beginElement(in array: inout ArrayState) throws(Diagnostic) {
        guard var inner = array.base else {
            next = Self.skipped
            return
        }
        array.base = nil
        defer { array.base = inner }
        let index = array.index
        if array.depth == editDepth, let last, last.arrayIndex == index {
            applied = true
            switch edit {
            case .insert:
                // The new element goes before the one at its index, which shifts up.
                try base.beginElement(in: &inner)
                let value = try newValue()
                try base.endElement(value, in: &inner)
            case .replace:
                try base.beginElement(in: &inner)
                array.target = true
                next = Self.skipped
                return
            case .remove:
                array.target = true
                next = Self.skipped
                return
            case .append:
                break
            }
        }
        try base.beginElement(in: &inner)
        next = childDepth(of: array.depth) { $0.arrayIndex == index }
    }

    mutating func endElement(_ value: Base.Value?, in array: inout ArrayState) throws(Diagnostic) {
        array.index += 1
        guard var inner = array.base else { return }
        array.base = nil
        defer { array.base = inner }
        try end(value, target: &array.target) { (base: inout Base, value) throws(Diagnostic) in try base.endElement(value, in: &inner) }
    }

    mutating func endArray(_ array: ArrayState) throws(Diagnostic) -> Base.Value? {
        guard var inner = array.base else { return nil }
        if array.depth == editDepth, !applied {
            // An append, or an insert at the index just past the last element.
            var atEnd = false
            if case .append = edit { atEnd = true }
            if case .insert = edit, last?.arrayIndex == array.index { atEnd = true }
            if atEnd {
                applied = true
                try base.beginElement(in: &inner)
                let value = try newValue()
                try base.endElement(value, in: &inner)
            }
        }
        return try base.endArray(inner)
    }

    // MARK: - Dictionaries

    mutating func beginDictionary() throws(Diagnostic) -> DictionaryState {
        let depth = next
        if depth == Self.skipped { return DictionaryState(base: nil, depth: depth) }
        if depth == editDepth {
            // An append to a dictionary, or an index into one.
            guard let last, case .key = last else { throw Self.needsTree }
        }
        count += 1
        return DictionaryState(base: try base.beginDictionary(), depth: depth)
    }

    mutating func beginMember(_ key: String, in dictionary: inout DictionaryState) throws(Diagnostic) {
        guard var inner = dictionary.base else {
            next = Self.skipped
            return
        }
        dictionary.base = nil
        defer { dictionary.base = inner }
        if dictionary.depth == editDepth, case let .key(name) = last, key.hasSameScalars(as: name) {
            switch edit {
            case .replace:
                try member(key, in: &inner)
            case .remove:
                break
            case .insert, .append:
                // The key exists: the tree names it.
                throw Self.needsTree
            }
            applied = true
            dictionary.target = true
            next = Self.skipped
            return
        }
        try member(key, in: &inner)
        next = childDepth(of: dictionary.depth) {
            if case let .key(name) = $0 { name.hasSameScalars(as: key) } else { false }
        }
    }

    mutating func endMember(_ value: Base.Value?, in dictionary: inout DictionaryState) throws(Diagnostic) {
        guard var inner = dictionary.base else { return }
        dictionary.base = nil
        defer { dictionary.base = inner }
        try end(value, target: &dictionary.target) { (base: inout Base, value) throws(Diagnostic) in try base.endMember(value, in: &inner) }
    }

    mutating func endDictionary(_ dictionary: DictionaryState) throws(Diagnostic) -> Base.Value? {
        guard var inner = dictionary.base else { return nil }
        if dictionary.depth == editDepth, !applied, case .insert = edit, case let .key(name) = last {
            // A new key goes at the end of the key order.
            applied = true
            try member(name, in: &inner)
            let value = try newValue()
            try base.endMember(value, in: &inner)
        }
        return try base.endDictionary(inner)
    }
}
