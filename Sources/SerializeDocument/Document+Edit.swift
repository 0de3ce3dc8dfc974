/// Editing a document at a path: insert, append, replace and remove, with named, located
/// failures; the library side of `serialize insert`, `replace` and `remove`.

public import SerializeCore
import OrderedCollections

extension Diagnostic.Code {
    // MARK: - Editing

    /// The container an edit goes into does not exist (`a.b.c` where `a` has no `b`).
    public static let missingParent = Self(rawValue: "missing-parent")
    /// An insert names a key the dictionary already has (replace it instead).
    public static let keyExists = Self(rawValue: "key-exists")
    /// An insert or a remove names the top value itself, which has no container.
    public static let editAtRoot = Self(rawValue: "edit-at-root")
}

/// One change to a document: what to do, and where (a ``ValuePath`` in any syntax
/// ``ValuePath/init(validating:)`` parses).
public enum DocumentEdit: Sendable, Equatable {
    /// Adds `value` at `path`: a new key in the dictionary that holds it (at the end of the key
    /// order), or an element in the array, where the elements from that index on shift up (the
    /// index may be the array's count, which appends).
    case insert(Document, at: ValuePath)
    /// Adds `value` at the end of the array at `path`.
    case append(Document, to: ValuePath)
    /// Puts `value` in place of the value at `path`, which must exist; the empty path replaces
    /// the whole document.
    case replace(at: ValuePath, with: Document)
    /// Removes the value at `path`, which must exist; later array elements shift down.
    case remove(at: ValuePath)

    /// The path the edit names.
    public var path: ValuePath {
        switch self {
        case let .insert(_, path), let .append(_, path), let .replace(path, _), let .remove(path): path
        }
    }

    /// `insert`, `append`, `replace` or `remove`, for messages.
    var verb: String {
        switch self {
        case .insert: "insert"
        case .append: "append"
        case .replace: "replace"
        case .remove: "remove"
        }
    }
}

extension Document {
    /// Applies `edit` in place, keeping every other value and the order of every dictionary's
    /// keys.
    ///
    /// The path follows the lookup rule of ``value(at:)``: a key of ASCII digits (`items.3`,
    /// `/items/3`) meets an array as the index it spells. The edit is made without copying the
    /// containers on the way down.
    ///
    /// - Throws: ``Diagnostic`` with the ``Diagnostic/path`` of the place concerned:
    ///   ``Diagnostic/Code/missingParent`` when the container the edit goes into does not exist
    ///   (for `.append`, the array itself); ``Diagnostic/Code/keyExists`` for an insert of a key
    ///   the dictionary has; ``Diagnostic/Code/noSuchKey`` for a replace or remove of a key it
    ///   does not have; ``Diagnostic/Code/indexOutOfRange``; ``Diagnostic/Code/notAContainer``
    ///   for an edit inside a scalar; ``Diagnostic/Code/wrongContainer`` for an index into a
    ///   dictionary, a key into an array, or an append to a dictionary;
    ///   ``Diagnostic/Code/editAtRoot`` for an insert or a remove of the top value.
    ///   On a failure the document is unchanged.
    public mutating func apply(_ edit: DocumentEdit) throws(Diagnostic) {
        let path = edit.path
        if case let .append(value, arrayPath) = edit {
            let target = try Self.parent(of: edit, at: arrayPath, in: self)
            guard case .array = target else { throw Self.notAnArray(target, at: arrayPath) }
            try withValue(at: arrayPath.components[...]) { (array: inout Document) throws(Diagnostic) in
                guard case var .array(items) = array else { return }
                array = .null
                items.append(value)
                array = .array(items)
            }
            return
        }
        guard let last = path.components.last else {
            if case let .replace(_, value) = edit {
                self = value
                return
            }
            throw Diagnostic(
                .editAtRoot, "cannot \(edit.verb) the top value: name a key or an index below it, or replace the top value",
                path: path)
        }
        let parentPath = ValuePath(Array(path.components.dropLast()))
        let parent = try Self.parent(of: edit, at: parentPath, in: self)
        let here = parentPath.keyPathDescription
        // Check the last step against the parent before touching anything.
        switch parent {
        case let .dictionary(entries):
            guard case let .key(key) = last else {
                throw Diagnostic(.wrongContainer, "\(here) is a dictionary, not an array; name a key instead of an index", path: parentPath)
            }
            let exists = entries[key] != nil
            if case .insert = edit, exists {
                throw Diagnostic(.keyExists, "the dictionary at \(here) already has the key \"\(key)\"; use replace to change its value", path: path)
            }
            if !exists, edit.isReplaceOrRemove {
                throw Diagnostic(.noSuchKey, "no key \"\(key)\" in the dictionary at \(here) to \(edit.verb)", path: parentPath)
            }
        case let .array(items):
            guard let index = last.arrayIndex else {
                throw Diagnostic(.wrongContainer, "\(here) is an array, not a dictionary; name an index such as [0]", path: parentPath)
            }
            let limit = edit.isReplaceOrRemove ? items.count - 1 : items.count
            guard index <= limit else {
                let range = limit < 0 ? "the array is empty" : "\(edit.verb) takes an index from 0 through \(limit)"
                throw Diagnostic(
                    .indexOutOfRange,
                    "cannot \(edit.verb) at index \(index) of the array at \(here), which has \(items.count) items: \(range)",
                    path: parentPath)
            }
        default:
            throw Diagnostic(
                .notAContainer, "cannot \(edit.verb) inside \(here): it is \(parent.typeName.withArticle), which holds no keys or items",
                path: parentPath)
        }
        try withValue(at: parentPath.components[...]) { (container: inout Document) throws(Diagnostic) in
            switch container {
            case var .dictionary(entries):
                guard case let .key(key) = last else { return }
                container = .null
                switch edit {
                case let .insert(value, _), let .replace(_, value): entries[key] = value
                case .remove: entries.removeValue(forKey: key)
                case .append: break
                }
                container = .dictionary(entries)
            case var .array(items):
                guard let index = last.arrayIndex else { return }
                container = .null
                switch edit {
                case let .insert(value, _): items.insert(value, at: index)
                case let .replace(_, value): items[index] = value
                case .remove: items.remove(at: index)
                case .append: break
                }
                container = .array(items)
            default: break
            }
        }
    }

    /// Applies `edits` in order; on a failure the document is as it was before the first.
    public mutating func apply(_ edits: [DocumentEdit]) throws(Diagnostic) {
        // One edit checks everything before it changes anything: no copy needed.
        if edits.count == 1 { return try apply(edits[0]) }
        var copy = self
        for edit in edits { try copy.apply(edit) }
        self = copy
    }

    // MARK: - Helpers

    /// The container at `path` an edit goes into; a missing key or index on the way is
    /// ``Diagnostic/Code/missingParent``.
    private static func parent(of edit: DocumentEdit, at path: ValuePath, in document: Document) throws(Diagnostic) -> Document {
        do {
            return try document.value(at: path)
        } catch {
            guard error.code == .noSuchKey || error.code == .indexOutOfRange else { throw error }
            throw Diagnostic(
                .missingParent,
                "cannot \(edit.verb) at \(edit.path.keyPathDescription): \(path.keyPathDescription) does not exist: \(error.message)",
                path: error.path)
        }
    }

    private static func notAnArray(_ value: Document, at path: ValuePath) -> Diagnostic {
        if case .dictionary = value {
            return Diagnostic(
                .wrongContainer, "cannot append to \(path.keyPathDescription): it is a dictionary; insert a key instead", path: path)
        }
        return Diagnostic(
            .notAContainer, "cannot append to \(path.keyPathDescription): it is \(value.typeName.withArticle), not an array", path: path)
    }

    /// Runs `body` on the value at `components` in place: each container on the way is taken
    /// out of its enum case while it changes, so its storage is not copied.
    private mutating func withValue(
        at components: ArraySlice<ValuePath.Component>, _ body: (inout Document) throws(Diagnostic) -> Void
    ) throws(Diagnostic) {
        guard let first = components.first else { return try body(&self) }
        switch self {
        case var .dictionary(entries):
            guard case let .key(key) = first, let position = entries.index(forKey: key) else { return }
            self = .null
            defer { self = .dictionary(entries) }
            try entries.values[position].withValue(at: components.dropFirst(), body)
        case var .array(items):
            guard let index = first.arrayIndex, items.indices.contains(index) else { return }
            self = .null
            defer { self = .array(items) }
            try items[index].withValue(at: components.dropFirst(), body)
        default:
            return
        }
    }
}

extension DocumentEdit {
    fileprivate var isReplaceOrRemove: Bool {
        switch self {
        case .replace, .remove: true
        case .insert, .append: false
        }
    }
}
