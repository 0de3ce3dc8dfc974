/// CSVEncoder: any `Encodable` type into CSV rows.

public import Foundation

/// Encodes values of an `Encodable` type as CSV rows, one row per value.
///
/// Nested keyed values become dotted columns (`coordinate.latitude`), arrays become indexed
/// columns (`tags[0]`, `tags[1]`), by the one column grammar that `serialize convert` uses too
/// (the article "Column names"; a key holding `.`, `[`, `]` or `\` has them escaped with `\`);
/// ``CSVDecoder`` puts them back. With the default
/// `.keepAll` buffering the header is the union of every row's columns in first-seen order;
/// with `.sequential` (or ``rowWriter(to:)``) rows are written as they come and the header is
/// the first row's columns, or ``Configuration/header`` when given.
///
/// ```swift
/// let encoder = CSVEncoder { $0.dateStrategy = .iso8601; $0.keyStrategy = .snakeCase }
/// let data = try encoder.encode(cities)
///
/// let rows = try encoder.rowWriter(to: CSVWriter(fileAt: url))   // one row at a time
/// for city in cities { try rows.encode(city) }
/// try rows.finish()
/// ```
///
/// Empty strings are written quoted (`""`) and `nil` as the nil strategy's text (an empty
/// field by default), so the two stay apart. A value the configuration cannot represent (NaN
/// under `.throw`) throws `EncodingError.invalidValue` with the coding path `[row, column]`, and
/// so do rows that leave no column to write them in (every property `nil`, which synthesized
/// `Codable` skips, with no other row or ``Configuration/header`` naming a column): a CSV record
/// cannot be empty, as `serialize convert` refuses `[{}]`.
public final class CSVEncoder {
    /// The encoder's options: the dialect and a named strategy for each kind of value.
    public struct Configuration {
        /// Delimiter, quote and whether a header row is written.
        public var dialect: CSVDialect = .rfc4180
        /// The line terminator.
        public var newline: CSVWriter.Newline = .lf
        /// Whether to start with a UTF-8 byte order mark.
        public var writesByteOrderMark = false
        /// The columns, in order; `nil` takes them from the rows.
        public var header: [String]?
        /// How `nil` is written.
        public var nilStrategy: CSVNilStrategy = .empty
        /// How `Bool` is written.
        public var boolStrategy: CSVBoolStrategy = .trueFalse
        /// How `Date` is written.
        public var dateStrategy: CSVDateStrategy = .iso8601
        /// How `Data` is written.
        public var dataStrategy: CSVDataStrategy = .base64
        /// Whether infinities and NaN are refused or written as named strings.
        public var nonConformingFloatStrategy: CSVNonConformingFloatStrategy = .throw
        /// How property names map to column names.
        public var keyStrategy: CSVKeyStrategy = .useDefaultKeys
        /// Whether rows are kept until the end (union header) or written at once.
        public var bufferingStrategy: CSVBufferingStrategy = .keepAll

        /// Creates the default configuration.
        public init() {}

        var writerConfiguration: CSVWriter.Configuration {
            CSVWriter.Configuration(dialect: dialect, newline: newline, writesByteOrderMark: writesByteOrderMark)
        }
    }

    /// The options.
    public var configuration: Configuration
    /// Values the encoded types can read through `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
    }

    /// Creates an encoder, setting options in a closure.
    public convenience init(_ configure: (inout Configuration) -> Void) {
        var configuration = Configuration()
        configure(&configuration)
        self.init(configuration: configuration)
    }

    // MARK: - Encoding

    /// Encodes `rows` as CSV.
    ///
    /// - Throws: `EncodingError` for a value the configuration cannot represent.
    public func encode<Row: Encodable>(_ rows: some Sequence<Row>) throws -> Data {
        let writer = CSVWriter(configuration: configuration.writerConfiguration)
        try encode(rows, into: writer)
        return writer.data
    }

    /// Encodes `rows` as a CSV string.
    public func encodeToString<Row: Encodable>(_ rows: some Sequence<Row>) throws -> String {
        String(decoding: try encode(rows), as: UTF8.self)
    }

    /// Encodes `rows` into a file, through a temporary file renamed into place at the end.
    public func encode<Row: Encodable>(_ rows: some Sequence<Row>, toFileAt url: URL) throws {
        try encode(rows, into: try CSVWriter(fileAt: url, configuration: configuration.writerConfiguration))
    }

    /// Encodes `rows` into `writer` and finishes it.
    public func encode<Row: Encodable>(_ rows: some Sequence<Row>, into writer: CSVWriter) throws {
        let rowWriter = rowWriter(to: writer)
        for row in rows { try rowWriter.encode(row) }
        try rowWriter.finish()
    }

    /// A writer of rows one at a time.
    public func rowWriter(to writer: CSVWriter) -> RowWriter {
        RowWriter(
            context: CSVEncodingContext(configuration: configuration, userInfo: userInfo), writer: writer)
    }

    /// Encodes rows one at a time into a ``CSVWriter``.
    ///
    /// Under `.sequential` buffering (or with an explicit header) each row is written at once,
    /// so memory stays constant; under `.keepAll` rows are kept until ``finish()`` so that the
    /// header can be the union of all their columns.
    public final class RowWriter {
        private let context: CSVEncodingContext
        private let writer: CSVWriter
        private var kept: [[CSVCell?]] = []
        private var index = 0
        private var wroteHeader = false

        init(context: CSVEncodingContext, writer: CSVWriter) {
            self.context = context
            self.writer = writer
        }

        /// Encodes one row.
        ///
        /// - Throws: `EncodingError`, or a ``Diagnostic`` when the file cannot be written.
        public func encode<Row: Encodable>(_ row: Row) throws {
            let storage = CSVRowStorage(index: index, width: context.columns.count)
            try row.encode(to: CSVRowEncoder(context: context, storage: storage, path: ""))
            try storage.checkTrailingNils()
            index += 1
            if context.isStreaming {
                try writeHeaderIfNeeded()
                try requireColumns(row: index - 1, of: 1)
                try write(storage.cells)
            } else {
                kept.append(storage.cells)
            }
        }

        /// Writes what is kept and finishes the writer.
        public func finish() throws {
            try writeHeaderIfNeeded()
            if !kept.isEmpty { try requireColumns(row: 0, of: kept.count) }
            for cells in kept { try write(cells) }
            kept = []
            try writer.finish()
        }

        private func writeHeaderIfNeeded() throws {
            guard !wroteHeader else { return }
            wroteHeader = true
            context.freezeColumns()
            if context.configuration.dialect.hasHeader, !context.columns.isEmpty {
                try writer.write(row: context.columns)
            }
        }

        /// Throws when rows are to be written but there are no columns: every row so far
        /// encoded nothing (each property `nil`, skipped by `encodeIfPresent`), and a CSV record
        /// cannot be empty, so the rows would be lost. `rows` counts the rows waiting.
        private func requireColumns(row: Int, of rows: Int) throws {
            guard context.columns.isEmpty else { return }
            let which = context.configuration.header != nil
                ? "the configuration's header names no column"
                : context.isStreaming ? "the first row encoded no field to name the columns"
                : rows == 1 ? "the row encoded no field (every property nil or absent)"
                : "none of the \(rows) rows encoded a field (every property nil or absent)"
            throw EncodingError.invalidValue(
                row,
                .init(
                    codingPath: [CSVCodingKey.row(row)],
                    debugDescription: "CSV cannot hold records without any column: \(which), so the rows "
                        + "would be lost. Name the columns in the configuration's header (a nil is then "
                        + "an empty field), or encode the rows as JSON or a property list."))
        }

        private func write(_ cells: [CSVCell?]) throws {
            let count = context.columns.count
            guard count > 0 else { return }
            try writer.write(cells: cells, width: count)
        }
    }
}
