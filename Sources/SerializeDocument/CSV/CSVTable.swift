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
    package func csvData(dialect: CSVDialect = .rfc4180, byteOrderMark: Bool = false) throws(Diagnostic) -> Data {
        if header.count == 1, let row = rows.firstIndex(where: { $0.first.map { $0 == nil } ?? true }) {
            throw Diagnostic(
                .nullNotRepresentable,
                "a one-column CSV cannot hold null: its row would be a blank line; write JSON or a property list instead",
                path: ValuePath([.index(row)]))
        }
        let writer = CSVWriter(configuration: Self.writerConfiguration(dialect, byteOrderMark: byteOrderMark))
        // Writing into memory does not fail; its error passes through if it ever does.
        if dialect.hasHeader { try writer.write(row: header) }
        for row in rows { try Self.write(row, to: writer) }
        try writer.finish()
        return writer.data
    }

    /// How tables are written in `dialect`: its delimiter and quote, CRLF line ends, and a UTF-8
    /// byte-order mark first with `byteOrderMark` (``FormatOptions/csvByteOrderMark``).
    package static func writerConfiguration(_ dialect: CSVDialect, byteOrderMark: Bool = false) -> CSVWriter.Configuration {
        .init(dialect: dialect, newline: .crlf, writesByteOrderMark: byteOrderMark)
    }

    /// Writes one row: `nil` an empty field, the empty string a quoted empty field.
    package static func write(_ row: [String?], to writer: CSVWriter) throws(Diagnostic) {
        for field in row { try writer.write(field: field ?? "", quoted: field?.isEmpty == true) }
        try writer.endRow()
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
        var stream = try CSVTableRows(reader: try CSVReader(data: data, configuration: configuration), dialect: dialect, recovers: recovers)
        var rows: [[String?]] = []
        var row: [String?] = []
        while try stream.next(into: &row) { rows.append(row) }
        self = try stream.finishedTable(rows: rows, warnings: &warnings)
    }
}

// MARK: - Reading row by row

/// The rows of a CSV table one at a time, under the table's rules: the header (or `column1`,
/// `column2`, … named by the first row's width), short and long rows (a located error, or under
/// recovery padded and kept under `extra1`, …), `nil` for an empty unquoted field. ``CSVTable``
/// reads with it, and so does the streaming converter (`Format+FileConversion.swift`).
package struct CSVTableRows {
    let reader: CSVReader
    let dialect: CSVDialect
    let recovers: Bool
    /// The column names so far: a long row under recovery adds its extra columns.
    package private(set) var header: [String]
    /// The columns the header names; the extra columns of long rows come after them.
    var namedWidth: Int
    /// The row repairs so far (the reader keeps its own).
    var repairs: [Diagnostic] = []
    /// Whether a row was read.
    package private(set) var hasRows = false
    /// The rows read.
    package private(set) var rowCount = 0
    private var fields: [String] = []
    // Under recovery, each row's shape, and the header width and repair counts before it, to
    // leave out a trailing block (CSVTableShape.trailingBlockStart) with its repairs.
    private var shapes: [CSVRowShape] = []
    private var before: [(header: Int, repairs: Int, readerRepairs: Int)] = []
    private var starts: [InputLocation] = []
    private var previousEnd: Int?
    private var readerRepairsBefore = 0

    /// Starts reading the rows after `reader`'s header.
    package init(reader: CSVReader, dialect: CSVDialect, recovers: Bool) throws(Diagnostic) {
        self.reader = reader
        self.dialect = dialect
        self.recovers = recovers
        header = reader.header ?? []
        namedWidth = header.count
        // The first row follows an empty line when one comes after the header (as the linter counts).
        previousEnd = reader.headerLocations.last?.line
    }

    /// Reads the next row into `row`, padded to ``header`` under recovery.
    ///
    /// - Returns: `false` at the end of the input.
    /// - Throws: ``Diagnostic`` for malformed input, or a row shorter or longer than the header
    ///   (`fieldCountMismatch`) without recovery.
    package mutating func next(into row: inout [String?]) throws(Diagnostic) -> Bool {
        guard try reader.readFieldsForDecoding(into: &fields) else { return false }
        try checkWidth(fields.count)
        row.removeAll(keepingCapacity: true)
        for index in fields.indices { row.append(fields[index].isEmpty && !reader.isQuoted(field: index) ? nil : fields[index]) }
        if recovers, row.count < header.count { row += Array(repeating: nil, count: header.count - row.count) }
        return true
    }

    /// Reads the next row without making strings: its fields are then ``withField(_:_:)``
    /// and ``isNull(_:)``, each UTF-8 checked as ``next(into:)`` checks it. Not under recovery
    /// (a row is not padded) nor with an escape character (fields are not unescaped).
    ///
    /// - Returns: `false` at the end of the input.
    package mutating func nextRaw() throws(Diagnostic) -> Bool {
        guard try reader.nextRawRecord() else { return false }
        for index in 0..<reader.fieldCount where !reader.withRawField(index, { CSVReader.isValidUTF8($0) }) {
            // The strings' own check throws the located error.
            fields = try reader.currentFields()
        }
        try checkWidth(reader.fieldCount)
        return true
    }

    /// Calls `body` with the UTF-8 bytes of field `index` of the row ``nextRaw()`` read.
    package func withField<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        reader.withRawField(index, body)
    }

    /// Whether field `index` of the row ``nextRaw()`` read is an empty unquoted field (`nil`).
    package func isNull(_ index: Int) -> Bool {
        !reader.isQuoted(field: index) && reader.withRawField(index, { $0.isEmpty })
    }

    /// The header and field-count rules for a row of `count` fields.
    private mutating func checkWidth(_ count: Int) throws(Diagnostic) {
        rowCount += 1
        if recovers {
            let end = reader.currentRowEnd
            let first = count > 0 ? reader.location(ofField: 0) : nil
            let line = first?.line ?? end.line ?? 1
            shapes.append(CSVRowShape(line: line, fields: count, afterEmptyLine: previousEnd.map { line > $0 + 1 } ?? false))
            before.append((header.count, repairs.count, readerRepairsBefore))
            previousEnd = end.line
            starts.append(first ?? end)
        }
        defer { readerRepairsBefore = reader.repairs.count }
        // Without a header the first row's width names the columns.
        if !dialect.hasHeader, !hasRows, header.isEmpty {
            header = (0..<count).map { "column\($0 + 1)" }
            namedWidth = header.count
        }
        hasRows = true
        if recovers, count < namedWidth {
            repairs.append(Diagnostic(
                .fieldCountMismatch,
                "row has \(count) fields but the header names \(namedWidth) columns (repaired: padded with empty fields)",
                severity: .warning, at: reader.currentRowEnd))
        } else if recovers, count > header.count {
            let names = Set(header.map { Array($0.unicodeScalars) })
            var extra = 1
            var added: [String] = []
            while header.count + added.count < count {
                let name = "extra\(extra)"
                extra += 1
                if !names.contains(Array(name.unicodeScalars)) { added.append(name) }
            }
            repairs.append(Diagnostic(
                .fieldCountMismatch,
                "row has \(count) fields but the header names \(namedWidth) columns (repaired: the extra fields kept under \(added.joined(separator: ", ")))",
                severity: .warning, at: reader.location(ofField: header.count)))
            header += added
        }
        // Short and long rows alike: a located error (a short one at its end).
        if !recovers {
            let columns = header.count
            if let problem = CSVTableShape.widthProblem(
                fields: count, columns: columns, firstExtra: { reader.location(ofField: columns) }, end: { reader.currentRowEnd })
            {
                throw problem
            }
        }
    }

    /// Under recovery, where a trailing block (footnotes or another table) starts
    /// (`CSVTableShape.trailingBlockStart`): the rows from there are left out.
    package var trailingBlockStart: Int? {
        recovers ? CSVTableShape.trailingBlockStart(shapes, columns: namedWidth) : nil
    }

    /// The bytes of the input read so far (to the end of the current row).
    package var bytesRead: Int { reader.currentRowEnd.byteOffset ?? 0 }

    /// How many of the rows read belong to the table.
    package var tableRowCount: Int { trailingBlockStart ?? rowCount }

    /// The table of `rows` (read by this stream, or none when they were written as they came):
    /// the header checked (``CSVTable/checkHeaderNames()``) or, under recovery, renamed, with
    /// every repair appended to `warnings` in input order.
    package func finishedTable(rows: [[String?]], warnings: inout [Diagnostic]) throws(Diagnostic) -> CSVTable {
        var rows = rows
        var header = header
        var repairs = repairs
        var readerRepairs = reader.repairs
        // Footnotes or another table after the table: left out, with one warning, never silently.
        if let start = trailingBlockStart {
            let mark = before[start]
            if rows.count > start { rows.removeSubrange(start...) }
            header.removeSubrange(mark.header...)
            repairs.removeSubrange(mark.repairs...)
            readerRepairs.removeSubrange(mark.readerRepairs...)
            repairs.append(CSVTableShape.trailingBlockWarning(
                from: shapes[start], rows: shapes.count - start, at: starts[start], lastLine: previousEnd ?? shapes[start].line))
        }
        // Rows before a long row get the extra columns too, empty: every record has every column.
        if recovers {
            for index in rows.indices where rows[index].count < header.count {
                rows[index] += Array(repeating: nil, count: header.count - rows[index].count)
            }
        }
        var table = CSVTable(header: header == [""] && tableRowCount == 0 ? [] : header, rows: rows)
        table.headerLocations = reader.headerLocations
        if recovers {
            table.renameHeaderNames(into: &repairs)
            // The reader's repairs and the row repairs, in input order.
            warnings += (readerRepairs + repairs).sorted { ($0.location?.byteOffset ?? 0, $0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.byteOffset ?? 0, $1.location?.line ?? 0, $1.location?.column ?? 0) }
        } else {
            try table.checkHeaderNames(headerRows: dialect.headerRows)
        }
        return table
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
