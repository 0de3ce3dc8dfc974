/// The one CSV column grammar: header text ⇄ the path of a value inside a record.
///
/// Both the converter (`serialize convert`, SerializeDocument's `CSVFlattening`) and the Codable
/// coder (``CSVEncoder``, ``CSVDecoder``) name and read columns through this file only, so
/// anything one writes the other reads back to the same value.

package import SerializeCore

/// Renders and parses CSV column names (the grammar is in the README and the SerializeCSV
/// article "Column names").
///
/// ```
/// name  := key step*
/// step  := "." key | "[" index "]"
/// key   := (plain | "\" any)*        plain: any scalar but ".", "[", "]", "\"
/// index := "0" | [1-9][0-9]*         at most maximumIndex
/// ```
///
/// `supplier.name` is the key `name` inside the key `supplier`; `tags[0]` the first element of
/// `tags`; `a\.b` the one key `a.b`. Writers escape `.`, `[`, `]` and `\` in keys with `\`, and
/// also U+FEFF, which a header cannot start with (readers drop it as a byte order mark). Text that
/// is not such a name (`Price [USD]`, a trailing `\`) is read as one key, exactly as written;
/// an index above ``maximumIndex`` is refused by name.
package enum CSVColumnName {
    /// The largest array index a column may name: `tags[9999999]`.
    package static let maximumIndex = 9_999_999

    // MARK: - Rendering

    /// The column name of `components`; the first must be a key (rows are records).
    package static func render(_ components: some Sequence<ValuePath.Component>) -> String {
        var name = ""
        var first = true
        for component in components {
            switch component {
            case let .key(key): name = first ? escape(key) : appending(key: key, to: name)
            case let .index(index): name = appending(index: index, to: name)
            }
            first = false
        }
        return name
    }

    /// `name.key`, with `key` escaped; `name` is a column below the root (use ``root(_:)`` for a
    /// key of the record itself, so that an empty key at the root stays apart).
    @inline(__always)
    package static func appending(key: String, to name: String) -> String {
        name + "." + escape(key)
    }

    /// The column of a key of the record itself: the key, escaped.
    @inline(__always)
    package static func root(_ key: String) -> String { escape(key) }

    /// `name[index]`.
    @inline(__always)
    package static func appending(index: Int, to name: String) -> String {
        name + "[" + String(index) + "]"
    }

    /// `key` with `.`, `[`, `]`, `\` and U+FEFF escaped by `\`.
    package static func escape(_ key: String) -> String {
        guard key.unicodeScalars.contains(where: needsEscape) else { return key }
        var escaped = String.UnicodeScalarView()
        for scalar in key.unicodeScalars {
            if needsEscape(scalar) { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }

    @inline(__always)
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "." || scalar == "[" || scalar == "]" || scalar == "\\" || scalar == "\u{FEFF}"
    }

    // MARK: - Parsing

    /// The path `name` denotes; text that is not a well-formed name is one key, as written.
    ///
    /// - Parameter location: Where the name is, for the refusal.
    /// - Throws: ``Diagnostic`` ``Diagnostic/Code/columnIndexOutOfRange`` for an index above
    ///   ``maximumIndex``.
    package static func parse(_ name: String, at location: InputLocation? = nil) throws(Diagnostic) -> [ValuePath.Component] {
        var components: [ValuePath.Component] = []
        var key = String.UnicodeScalarView()
        var scalars = name.unicodeScalars[...]
        // Whether the text since the last step is a key (always, except right after `]`).
        var inKey = true
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\\":
                guard let next = scalars.popFirst(), inKey else { return [.key(name)] }
                key.append(next)
            case ".":
                if inKey { components.append(.key(String(key))) }
                key = String.UnicodeScalarView()
                inKey = true
            case "[":
                if inKey { components.append(.key(String(key))) }
                key = String.UnicodeScalarView()
                inKey = false
                var digits = 0
                var value = 0
                var overflow = false
                while let digit = scalars.first, ("0"..."9").contains(digit) {
                    scalars.removeFirst()
                    if digits == 1, value == 0 { return [.key(name)] }  // a leading zero
                    digits += 1
                    if value > maximumIndex { overflow = true } else { value = value * 10 + Int(digit.value - 48) }
                }
                guard digits > 0, scalars.popFirst() == "]" else { return [.key(name)] }
                if overflow || value > maximumIndex {
                    throw Diagnostic(
                        .columnIndexOutOfRange,
                        "column \"\(name)\" names an array index above \(maximumIndex), the largest a CSV column may name",
                        at: location)
                }
                components.append(.index(value))
                // After `]` comes `.`, `[` or the end.
                if let next = scalars.first, next != ".", next != "[" { return [.key(name)] }
            case "]":
                return [.key(name)]
            default:
                guard inKey else { return [.key(name)] }
                key.append(scalar)
            }
        }
        if inKey { components.append(.key(String(key))) }
        return components
    }

    /// The canonical spelling of `name`: what ``render(_:)`` writes for the path it denotes.
    package static func canonical(_ name: String, at location: InputLocation? = nil) throws(Diagnostic) -> String {
        render(try parse(name, at: location))
    }

    // MARK: - Several header rows

    /// One name per column from several header rows (``CSVDialect/headerRows``), the one rule:
    /// in every row but the last, a non-empty cell is carried right over the empty cells after
    /// it (a group header spanning columns), as long as the row above (after its own carrying)
    /// does not change between the two columns; a column's name is then its non-empty cells
    /// from top to bottom, each escaped as a key, joined with `.` (``appending(key:to:)``).
    ///
    /// ```
    /// id,address,,        →  id, address.street, address.city
    /// ,street,city
    /// ```
    package static func combining(headerRows rows: [[String]]) -> [String] {
        guard rows.count > 1 else { return rows.first ?? [] }
        let width = rows.map(\.count).max() ?? 0
        var filled: [[String]] = []
        for (index, row) in rows.enumerated() {
            var cells = (0..<width).map { $0 < row.count ? row[$0] : "" }
            if index < rows.count - 1 {
                for column in cells.indices.dropFirst() where cells[column].isEmpty {
                    let sameGroup = filled.last.map { Array($0[column].unicodeScalars) == Array($0[column - 1].unicodeScalars) } ?? true
                    if sameGroup { cells[column] = cells[column - 1] }
                }
            }
            filled.append(cells)
        }
        return (0..<width).map { column in
            let parts = filled.map { $0[column] }.filter { !$0.isEmpty }
            guard let first = parts.first else { return "" }
            return parts.dropFirst().reduce(root(first)) { appending(key: $1, to: $0) }
        }
    }
}
