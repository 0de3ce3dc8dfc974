/// The one owner of a CSV table's shape rules: which header names are refused, which row
/// widths are wrong, and where a trailing block (footnotes or another table) starts. The
/// converter's table (SerializeDocument's `CSVTable`) and ``CSVLinter`` both ask here.

package import SerializeCore

/// A row as the shape rules see it: where it starts, how many fields it has, and whether an
/// empty line (or a comment line) comes right before it.
package struct CSVRowShape: Sendable, Hashable {
    package var line: Int
    package var fields: Int
    package var afterEmptyLine: Bool

    package init(line: Int, fields: Int, afterEmptyLine: Bool) {
        self.line = line
        self.fields = fields
        self.afterEmptyLine = afterEmptyLine
    }
}

/// The shape rules of a CSV table.
package enum CSVTableShape {
    /// Every empty column name (when the header has more than one column) and every name the
    /// header has twice (compared by Unicode scalars), each an error at its header field. An
    /// empty name right after a named column looks like a group header spanning columns: its
    /// remedy is one more header row (``CSVDialect/headerRows``).
    package static func headerProblems(_ header: [String], locations: [InputLocation], headerRows: Int = 1) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var seen: [[Unicode.Scalar]: Int] = [:]
        func location(_ column: Int) -> InputLocation {
            column < locations.count ? locations[column] : InputLocation(line: 1, column: 1)
        }
        for (column, name) in header.enumerated() {
            if name.isEmpty, header.count > 1 {
                let spanning = column > 0 && !header[column - 1].isEmpty
                problems.append(Diagnostic(
                    .emptyColumnName, "column \(column + 1) has no name in the header", at: location(column),
                    remedy: spanning
                        ? Remedy(option: "headerRows", value: String(headerRows + 1),
                                 effect: "read \(headerRows + 1) rows as the header, a group name carried over the empty cells after it")
                        : nil))
                continue
            }
            if let first = seen.updateValue(column, forKey: Array(name.unicodeScalars)) {
                problems.append(Diagnostic(
                    .duplicateColumn, "column \(column + 1) is named '\(name)' like column \(first + 1)", at: location(column)))
            }
        }
        return problems
    }

    /// The error for a row whose field count is not `columns` (short and long alike): at the
    /// first extra field of a long row, at the end of a short one; `nil` for a row that fits.
    package static func widthProblem(of record: CSVRecord, columns: Int) -> Diagnostic? {
        widthProblem(fields: record.fields.count, columns: columns, firstExtra: { record.location(ofField: columns) }, end: { record.end })
    }

    /// ``widthProblem(of:columns:)`` for a row of `fields` fields read without a ``CSVRecord``
    /// (the locations are asked for only when the row does not fit).
    package static func widthProblem(
        fields count: Int, columns: Int, firstExtra: () -> InputLocation?, end: () -> InputLocation?
    ) -> Diagnostic? {
        guard count != columns else { return nil }
        return Diagnostic(
            .fieldCountMismatch, "row has \(count) field\(count == 1 ? "" : "s") but the header names \(columns) column\(columns == 1 ? "" : "s")",
            at: count > columns ? firstExtra() : end())
    }

    /// The index of the first row of a trailing block that is not part of the table, or `nil`.
    /// The one rule: a row of another width than `columns` that follows an empty line starts a
    /// block (footnotes, or another table) that runs to the end of the input; so does a run of
    /// one-field rows that lasts to the end of the input, in a table of three or more columns
    /// (a one-field row in a table of two is a short row). The first row after the header
    /// starts a block only when no row from there on has the header's width: a header-only
    /// table with footnotes under an empty line. In a table spaced by empty lines (every row
    /// before it, two at least, follows one), an empty line is the spacing: a block is told by
    /// its lines running together (the row after it follows no empty line).
    package static func trailingBlockStart(_ rows: [CSVRowShape], columns: Int) -> Int? {
        func startsBlock(_ index: Int) -> Bool {
            guard rows[index].afterEmptyLine, rows[index].fields != columns else { return false }
            let spaced = index >= 2 && rows[..<index].allSatisfy(\.afterEmptyLine)
            if spaced, !(index + 1 < rows.count && !rows[index + 1].afterEmptyLine) { return false }
            return index > 0 || !rows.contains { $0.fields == columns }
        }
        if let index = rows.indices.first(where: startsBlock) {
            // A run of one-field rows before the empty line belongs to the block too.
            return oneFieldRunStart(rows[..<index], columns: columns) ?? index
        }
        return oneFieldRunStart(rows[...], columns: columns)
    }

    /// Where a run of one-field rows lasting to the end of `rows` starts, when `columns` ≥ 3.
    private static func oneFieldRunStart(_ rows: ArraySlice<CSVRowShape>, columns: Int) -> Int? {
        guard columns >= 3, rows.last?.fields == 1 else { return nil }
        var start = rows.endIndex
        while start > rows.startIndex, rows[start - 1].fields == 1 { start -= 1 }
        // A table of only one-field rows is no table with footnotes.
        return start > rows.startIndex ? start : nil
    }

    /// The warning for a trailing block left out of the table: at its first row, with its size.
    package static func trailingBlockWarning(from first: CSVRowShape, rows: Int, at location: InputLocation?, lastLine: Int) -> Diagnostic {
        Diagnostic(
            .trailingBlock,
            "\(rows) row\(rows == 1 ? "" : "s") after the table (lines \(first.line)–\(lastLine)) look like footnotes or another table (repaired: left out of the table)",
            severity: .warning, at: location)
    }
}
