/// Finding a value in a document by its path: the one lookup rule, with named failures.

public import SerializeCore
import OrderedCollections

extension Diagnostic.Code {
    // MARK: - Following a path

    /// A path names a key the dictionary it meets does not have.
    public static let noSuchKey = Self(rawValue: "no-such-key")
    /// A path names an index past the end of the array it meets.
    public static let indexOutOfRange = Self(rawValue: "index-out-of-range")
    /// A path names an index where it meets a dictionary, or a key (not digits) where it meets
    /// an array.
    public static let wrongContainer = Self(rawValue: "wrong-container")
    /// A path goes on below a scalar.
    public static let notAContainer = Self(rawValue: "not-a-container")
}

extension Document {
    /// The value at `path`.
    ///
    /// The lookup rule: a key step meets a dictionary by exact key; an index step meets an
    /// array; a key of ASCII digits (what `items.3` and `/items/3` parse to) meets an array as
    /// the index it spells (``ValuePath/Component/arrayIndex``).
    ///
    /// - Throws: ``Diagnostic`` whose ``Diagnostic/path`` is the part of `path` that was
    ///   followed: ``Diagnostic/Code/noSuchKey`` (naming up to 8 of the keys there),
    ///   ``Diagnostic/Code/indexOutOfRange``, ``Diagnostic/Code/wrongContainer`` or
    ///   ``Diagnostic/Code/notAContainer``. Messages name places in the inspector's key-path
    ///   syntax (`root.items[3]`), which is what the plist verbs print.
    public func value(at path: ValuePath) throws(Diagnostic) -> Document {
        var value = self
        var walked = ValuePath()
        for component in path.components {
            let here = walked.keyPathDescription
            switch (component, value) {
            case let (.key(key), .dictionary(entries)):
                guard let next = entries[key] else {
                    let keys = entries.keys.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
                    throw Diagnostic(
                        .noSuchKey, "no key \"\(key)\" in the dictionary at \(here) (its keys: \(keys)\(entries.count > 8 ? ", …" : ""))",
                        path: walked)
                }
                value = next
                walked.push(component)
            case let (_, .array(items)):
                guard let index = component.arrayIndex else {
                    throw Diagnostic(.wrongContainer, "\(here) is an array, not a dictionary; name an index such as [0]", path: walked)
                }
                guard items.indices.contains(index) else {
                    throw Diagnostic(
                        .indexOutOfRange, "index \(index) is out of range for the array at \(here), which has \(items.count) items",
                        path: walked)
                }
                value = items[index]
                walked.push(.index(index))
            case (.index, .dictionary):
                throw Diagnostic(.wrongContainer, "\(here) is a dictionary, not an array; name a key instead of an index", path: walked)
            default:
                let holds = if case .index = component { "items" } else { "keys" }
                throw Diagnostic(.notAContainer, "\(here) is \(value.typeName.withArticle), which holds no \(holds)", path: walked)
            }
        }
        return value
    }

    /// The value at `path`, or `nil` where ``value(at:)`` throws.
    public subscript(path: ValuePath) -> Document? {
        try? value(at: path)
    }
}

extension String {
    /// `"an array"`, `"a string"`: a type name with its indefinite article, for messages.
    package var withArticle: String {
        (first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + self
    }
}
