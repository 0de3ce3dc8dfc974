/// The one path type: where a value is inside a document, printed like `$.users[3].email`.

import Foundation

/// The location of a value inside a ``Document``, from the root `$` down.
///
/// Writers keep one path while they descend and turn it into text only for an error, so a
/// successful write pays for a push and a pop per container, never for string building.
public struct ValuePath: Sendable, Hashable, CustomStringConvertible {
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
    public func appending(_ component: Component) -> ValuePath {
        ValuePath(components + [component])
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

// MARK: - Parsing

extension ValuePath {
    /// Parses what ``description`` prints: `$`, `.key`, `["any key"]` and `[3]` steps; the
    /// leading `$` may be left out (`users[3].email`).
    ///
    /// - Returns: `nil` for text that is not such a path.
    public init?(parsing text: String) {
        var rest = Substring(text)
        if rest.hasPrefix("$") { rest = rest.dropFirst() }
        var components: [Component] = []
        var first = true
        while let next = rest.first {
            if next == "[" {
                rest = rest.dropFirst()
                if rest.hasPrefix("\"") {
                    rest = rest.dropFirst()
                    var key = ""
                    while let character = rest.first, character != "\"" {
                        rest = rest.dropFirst()
                        if character == "\\" {
                            guard let escaped = rest.first else { return nil }
                            key.append(escaped)
                            rest = rest.dropFirst()
                        } else {
                            key.append(character)
                        }
                    }
                    guard rest.hasPrefix("\"]") else { return nil }
                    rest = rest.dropFirst(2)
                    components.append(.key(key))
                } else {
                    guard let close = rest.firstIndex(of: "]"), let index = Int(rest[..<close]), index >= 0 else { return nil }
                    components.append(.index(index))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                if next == "." {
                    rest = rest.dropFirst()
                } else if !first || text.hasPrefix("$") {
                    return nil
                }
                let key = rest.prefix { $0 != "." && $0 != "[" }
                guard !key.isEmpty else { return nil }
                components.append(.key(String(key)))
                rest = rest.dropFirst(key.count)
            }
            first = false
        }
        self.init(components)
    }
}

