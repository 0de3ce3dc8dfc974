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
    /// `column1`, `column2`, … up to the longest row.
    ///
    /// - Throws: ``Diagnostic`` at a line and column for an unterminated quote, a quote inside
    ///   an unquoted field, text after a closing quote, invalid UTF-8 (SerializeCSV's codes), a
    ///   row longer or shorter than the header (`fieldCountMismatch`), an empty column name
    ///   (`emptyColumnName`) or one the header has twice (`duplicateColumn`, by exact scalars).
    package init(csvData data: Data, dialect: CSVDialect = .rfc4180) throws(Diagnostic) {
        let configuration = CSVReader.Configuration(dialect: dialect, fieldCountPolicy: .flexible)
        var header: [String] = []
        var rows: [[String?]] = []
        let reader = try CSVReader(data: data, configuration: configuration)
        header = reader.header ?? []
        while let record = try reader.readRecord() {
            if !dialect.hasHeader, record.fields.count > header.count {
                header += (header.count..<record.fields.count).map { "column\($0 + 1)" }
            }
            // Short and long rows alike: a located error (a short one at its end).
            guard record.fields.count == header.count else {
                throw Diagnostic(
                    .fieldCountMismatch, "row has \(record.fields.count) fields but the header names \(header.count) columns",
                    at: record.fields.count > header.count ? record.location(ofField: header.count) : record.end)
            }
            rows.append(record.fields.indices.map { index in
                record.fields[index].isEmpty && !record.isQuoted(index) ? nil : record.fields[index]
            })
        }
        if header == [""], rows.isEmpty { header = [] }
        self.init(header: header, rows: rows)
        headerLocations = reader.headerLocations
        try checkHeaderNames()
    }
}

extension CSVTable {
    /// Refuses an empty column name and a name the header has twice (compared by Unicode
    /// scalars), at the header field.
    func checkHeaderNames() throws(Diagnostic) {
        var seen: [[Unicode.Scalar]: Int] = [:]
        for (column, name) in header.enumerated() {
            if name.isEmpty, header.count > 1 {
                throw Diagnostic(.emptyColumnName, "column \(column + 1) has no name in the header", at: headerLocation(ofColumn: column))
            }
            if let first = seen.updateValue(column, forKey: Array(name.unicodeScalars)) {
                throw Diagnostic(
                    .duplicateColumn, "column \(column + 1) is named '\(name)' like column \(first + 1)", at: headerLocation(ofColumn: column))
            }
        }
    }
}
