/// Finding a value in a document by its path.

public import SerializeCore
import OrderedCollections

extension DocumentError.Location {
    /// The location of the value at `path`.
    public static func at(_ path: ValuePath) -> DocumentError.Location { .path(path.description) }
}

extension Document {
    /// The value at `path`, or `nil` when a step names a missing key, an index out of range, or
    /// descends into a value that is not a container.
    public subscript(path: ValuePath) -> Document? {
        var value = self
        for component in path.components {
            switch (value, component) {
            case let (.dictionary(members), .key(key)):
                guard let member = members[key] else { return nil }
                value = member
            case let (.array(elements), .index(index)):
                guard elements.indices.contains(index) else { return nil }
                value = elements[index]
            default:
                return nil
            }
        }
        return value
    }
}
