/// The `inspect` summary: format, size, counts per type, depth and the largest values.

public import SerializeCore
import SerializeDocument
import OrderedCollections

/// Facts about a property list: what `serialize inspect` prints.
public struct PlistSummary: Sendable {
    /// One of the largest values.
    public struct LargeValue: Sendable, Hashable {
        /// Where the value is (printed `root.items[3].name` by ``SerializeCore/ValuePath/keyPathDescription``).
        public var path: ValuePath
        /// The value's type name.
        public var type: String
        /// Bytes for strings (UTF-8) and data, items or entries for containers.
        public var size: Int
        /// `"1200 bytes"`, `"30 items"`.
        public var sizeDescription: String
    }

    /// The file's format.
    public var format: PlistFormat
    /// File size in bytes.
    public var size: Int
    /// The type of the top value, when the file was readable.
    public var rootType: String?
    /// Values per type name (`string`, `integer`, …), containers included.
    public var counts: [String: Int]
    /// The deepest container nesting (0 for a lone scalar, 1 for a flat array).
    public var depth: Int
    /// The largest strings, data and containers, largest first.
    public var largest: [LargeValue]
    /// The number of error findings.
    public var errors: Int
    /// The number of warning findings.
    public var warnings: Int

    /// The type names in the order the summary lists them.
    package static let typeOrder = ["dictionary", "array", "string", "integer", "real", "bool", "date", "data", "null"]

    /// Summarizes `report`, keeping the `limit` largest values.
    public init(_ report: PlistReport, limit: Int = 5) {
        format = report.format
        size = report.size
        rootType = report.document?.typeName
        counts = [:]
        depth = 0
        errors = report.findings.count { $0.severity == .error }
        warnings = report.findings.count { $0.severity == .warning }
        largest = []
        var candidates: [LargeValue] = []
        if let document = report.document {
            var path = ValuePath()
            walk(document, level: 0, path: &path, candidates: &candidates)
        }
        largest = Array(candidates.sorted { ($0.size, $1.path.keyPathDescription) > ($1.size, $0.path.keyPathDescription) }.prefix(limit))
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
