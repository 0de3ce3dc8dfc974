/// The byte-level state machine under ``CSVReader``.

import Foundation
import SerializeCore

/// Finds rows and fields in a chunked UTF-8 buffer.
///
/// A row is parsed from its first byte; when the buffer ends inside it, the parser moves the
/// row to the front of the buffer, reads more and parses the row again (growing the buffer
/// only for a row longer than it). Fields are recorded as byte ranges into the buffer, and
/// become strings only when asked.
///
/// A non-copyable struct rather than a class: inside its mutating methods every access to its
/// state is checked for exclusivity at compile time, where a class pays a run-time check on
/// each access (which took 40% of the time).
struct CSVParser: ~Copyable {
    /// Where bytes come from.
    enum Source {
        /// All of it in memory.
        case memory(Data)
        /// A file descriptor, closed at the end when `closes`.
        case descriptor(Int32, closes: Bool)
    }

    /// One field of the current row: a byte range in the buffer and where it starts.
    struct Field: Sendable {
        var start: Int
        var end: Int
        var line: Int
        var column: Int
        var quoted: Bool
        /// The range holds doubled quotes that must be unescaped.
        var escaped: Bool
    }

    // Byte classes in `table`.
    static let plain: UInt8 = 0
    static let delimiterByte: UInt8 = 1
    static let quoteByte: UInt8 = 2
    static let lineEnd: UInt8 = 3

    private let source: Source
    private let sourceName: String?
    let trims: Bool
    private let strict: Bool
    /// The dialect when it has an escape character, whose doubles quoted fields undouble.
    private let escapeDialect: CSVDialect?
    /// Whether malformed quoting and bytes are repaired (``CSVReader/Configuration/recovers``).
    let recovers: Bool
    /// The repairs of the rows returned so far, as warnings.
    var repairs: [Diagnostic] = []
    /// The repairs of the row being parsed, kept only once it is returned (a row is parsed
    /// again when the buffer ends inside it).
    private var rowRepairs: [Diagnostic] = []

    var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private let chunkSize: Int
    var count = 0
    var eof = false

    var delimiter: [UInt8]
    let quote: [UInt8]
    /// Byte classes: what a stop of ``CSVStopScanner`` is (delimiter, quote, line end) and which
    /// bytes are blanks to trim.
    let table: UnsafeMutablePointer<UInt8>

    // Committed state: where the next row starts.
    var position = 0
    var line = 1
    var lineStart = 0
    var pendingLineFeed = false

    /// The fields of the current row.
    var fields: [Field] = []
    /// Where the current row ends: its line, byte column and offset in the buffer.
    var rowEndMark = (line: 1, byteColumn: 1, offset: 0)
    /// Bytes dropped from the front of the buffer so far: buffer offset + this = input offset.
    private var discarded = 0
    /// The field count rows must have, once known.
    var expectedFieldCount: Int?
    private var scratch: [UInt8] = []

    init(source: Source, configuration: CSVReader.Configuration) {
        self.source = source
        sourceName = configuration.sourceName
        trims = configuration.dialect.trimsUnquotedWhitespace
        strict = configuration.fieldCountPolicy == .strict
        escapeDialect = configuration.dialect.escape == nil ? nil : configuration.dialect
        recovers = configuration.recovers
        chunkSize = max(configuration.bufferSize, 16)
        delimiter = Array(String(configuration.dialect.delimiter).utf8)
        quote = Array(String(configuration.dialect.quote).utf8)
        switch source {
        case let .memory(data):
            capacity = max(data.count, 1)
            buffer = .allocate(capacity: capacity)
            data.copyBytes(to: buffer, count: data.count)
            count = data.count
            eof = true
        case .descriptor:
            capacity = chunkSize
            buffer = .allocate(capacity: capacity)
        }
        table = .allocate(capacity: 256)
        buildTables()
    }

    deinit {
        buffer.deallocate()
        table.deallocate()
        if case let .descriptor(descriptor, closes: true) = source { close(descriptor) }
    }

    private func buildTables() {
        table.initialize(repeating: Self.plain, count: 256)
        table[Int(delimiter[0])] = Self.delimiterByte
        table[Int(quote[0])] = Self.quoteByte
        for byte in [UInt8(ascii: "\n"), UInt8(ascii: "\r")] {
            table[Int(byte)] = Self.lineEnd
        }
    }

    mutating func setDelimiter(_ scalar: Unicode.Scalar) {
        delimiter = Array(String(scalar).utf8)
        buildTables()
    }

    // MARK: - Buffer

    /// The bytes read so far and not yet parsed.
    var bufferedBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + position, count: count - position)
    }

    /// Moves the unparsed bytes to the front and reads more; grows the buffer when full.
    /// - Returns: `false` when the input is exhausted.
    private mutating func refill() throws(Diagnostic) -> Bool {
        guard !eof, case let .descriptor(descriptor, _) = source else { return false }
        if position > 0 {
            let remaining = count - position
            if remaining > 0 { (buffer).update(from: buffer + position, count: remaining) }
            lineStart -= position
            discarded += position
            count = remaining
            position = 0
        }
        if capacity - count < chunkSize / 2 {
            CSVValueText.grow(&buffer, count: count, capacity: &capacity, to: max(capacity * 2, count + chunkSize))
        }
        while true {
            let got = read(descriptor, buffer + count, capacity - count)
            if got > 0 {
                count += got
                return true
            }
            if got == 0 {
                eof = true
                return false
            }
            if errno == EINTR { continue }
            throw Diagnostic(.io, "read failed: \(String(cString: strerror(errno)))", file: sourceName)
        }
    }

    /// Reads until the buffer holds `minimum` unparsed bytes or the whole input, for delimiter
    /// detection (``CSVDialect/delimiterDetectionSampleSize``); the buffer grows as needed.
    mutating func fill(atLeast minimum: Int) throws(Diagnostic) {
        while count - position < minimum, try refill() {}
    }

    /// Skips a UTF-8 byte order mark at the start of the input.
    mutating func skipByteOrderMark() throws(Diagnostic) {
        while count - position < 3, try refill() {}
        if count - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB,
            buffer[position + 2] == 0xBF
        {
            position += 3
            lineStart = position
        }
    }

    // MARK: - Parsing

    enum Step {
        case row, needMore, end
    }

    /// Parses the next row into ``fields``.
    /// - Returns: `false` at the end of the input.
    mutating func nextRecord() throws(Diagnostic) -> Bool {
        while true {
            // Repairs are rare: an empty array is left alone (appending one costs a call per row).
            if !rowRepairs.isEmpty { rowRepairs.removeAll(keepingCapacity: true) }
            switch try parseRow() {
            case .row:
                if !rowRepairs.isEmpty { repairs += rowRepairs }
                return true
            case .end: return false
            case .needMore:
                if try !refill() {
                    // End of input inside a row: parse it once more knowing that nothing follows.
                    continue
                }
            }
        }
    }

    /// Records a repair of the current row as a warning at a place.
    mutating func repair(_ code: Diagnostic.Code, _ message: String, line: Int, byteColumn: Int, offset: Int) {
        rowRepairs.append(Diagnostic(
            code, message, severity: .warning, at: location(line: line, byteColumn: byteColumn, offset: offset), file: sourceName))
    }

    func error(_ code: Diagnostic.Code, _ message: String, line: Int, byteColumn: Int, offset: Int) -> Diagnostic {
        Diagnostic(code, message, at: location(line: line, byteColumn: byteColumn, offset: offset), file: sourceName)
    }

    // MARK: - Locations

    /// The location of the byte at `offset` in the buffer, on `line` at `byteColumn` (1-based,
    /// in bytes): the column is turned into Unicode scalars by the column rule of
    /// `InputLocation`, counting the line's bytes, which are still in the buffer while their
    /// row is current. The fast path counts bytes; only a location asked for pays this.
    func location(line: Int, byteColumn: Int, offset: Int) -> InputLocation {
        let start = max(0, offset - (byteColumn - 1))
        let column = InputLocation.column(after: UnsafeRawBufferPointer(start: buffer + start, count: max(0, offset - start)))
        return InputLocation(line: line, column: column, byteOffset: discarded + offset)
    }

    /// Where `field` starts: its opening quote when quoted.
    func location(of field: Field) -> InputLocation {
        location(line: field.line, byteColumn: field.column, offset: field.start - (field.quoted ? quote.count : 0))
    }

    /// Where each of `fields` (the current row's, in order) starts, in one pass over the row's
    /// bytes: a field on the line of the one before counts only the bytes between them, so a
    /// row of many fields on one long line costs its length, not its length times its width.
    func locations<Fields: Collection<Field>>(of fields: Fields) -> [InputLocation] {
        var locations: [InputLocation] = []
        locations.reserveCapacity(fields.count)
        var previousLine = -1, previousOffset = 0, previousColumn = 0
        for field in fields {
            let offset = field.start - (field.quoted ? quote.count : 0)
            let location: InputLocation
            if previousLine == field.line, previousOffset <= offset {
                let between = InputLocation.column(
                    after: UnsafeRawBufferPointer(start: buffer + previousOffset, count: offset - previousOffset))
                location = InputLocation(line: field.line, column: previousColumn + between - 1, byteOffset: discarded + offset)
            } else {
                location = self.location(of: field)
            }
            previousLine = field.line
            previousOffset = offset
            previousColumn = location.column ?? 1
            locations.append(location)
        }
        return locations
    }

    /// Where the current row ends.
    var rowEnd: InputLocation {
        location(line: rowEndMark.line, byteColumn: rowEndMark.byteColumn, offset: rowEndMark.offset)
    }

    // MARK: - Fields

    /// Throws when the current row's field count differs from the expected one (strict mode),
    /// or records the first row's count.
    mutating func checkFieldCount() throws(Diagnostic) {
        guard let expected = expectedFieldCount else {
            expectedFieldCount = fields.count
            return
        }
        guard strict, fields.count != expected else { return }
        let found = fields.count
        throw Diagnostic(
            .fieldCountMismatch, "row has \(found) field\(found == 1 ? "" : "s") but the header has \(expected)",
            at: found > expected ? location(of: fields[expected]) : rowEnd, file: sourceName,
            remedy: Remedy(option: "fieldCountPolicy", value: "flexible", effect: "allow ragged rows"))
    }

    /// Copies an escaped field's bytes into `scratch`, undoubling quotes.
    private mutating func unescape(_ field: Field) {
        Self.unescape(field, in: buffer, quote: quote, into: &scratch)
    }

    /// Calls `body` with the bytes of field `index`, doubled quotes undoubled.
    mutating func withFieldBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let field = fields[index]
        guard field.escaped else { return body(UnsafeBufferPointer(start: buffer + field.start, count: field.end - field.start)) }
        unescape(field)
        return scratch.withUnsafeBufferPointer(body)
    }

    /// The current row's fields as raw bytes.
    var rawRow: CSVRawRow { CSVRawRow(base: buffer, fields: fields, quote: quote) }

    /// The string of field `index`.
    @inline(__always)
    mutating func string(at index: Int) throws(Diagnostic) -> String {
        let field = fields[index]
        let text: String?
        if !field.escaped {
            text = Self.string(UnsafeBufferPointer(start: buffer + field.start, count: field.end - field.start))
        } else {
            unescape(field)
            text = scratch.withUnsafeBufferPointer { Self.string($0) }
        }
        guard let text else {
            guard recovers else { throw invalidUTF8(in: field) }
            var bad = invalidUTF8(in: field)
            bad.severity = .warning
            bad.message = "field is not valid UTF-8 (repaired: each bad byte replaced with U+FFFD)"
            repairs.append(bad)
            return String(decoding: UnsafeBufferPointer(start: buffer + field.start, count: field.end - field.start), as: UTF8.self)
        }
        return text
    }

    private func invalidUTF8(in field: Field) -> Diagnostic {
        // Point at the first byte that does not decode.
        let start = location(of: field)
        var column = (start.column ?? 1) + (field.quoted ? 1 : 0)
        var line = field.line
        var offset = field.start
        let bytes = UnsafeBufferPointer(start: buffer + field.start, count: field.end - field.start)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput: break loop
            case .error: break loop
            }
        }
        return Diagnostic(
            .invalidUTF8, "field is not valid UTF-8; convert the file to UTF-8",
            at: InputLocation(line: line, column: column, byteOffset: discarded + offset), file: sourceName)
    }

    /// The current row's fields as strings.
    mutating func makeFields() throws(Diagnostic) -> [String] {
        var row: [String] = []
        try makeFields(into: &row)
        return row
    }

    /// Parses the next row, checks its field count and makes its strings, in one exclusive
    /// access from the reader.
    /// - Returns: `false` at the end of the input.
    mutating func nextFields(into row: inout [String]) throws(Diagnostic) -> Bool {
        guard try nextRecord() else { return false }
        try checkFieldCount()
        try makeFields(into: &row)
        return true
    }

    /// Parses the next row and checks its field count and the UTF-8 of every field, without
    /// making strings (what ``nextFields(into:)`` refuses, this refuses too, in the same order);
    /// the fields stay in ``rawRow`` until the next read.
    /// - Returns: `false` at the end of the input.
    mutating func nextCheckedRecord() throws(Diagnostic) -> Bool {
        guard try nextRecord() else { return false }
        try checkFieldCount()
        guard let first = fields.first, let last = fields.last, last.end > first.start else { return true }
        // One eight-bytes-at-a-time scan over the whole row (its delimiters and quotes are ASCII
        // in the common dialects); a row with other bytes is checked field by field.
        if ByteScanning.isASCII(UnsafeBufferPointer(start: buffer + first.start, count: last.end - first.start)) {
            return true
        }
        for field in fields where !Self.isValidUTF8(UnsafeBufferPointer(start: buffer + field.start, count: field.end - field.start)) {
            guard recovers else { throw invalidUTF8(in: field) }
        }
        return true
    }

    /// ``nextCheckedRecord()`` and the row's bytes (``rawRow``) in one call.
    mutating func nextCheckedRow() throws(Diagnostic) -> CSVRawRow? {
        try nextCheckedRecord() ? rawRow : nil
    }

    /// The current row's fields as strings, into `row` (reusing its storage when it can).
    mutating func makeFields(into row: inout [String]) throws(Diagnostic) {
        row.removeAll(keepingCapacity: true)
        row.reserveCapacity(fields.count)
        for index in fields.indices { row.append(try string(at: index)) }
        if let escapeDialect {
            for index in fields.indices where fields[index].quoted { row[index] = escapeDialect.unescaping(row[index]) }
        }
    }

    /// The current row with positions.
    mutating func makeRecord() throws(Diagnostic) -> CSVRecord {
        CSVRecord(fields: try makeFields(), layout: fields, locations: locations(of: fields), end: rowEnd)
    }
}
