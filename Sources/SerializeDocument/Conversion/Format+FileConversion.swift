/// Converting a file: CSV and JSON records streamed in constant memory, the tree for the rest.

public import Foundation
public import SerializeCore
internal import SerializeCSV

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where ``Format/convert(fileAt:to:writingTo:reading:writing:warnings:)`` writes.
public enum ConversionDestination: Sendable, Hashable {
    /// A file, written through a temporary file beside it and renamed once the conversion
    /// succeeded: a failed conversion leaves the file as it was.
    case file(URL)
    /// An open file descriptor such as `STDOUT_FILENO`, not closed; a streamed conversion that
    /// fails part way leaves what it wrote.
    case fileDescriptor(Int32)
}

extension Format {
    /// Converts the file at `input` from this format to `target`, writing to `destination`.
    ///
    /// These conversions stream, in memory that does not grow with the file:
    /// - CSV (or TSV) to CSV and to JSON: each row is written as it is read, a record under the
    ///   column grammar (`a.b` nests, `tags[0]` is an array) as ``read(_:options:warnings:)``
    ///   builds it. Under ``FormatOptions/recoverCSV`` the file is read twice: a long row adds
    ///   columns every record gets, so the first pass finds the header.
    /// - JSON (an array of records) to CSV: the header is the union of the records' columns, so a
    ///   first pass collects the columns and a second writes the rows; the file is mapped and its
    ///   pages given back as the reader passes them.
    ///
    /// The bytes and the warnings are those of ``convert(_:to:reading:writing:warnings:)`` on the
    /// file's contents. One rule decides: whatever streaming cannot settle before it writes the
    /// first byte goes through the tree instead — CSV to CSV with a header naming nested columns
    /// (`a.b`, `tags[0]`) or with sorted keys, a header with an empty, repeated or malformed
    /// name, an empty input, and every other pair of formats. A CSV dialect that needs
    /// preparation (another encoding, an escape, comment or preamble lines) is read whole first.
    ///
    /// A regular input file is mapped, not copied: if another program truncates it while the
    /// conversion runs, the process receives `SIGBUS` (the `serialize` executable installs a
    /// handler that prints one error line and exits with status 74).
    ///
    /// - Parameter progress: Called now and then with the bytes of the input read so far
    ///   (streamed CSV every 8,192 rows; JSON records to CSV does not report).
    /// - Throws: ``ConversionFailure``: `.reading` for input that is not valid (code `io` when it
    ///   cannot be read), `.writing` for a value the target cannot hold (code `io` when the
    ///   output cannot be written).
    public func convert(
        fileAt input: URL, to target: Format, writingTo destination: ConversionDestination,
        reading: FormatOptions = FormatOptions(), writing: FormatOptions = FormatOptions(), warnings: inout [Diagnostic],
        progress: ((Int) -> Void)? = nil
    ) throws(ConversionFailure) {
        switch (self, target) {
        case let (.csv(from), .csv), let (.csv(from), .json):
            if try FileConversion.streamCSV(
                input, dialect: from, to: target, destination: destination, reading: reading, writing: writing, warnings: &warnings,
                progress: progress)
            {
                return
            }
        case (.json, .csv):
            if try FileConversion.streamJSONRecords(input, to: target, destination: destination, reading: reading, writing: writing) { return }
        default: break
        }
        let data: Data
        if let mapped = MappedFile.contents(of: input) {
            data = mapped
        } else {
            do {
                data = try FileContents.read(input)
            } catch {
                throw .reading(Diagnostic(.io, "cannot read \(input.path): \(FileReadFailure.reason(error, reading: input))"))
            }
        }
        // A file receives the output a megabyte at a time as a stream writes it (`bytes` is
        // then what is left); a descriptor, which cannot take back what a stream wrote before
        // the tree had to decide, receives it whole.
        let spill: OutputSpill?
        if case .file = destination { spill = OutputSpill(destination) } else { spill = nil }
        let bytes = try convert(
            data, to: target, reading: reading, writing: writing, warnings: &warnings,
            counting: progress.map { ReadingProgress(total: data.count, report: $0) }, spill: spill)
        if let failure = spill?.failure { throw failure }
        let sink: FileConversion.Sink
        if let spilled = spill?.sink { sink = spilled } else { sink = try FileConversion.Sink(destination) }
        do throws(Diagnostic) {
            var failure: Diagnostic?
            bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                do throws(Diagnostic) { try sink.write(raw) } catch { failure = error }
            }
            if let failure { throw failure }
            try sink.commit()
        } catch {
            throw .writing(error)
        }
    }

    /// Copies standard input to a temporary file (in the temporary folder) in bounded memory,
    /// for a conversion that reads its input twice; remove the file when done.
    ///
    /// - Throws: ``Diagnostic`` `io` when standard input cannot be read or the file written.
    public static func spillStandardInput() throws(Diagnostic) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("serialize-stdin-\(UUID().uuidString)")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw Diagnostic(.io, "cannot create \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { POSIXWrite.read(STDIN_FILENO, $0) }
            if count == 0 { return url }
            guard count > 0 else {
                if errno == EINTR { continue }
                unlink(url.path)
                throw Diagnostic(.io, "cannot read standard input: \(String(cString: strerror(errno)))")
            }
            var failure: FileSystemError?
            chunk.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                do throws(FileSystemError) {
                    try POSIXWrite.all(UnsafeRawBufferPointer(rebasing: raw[0..<count]), to: descriptor, file: url)
                } catch {
                    failure = error
                }
            }
            if let failure {
                unlink(url.path)
                throw Diagnostic(.io, failure.message)
            }
        }
    }
}

/// A write(2) loop for a descriptor that is not an atomic file.
enum POSIXWrite {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        #else
        Darwin.read(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, file: URL?) throws(FileSystemError) {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(.write, file: file ?? URL(fileURLWithPath: "-"), message: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}

/// The streamed conversions behind ``Format/convert(fileAt:to:writingTo:reading:writing:warnings:)``.
enum FileConversion {
    /// A temporary file beside `url`, renamed over it on commit.
    static func atomicFile(_ url: URL) throws(ConversionFailure) -> AtomicFileWriter {
        do {
            return try AtomicFileWriter(replacing: url)
        } catch {
            throw .writing(Diagnostic(.io, "cannot create a temporary file beside it: \(error.message)"))
        }
    }

    /// Output bytes to a destination: an atomic file, or a descriptor.
    final class Sink {
        private let file: AtomicFileWriter?
        private let descriptor: Int32

        init(_ destination: ConversionDestination) throws(ConversionFailure) {
            switch destination {
            case let .file(url):
                file = try atomicFile(url)
                descriptor = -1
            case let .fileDescriptor(descriptor):
                file = nil
                self.descriptor = descriptor
            }
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws(Diagnostic) {
            do throws(FileSystemError) {
                if let file { try file.write(bytes) } else { try POSIXWrite.all(bytes, to: descriptor, file: nil) }
            } catch {
                throw Diagnostic(.io, "cannot write the file; it is unchanged: \(error.message)")
            }
        }

        func commit() throws(Diagnostic) {
            do throws(FileSystemError) { try file?.commit() } catch { throw Diagnostic(.io, "cannot write the file; it is unchanged: \(error.message)") }
        }

        func abandon() { file?.abandon() }
    }
}

/// Where a conversion to a file hands its output over while a stream writes it, a megabyte at
/// a time (``ByteBuffer/spillIfFull()``), so that the output is never held whole: a large
/// buffer's fresh pages cost the kernel their zeroing, a fifth of the CPU time converting the
/// 48 MB mixed document to an XML property list. The file is made at the first chunk, so an
/// error found earlier leaves nothing behind; a stream that gives way to the tree
/// (``Format/streamed(_:from:to:reading:writing:edit:progress:spill:)``) abandons what it
/// handed over (``restart()``).
final class OutputSpill {
    /// How many bytes gather before they are handed over.
    static let chunk = 1 << 20
    let destination: ConversionDestination
    /// The output, once a chunk has been handed over.
    private(set) var sink: FileConversion.Sink?
    /// The first failure to create or write the file; later chunks are dropped.
    private(set) var failure: ConversionFailure?

    init(_ destination: ConversionDestination) {
        self.destination = destination
    }

    /// Writes `bytes` after those handed over before.
    func take(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        do throws(ConversionFailure) {
            let sink: FileConversion.Sink
            if let open = self.sink { sink = open } else { sink = try FileConversion.Sink(destination) }
            self.sink = sink
            do { try sink.write(UnsafeRawBufferPointer(bytes)) } catch { throw .writing(error) }
        } catch {
            failure = error
        }
    }

    /// Forgets every byte handed over: the output starts again from its first byte.
    func restart() {
        sink?.abandon()
        sink = nil
        failure = nil
    }
}

extension FileConversion {

    /// A CSV writer for a destination, in `dialect` with `writing`'s byte-order mark.
    static func csvWriter(_ destination: ConversionDestination, dialect: CSVDialect, writing: FormatOptions) throws(ConversionFailure) -> CSVWriter {
        let configuration = CSVTable.writerConfiguration(dialect, byteOrderMark: writing.csvByteOrderMark)
        switch destination {
        case let .file(url): return CSVWriter(file: try atomicFile(url), configuration: configuration)
        case let .fileDescriptor(descriptor): return CSVWriter(fileDescriptor: descriptor, configuration: configuration)
        }
    }

    /// The first 64 KiB and a byte of a file, for sniffing (`CSVDialect.sniff`).
    static func sample(of url: URL) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: CSVDialect.sniffSampleSize + 1)) ?? Data()
    }
}
