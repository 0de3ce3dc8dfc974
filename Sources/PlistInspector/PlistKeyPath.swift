/// Key paths that name a value in a property list, as typed on the command line.

import Foundation
public import SerializeDocument
import OrderedCollections

/// A path to a value: `root.items[3].name`, `items.3.name`, or the JSON Pointer `/items/3/name`.
///
/// Dotted form: components separated by `.`; `[n]` is an array index; a component made of
/// digits is an index into an array and a key into a dictionary; `\` escapes the next character,
/// so `a\.b` is the key `a.b`. A leading `root` component names the top value, so the key paths
/// findings print work as they are; write `/root` or `root.root` for a top-level key named
/// `root`. The empty path names the top value.
///
/// JSON Pointer form (RFC 6901), when the path starts with `/`: `~1` is `/` and `~0` is `~`.
public struct PlistKeyPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: a key, an index, or a component that is either (digits, from the dotted form or
    /// a JSON Pointer), resolved against the container it meets.
    public enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
        case keyOrIndex(String)
    }

    /// Why a key path cannot be parsed or followed.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, naming the step that failed.
        public var message: String
        public var description: String { message }
    }

    /// The steps from the top value, outermost first.
    public var steps: [Step]

    /// A key path of `steps`.
    public init(steps: [Step]) {
        self.steps = steps
    }

    // MARK: - Parsing

    /// Parses `text` in the dotted or the JSON Pointer form.
    ///
    /// - Throws: ``Failure`` for an unterminated `[`, a non-numeric index or a trailing `\`.
    public init(parsing text: String) throws(Failure) {
        if text.hasPrefix("/") {
            steps = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { part in
                .keyOrIndex(part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~"))
            }
            return
        }
        var steps: [Step] = []
        var current = ""
        var pendingComponent = false
        var escaped = false
        var characters = text.makeIterator()
        func flush() {
            if pendingComponent { steps.append(current.allSatisfy(\.isASCIIDigit) && !current.isEmpty ? .keyOrIndex(current) : .key(current)) }
            current = ""
            pendingComponent = false
        }
        while let character = characters.next() {
            if escaped {
                current.append(character)
                escaped = false
                pendingComponent = true
                continue
            }
            switch character {
            case "\\":
                escaped = true
            case ".":
                flush()
                pendingComponent = true
            case "[":
                flush()
                var digits = ""
                var closed = false
                while let next = characters.next() {
                    if next == "]" {
                        closed = true
                        break
                    }
                    digits.append(next)
                }
                guard closed, let index = Int(digits), index >= 0 else {
                    throw Failure(message: "key path \"\(text)\": \"[\(digits)\" is not an array index such as [0]")
                }
                steps.append(.index(index))
            default:
                current.append(character)
                pendingComponent = true
            }
        }
        guard !escaped else { throw Failure(message: "key path \"\(text)\" ends with a lone \\") }
        flush()
        if steps.first == .key("root") { steps.removeFirst() }
        self.steps = steps
    }

    /// The path as findings print it: `root.items[3].name`.
    public var description: String {
        var components: [PlistKeyPathComponent] = []
        for step in steps {
            switch step {
            case let .key(key): components.append(.key(key))
            case let .index(index): components.append(.index(index))
            case let .keyOrIndex(text): components.append(Int(text).map { .index($0) } ?? .key(text))
            }
        }
        return PlistKeyPathComponent.render(components)
    }

    // MARK: - Following

    /// The value this path names in `document`.
    ///
    /// - Throws: ``Failure`` naming the step that fails: a missing key, an index out of range, or
    ///   a scalar where a container was needed.
    public func value(in document: Document) throws(Failure) -> Document {
        var value = document
        var walked = PlistKeyPath(steps: [])
        for step in steps {
            switch (step, value) {
            case let (.key(key), .dictionary(entries)), let (.keyOrIndex(key), .dictionary(entries)):
                guard let next = entries[key] else {
                    let keys = entries.keys.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
                    throw Failure(message: "no key \"\(key)\" in the dictionary at \(walked) (its keys: \(keys)\(entries.count > 8 ? ", …" : ""))")
                }
                value = next
            case let (.index(index), .array(items)):
                value = try Self.item(index, of: items, at: walked)
            case let (.keyOrIndex(text), .array(items)):
                guard let index = Int(text) else {
                    throw Failure(message: "\(walked) is an array; \"\(text)\" is not an index")
                }
                value = try Self.item(index, of: items, at: walked)
            case (.index, .dictionary):
                throw Failure(message: "\(walked) is a dictionary, not an array; name a key instead of an index")
            case (.key, .array):
                throw Failure(message: "\(walked) is an array, not a dictionary; name an index such as [0]")
            default:
                throw Failure(message: "\(walked) is \(value.typeName.withArticle), which holds no \(step.isIndex ? "items" : "keys")")
            }
            walked.steps.append(step)
        }
        return value
    }

    private static func item(_ index: Int, of items: [Document], at path: PlistKeyPath) throws(Failure) -> Document {
        guard items.indices.contains(index) else {
            throw Failure(message: "index \(index) is out of range for the array at \(path), which has \(items.count) items")
        }
        return items[index]
    }
}

extension PlistKeyPath.Step {
    fileprivate var isIndex: Bool {
        if case .index = self { return true }
        return false
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension String {
    /// `"an array"`, `"a string"`: a type name with its indefinite article, for messages.
    public var withArticle: String {
        (first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + self
    }
}
