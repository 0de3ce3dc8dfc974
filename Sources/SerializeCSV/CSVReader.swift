/// The CSV reader: rows of fields out of bytes, streamed in constant memory.

public import Foundation
public import SerializeCore

/// Reads CSV rows one at a time from a file, standard input or `Data`, in constant memory.
///
/// The reader is a byte-level state machine over UTF-8: it finds field boundaries in a chunked
/// buffer without decoding characters, and makes a `String` only for each finished field.
/// Memory stays at the buffer size (64 KiB by default) plus the longest row.
///
/// ```swift
/// let reader = try CSVReader(fileAt: url)
/// print(reader.header ?? [])
/// while let row = try reader.readRow() {
///     print(row)
/// }
/// ```
///
/// A dialect with another encoding, an escape, comment or preamble lines
/// (``CSVDialect/needsPreparation``) is read whole and prepared first (``CSVDialect/prepare(_:)``).
///
/// It follows RFC 4180: fields quoted with `"` may hold delimiters, quotes (written `""`) and
/// line breaks; rows end with LF, CRLF or CR; the last row may lack a line end; a UTF-8 byte
/// order mark is skipped. Blank lines between rows are skipped. Errors carry the line and
/// column (in Unicode scalars, by the column rule of `InputLocation`): see ``Diagnostic`` and the
/// CSV codes such as `Diagnostic.Code.unterminatedQuote`.
public final class CSVReader {
    /// How a CSV file is laid out.
    public typealias Dialect = CSVDialect

    /// What to do with a row whose field count differs from the header's.
    public enum FieldCountPolicy: Sendable, Hashable {
        /// Throw a ``Diagnostic`` with code `fieldCountMismatch` (the default).
        case strict
        /// Return the row as it is.
        case flexible
    }

    /// The reader's options.
    public struct Configuration: Sendable {
        /// Delimiter, quote, header and trimming.
        public var dialect: CSVDialect
        /// Whether to guess the delimiter from the first
        /// ``CSVDialect/delimiterDetectionSampleSize`` bytes of input (however they arrive),
        /// replacing `dialect.delimiter` when a candidate fits.
        public var detectsDelimiter: Bool
        /// The delimiters detection tries.
        public var delimiterCandidates: [Unicode.Scalar]
        /// Rows with the wrong field count: an error, or allowed.
        public var fieldCountPolicy: FieldCountPolicy
        /// The size of a read from the file; the buffer grows only for a longer row.
        public var bufferSize: Int
        /// The name errors give the input; a file's name by default.
        public var sourceName: String?
        /// Whether malformed quoting and bytes are repaired instead of refused, each repair a
        /// warning in ``CSVReader/repairs``: a quote inside an unquoted field is text, text after
        /// a closing quote is kept in the field with that quote, an unterminated quote is closed
        /// at the end of the input (before its last line end), and a byte that is not UTF-8
        /// becomes U+FFFD.
        public var recovers: Bool

        /// Creates a configuration; the defaults are RFC 4180 with a strict field count.
        public init(
            dialect: CSVDialect = .rfc4180,
            detectsDelimiter: Bool = false,
            delimiterCandidates: [Unicode.Scalar] = CSVDialect.commonDelimiters,
            fieldCountPolicy: FieldCountPolicy = .strict,
            bufferSize: Int = 64 * 1024,
            sourceName: String? = nil,
            recovers: Bool = false
        ) {
            self.recovers = recovers
            self.dialect = dialect
            self.detectsDelimiter = detectsDelimiter
            self.delimiterCandidates = delimiterCandidates
            self.fieldCountPolicy = fieldCountPolicy
            self.bufferSize = bufferSize
            self.sourceName = sourceName
        }
    }

    // MARK: - State

    /// The options, with the detected delimiter when detection was asked for.
    public private(set) var configuration: Configuration
    /// The header's fields, or `nil` when the dialect has no header.
    public private(set) var header: [String]?
    /// Where each header field is (its opening quote when quoted); empty without a header.
    package private(set) var headerLocations: [InputLocation] = []
    /// The number of data rows read so far.
    ///
    /// Not checked for exclusive access at run time (a check per row, measured on typed
    /// decoding): an `Int` only ever incremented in place, never held across a call.
    @exclusivity(unchecked) public private(set) var rowsRead = 0
    /// The repairs made so far when ``Configuration/recovers``, as located warnings.
    public var repairs: [Diagnostic] { parser.repairs }

    /// Not checked for exclusive access at run time (a check per row, measured on typed
    /// decoding): the reader is not `Sendable`, and no access to the parser calls out to code
    /// that could reach the reader while it lasts (``withRawField(_:_:)``'s body is handed the
    /// bytes only, and must not read again: its contract).
    @exclusivity(unchecked) var parser: CSVParser

    // MARK: - Creating a reader

    /// Reads CSV from memory.
    ///
    /// - Throws: ``Diagnostic`` when the header cannot be read.
    public convenience init(data: Data, configuration: Configuration = .init()) throws(Diagnostic) {
        try self.init(source: .memory(data), configuration: configuration)
    }

    /// Reads CSV from a string.
    public convenience init(string: String, configuration: Configuration = .init()) throws(Diagnostic) {
        try self.init(source: .memory(Data(string.utf8)), configuration: configuration)
    }

    /// Streams CSV from a file.
    ///
    /// - Throws: ``Diagnostic`` when the file cannot be opened or the header cannot be read.
    public convenience init(fileAt url: URL, configuration: Configuration = .init()) throws(Diagnostic) {
        var configuration = configuration
        if configuration.sourceName == nil { configuration.sourceName = url.lastPathComponent }
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw Diagnostic(
                .io, "cannot open \(url.path): \(String(cString: strerror(errno)))", file: configuration.sourceName)
        }
        try self.init(source: .descriptor(descriptor, closes: true), configuration: configuration)
    }

    /// Streams CSV from an open file descriptor, such as `STDIN_FILENO`; the reader does not
    /// close it.
    public convenience init(fileDescriptor: Int32, configuration: Configuration = .init()) throws(Diagnostic) {
        try self.init(source: .descriptor(fileDescriptor, closes: false), configuration: configuration)
    }

    /// Streams CSV from standard input.
    public static func standardInput(configuration: Configuration = .init()) throws(Diagnostic) -> CSVReader {
        var configuration = configuration
        if configuration.sourceName == nil { configuration.sourceName = "<stdin>" }
        return try CSVReader(fileDescriptor: STDIN_FILENO, configuration: configuration)
    }

    init(source: CSVParser.Source, configuration: Configuration) throws(Diagnostic) {
        self.configuration = configuration
        var source = source
        // Another encoding, an escape, comments or a preamble: the whole input is prepared first.
        if configuration.dialect.needsPreparation {
            source = .memory(try configuration.dialect.prepare(try Self.readAll(source, name: configuration.sourceName)))
        }
        parser = CSVParser(source: source, configuration: configuration)
        try parser.skipByteOrderMark()
        if configuration.detectsDelimiter {
            try parser.fill(atLeast: CSVDialect.delimiterDetectionSampleSize)
            if let detected = configuration.dialect.detectDelimiter(
                in: parser.bufferedBytes.prefix(CSVDialect.delimiterDetectionSampleSize), candidates: configuration.delimiterCandidates)
            {
                self.configuration.dialect.delimiter = detected
                parser.setDelimiter(detected)
            }
        }
        if configuration.dialect.hasHeader {
            guard try parser.nextRecord() else { return }
            var rows = [try parser.makeFields()]
            var locations = parser.locations(of: parser.fields)
            // Several header rows: one name per column (CSVColumnName.combining), placed at the first row's cells.
            while rows.count < configuration.dialect.headerRows, try parser.nextRecord() {
                rows.append(try parser.makeFields())
                locations += parser.locations(of: parser.fields.dropFirst(locations.count))
            }
            let names = CSVColumnName.combining(headerRows: rows)
            header = names
            headerLocations = locations
            parser.expectedFieldCount = names.count
        }
    }

    /// All the bytes of `source` (closing a descriptor it owns).
    private static func readAll(_ source: CSVParser.Source, name: String?) throws(Diagnostic) -> Data {
        switch source {
        case let .memory(data): return data
        case let .descriptor(descriptor, closes):
            defer { if closes { close(descriptor) } }
            var data = Data()
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count == 0 { return data }
                guard count > 0 else {
                    if errno == EINTR { continue }
                    throw Diagnostic(.io, "cannot read \(name ?? "the input"): \(String(cString: strerror(errno)))", file: name)
                }
                data.append(contentsOf: chunk[0..<count])
            }
        }
    }

    // MARK: - Reading

    /// Reads the next data row.
    ///
    /// - Returns: The row's fields, or `nil` at the end of the input.
    /// - Throws: ``Diagnostic`` with the line and column of malformed input. After a
    ///   field-count error the reader stands after the offending row, so reading can go on.
    public func readRow() throws(Diagnostic) -> [String]? {
        var row: [String] = []
        guard try readFieldsForDecoding(into: &row) else { return nil }
        return row
    }

    /// Reads the next data row with the place of each field.
    public func readRecord() throws(Diagnostic) -> CSVRecord? {
        guard try parser.nextRecord() else { return nil }
        rowsRead += 1
        try parser.checkFieldCount()
        return try parser.makeRecord()
    }

    /// Reads the next data row into `fields` (reusing its storage), in one access to the
    /// parser; the layout stays in the parser (``layout(ofField:)``) until the next read.
    ///
    /// - Returns: `false` at the end of the input.
    package func readFieldsForDecoding(into fields: inout [String]) throws(Diagnostic) -> Bool {
        var read = false
        defer { if read { rowsRead += 1 } }
        // A field-count or UTF-8 error still consumed the row.
        do {
            read = try parser.nextFields(into: &fields)
        } catch {
            if error.code == .fieldCountMismatch || error.code == .invalidUTF8 { read = true }
            throw error
        }
        return read
    }

    /// Reads the next data row for the typed decoder without making strings: refuses what
    /// ``readFieldsForDecoding(into:)`` refuses (field count, then UTF-8). Only when
    /// ``decodesFromBytes``.
    ///
    /// - Returns: The row's bytes, valid until the next read; `nil` at the end of the input.
    package func readRecordForDecoding() throws(Diagnostic) -> CSVRawRow? {
        do {
            // One access to the parser for the row and its bytes.
            guard let row = try parser.nextCheckedRow() else { return nil }
            rowsRead += 1
            return row
        } catch {
            if error.code == .fieldCountMismatch || error.code == .invalidUTF8 { rowsRead += 1 }
            throw error
        }
    }

    /// Whether a field's text is its bytes (doubled quotes undoubled): false when the dialect's
    /// escape character or the repair of bad bytes changes the text, and the typed decoder then
    /// reads strings (``readFieldsForDecoding(into:)``).
    package var decodesFromBytes: Bool { configuration.dialect.escape == nil && !configuration.recovers }

    /// The current row's fields as bytes, valid until the next read.
    package var currentRawRow: CSVRawRow { parser.rawRow }

    /// Where field `index` of the current row starts and whether it was quoted.
    func layout(ofField index: Int) -> CSVParser.Field? {
        index < parser.fields.count ? parser.fields[index] : nil
    }

    /// Parses the next data row without making its strings (see ``withRawField(_:_:)``).
    ///
    /// - Returns: `false` at the end of the input.
    package func nextRawRecord() throws(Diagnostic) -> Bool {
        guard try parser.nextRecord() else { return false }
        rowsRead += 1
        try parser.checkFieldCount()
        return true
    }

    /// The number of fields of the current row.
    package var fieldCount: Int { parser.fields.count }

    /// Calls `body` with the bytes of field `index` of the current row, doubled quotes undoubled
    /// (an escape character is not applied), not checked for UTF-8.
    package func withRawField<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        parser.withFieldBytes(index, body)
    }

    /// The current row's fields as strings (throwing for invalid UTF-8, or repairing it).
    package func currentFields() throws(Diagnostic) -> [String] {
        try parser.makeFields()
    }

    /// Whether `bytes` are valid UTF-8 (what `String(validating:as:)` accepts), without making
    /// a string.
    package static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        CSVParser.isValidUTF8(bytes)
    }

    /// Whether field `index` of the current row was quoted (`""` against an empty field).
    package func isQuoted(field index: Int) -> Bool {
        index < parser.fields.count && parser.fields[index].quoted
    }

    /// Where field `index` of the current row starts (its opening quote when quoted).
    package func location(ofField index: Int) -> InputLocation? {
        index < parser.fields.count ? parser.location(of: parser.fields[index]) : nil
    }

    /// Where the current row ends.
    package var currentRowEnd: InputLocation { parser.rowEnd }

    /// Calls `body` with each remaining row.
    public func forEachRow(_ body: ([String]) throws -> Void) throws {
        while let row = try readRow() { try body(row) }
    }

    /// Reads every remaining row.
    public func readAllRows() throws(Diagnostic) -> [[String]] {
        var rows: [[String]] = []
        while let row = try readRow() { rows.append(row) }
        return rows
    }

    /// Visits the fields of the next row as raw UTF-8 bytes, without making strings.
    ///
    /// The fastest way through a file when only some fields matter. Quoted fields with doubled
    /// quotes are unescaped; the bytes are not checked for UTF-8 validity. The buffers are only
    /// valid during the call.
    ///
    /// - Returns: `false` at the end of the input.
    public func withNextRow(_ body: (_ fields: CSVRawRow) throws -> Void) throws -> Bool {
        guard try parser.nextRecord() else { return false }
        rowsRead += 1
        try parser.checkFieldCount()
        try body(parser.rawRow)
        return true
    }
}

/// A row with the place of each field in the input.
public struct CSVRecord: Sendable {
    /// The fields.
    public var fields: [String]
    /// Where each field starts, whether it was quoted.
    let layout: [CSVParser.Field]
    /// Where each field starts (its opening quote when quoted).
    public var locations: [InputLocation]
    /// Where the row ends, for errors about missing fields.
    public var end: InputLocation

    /// Whether each field was quoted: `""` (an empty string) and an empty unquoted field (no
    /// value) are told apart by this flag.
    public var quoted: [Bool] { layout.map(\.quoted) }

    /// Where field `index` starts.
    public func location(ofField index: Int) -> InputLocation { locations[index] }

    /// Whether field `index` was quoted.
    public func isQuoted(_ index: Int) -> Bool { layout[index].quoted }

    /// The line the row starts on.
    public var line: Int { layout.first?.line ?? end.line ?? 1 }
}

/// The fields of one row as raw bytes, valid only inside ``CSVReader/withNextRow(_:)``.
public struct CSVRawRow {
    let base: UnsafePointer<UInt8>
    let fields: [CSVParser.Field]
    let quote: [UInt8]

    /// The number of fields.
    public var count: Int { fields.count }

    /// Calls `body` with the bytes of field `index`, doubled quotes undoubled.
    public func withField<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let field = fields[index]
        if !field.escaped {
            return try body(UnsafeBufferPointer(start: base + field.start, count: field.end - field.start))
        }
        var bytes: [UInt8] = []
        CSVParser.unescape(field, in: base, quote: quote, into: &bytes)
        return try bytes.withUnsafeBufferPointer(body)
    }
}
