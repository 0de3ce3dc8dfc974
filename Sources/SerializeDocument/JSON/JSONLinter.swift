/// Checking JSON as `serialize lint` does: the reader's first error, or a warning for every key
/// an object repeats.

public import Foundation
public import SerializeCore

/// Checks JSON text: the reader's first error (a JSON reader cannot go on past a syntax error),
/// or else a warning for every key an object repeats.
///
/// RFC 8259 lets an object repeat a key but leaves what it means to the reader: serialize, as
/// Foundation and Python, keeps the last value (at the first key's place), other readers keep
/// the first or refuse the text. The warning says where the repeat and the first one are, as
/// the plist linter (`PlistLinter`) does for a `<dict>`; `serialize lint` prints it as
///
///     users.json:3:5: warning: duplicate key "id" in the object (first at 2:5); the last value wins [root.users[0].id]
///
/// Keys are compared by their exact Unicode scalars (`"K"` and the Kelvin sign are two keys).
public struct JSONLinter: Sendable {
    /// The deepest nesting read (``FormatOptions/maximumDepth``; above the default, lint on
    /// ``NestingStack``).
    public var maximumDepth: Int

    /// Creates a linter.
    public init(maximumDepth: Int = FormatOptions().maximumDepth) {
        self.maximumDepth = maximumDepth
    }

    /// The findings in `data`: one error, or a warning for each repeated key in the order of
    /// the input; none for clean JSON.
    public func lint(_ data: Data) -> [Diagnostic] {
        var finder = DuplicateKeyFinder()
        do {
            try JSONReader(maximumDepth: maximumDepth).read(data, into: &finder)
        } catch {
            return [error]
        }
        guard !finder.found.isEmpty else { return [] }
        // Every offset located in one pass over the input, in increasing order.
        let offsets = Set(finder.found.flatMap { [$0.offset, $0.firstOffset] }).sorted()
        var locations: [Int: InputLocation] = [:]
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var locator = InputLocator()
            for offset in offsets { locations[offset] = locator.locate(offset, in: bytes) }
        }
        return finder.found.map { duplicate in
            let first = locations[duplicate.firstOffset].map(\.description) ?? "offset \(duplicate.firstOffset)"
            return Diagnostic(
                .duplicateKey, "duplicate key \"\(duplicate.key)\" in the object (first at \(first)); the last value wins",
                severity: .warning, at: locations[duplicate.offset], path: duplicate.path)
        }
    }
}

/// A builder that keeps nothing but the place of every repeated key, and the path to it.
struct DuplicateKeyFinder: DocumentBuilder {
    typealias Value = Void
    /// The next element's index.
    typealias ArrayState = Int
    typealias DictionaryState = Void

    static var collectsDuplicateKeys: Bool { true }

    /// The path to the value being read: a step per open container, its current element or key.
    var path: [ValuePath.Component] = []
    /// Each repeated key: its name, its path, and where its member and the first one start.
    var found: [(key: String, path: ValuePath, offset: Int, firstOffset: Int)] = []

    mutating func scalar(_ value: Document) {}

    mutating func beginArray() -> Int {
        path.append(.index(0))
        return 0
    }

    mutating func beginElement(in array: inout Int) {
        path[path.count - 1] = .index(array)
        array += 1
    }

    mutating func endElement(_ value: Void, in array: inout Int) {}

    mutating func endArray(_ array: Int) { path.removeLast() }

    mutating func beginDictionary() { path.append(.key("")) }

    mutating func beginMember(_ key: String, in dictionary: inout Void) { path[path.count - 1] = .key(key) }

    mutating func endMember(_ value: Void, in dictionary: inout Void) {}

    mutating func endDictionary(_ dictionary: Void) { path.removeLast() }

    mutating func duplicateKey(_ key: String, at offset: Int, firstAt firstOffset: Int) {
        found.append((key, ValuePath(path.dropLast() + [.key(key)]), offset, firstOffset))
    }
}
