/// The CSV writer: rows of fields into bytes, one row at a time.

public import Foundation
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
/// A file is written to a temporary file in the same folder and renamed over the target by
/// ``finish()``, so a failed write never leaves half a file behind.
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
        case file(descriptor: Int32, temporary: String, target: String)
    }

    /// The options.
    public let configuration: Configuration
    private var destination: Destination
    private var output: [UInt8] = []
    private var fieldsInRow = 0
    private var lastFieldWasBare = false
    private var finished = false

    private let delimiter: [UInt8]
    private let quote: [UInt8]
    private let newline: [UInt8]
    private let trims: Bool
    /// Bytes that force quoting: delimiter's first byte, quote's first byte, CR, LF.
    private var special = [Bool](repeating: false, count: 256)

    // MARK: - Creating a writer

    /// Writes into memory; read the bytes with ``data`` after ``finish()``.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        destination = .memory
        delimiter = Array(String(configuration.dialect.delimiter).utf8)
        quote = Array(String(configuration.dialect.quote).utf8)
        newline = Array(configuration.newline.rawValue.utf8)
        trims = configuration.dialect.trimsUnquotedWhitespace
        special[Int(delimiter[0])] = true
        special[Int(quote[0])] = true
        special[0x0A] = true
        special[0x0D] = true
        output.reserveCapacity(configuration.bufferSize + 1024)
        if configuration.writesByteOrderMark { output.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
    }

    /// Writes to a file through a temporary file in the same folder, renamed by ``finish()``.
    ///
    /// - Throws: ``CSVError`` when the temporary file cannot be created.
    public convenience init(fileAt url: URL, configuration: Configuration = .init()) throws(CSVError) {
        self.init(configuration: configuration)
        let target = url.path
        let folder = url.deletingLastPathComponent().path
        var template = Array("\(folder.isEmpty ? "." : folder)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw CSVError(.io("cannot create a file beside \(target): \(String(cString: strerror(errno)))"), at: nil)
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        fchmod(descriptor, 0o644)
        destination = .file(descriptor: descriptor, temporary: temporary, target: target)
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
        if !finished, case let .file(descriptor, temporary, _) = destination {
            close(descriptor)
            unlink(temporary)
        }
    }

    // MARK: - Writing

    /// The bytes written so far, for a writer into memory (complete after ``finish()``).
    public var data: Data { Data(output) }

    /// Writes one field of the current row.
    ///
    /// - Parameters:
    ///   - field: The text.
    ///   - quoted: Quote the field even when it does not need it (the decoder's encoder uses
    ///     this to tell an empty string from a missing value).
    public func write(field: String, quoted: Bool = false) throws(CSVError) {
        if fieldsInRow > 0 { output.append(contentsOf: delimiter) }
        fieldsInRow += 1
        lastFieldWasBare = field.isEmpty && !quoted && configuration.quoting == .minimal
        var field = field
        field.withUTF8 { appendField($0, forceQuote: quoted) }
    }

    /// Ends the current row.
    public func endRow() throws(CSVError) {
        try endRow(keepingBlankLine: false)
    }

    /// Ends the row; `keepingBlankLine` writes a row of one bare empty field as a blank line,
    /// which the reader of a one-column file reads back as an empty (absent) field.
    func endRow(keepingBlankLine: Bool) throws(CSVError) {
        if fieldsInRow == 1, lastFieldWasBare, !keepingBlankLine {
            // A row of one empty field would read back as a blank line (skipped): quote it.
            output.append(contentsOf: quote)
            output.append(contentsOf: quote)
        }
        output.append(contentsOf: newline)
        fieldsInRow = 0
        if output.count >= configuration.bufferSize { try flush() }
    }

    /// Writes a whole row.
    public func write(row: some Sequence<String>) throws(CSVError) {
        for field in row { try write(field: field) }
        try endRow()
    }

    /// Writes several rows.
    public func write(rows: some Sequence<some Sequence<String>>) throws(CSVError) {
        for row in rows { try write(row: row) }
    }

    /// Flushes the buffer; for a file, renames the temporary file into place.
    ///
    /// Call it once at the end; a writer that is never finished leaves no file behind.
    public func finish() throws(CSVError) {
        guard !finished else { return }
        if fieldsInRow > 0 { try endRow() }
        try flush()
        finished = true
        if case let .file(descriptor, temporary, target) = destination {
            guard close(descriptor) == 0, rename(temporary, target) == 0 else {
                let message = String(cString: strerror(errno))
                unlink(temporary)
                throw CSVError(.io("cannot write \(target): \(message)"), at: nil)
            }
        }
    }

    private func flush() throws(CSVError) {
        let descriptor: Int32
        switch destination {
        case .memory: return
        case let .descriptor(d): descriptor = d
        case let .file(d, _, _): descriptor = d
        }
        var offset = 0
        while offset < output.count {
            let written = output.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw CSVError(.io("write failed: \(String(cString: strerror(errno)))"), at: nil)
            }
            offset += written
        }
        output.removeAll(keepingCapacity: true)
    }

    // MARK: - Quoting

    private func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if configuration.quoting == .all { return true }
        // A multi-byte delimiter or quote is flagged by its first byte: quoting a field that
        // holds only that byte is harmless.
        for byte in bytes where special[Int(byte)] { return true }
        if trims, let first = bytes.first, let last = bytes.last {
            let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
            if blank(first) || blank(last) { return true }
        }
        return false
    }

    private func appendField(_ bytes: UnsafeBufferPointer<UInt8>, forceQuote: Bool) {
        guard forceQuote || needsQuotes(bytes) else {
            output.append(contentsOf: bytes)
            return
        }
        output.append(contentsOf: quote)
        var runStart = 0
        var index = 0
        let quoteCount = quote.count
        while index < bytes.count {
            if bytes[index] == quote[0], index + quoteCount <= bytes.count,
                quoteCount == 1 || quote.indices.allSatisfy({ bytes[index + $0] == quote[$0] })
            {
                // Copy up to and including the quote, then double it.
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<(index + quoteCount)]))
                output.append(contentsOf: quote)
                index += quoteCount
                runStart = index
            } else {
                index += 1
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        output.append(contentsOf: quote)
    }
}
