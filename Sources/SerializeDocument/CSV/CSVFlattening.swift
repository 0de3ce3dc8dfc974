/// A document ⇄ a CSV table: records to rows, nested values to dotted and indexed columns.

import Foundation
import OrderedCollections
package import SerializeCore
import SerializeCSV

/// Turns a top-level array of dictionaries into a ``CSVTable`` and back.
///
/// Nested values become columns named by their path: `address.city`, `tags[0]`,
/// `items[1].sku`, in SerializeCSV's one column grammar (`CSVColumnName`, shared with
/// `CSVEncoder` and `CSVDecoder`; a key holding `.`, `[`, `]` or `\` has them escaped with `\`). The header is
/// the union of every record's columns in first-seen order. Scalars become text (reals in their
/// shortest form, dates and data through ``FormatOptions``), `null` an empty unquoted field, the
/// empty string a quoted empty field, an empty array `[]` and an empty dictionary `{}`.
///
/// Reading restores the nesting from the header; `null` comes back from an empty unquoted field.
/// Other fields stay strings unless `infer` is set, which reads `true`/`false`, JSON numbers
/// (exact integers, reals), `[]` and `{}`. CSV cannot tell a record without a column from one
/// whose value is `null`, so writing a record that lacks a column other records have goes through
/// ``FormatOptions/missing``.
package enum CSVFlattening {
    // MARK: - Flattening

    /// The table of `document`, which must be an array of dictionaries.
    ///
    /// - Throws: ``Diagnostic`` at a path: `shapeNotRepresentable` for another shape,
    ///   `missingValue` for a record lacking a column (unless ``FormatOptions/missing`` is
    ///   `.null`), and the strategies' errors.
    package static func flatten(_ document: Document, options: FormatOptions = FormatOptions()) throws(Diagnostic) -> CSVTable {
        guard case let .array(records) = document else {
            throw Diagnostic(
                .shapeNotRepresentable, "CSV needs an array of dictionaries at the top level, found \(document.typeName)",
                path: ValuePath())
        }
        try options.checkDepth(1, at: ValuePath())
        var columns = Columns()
        var placedRecords: [[(column: Int, text: String?)]] = []
        placedRecords.reserveCapacity(records.count)
        var cells: [(name: String, text: String?)] = []
        for (index, record) in records.enumerated() {
            try self.cells(of: record, at: index, options: options, into: &cells)
            placedRecords.append(columns.place(cells))
        }
        try columns.check(recordCount: records.count)
        var rows: [[String?]] = []
        rows.reserveCapacity(placedRecords.count)
        var filled: [Bool] = []
        for (index, placed) in placedRecords.enumerated() {
            rows.append(try row(of: placed, at: index, columns: columns.names, options: options, filled: &filled))
        }
        return CSVTable(header: columns.names, rows: rows)
    }

    /// The header being built: the union of every record's columns in first-seen order.
    package struct Columns {
        /// The column names so far.
        package private(set) var names: [String] = []
        private var index: [ExactString: Int] = [:]

        package init() {}

        /// The column of each of a record's `cells`, adding the names not seen before.
        ///
        /// Records usually list their columns in the same order: the column after the last one
        /// placed is tried before hashing the name. Names compare by exact scalars: keys `K`
        /// and U+212A are two columns.
        package mutating func place(_ cells: [(name: String, text: String?)]) -> [(column: Int, text: String?)] {
            var placed: [(column: Int, text: String?)] = []
            placed.reserveCapacity(cells.count)
            var guess = 0
            for cell in cells {
                let column: Int
                if guess < names.count, names[guess].hasSameScalars(as: cell.name) {
                    column = guess
                } else if let known = index[ExactString(cell.name)] {
                    column = known
                } else {
                    column = names.count
                    names.append(cell.name)
                    index[ExactString(cell.name)] = column
                }
                guess = column + 1
                placed.append((column, cell.text))
            }
            return placed
        }

        /// Refuses records that are all empty dictionaries: a header with no column writes
        /// nothing, so the records would read back as no records.
        package func check(recordCount: Int) throws(Diagnostic) {
            guard !names.isEmpty || recordCount == 0 else {
                throw Diagnostic(
                    .shapeNotRepresentable,
                    "CSV cannot hold records without any column: all \(recordCount) records are empty dictionaries; "
                        + "give the records at least one member, or write JSON or a property list",
                    path: ValuePath())
            }
        }
    }

    /// The cells of record `index`: a column name and its text for each leaf.
    ///
    /// - Throws: ``Diagnostic`` at a path: `shapeNotRepresentable` for a record that is not a
    ///   dictionary, the depth rule and the strategies' errors.
    package static func cells(
        of record: Document, at index: Int, options: FormatOptions, into cells: inout [(name: String, text: String?)]
    ) throws(Diagnostic) {
        var path = ValuePath([.index(index)])
        guard case let .dictionary(members) = record else {
            throw Diagnostic(
                .shapeNotRepresentable, "CSV records must be dictionaries, found \(record.typeName)", path: path)
        }
        try options.checkDepth(2, at: path)
        cells.removeAll(keepingCapacity: true)
        for member in options.ordered(members) {
            path.push(.key(member.key))
            try flatten(member.value, name: CSVColumnName.root(member.key), path: &path, options: options, into: &cells)
            path.pop()
        }
    }

    /// The row of record `index`, its cells placed in `columns`.
    ///
    /// - Throws: ``Diagnostic`` `missingValue` for a column the record lacks, unless
    ///   ``FormatOptions/missing`` is `.null`.
    package static func row(
        of placed: [(column: Int, text: String?)], at index: Int, columns: [String], options: FormatOptions, filled: inout [Bool]
    ) throws(Diagnostic) -> [String?] {
        var row = [String?](repeating: nil, count: columns.count)
        if placed.count < columns.count, options.missing == .error {
            filled = [Bool](repeating: false, count: columns.count)
            for cell in placed { filled[cell.column] = true }
            if let column = filled.firstIndex(of: false) {
                throw Diagnostic(
                    .missingValue,
                    "record has no value for column '\(columns[column])', which other records have; CSV cannot tell a missing value from null",
                    path: ValuePath([.index(index)]),
                    remedy: Remedy(option: "missing", value: "null", effect: "write an empty field, which reads back as null"))
            }
        }
        for cell in placed { row[cell.column] = cell.text }
        return row
    }

    static func flatten(
        _ value: Document, name: String, path: inout ValuePath, options: FormatOptions,
        into cells: inout [(name: String, text: String?)]
    ) throws(Diagnostic) {
        func leaf(_ text: String?) {
            cells.append((name, text))
        }
        switch value {
        case .null: leaf(nil)
        case let .bool(flag): leaf(flag ? "true" : "false")
        case let .integer(number): leaf(String(number))
        case let .unsignedInteger(number): leaf(String(number))
        case let .number(number): leaf(number.text)
        case let .double(number):
            if let text = TextValues.real(number) {
                leaf(text)
            } else {
                leaf(try options.text(ofNonFinite: number, at: path))
            }
        case let .string(text): leaf(text)
        case let .date(date):
            switch try options.text(ofDate: date, at: path) {
            case let .string(text), let .number(text): leaf(text)
            }
        case let .data(bytes): leaf(options.text(ofData: bytes))
        case let .array(elements):
            // The container sits in one container per path component (the records' array first).
            try options.checkDepth(path.components.count + 1, at: path)
            guard !elements.isEmpty else { return leaf("[]") }
            for (index, element) in elements.enumerated() {
                path.push(.index(index))
                try flatten(element, name: CSVColumnName.appending(index: index, to: name), path: &path, options: options, into: &cells)
                path.pop()
            }
        case let .dictionary(members):
            try options.checkDepth(path.components.count + 1, at: path)
            guard !members.isEmpty else { return leaf("{}") }
            for member in options.ordered(members) {
                path.push(.key(member.key))
                try flatten(member.value, name: CSVColumnName.appending(key: member.key, to: name), path: &path, options: options, into: &cells)
                path.pop()
            }
        }
    }

    // MARK: - Restoring

    /// The array of dictionaries `table` holds.
    ///
    /// - Parameter infer: read `true`/`false`, JSON numbers, `[]` and `{}` as typed values.
    /// - Throws: ``Diagnostic``: `shapeNotRepresentable` when two columns of a row claim the
    ///   same place (`a` holds text and `a.b` a value too), `columnIndexOutOfRange` for a column
    ///   naming an index above `CSVColumnName.maximumIndex`, `tooDeep`.
    package static func restore(_ table: CSVTable, infer: Bool = false, maximumDepth: Int = 512) throws(Diagnostic) -> Document {
        let paths = try columnPaths(of: table, maximumDepth: maximumDepth)
        var records: [Document] = []
        records.reserveCapacity(table.rows.count)
        for (rowIndex, row) in table.rows.enumerated() {
            records.append(try record(of: row, at: rowIndex, header: table.header, paths: paths, infer: infer, maximumDepth: maximumDepth))
        }
        return .array(records)
    }

    /// The path each column of `table`'s header names (`CSVColumnName`).
    ///
    /// - Throws: ``Diagnostic``: `columnIndexOutOfRange`, `tooDeep`, at the header field.
    package static func columnPaths(of table: CSVTable, maximumDepth: Int = 512) throws(Diagnostic) -> [[ValuePath.Component]] {
        var paths: [[ValuePath.Component]] = []
        paths.reserveCapacity(table.header.count)
        for (column, name) in table.header.enumerated() {
            paths.append(try CSVColumnName.parse(name, at: table.headerLocation(ofColumn: column)))
        }
        // The one depth rule (FormatOptions.maximumDepth): the records' array is at depth 1, each
        // record at 2, and a column of n components puts its value in n + 1 containers.
        if let deep = paths.firstIndex(where: { $0.count + 1 > maximumDepth }) {
            throw Diagnostic(
                .tooDeep, "column \(deep + 1) nests deeper than \(maximumDepth) levels",
                at: table.headerLocation(ofColumn: deep))
        }
        return paths
    }

    /// The record row `rowIndex` holds, its columns at `paths` (``columnPaths(of:maximumDepth:)``).
    ///
    /// - Throws: ``Diagnostic`` at the row's path: `shapeNotRepresentable` when two columns claim
    ///   the same place, `tooDeep` for an inferred container too deep.
    package static func record(
        of row: [String?], at rowIndex: Int, header: [String], paths: [[ValuePath.Component]], infer: Bool, maximumDepth: Int
    ) throws(Diagnostic) -> Document {
        var root = Node.object([:])
        for (column, field) in row.enumerated() where column < paths.count {
            let value: Document = field.map { infer ? inferred($0) : .string($0) } ?? .null
            if infer, paths[column].count + 2 > maximumDepth, value == .array([]) || value == .dictionary([:]) {
                throw Diagnostic(
                    .tooDeep, "the field \(field ?? "") of column '\(header[column])' is a container deeper than \(maximumDepth) levels",
                    path: ValuePath([.index(rowIndex)] + paths[column]))
            }
            guard root.insert(value, at: paths[column][...]) else {
                throw Diagnostic(
                    .shapeNotRepresentable, "column '\(header[column])' conflicts with another column of the same row",
                    path: ValuePath([.index(rowIndex)]))
            }
        }
        // Indices with gaps are filled with null, but never more nulls than there are columns:
        // a header like `a[999999999]` must not make a billion of them.
        var gapBudget = header.count
        guard let record = root.document(gapBudget: &gapBudget) else {
            throw Diagnostic(
                .shapeNotRepresentable, "column indices leave more gaps than the header has columns",
                path: ValuePath([.index(rowIndex)]))
        }
        return record
    }

    /// The typed value of a field under `--infer`.
    static func inferred(_ text: String) -> Document {
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "[]": return .array([])
        case "{}": return .dictionary([:])
        default: break
        }
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
            let last = text.utf8.last, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(last),
            let document = try? JSONReader(maximumDepth: 0).read(Data(text.utf8))
        else { return .string(text) }
        return document
    }

    /// A record under construction.
    enum Node {
        case value(Document)
        case object(OrderedDictionary<DocumentKey, Node>)
        case array([Int: Node])

        /// Puts `value` at `path`; false when another column already claimed the place.
        ///
        /// Nulls never claim a place: CSV cannot tell them from missing values, so a null
        /// column under a value (`orders[0].sku` next to `orders` = `[]`) is dropped, and a
        /// value replaces what only nulls built.
        ///
        /// The child is changed in place: the container is taken out of `self` first, so it is
        /// the only reference and neither it nor the child is copied (copying made a record of
        /// n columns under one prefix cost n² node copies). After `false` the node is left
        /// half-changed; the caller drops the record.
        mutating func insert(_ value: Document, at path: ArraySlice<ValuePath.Component>) -> Bool {
            if case .null = value, !canDescend(path.first), !isAllNull { return true }
            guard let first = path.first else {
                if case .null = value { return true }
                guard isAllNull else { return false }
                self = .value(value)
                return true
            }
            if !canDescend(first) {
                guard isAllNull else { return false }
                self = first.isIndex ? .array([:]) : .object([:])
            }
            let rest = path.dropFirst()
            // No tuple of `self` to switch on: it would keep a second reference to the container.
            if case let .key(key) = first, case var .object(members) = self {
                self = .value(.null)
                let inserted = members[key, default: Self.empty(for: rest.first)].insert(value, at: rest)
                self = .object(members)
                return inserted
            }
            if case let .index(index) = first, case var .array(elements) = self {
                self = .value(.null)
                let inserted = elements[index, default: Self.empty(for: rest.first)].insert(value, at: rest)
                self = .array(elements)
                return inserted
            }
            return false
        }

        /// Whether `step` leads into this node as it is.
        func canDescend(_ step: ValuePath.Component?) -> Bool {
            switch (self, step) {
            case (.object, .key?), (.array, .index?): true
            default: false
            }
        }

        /// Whether this node holds nothing but nulls (or nothing).
        var isAllNull: Bool {
            switch self {
            case let .value(value): if case .null = value { true } else { false }
            case let .object(members): members.values.allSatisfy(\.isAllNull)
            case let .array(elements): elements.values.allSatisfy(\.isAllNull)
            }
        }

        static func empty(for next: ValuePath.Component?) -> Node {
            switch next {
            case nil: .value(.null)
            case .index?: .array([:])
            case .key?: .object([:])
            }
        }

        /// The finished value; `nil` once filling index gaps would take more than `gapBudget` nulls.
        func document(gapBudget: inout Int) -> Document? {
            switch self {
            case let .value(value):
                return value
            case let .object(members):
                var built = OrderedDictionary<DocumentKey, Document>(minimumCapacity: members.count)
                for (key, member) in members {
                    guard let value = member.document(gapBudget: &gapBudget) else { return nil }
                    built[key] = value
                }
                return .dictionary(built)
            case let .array(elements):
                guard let last = elements.keys.max() else { return .array([]) }
                // Indices are at most CSVColumnName.maximumIndex, so this cannot overflow.
                gapBudget -= last + 1 - elements.count
                guard gapBudget >= 0 else { return nil }
                var built: [Document] = []
                built.reserveCapacity(last + 1)
                for index in 0...last {
                    if let element = elements[index] {
                        guard let value = element.document(gapBudget: &gapBudget) else { return nil }
                        built.append(value)
                    } else {
                        built.append(.null)
                    }
                }
                return .array(built)
            }
        }
    }
}

extension ValuePath.Component {
    var isIndex: Bool {
        if case .index = self { true } else { false }
    }
}
