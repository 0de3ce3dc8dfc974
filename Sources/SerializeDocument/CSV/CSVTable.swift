/// CSV bytes ⇄ a header and rows of optional strings, for the converter, on SerializeCSV.
///
/// The converter needs one distinction SerializeCSV keeps: an empty unquoted field (`null`)
/// against a quoted empty field (the empty string).

package import Foundation
package import SerializeCore
package import SerializeCSV

/// A CSV file as the converter sees it: a header and rows whose fields are text or `nil` (an
/// empty unquoted field).
package struct CSVTable: Sendable, Equatable {
    /// The column names.
    package var header: [String]
    /// The records; a row shorter than the header lacks the trailing columns.
    package var rows: [[String?]]
    /// Where each header field was in the input, when the table was read from one.
    var headerLocations: [InputLocation] = []

    /// Creates a table.
    package init(header: [String], rows: [[String?]]) {
        self.header = header
        self.rows = rows
    }

    /// Tables are equal when their header and rows are (wherever they were read from).
    package static func == (lhs: CSVTable, rhs: CSVTable) -> Bool {
        lhs.header == rhs.header && lhs.rows == rhs.rows
    }

    /// Where header field `column` was, or line 1 column 1 for a table not read from text.
    func headerLocation(ofColumn column: Int) -> InputLocation {
        column < headerLocations.count ? headerLocations[column] : InputLocation(line: 1, column: 1)
    }
}

// MARK: - Writing

extension CSVTable {
    /// RFC 4180 text with CRLF line ends, written by SerializeCSV's `CSVWriter`: a field is quoted
    /// when it holds the delimiter, a quote, a line break, or is the empty string (an empty
    /// unquoted field is `nil`).
    ///
    /// - Throws: ``Diagnostic`` `nullNotRepresentable` for a `nil` in a one-column table:
    ///   its row would be a blank line, which `CSVWriter`'s public API does not write.
    ///
    /// The dialect's delimiter and quote are used; without a header the header row is not
    /// written. The text is UTF-8, quotes doubled, whatever the dialect's encoding and escape.
    package func csvData(dialect: CSVDialect = .rfc4180) throws(Diagnostic) -> Data {
        if header.count == 1, let row = rows.firstIndex(where: { $0.first.map { $0 == nil } ?? true }) {
            throw Diagnostic(
                .nullNotRepresentable,
                "a one-column CSV cannot hold null: its row would be a blank line; write JSON or a property list instead",
                path: ValuePath([.index(row)]))
        }
        let writer = CSVWriter(configuration: .init(dialect: dialect, newline: .crlf))
        // Writing into memory does not fail; its error passes through if it ever does.
        if dialect.hasHeader { try writer.write(row: header) }
        for row in rows {
            for field in row { try writer.write(field: field ?? "", quoted: field?.isEmpty == true) }
            try writer.endRow()
        }
        try writer.finish()
        return writer.data
    }
}

// MARK: - Reading

extension CSVTable {
    /// Parses CSV text in `dialect` with SerializeCSV's `CSVReader` (CRLF, LF or CR line ends, an
    /// optional byte-order mark; the dialect's encoding, escape, comment and preamble lines as
    /// `CSVDialect.prepare(_:)` applies them). Without a header the columns are named
    /// `column1`, `column2`, … as many as the first row has.
    ///
    /// - Throws: ``Diagnostic`` at a line and column for an unterminated quote, a quote inside
    ///   an unquoted field, text after a closing quote, invalid UTF-8 (SerializeCSV's codes), a
    ///   row longer or shorter than the header (`fieldCountMismatch`), an empty column name
    ///   (`emptyColumnName`) or one the header has twice (`duplicateColumn`, by exact scalars).
    ///
    package init(csvData data: Data, dialect: CSVDialect = .rfc4180) throws(Diagnostic) {
        var warnings: [Diagnostic] = []
        try self.init(csvData: data, dialect: dialect, recovers: false, warnings: &warnings)
    }

    /// Parses CSV text as ``init(csvData:dialect:)`` does; with `recovers`, malformed input is
    /// repaired (`FormatOptions.recoverCSV` lists how) and each repair appended to `warnings`
    /// as a located warning.
    package init(csvData data: Data, dialect: CSVDialect, recovers: Bool, warnings: inout [Diagnostic]) throws(Diagnostic) {
        let configuration = CSVReader.Configuration(dialect: dialect, fieldCountPolicy: .flexible, recovers: recovers)
        var repairs: [Diagnostic] = []
        var header: [String] = []
        var rows: [[String?]] = []
        let reader = try CSVReader(data: data, configuration: configuration)
        header = reader.header ?? []
        // The columns the header names; the extra columns of long rows come after them.
        var namedWidth = header.count
        // Each row's shape, and the header width and repair count before it, to leave out a
        // trailing block (CSVTableShape.trailingBlockStart) with its repairs.
        var shapes: [CSVRowShape] = []
        var before: [(header: Int, repairs: Int, readerRepairs: Int)] = []
        var previousEnd: Int?
        var starts: [InputLocation] = []
        var readerRepairsBefore = 0
        while let record = try reader.readRecord() {
            defer { readerRepairsBefore = reader.repairs.count }
            if recovers {
                shapes.append(CSVRowShape(
                    line: record.line, fields: record.fields.count, afterEmptyLine: previousEnd.map { record.line > $0 + 1 } ?? false))
                before.append((header.count, repairs.count, readerRepairsBefore))
                previousEnd = record.end.line
                starts.append(record.fields.isEmpty ? record.end : record.location(ofField: 0))
            }
            // Without a header the first row's width names the columns.
            if !dialect.hasHeader, rows.isEmpty, header.isEmpty {
                header = (0..<record.fields.count).map { "column\($0 + 1)" }
                namedWidth = header.count
            }
            if recovers, record.fields.count < namedWidth {
                repairs.append(Diagnostic(
                    .fieldCountMismatch,
                    "row has \(record.fields.count) fields but the header names \(namedWidth) columns (repaired: padded with empty fields)",
                    severity: .warning, at: record.end))
            } else if recovers, record.fields.count > header.count {
                let names = Set(header.map { Array($0.unicodeScalars) })
                var extra = 1
                var added: [String] = []
                while header.count + added.count < record.fields.count {
                    let name = "extra\(extra)"
                    extra += 1
                    if !names.contains(Array(name.unicodeScalars)) { added.append(name) }
                }
                repairs.append(Diagnostic(
                    .fieldCountMismatch,
                    "row has \(record.fields.count) fields but the header names \(namedWidth) columns (repaired: the extra fields kept under \(added.joined(separator: ", ")))",
                    severity: .warning, at: record.location(ofField: header.count)))
                header += added
            }
            // Short and long rows alike: a located error (a short one at its end).
            if !recovers, let problem = CSVTableShape.widthProblem(of: record, columns: header.count) { throw problem }
            var row: [String?] = record.fields.indices.map { index in
                record.fields[index].isEmpty && !record.isQuoted(index) ? nil : record.fields[index]
            }
            if recovers, row.count < header.count { row += Array(repeating: nil, count: header.count - row.count) }
            rows.append(row)
        }
        // Footnotes or another table after the table: left out, with one warning, never silently.
        var readerRepairs = reader.repairs
        if recovers, let start = CSVTableShape.trailingBlockStart(shapes, columns: namedWidth) {
            let mark = before[start]
            let location = starts[start]
            rows.removeSubrange(start...)
            header.removeSubrange(mark.header...)
            repairs.removeSubrange(mark.repairs...)
            readerRepairs.removeSubrange(mark.readerRepairs...)
            repairs.append(CSVTableShape.trailingBlockWarning(
                from: shapes[start], rows: shapes.count - start, at: location, lastLine: previousEnd ?? shapes[start].line))
        }
        if header == [""], rows.isEmpty { header = [] }
        // Rows before a long row get the extra columns too, empty: every record has every column.
        if recovers {
            for index in rows.indices where rows[index].count < header.count {
                rows[index] += Array(repeating: nil, count: header.count - rows[index].count)
            }
        }
        self.init(header: header, rows: rows)
        headerLocations = reader.headerLocations
        if recovers {
            renameHeaderNames(into: &repairs)
            // The reader's repairs and the row repairs, in input order.
            warnings += (readerRepairs + repairs).sorted { ($0.location?.byteOffset ?? 0, $0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.byteOffset ?? 0, $1.location?.line ?? 0, $1.location?.column ?? 0) }
        } else {
            try checkHeaderNames(headerRows: dialect.headerRows)
        }
    }
}

extension CSVTable {
    /// Refuses an empty column name and a name the header has twice (compared by Unicode
    /// scalars), at the header field (the first of `CSVTableShape.headerProblems`).
    func checkHeaderNames(headerRows: Int = 1) throws(Diagnostic) {
        if let problem = CSVTableShape.headerProblems(header, locations: headerLocations, headerRows: headerRows).first { throw problem }
    }
}

extension CSVTable {
    /// The recovery rule for header names: an empty one becomes `columnN` (its position), a
    /// repeated one gets `_2`, `_3`, … (the first free), each a warning at the header field.
    mutating func renameHeaderNames(into warnings: inout [Diagnostic]) {
        var seen = Set<[Unicode.Scalar]>()
        for column in header.indices {
            let name = header[column]
            var renamed = name.isEmpty && header.count > 1 ? "column\(column + 1)" : name
            if seen.contains(Array(renamed.unicodeScalars)) {
                var suffix = 2
                while seen.contains(Array("\(renamed)_\(suffix)".unicodeScalars)) || header.contains("\(renamed)_\(suffix)") { suffix += 1 }
                renamed = "\(renamed)_\(suffix)"
            }
            seen.insert(Array(renamed.unicodeScalars))
            guard renamed != name else { continue }
            let what = name.isEmpty ? "column \(column + 1) has no name" : "column \(column + 1) is named '\(name)' like an earlier column"
            warnings.append(Diagnostic(
                name.isEmpty ? .emptyColumnName : .duplicateColumn, "\(what) (repaired: named '\(renamed)')", severity: .warning,
                at: headerLocation(ofColumn: column)))
            header[column] = renamed
        }
    }
}
