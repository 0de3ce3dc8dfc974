/// The `inspect` summary of any document: format, size, counts per type, depth and the largest
/// values. The property-list inspector and the JSON path of `serialize inspect` both print it.

import OrderedCollections
public import SerializeCore

/// Facts about a document: what `serialize inspect` prints for a property list or a JSON file.
public struct DocumentSummary: Sendable {
    /// One of the largest values.
    public struct LargeValue: Sendable, Hashable {
        /// Where the value is (printed `root.items[3].name` by ``SerializeCore/ValuePath/keyPathDescription``).
        public var path: ValuePath
        /// The value's type name (``Document/typeName``).
        public var type: String
        /// Bytes for strings (UTF-8) and data, items or entries for containers.
        public var size: Int
        /// `"1200 bytes"`, `"30 items"`.
        public var sizeDescription: String

        public init(path: ValuePath, type: String, size: Int, sizeDescription: String) {
            self.path = path
            self.type = type
            self.size = size
            self.sizeDescription = sizeDescription
        }
    }

    /// The file's format, as the summary's first line names it (`XML property list`, `JSON`).
    public var format: String
    /// File size in bytes.
    public var size: Int
    /// The type of the top value, when the file was readable.
    public var rootType: String?
    /// Values per type name (`string`, `integer`, …), containers included.
    public var counts: [String: Int]
    /// The deepest container nesting (0 for a lone scalar, 1 for a flat array).
    public var depth: Int
    /// The largest strings, data and containers, largest first; among equal sizes, by path
    /// (its exact scalars, so that two keys that differ only canonically keep one order).
    public var largest: [LargeValue]
    /// The number of error findings.
    public var errors: Int
    /// The number of warning findings.
    public var warnings: Int

    /// The type names in the order the summary lists them.
    package static let typeOrder = ["dictionary", "array", "string", "integer", "real", "bool", "date", "data", "null"]

    /// Summarizes `document` (`nil` when the file did not read), read from `size` bytes in
    /// `format`, keeping the `limit` largest values.
    public init(format: String, size: Int, document: Document?, errors: Int = 0, warnings: Int = 0, limit: Int = 5) {
        self.format = format
        self.size = size
        rootType = document?.typeName
        counts = [:]
        depth = 0
        self.errors = errors
        self.warnings = warnings
        largest = []
        var candidates: [LargeValue] = []
        if let document {
            var path = ValuePath()
            walk(document, level: 0, path: &path, candidates: &candidates)
        }
        let ordered = candidates.map { ($0, $0.path.keyPathDescription) }.sorted { a, b in
            a.0.size != b.0.size ? a.0.size > b.0.size : a.1.scalarsPrecede(b.1)
        }
        largest = ordered.prefix(limit).map(\.0)
    }

    private mutating func walk(_ value: Document, level: Int, path: inout ValuePath, candidates: inout [LargeValue]) {
        counts[value.typeName, default: 0] += 1
        var size: (Int, String)?
        switch value {
        case let .string(text): size = (text.utf8.count, "bytes")
        case let .data(bytes): size = (bytes.count, "bytes")
        case let .array(items):
            depth = max(depth, level + 1)
            size = (items.count, "items")
            for (index, item) in items.enumerated() {
                path.push(.index(index))
                walk(item, level: level + 1, path: &path, candidates: &candidates)
                path.pop()
            }
        case let .dictionary(entries):
            depth = max(depth, level + 1)
            size = (entries.count, "entries")
            for (key, item) in entries {
                path.push(.key(key))
                walk(item, level: level + 1, path: &path, candidates: &candidates)
                path.pop()
            }
        default:
            break
        }
        if let (amount, unit) = size {
            candidates.append(LargeValue(path: path, type: value.typeName, size: amount, sizeDescription: "\(amount) \(unit)"))
        }
    }

    /// The summary as `serialize inspect` prints it.
    public var text: String {
        var lines = ["format: \(format)", "size: \(size) bytes"]
        if let rootType {
            lines.append("root: \(rootType)")
            lines.append("depth: \(depth)")
            lines.append("values: \(counts.values.reduce(0, +))")
            for type in Self.typeOrder {
                if let count = counts[type] { lines.append("  \(type): \(count)") }
            }
            if !largest.isEmpty {
                lines.append("largest values:")
                for value in largest { lines.append("  \(value.path.keyPathDescription): \(value.type), \(value.sizeDescription)") }
            }
        } else {
            lines.append("root: unreadable (run `serialize lint` for the problems)")
        }
        lines.append("findings: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }
}
