/// CSVDecoder: CSV rows into any `Decodable` type.

public import Foundation
import SerializeCoding
public import SerializeCore

/// Decodes CSV rows into values of a `Decodable` type, one value per row.
///
/// Each row's fields are found by header name (or by index when there is no header: give the
/// type integer coding keys). Columns named by the one column grammar (the article "Column
/// names"; `serialize convert` uses it too) put nested values back together: the columns
/// `coordinate.latitude` and `coordinate.longitude` fill a nested `coordinate`, and
/// `tags[0]`, `tags[1]` fill an array `tags`. Depth 0 of the coding path is the row, depth 1 the
/// column.
///
/// A column holding a value that the type never reads is an error by default (a misspelt
/// column must not decode as an empty array or `nil`); set
/// ``Configuration/unmatchedColumns`` to ``UnmatchedColumnStrategy/ignore`` to skip such columns.
///
/// ```swift
/// let decoder = CSVDecoder { $0.dateStrategy = .iso8601; $0.boolStrategy = .yesNo }
/// let cities = try decoder.decode([City].self, from: data)
/// for row in try decoder.rows(City.self, fromFileAt: url) {   // lazily, in constant memory
///     let city = try row.get()
/// }
/// ```
///
/// A value that does not fit throws a `DecodingError` whose coding path is `[row, column]` and
/// whose message starts with the file, line and column of the field
/// (`cities.csv:12:7: Expected to decode Int but found "abc" instead.`). Malformed CSV throws
/// `DecodingError.dataCorrupted` with a ``Diagnostic`` (such as `Diagnostic.Code.unterminatedQuote`)
/// as underlying error.
public final class CSVDecoder {
    /// What to do with a column that holds a value no property of the decoded type reads.
    public enum UnmatchedColumnStrategy: Sendable, Hashable {
        /// Throw `DecodingError.dataCorrupted` naming the column and the row, located at the
        /// field, with a ``Diagnostic`` (`Diagnostic.Code.unmatchedColumn`) as underlying error.
        case error
        /// Skip the column.
        case ignore
    }

    /// The decoder's options: the dialect and a named strategy for each kind of value.
    public struct Configuration {
        /// Delimiter, quote, header and trimming.
        public var dialect: CSVDialect = .rfc4180
        /// Whether to guess the delimiter from the start of the input.
        public var detectsDelimiter = false
        /// Rows with a different field count than the header: an error, or allowed (missing
        /// fields then decode as absent).
        public var fieldCountPolicy: CSVReader.FieldCountPolicy = .strict
        /// Which fields read as `nil`.
        public var nilStrategy: CSVNilStrategy = .empty
        /// How `Bool` is read.
        public var boolStrategy: CSVBoolStrategy = .trueFalse
        /// How `Date` is read.
        public var dateStrategy: CSVDateStrategy = .iso8601
        /// How `Data` is read.
        public var dataStrategy: CSVDataStrategy = .base64
        /// Whether infinities and NaN are refused or read from named strings.
        public var nonConformingFloatStrategy: CSVNonConformingFloatStrategy = .throw
        /// How property names map to column names.
        public var keyStrategy: CSVKeyStrategy = .useDefaultKeys
        /// Whether a column holding a value that no property reads is an error (the default) or
        /// skipped.
        public var unmatchedColumns: UnmatchedColumnStrategy = .error
        /// Whether a file is streamed (`.sequential`) or read whole (`.keepAll`) by
        /// ``CSVDecoder/decode(_:fromFileAt:invalidRows:)``.
        public var bufferingStrategy: CSVBufferingStrategy = .sequential
        /// The name errors give in-memory input.
        public var sourceName: String?

        /// Creates the default configuration.
        public init() {}

        var readerConfiguration: CSVReader.Configuration {
            CSVReader.Configuration(
                dialect: dialect, detectsDelimiter: detectsDelimiter, fieldCountPolicy: fieldCountPolicy,
                sourceName: sourceName)
        }
    }

    /// What to do with a row that fails to decode.
    public enum InvalidRowStrategy<Row> {
        /// Throw the row's error (the default).
        case fail
        /// Leave the row out, recording which row and why in the `DecodingReport` found in
        /// ``CSVDecoder/userInfo`` under `.decodingReport`.
        case skip
        /// Put this value in the row's place, recording the replacement.
        case fallback(Row)
        /// Ask a closure with the error and the row index: a replacement, `nil` to skip, or throw.
        case custom((_ error: any Error, _ row: Int) throws -> Row?)
    }

    /// The options.
    public var configuration: Configuration
    /// Values the decoded types can read through `decoder.userInfo`, such as a
    /// `DecodingReport` under `.decodingReport`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates a decoder.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
    }

    /// Creates a decoder, setting options in a closure.
    public convenience init(_ configure: (inout Configuration) -> Void) {
        var configuration = Configuration()
        configure(&configuration)
        self.init(configuration: configuration)
    }

    // MARK: - Decoding every row

    /// Decodes every row of `data`.
    ///
    /// - Parameters:
    ///   - type: The array type, such as `[City].self`.
    ///   - data: UTF-8 CSV.
    ///   - invalidRows: What to do with a row that fails to decode.
    /// - Throws: `DecodingError` (see ``CSVDecoder``).
    public func decode<Row: Decodable>(
        _ type: [Row].Type, from data: Data, invalidRows: InvalidRowStrategy<Row> = .fail
    ) throws -> [Row] {
        let rows = try self.rows(Row.self, from: data, invalidRows: invalidRows)
        return try rows.decodeAll()
    }

    /// Decodes every row of a string.
    public func decode<Row: Decodable>(
        _ type: [Row].Type, from string: String, invalidRows: InvalidRowStrategy<Row> = .fail
    ) throws -> [Row] {
        try decode(type, from: Data(string.utf8), invalidRows: invalidRows)
    }

    /// Decodes every row of a file.
    public func decode<Row: Decodable>(
        _ type: [Row].Type, fromFileAt url: URL, invalidRows: InvalidRowStrategy<Row> = .fail
    ) throws -> [Row] {
        if configuration.bufferingStrategy == .keepAll {
            var configuration = configuration
            if configuration.sourceName == nil { configuration.sourceName = url.lastPathComponent }
            let decoder = CSVDecoder(configuration: configuration)
            decoder.userInfo = userInfo
            return try decoder.decode(type, from: try FileContents.read(url), invalidRows: invalidRows)
        }
        return try rows(Row.self, fromFileAt: url, invalidRows: invalidRows).decodeAll()
    }

    // MARK: - Decoding lazily

    /// The rows of `data`, decoded one at a time as you iterate.
    public func rows<Row: Decodable>(
        _ type: Row.Type, from data: Data, invalidRows: InvalidRowStrategy<Row> = .fail
    ) throws -> Rows<Row> {
        try rows(type, reader: { try CSVReader(data: data, configuration: $0) }, invalidRows: invalidRows)
    }

    /// The rows of a file, streamed in constant memory and decoded one at a time.
    public func rows<Row: Decodable>(
        _ type: Row.Type, fromFileAt url: URL, invalidRows: InvalidRowStrategy<Row> = .fail
    ) throws -> Rows<Row> {
        try rows(type, reader: { try CSVReader(fileAt: url, configuration: $0) }, invalidRows: invalidRows)
    }

    /// The rows of standard input, streamed and decoded one at a time.
    public func rowsFromStandardInput<Row: Decodable>(
        _ type: Row.Type, invalidRows: InvalidRowStrategy<Row> = .fail
    ) throws -> Rows<Row> {
        try rows(type, reader: { try CSVReader.standardInput(configuration: $0) }, invalidRows: invalidRows)
    }

    private func rows<Row: Decodable>(
        _ type: Row.Type, reader makeReader: (CSVReader.Configuration) throws -> CSVReader,
        invalidRows: InvalidRowStrategy<Row>
    ) throws -> Rows<Row> {
        let reader: CSVReader
        do {
            reader = try makeReader(configuration.readerConfiguration)
        } catch let error as Diagnostic {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: error.description, underlyingError: error))
        }
        return Rows(reader: reader, configuration: configuration, userInfo: userInfo, invalidRows: invalidRows)
    }

    /// Rows decoded one at a time from a ``CSVReader``.
    ///
    /// Call ``decodeNext()`` until it returns `nil`, or iterate: each element is a `Result`, and
    /// iteration ends after a failure that leaves the input unreadable.
    public final class Rows<Row: Decodable>: Sequence, IteratorProtocol {
        private let reader: CSVReader
        private let invalidRows: InvalidRowStrategy<Row>
        private let configuration: Configuration
        private let userInfo: [CodingUserInfoKey: any Sendable]
        private let report: DecodingReport?
        private let fromBytes: Bool
        /// What changes from row to row, behind a pointer: read and written per row without
        /// run-time exclusivity checks.
        private let state: UnsafeMutablePointer<State>

        private struct State {
            var index = 0
            var done = false
            /// The fields as strings, when not read from their bytes.
            var fields: [String] = []
            /// The one row object every row is decoded through, made with the context.
            var row: CSVRowData?
        }

        /// The row object, once the first row is read.
        var row: CSVRowData? { state.pointee.row }

        init(
            reader: CSVReader, configuration: Configuration, userInfo: [CodingUserInfoKey: any Sendable],
            invalidRows: InvalidRowStrategy<Row>
        ) {
            self.reader = reader
            self.invalidRows = invalidRows
            report = userInfo[.decodingReport] as? DecodingReport
            self.configuration = configuration
            self.userInfo = userInfo
            fromBytes = reader.decodesFromBytes
            state = .allocate(capacity: 1)
            state.initialize(to: State())
        }

        deinit {
            state.pointee.row?.forgetContainer()
            state.deinitialize(count: 1)
            state.deallocate()
        }

        private func row(width: Int) throws -> CSVRowData {
            if let row = state.pointee.row { return row }
            let context = try CSVDecodingContext(
                configuration: configuration, userInfo: userInfo, sourceName: reader.configuration.sourceName,
                header: reader.header ?? (0..<width).map(String.init), headerLocations: reader.headerLocations)
            let made = CSVRowData(reader: reader, context: context)
            state.pointee.row = made
            return made
        }

        /// The header, or `nil` without one.
        public var header: [String]? { reader.header }

        /// Decodes the next row, applying the invalid-row strategy.
        ///
        /// - Returns: The next value, or `nil` at the end of the input.
        /// - Throws: `DecodingError` for a row that fails under `.fail`, or for malformed CSV.
        public func decodeNext() throws -> Row? {
            // A row read and decoded goes straight into the result: a local `Row?` (the
            // strategy's answer) costs a look-up of the generic `Optional<Row>` type per call,
            // so it is made only after a failure.
            do {
                return try attempt()
            } catch {
                return try afterFailure(error)
            }
        }

        /// What follows a failed ``attempt()``: the strategy's value, or the next row when it
        /// skips the failed one.
        private func afterFailure(_ first: CSVRowFailure) throws -> Row? {
            var failure = first
            while true {
                switch failure {
                case .end:
                    return nil
                case let .fatal(error):
                    throw error
                case let .recoverable(error, row, location):
                    if let value = try recover(from: error, row: row, at: location) { return value }
                }
                do {
                    return try attempt()
                } catch {
                    failure = error
                }
            }
        }

        /// Reads and decodes the next row.
        private func attempt() throws(CSVRowFailure) -> Row {
            let state = self.state
            guard !state.pointee.done else { throw .end }
            let rowIndex = state.pointee.index
            state.pointee.row?.release()
            let read: CSVRawRow?
            do throws(Diagnostic) {
                // Numbers are read from the fields' bytes; strings are made only for the
                // fields read as text (unless an escape character changes the text).
                if fromBytes {
                    read = try reader.readRecordForDecoding()
                } else {
                    read = try reader.readFieldsForDecoding(into: &state.pointee.fields) ? reader.currentRawRow : nil
                }
            } catch {
                let wrapped = DecodingError.dataCorrupted(
                    .init(
                        codingPath: [CSVCodingKey.row(rowIndex)], debugDescription: error.description,
                        underlyingError: error))
                guard error.code == .fieldCountMismatch || error.code == .invalidUTF8 else {
                    state.pointee.done = true
                    throw .fatal(wrapped)
                }
                // A ragged row or one with bad UTF-8 was read whole, and the reader stands
                // after it: the strategy may skip it.
                state.pointee.index += 1
                throw .recoverable(wrapped, row: rowIndex, at: error.location ?? reader.currentRowEnd)
            }
            guard let raw = read else {
                state.pointee.done = true
                throw .end
            }
            state.pointee.index += 1
            let row: CSVRowData
            do {
                row = try self.row(width: raw.count)
            } catch {
                state.pointee.done = true
                throw .fatal(error)
            }
            do {
                row.take(index: rowIndex, raw: raw, strings: &state.pointee.fields)
                row.context.beginRow()
                let decoder = CSVRowDecoder(row: row, path: "")
                let value = try Row(from: decoder)
                try decoder.checkUnmatchedColumns(decoding: Row.self)
                return value
            } catch {
                // Where the row starts (its first field), or its end for an empty row.
                throw .recoverable(error, row: rowIndex, at: reader.location(ofField: 0) ?? reader.currentRowEnd)
            }
        }

        private func recover(from error: any Error, row: Int, at location: InputLocation) throws -> Row? {
            let path = ValuePath([.index(row)])
            let reason = decodingFailureReason(error)
            switch invalidRows {
            case .fail:
                throw error
            case .skip:
                report?.record(.init(path: path, location: location, action: .removed, reason: reason))
                return nil
            case let .fallback(value):
                report?.record(.init(path: path, location: location, action: .replaced, reason: reason))
                return value
            case let .custom(decide):
                if let value = try decide(error, row) {
                    report?.record(.init(path: path, location: location, action: .replaced, reason: reason))
                    return value
                }
                report?.record(.init(path: path, location: location, action: .removed, reason: reason))
                return nil
            }
        }

        /// Decodes every remaining row.
        public func decodeAll() throws -> [Row] {
            var rows: [Row] = []
            while let row = try decodeNext() { rows.append(row) }
            return rows
        }

        /// The next row as a `Result`; `nil` at the end or after an unrecoverable failure.
        public func next() -> Result<Row, any Error>? {
            do {
                guard let row = try decodeNext() else { return nil }
                return .success(row)
            } catch {
                return .failure(error)
            }
        }
    }
}

/// Why ``CSVDecoder/Rows`` has no value from a row: the end of the input, a failure that ends the
/// decode, or one the invalid-row strategy decides (the row's index and where it is).
enum CSVRowFailure: Error {
    case end
    case fatal(any Error)
    case recoverable(any Error, row: Int, at: InputLocation)
}
