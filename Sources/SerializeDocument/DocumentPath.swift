/// Paths of values inside a document, printed like `$.users[3].email`.

import Foundation

/// The location of a value inside a ``Document``, from the root `$` down.
///
/// Writers keep one path while they descend and turn it into text only for an error, so a
/// successful write pays for a push and a pop per container, never for string building.
public struct DocumentPath: Sendable, Hashable, CustomStringConvertible {
    /// One step down from a container.
    public enum Component: Sendable, Hashable {
        /// A dictionary member by key.
        case key(String)
        /// An array element by 0-based index.
        case index(Int)
    }

    /// The steps from the root.
    public var components: [Component]

    /// The root path `$`.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Appends a step.
    public mutating func push(_ component: Component) { components.append(component) }

    /// Removes the last step.
    public mutating func pop() { components.removeLast() }

    /// This path with one more step.
    public func appending(_ component: Component) -> DocumentPath {
        DocumentPath(components + [component])
    }

    /// `$` followed by `.key` for identifier-like keys, `["odd key"]` for others and `[3]` for
    /// indices.
    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case let .index(index):
                text += "[\(index)]"
            case let .key(key):
                if Self.isIdentifier(key) {
                    text += ".\(key)"
                } else {
                    let escaped = key.replacingOccurrences(of: "\\", with: "\\\\")
                        .replacingOccurrences(of: "\"", with: "\\\"")
                    text += "[\"\(escaped)\"]"
                }
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { scalar in
            scalar == "_" || scalar == "$" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
        }
    }
}

extension DocumentError.Location {
    /// The location of the value at `path`.
    public static func at(_ path: DocumentPath) -> DocumentError.Location { .path(path.description) }
}
