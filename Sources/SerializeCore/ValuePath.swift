/// The one path type: where a value is inside a document, parsed from every syntax the CLI takes
/// and rendered the two ways it prints (`$.users[3].email` in errors, `root.users[3].email` in
/// the inspector's findings).

import Foundation

/// The location of a value inside a document, from the root down.
///
/// Writers keep one path while they descend and turn it into text only for an error, so a
/// successful write pays for a push and a pop per container, never for string building.
///
/// **Digits in a key.** The dotted form (`items.3.name`) and the JSON Pointer form
/// (`/items/3/name`) cannot tell an array index from a dictionary key made of digits, so they
/// parse such a component as ``Component/key(_:)``; the lookup rule (``Component/index(in:)``)
/// resolves a key of ASCII digits met by an array as that index. `[3]` is always an index.
public struct ValuePath: Sendable, Hashable, CustomStringConvertible {
    /// One step down from a container.
    public enum Component: Sendable, Hashable {
        /// A dictionary member by key.
        case key(String)
        /// An array element by 0-based index.
        case index(Int)

        /// Steps are equal when they are the same index or keys with the same Unicode scalars
        /// (not `String ==`, which merges canonically equivalent keys such as K and U+212A).
        public static func == (lhs: Component, rhs: Component) -> Bool {
            switch (lhs, rhs) {
            case let (.key(a), .key(b)): a.hasSameScalars(as: b)
            case let (.index(a), .index(b)): a == b
            default: false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case let .key(key):
                hasher.combine(0 as UInt8)
                key.hashScalars(into: &hasher)
            case let .index(index):
                hasher.combine(1 as UInt8)
                hasher.combine(index)
            }
        }

        /// The array index this step names when it meets an array: an index as it is, a key of
        /// ASCII digits (from `items.3` or `/items/3`) as the number it spells; `nil` otherwise.
        public var arrayIndex: Int? {
            switch self {
            case let .index(index): index
            case let .key(key):
                !key.isEmpty && key.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ? Int(key) : nil
            }
        }
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

    /// The path as errors print it: ``jsonPathDescription``.
    public var description: String { jsonPathDescription }
}

// MARK: - Coding paths

extension ValuePath {
    /// The path a Codable coding path names: a key with an integer value whose text is that
    /// number or `Index n` (the form unkeyed containers use) is the array index `n`; every
    /// other key is a dictionary key by its string value.
    ///
    /// Errors and reports render it like any path: `$.releases[0].published_at`.
    public init(codingPath: [any CodingKey]) {
        self.init(codingPath.map { key in
            if let index = key.intValue, key.stringValue == String(index) || key.stringValue == "Index \(index)" {
                .index(index)
            } else {
                .key(key.stringValue)
            }
        })
    }
}

// MARK: - Rendering

extension ValuePath {
    /// `$` followed by `.key` for identifier-like keys (ASCII letters, digits, `_` and `$`, not
    /// starting with a digit), `["odd key"]` for others (with `\` and `"` escaped by `\`) and
    /// `[3]` for indices: `$.users[3].email`.
    public var jsonPathDescription: String {
        var text = "$"
        for component in components {
            switch component {
            case let .index(index):
                text += "[\(index)]"
            case let .key(key):
                if Self.isIdentifier(key) {
                    text += ".\(key)"
                } else {
                    text += "[\""
                    for scalar in key.unicodeScalars {
                        if scalar == "\\" || scalar == "\"" { text += "\\" }
                        text.unicodeScalars.append(scalar)
                    }
                    text += "\"]"
                }
            }
        }
        return text
    }

    /// The inspector's key-path syntax: `root`, then `.key` for keys (with `.`, `[` and `\`
    /// escaped by `\`) and `[3]` for indices: `root.items[3].name`.
    ///
    /// Paths longer than 64 components keep their first 48 and last 8, with `…` between (such a
    /// rendering is for reading, not for parsing back).
    public var keyPathDescription: String {
        var text = "root"
        let count = components.count
        for (position, component) in components.enumerated() {
            if count > 64 {
                if position == 48 { text.append("…") }
                if position >= 48 && position < count - 8 { continue }
            }
            switch component {
            case let .key(key):
                text.append(".")
                for scalar in key.unicodeScalars {
                    if scalar == "." || scalar == "[" || scalar == "\\" { text.append("\\") }
                    text.unicodeScalars.append(scalar)
                }
            case let .index(index):
                text.append("[\(index)]")
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
    /// Why a text is not a path.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text that failed to parse.
        public var text: String
        /// What is wrong with it.
        public var reason: String

        /// `key path "items[x]": "[x" is not an array index such as [0]`.
        public var description: String { "key path \"\(text)\": \(reason)" }
    }

    /// Parses a path in any of the syntaxes serialize prints or takes on the command line.
    ///
    /// - **JSON Pointer** (RFC 6901), when the text starts with `/`: `/items/3/name`; `~1` is `/`
    ///   and `~0` is `~`.
    /// - **Dotted**, everything else: an optional leading `$` (`$.users[3].email`), then steps:
    ///   `.key`, `[3]` (an index) and `["any key"]` (inside the quotes `\` escapes the next
    ///   character). The first step may leave out its `.` (`users[3].email`, `items.3.name`).
    ///   In a `.key`, `\` escapes the next character, so `a\.b` is the key `a.b`. Without `$`, a
    ///   leading `root` step names the top value, as findings print it (`root.items[3].name`):
    ///   write `root.root`, `$.root` or `/root` for a top-level key named `root`. Without `$` a
    ///   step may be empty (`a..b` has the key `""` between `a` and `b`).
    /// - The empty text, `$` and `root` are the top value.
    ///
    /// A component of digits from a `.key` or a JSON Pointer is a key, resolved against the
    /// container it meets (see ``Component/arrayIndex``).
    ///
    /// - Throws: ``ParseError`` for an unterminated `[` or `["`, an index that is not a
    ///   non-negative number, a trailing lone `\`, text after `$` that is not a step, or an empty
    ///   `.` step after `$`.
    public init(validating text: String) throws(ParseError) {
        func fail(_ reason: String) -> ParseError { ParseError(text: text, reason: reason) }
        if text.hasPrefix("/") {
            self.init(
                text.unicodeScalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { part in
                    .key(String(String.UnicodeScalarView(part)).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~"))
                })
            return
        }
        var rest = Substring(text).unicodeScalars[...]
        let dollar = rest.first == "$"
        if dollar { rest = rest.dropFirst() }
        var components: [Component] = []
        var first = true
        // Whether the first step is the bare word `root` (dropped when the path has no `$`).
        var firstIsBareRoot = false
        while let next = rest.first {
            if next == "[" {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    rest = rest.dropFirst()
                    var key = String.UnicodeScalarView()
                    while let scalar = rest.first, scalar != "\"" {
                        rest = rest.dropFirst()
                        if scalar == "\\" {
                            guard let escaped = rest.first else { throw fail("[\" is not closed by \"]") }
                            key.append(escaped)
                            rest = rest.dropFirst()
                        } else {
                            key.append(scalar)
                        }
                    }
                    guard rest.starts(with: "\"]".unicodeScalars) else { throw fail("[\" is not closed by \"]") }
                    rest = rest.dropFirst(2)
                    components.append(.key(String(key)))
                } else {
                    let digits = rest.prefix { $0 != "]" }
                    let closed = digits.count < rest.count
                    let number = String(String.UnicodeScalarView(digits))
                    guard closed, !number.isEmpty, number.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let index = Int(number) else {
                        throw fail("\"[\(number)\" is not an array index such as [0]")
                    }
                    components.append(.index(index))
                    rest = rest.dropFirst(digits.count + 1)
                }
            } else {
                if next == "." {
                    rest = rest.dropFirst()
                } else if !first || dollar {
                    throw fail("expected . or [ before \"\(String(String.UnicodeScalarView(rest)))\"")
                }
                var key = String.UnicodeScalarView()
                var escapedAny = false
                while let scalar = rest.first, scalar != ".", scalar != "[" {
                    rest = rest.dropFirst()
                    if scalar == "\\" {
                        guard let escaped = rest.first else { throw fail("it ends with a lone \\") }
                        key.append(escaped)
                        escapedAny = true
                        rest = rest.dropFirst()
                    } else {
                        key.append(scalar)
                    }
                }
                if dollar && key.isEmpty { throw fail("a . after $ must be followed by a key") }
                if first && !dollar && !escapedAny && next != "." && String(key) == "root" { firstIsBareRoot = true }
                components.append(.key(String(key)))
            }
            first = false
        }
        if firstIsBareRoot { components.removeFirst() }
        self.init(components)
    }

    /// Parses `text` as ``init(validating:)`` does, or `nil` when it is not a path.
    public init?(parsing text: String) {
        guard let path = try? ValuePath(validating: text) else { return nil }
        self = path
    }
}
