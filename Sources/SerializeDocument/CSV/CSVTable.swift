/// CSV bytes ⇄ a header and rows of optional strings, for the converter.
///
/// A minimal RFC 4180 reader and writer kept in one file: the converter needs one distinction a
/// general CSV layer may not keep, between an empty unquoted field (`null`) and a quoted empty
/// field (the empty string).

public import Foundation

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
    /// RFC 4180 text with CRLF line ends: a field is quoted when it holds the delimiter, a quote,
    /// a line break, or is the empty string (an empty unquoted field is `nil`).
    public func csvData(delimiter: UInt8 = UInt8(ascii: ",")) -> Data {
        var out: [UInt8] = []
        func field(_ text: String?) {
            guard let text else { return }
            let needsQuotes = text.isEmpty || text.utf8.contains { $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            guard needsQuotes else { return out.append(contentsOf: text.utf8) }
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                if byte == UInt8(ascii: "\"") { out.append(byte) }
                out.append(byte)
            }
            out.append(UInt8(ascii: "\""))
        }
        func line(_ fields: [String?]) {
            for (index, text) in fields.enumerated() {
                if index > 0 { out.append(delimiter) }
                field(text)
            }
            out.append(contentsOf: [0x0D, 0x0A])
        }
        line(header)
        for row in rows { line(row) }
        return Data(out)
    }
}

// MARK: - Reading

extension CSVTable {
    /// Parses RFC 4180 text (CRLF or LF line ends, an optional UTF-8 byte-order mark).
    ///
    /// - Throws: ``DocumentError`` at a line and column for an unterminated quote, a quote inside
    ///   an unquoted field, text after a closing quote, invalid UTF-8, or a row longer than the
    ///   header.
    public init(csvData data: Data, delimiter: UInt8 = UInt8(ascii: ",")) throws(DocumentError) {
        self = try data.withBytes { bytes throws(DocumentError) in try Self.parse(bytes, delimiter: delimiter) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) throws(DocumentError) -> CSVTable {
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        func fail(_ message: String, at offset: Int) -> DocumentError {
            DocumentError(.syntax, message, at: TextPosition.location(of: offset, in: bytes))
        }
        func text(_ range: Range<Int>) throws(DocumentError) -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            guard let string = String(validating: slice, as: UTF8.self) else {
                throw DocumentError(.invalidUTF8, "field is not valid UTF-8", at: TextPosition.location(of: range.lowerBound, in: bytes))
            }
            return string
        }
        var records: [[String?]] = []
        var lineStarts: [Int] = []
        while index < bytes.count {
            lineStarts.append(index)
            var record: [String?] = []
            while true {
                // One field.
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    let open = index
                    index += 1
                    var value: [UInt8] = []
                    while true {
                        guard index < bytes.count else { throw fail("unterminated quoted field", at: open) }
                        if bytes[index] == UInt8(ascii: "\"") {
                            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                                value.append(UInt8(ascii: "\""))
                                index += 2
                                continue
                            }
                            index += 1
                            break
                        }
                        value.append(bytes[index])
                        index += 1
                    }
                    guard let string = String(validating: value, as: UTF8.self) else {
                        throw DocumentError(.invalidUTF8, "field is not valid UTF-8", at: TextPosition.location(of: open, in: bytes))
                    }
                    record.append(string)
                    if index < bytes.count, bytes[index] != delimiter, bytes[index] != 0x0A, bytes[index] != 0x0D {
                        throw fail("expected a delimiter or a line end after the closing quote", at: index)
                    }
                } else {
                    let start = index
                    while index < bytes.count, bytes[index] != delimiter, bytes[index] != 0x0A, bytes[index] != 0x0D {
                        if bytes[index] == UInt8(ascii: "\"") { throw fail("quote inside an unquoted field; quote the whole field", at: index) }
                        index += 1
                    }
                    record.append(start == index ? nil : try text(start..<index))
                }
                // After a field: a delimiter, a line end or the end.
                if index < bytes.count, bytes[index] == delimiter {
                    index += 1
                    continue
                }
                if index < bytes.count, bytes[index] == 0x0D { index += 1 }
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                break
            }
            records.append(record)
        }
        guard let header = records.first else { return CSVTable(header: [], rows: []) }
        let names = header.map { $0 ?? "" }
        if names.count == 1, names[0].isEmpty, records.count == 1 { return CSVTable(header: [], rows: []) }
        for (number, record) in records.enumerated().dropFirst() where record.count > names.count {
            throw DocumentError(
                .shapeNotRepresentable, "row has \(record.count) fields but the header names \(names.count) columns",
                at: TextPosition.location(of: lineStarts[number], in: bytes))
        }
        return CSVTable(header: names, rows: Array(records.dropFirst()))
    }
}
