/// CSV bytes ⇄ a header and rows of optional strings, for the converter, on SerializeCSV.
///
/// The converter needs one distinction SerializeCSV keeps: an empty unquoted field (`null`)
/// against a quoted empty field (the empty string).

public import Foundation
public import SerializeCore
import SerializeCSV

/// A CSV file as the converter sees it: a header and rows whose fields are text or `nil` (an
/// empty unquoted field).
public struct CSVTable: Sendable, Equatable {
    /// The column names.
    public var header: [String]
    /// The records; a row shorter than the header lacks the trailing columns.
    public var rows: [[String?]]

    /// Creates a table.
    public init(header: [String], rows: [[String?]]) {
        self.header = header
        self.rows = rows
    }
}

// MARK: - Writing

extension CSVTable {
    /// RFC 4180 text with CRLF line ends, written by SerializeCSV's `CSVWriter`: a field is quoted
    /// when it holds the delimiter, a quote, a line break, or is the empty string (an empty
    /// unquoted field is `nil`).
    ///
    /// - Throws: ``Diagnostic/Code/nullNotRepresentable`` for a `nil` in a one-column table:
    ///   its row would be a blank line, which `CSVWriter`'s public API does not write.
    public func csvData(delimiter: UInt8 = UInt8(ascii: ",")) throws(Diagnostic) -> Data {
        if header.count == 1, let row = rows.firstIndex(where: { $0.first.map { $0 == nil } ?? true }) {
            throw Diagnostic(
                .nullNotRepresentable, "a one-column CSV cannot hold null: its row would be a blank line; write JSON or a property list instead",
                path: ValuePath([.index(row)]))
        }
        let writer = CSVWriter(configuration: .init(dialect: CSVDialect(delimiter: Unicode.Scalar(delimiter)), newline: .crlf))
        do throws(CSVError) {
            try writer.write(row: header)
            for row in rows {
                for field in row { try writer.write(field: field ?? "", quoted: field?.isEmpty == true) }
                try writer.endRow()
            }
            try writer.finish()
        } catch {
            // Writing into memory does not fail; keep the error if it ever does.
            throw Diagnostic(.unsupported, error.message)
        }
        return writer.data
    }
}

// MARK: - Reading

extension CSVTable {
    /// Parses RFC 4180 text with SerializeCSV's `CSVReader` (CRLF, LF or CR line ends, an
    /// optional UTF-8 byte-order mark).
    ///
    /// - Throws: ``Diagnostic`` at a line and column for an unterminated quote, a quote inside
    ///   an unquoted field, text after a closing quote, invalid UTF-8, or a row longer than the
    ///   header.
    public init(csvData data: Data, delimiter: UInt8 = UInt8(ascii: ",")) throws(Diagnostic) {
        let configuration = CSVReader.Configuration(
            dialect: CSVDialect(delimiter: Unicode.Scalar(delimiter)), fieldCountPolicy: .flexible)
        var header: [String] = []
        var rows: [[String?]] = []
        var tooLong: CSVRecord?
        do throws(CSVError) {
            let reader = try CSVReader(data: data, configuration: configuration)
            header = reader.header ?? []
            while let record = try reader.readRecord() {
                guard record.fields.count <= header.count else {
                    tooLong = record
                    break
                }
                rows.append(record.fields.indices.map { index in
                    record.fields[index].isEmpty && !record.isQuoted(index) ? nil : record.fields[index]
                })
            }
        } catch {
            let code: Diagnostic.Code = error.kind == .invalidUTF8 ? .invalidUTF8 : .syntax
            throw Diagnostic(code, error.message, at: error.position.map { SourceLocation(line: $0.line, column: $0.column) })
        }
        if let tooLong {
            throw Diagnostic(
                .shapeNotRepresentable, "row has \(tooLong.fields.count) fields but the header names \(header.count) columns",
                at: SourceLocation(line: tooLong.line, column: 1))
        }
        if header == [""], rows.isEmpty { header = [] }
        self.init(header: header, rows: rows)
    }
}
