/// The CSV writer: rows of fields into bytes, one row at a time.

public import Foundation
public import SerializeCore
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writes CSV rows one at a time to a file, standard output or memory.
///
/// Fields are quoted only when they must be (they hold the delimiter, the quote, a line break,
/// or, with trimming on, leading or trailing whitespace), unless ``Configuration/quoting`` says
/// otherwise; quotes inside are doubled. Output is buffered and written in large chunks.
///
/// ```swift
/// let writer = try CSVWriter(fileAt: url)
/// try writer.write(row: ["name", "city"])
/// try writer.write(row: ["Ada", "London, UK"])
/// try writer.finish()   // renames the temporary file into place
/// ```
///
/// A file is written with serialize's one atomic writer (SerializeCore): a temporary file in
/// the same folder, flushed with `fsync` and renamed over the target by ``finish()``, then the
/// folder synced; a new file's mode follows the umask, a replaced file keeps its mode, and a
/// symbolic link is followed. A failed or unfinished write never leaves half a file behind.
public final class CSVWriter {
    /// How a CSV file is laid out.
    public typealias Dialect = CSVDialect

    /// The line terminator written after each row.
    public enum Newline: String, Sendable, Hashable {
        case lf = "\n"
        case crlf = "\r\n"
        case cr = "\r"
    }

    /// When fields are quoted.
    public enum Quoting: Sendable, Hashable {
        /// Only when the field needs it (the default).
        case minimal
        /// Always.
        case all
    }

    /// The writer's options.
    public struct Configuration: Sendable {
        /// Delimiter and quote; `hasHeader` is not used by the writer itself.
        public var dialect: CSVDialect
        /// The line terminator, `\n` by default.
        public var newline: Newline
        /// Whether to start the output with a UTF-8 byte order mark (some spreadsheets want it).
        public var writesByteOrderMark: Bool
        /// When to quote fields.
        public var quoting: Quoting
        /// The size at which the buffer is flushed to the file.
        public var bufferSize: Int

        /// Creates a configuration; the defaults are RFC 4180 with `\n` line ends.
        public init(
            dialect: CSVDialect = .rfc4180,
            newline: Newline = .lf,
            writesByteOrderMark: Bool = false,
            quoting: Quoting = .minimal,
            bufferSize: Int = 64 * 1024
        ) {
            self.dialect = dialect
            self.newline = newline
            self.writesByteOrderMark = writesByteOrderMark
            self.quoting = quoting
            self.bufferSize = bufferSize
        }
    }

    private enum Destination {
        case memory
        case descriptor(Int32)
        case file(AtomicFileWriter)
    }

    /// The options.
    public let configuration: Configuration
    private var destination: Destination
    private var emitter: CSVEmitter
    private var finished = false

    // MARK: - Creating a writer

    /// Writes into memory; read the bytes with ``data`` after ``finish()``.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        destination = .memory
        emitter = CSVEmitter(configuration: configuration)
    }

    /// Writes to a file through a temporary file in the same folder, renamed by ``finish()``.
    ///
    /// - Throws: ``Diagnostic`` when the temporary file cannot be created.
    public convenience init(fileAt url: URL, configuration: Configuration = .init()) throws(Diagnostic) {
        self.init(configuration: configuration)
        do {
            destination = .file(try AtomicFileWriter(replacing: url))
        } catch {
            throw Diagnostic(.io, "cannot create a file beside \(error.file.path): \(error.message)")
        }
    }

    /// Writes through `file`, committed by ``finish()`` (abandoned when the writer is not finished).
    package convenience init(file: AtomicFileWriter, configuration: Configuration = .init()) {
        self.init(configuration: configuration)
        destination = .file(file)
    }

    /// Writes to an open file descriptor, such as `STDOUT_FILENO`; the writer does not close it.
    public convenience init(fileDescriptor: Int32, configuration: Configuration = .init()) {
        self.init(configuration: configuration)
        destination = .descriptor(fileDescriptor)
    }

    /// Writes to standard output.
    public static func standardOutput(configuration: Configuration = .init()) -> CSVWriter {
        CSVWriter(fileDescriptor: STDOUT_FILENO, configuration: configuration)
    }

    deinit {
        // An unfinished file write is abandoned: remove the temporary file.
        if !finished, case let .file(file) = destination { file.abandon() }
    }

    // MARK: - Writing

    /// The bytes written so far, for a writer into memory (complete after ``finish()``).
    public var data: Data { emitter.data }

    /// Writes one field of the current row.
    ///
    /// - Parameters:
    ///   - field: The text.
    ///   - quoted: Quote the field even when it does not need it (the decoder's encoder uses
    ///     this to tell an empty string from a missing value).
    public func write(field: String, quoted: Bool = false) throws(Diagnostic) {
        emitter.append(field, forceQuote: quoted)
    }

    /// Ends the current row.
    public func endRow() throws(Diagnostic) {
        try endRow(keepingBlankLine: false)
    }

    /// Ends the row; `keepingBlankLine` writes a row of one bare empty field as a blank line,
    /// which the reader of a one-column file reads back as an empty (absent) field.
    func endRow(keepingBlankLine: Bool) throws(Diagnostic) {
        if emitter.endRow(keepingBlankLine: keepingBlankLine) { try flush() }
    }

    /// Writes an encoded row of `width` columns in one access to the emitter; a missing cell
    /// is an empty field, and a lone missing cell stays a blank line (which reads back as
    /// absent).
    func write(cells: [CSVCell?], width: Int) throws(Diagnostic) {
        if emitter.append(cells: cells, width: width) { try flush() }
    }

    /// Writes a whole row.
    public func write(row: [String]) throws(Diagnostic) {
        if emitter.append(row: row) { try flush() }
    }

    /// Writes a whole row.
    public func write(row: some Sequence<String>) throws(Diagnostic) {
        for field in row { emitter.append(field, forceQuote: false) }
        try endRow()
    }

    /// Writes several rows.
    public func write(rows: [[String]]) throws(Diagnostic) {
        for row in rows { try write(row: row) }
    }

    /// Writes several rows.
    public func write(rows: some Sequence<some Sequence<String>>) throws(Diagnostic) {
        for row in rows { try write(row: row) }
    }

    /// Flushes the buffer; for a file, renames the temporary file into place.
    ///
    /// Call it once at the end; a writer that is never finished leaves no file behind.
    public func finish() throws(Diagnostic) {
        guard !finished else { return }
        if emitter.fieldsInRow > 0 { try endRow() }
        try flush()
        finished = true
        if case let .file(file) = destination {
            do {
                try file.commit()
            } catch {
                throw Diagnostic(.io, "cannot write \(error.file.path): \(error.message)")
            }
        }
    }

    private func flush() throws(Diagnostic) {
        let descriptor: Int32
        switch destination {
        case .memory: return
        case let .descriptor(d): descriptor = d
        case let .file(file):
            try emitter.drain { (bytes) throws(Diagnostic) in
                do throws(FileSystemError) {
                    try file.write(UnsafeRawBufferPointer(bytes))
                } catch {
                    throw Diagnostic(.io, "cannot write \(file.destination.path): \(error.message)")
                }
            }
            return
        }
        try emitter.drain { (bytes) throws(Diagnostic) in
            var offset = 0
            while offset < bytes.count {
                guard let base = bytes.baseAddress else { return }
                let written = systemWrite(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Diagnostic(.io, "write failed: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }
}

/// The byte-level half of ``CSVWriter``: quoting and a growable output buffer.
///
/// A non-copyable struct, like the reader's parser, so its hot paths pay no run-time
/// exclusivity checks.
struct CSVEmitter: ~Copyable {
    private var output: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private(set) var fieldsInRow = 0
    private var lastFieldWasBare = false
    private let flushSize: Int
    private let delimiter: [UInt8]
    private let quote: [UInt8]
    private let newline: [UInt8]
    private let trims: Bool
    private let quotesAll: Bool
    /// Bytes that force quoting: delimiter's first byte, quote's first byte, CR, LF.
    private let special: UnsafeMutablePointer<Bool>

    init(configuration: CSVWriter.Configuration) {
        flushSize = max(configuration.bufferSize, 64)
        capacity = flushSize + 1024
        output = .allocate(capacity: capacity)
        delimiter = Array(String(configuration.dialect.delimiter).utf8)
        quote = Array(String(configuration.dialect.quote).utf8)
        newline = Array(configuration.newline.rawValue.utf8)
        trims = configuration.dialect.trimsUnquotedWhitespace
        quotesAll = configuration.quoting == .all
        special = .allocate(capacity: 256)
        special.initialize(repeating: false, count: 256)
        special[Int(delimiter[0])] = true
        special[Int(quote[0])] = true
        special[0x0A] = true
        special[0x0D] = true
        if configuration.writesByteOrderMark { append(bytes: [0xEF, 0xBB, 0xBF]) }
    }

    deinit {
        output.deallocate()
        special.deallocate()
    }

    var data: Data { Data(bytes: output, count: count) }

    /// Hands the buffered bytes to `body` and empties the buffer.
    mutating func drain(_ body: (UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Void) throws(Diagnostic) {
        try body(UnsafeBufferPointer(start: output, count: count))
        count = 0
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        CSVValueText.grow(&output, count: count, capacity: &capacity, to: max(capacity * 2, count + extra))
    }

    @inline(__always)
    private mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let base = bytes.baseAddress { (output + count).update(from: base, count: bytes.count) }
        count += bytes.count
    }

    @inline(__always)
    private mutating func append(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(bytes: $0) }
    }

    @inline(__always)
    private mutating func append(byte: UInt8) {
        reserve(1)
        output[count] = byte
        count += 1
    }

    /// Appends a field of the current row.
    mutating func append(_ field: String, forceQuote: Bool) {
        if fieldsInRow > 0 { append(bytes: delimiter) }
        fieldsInRow += 1
        lastFieldWasBare = field.isEmpty && !forceQuote && !quotesAll
        var field = field
        field.withUTF8 { appendField($0, forceQuote: forceQuote) }
    }

    /// Appends a whole row; returns whether the buffer should be flushed.
    mutating func append(row: [String]) -> Bool {
        for field in row { append(field, forceQuote: false) }
        return endRow(keepingBlankLine: false)
    }

    /// Appends an encoded row; returns whether the buffer should be flushed.
    mutating func append(cells: [CSVCell?], width: Int) -> Bool {
        for column in 0..<width {
            if column < cells.count, let cell = cells[column] {
                append(cell.text, forceQuote: cell.quoted)
            } else {
                append("", forceQuote: false)
            }
        }
        return endRow(keepingBlankLine: width == 1)
    }

    /// Ends the row; returns whether the buffer should be flushed.
    mutating func endRow(keepingBlankLine: Bool) -> Bool {
        if fieldsInRow == 1, lastFieldWasBare, !keepingBlankLine {
            // A row of one empty field would read back as a blank line (skipped): quote it.
            append(bytes: quote)
            append(bytes: quote)
        }
        append(bytes: newline)
        fieldsInRow = 0
        return count >= flushSize
    }

    // MARK: - Quoting

    private func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if quotesAll { return true }
        // A multi-byte delimiter or quote is flagged by its first byte: quoting a field that
        // holds only that byte is harmless.
        for byte in bytes where special[Int(byte)] { return true }
        if trims, let first = bytes.first, let last = bytes.last {
            let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
            if blank(first) || blank(last) { return true }
        }
        return false
    }

    private mutating func appendField(_ bytes: UnsafeBufferPointer<UInt8>, forceQuote: Bool) {
        guard forceQuote || needsQuotes(bytes) else {
            append(bytes: bytes)
            return
        }
        append(bytes: quote)
        var runStart = 0
        var index = 0
        let quoteCount = quote.count
        let quote0 = quote[0]
        while index < bytes.count {
            if bytes[index] == quote0, index + quoteCount <= bytes.count,
                quoteCount == 1 || quote.indices.allSatisfy({ bytes[index + $0] == quote[$0] })
            {
                // Copy up to and including the quote, then double it.
                append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<(index + quoteCount)]))
                append(bytes: quote)
                index += quoteCount
                runStart = index
            } else {
                index += 1
            }
        }
        append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        append(bytes: quote)
    }
}
