/// The one atomic writer: the file-system seam, the POSIX file system, and the atomic write
/// (temporary file beside the target, fsync, rename, folder fsync) that persistence,
/// `RecordStore`, `serialize convert` and `CSVWriter(fileAt:)` all use.

public import Foundation

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A file operation that failed: which one, on which file, and the system's reason.
public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// What was being done.
    public enum Operation: String, Sendable, Hashable {
        /// Reading a file or listing a folder.
        case read
        /// Creating, writing, renaming a file or creating a folder.
        case write
        /// Removing a file.
        case delete
    }

    /// What was being done.
    public var operation: Operation
    /// The file or folder.
    public var file: URL
    /// What happened, in one sentence: `rename failed: Permission denied (errno 13)`.
    public var message: String
    /// The underlying error, when another layer reported it.
    public var underlying: (any Error)?

    /// Creates an error.
    public init(_ operation: Operation, file: URL, message: String, underlying: (any Error)? = nil) {
        self.operation = operation
        self.file = file
        self.message = message
        self.underlying = underlying
    }

    /// `path: error: message`.
    public var description: String { "\(file.path): error: \(message)" }
}

/// The file operations persistence needs, as a seam: ``PosixFileSystem`` is the real one, and a
/// test can wrap it to make a step fail halfway (a full disk, a killed process).
///
/// An atomic write is made of these steps: create a temporary file beside the destination,
/// write and flush it, rename it over the destination. If any step fails the temporary file is
/// removed and the destination is untouched.
public protocol FileSystem: Sendable {
    /// The contents of `url`, or `nil` when there is no such file.
    func contents(of url: URL) throws -> Data?
    /// Creates a new, empty file in the same folder as `destination` with a unique name that
    /// starts with `.` and ends in `.tmp`, and returns its URL.
    func createTemporaryFile(besides destination: URL) throws -> URL
    /// Writes `data` to `file`, replacing its contents, and flushes it to storage (`fsync`).
    func write(_ data: Data, toTemporaryFile file: URL) throws
    /// Renames `file` over `destination` in one step, replacing any file there.
    func replace(_ destination: URL, withTemporaryFile file: URL) throws
    /// Removes the file at `url` and returns whether there was one; a missing file is not an error.
    @discardableResult
    func removeFile(at url: URL) throws -> Bool
    /// The files directly inside `folder` (an empty list when the folder does not exist).
    func files(in folder: URL) throws -> [URL]
    /// Creates `folder` and its parents when missing.
    func createFolder(at folder: URL) throws
}

/// A temporary file's name marks it as one: stores skip such files when they list records.
package func isTemporaryFileName(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(".tmp")
}

extension FileSystem {
    /// Writes `data` to `destination` atomically: readers see the old file or the new one,
    /// never a mix, and a failure at any step leaves the old file as it was.
    ///
    /// The steps are: a temporary file in the destination's folder (a rename is only atomic
    /// within one file system), write, `fsync`, rename, then `fsync` of the folder. A symbolic
    /// link is followed: the file it points to is replaced, not the link. A new file gets 0666
    /// narrowed by the umask; a replaced file keeps its mode. On failure the temporary file is
    /// removed.
    ///
    /// - Throws: ``FileSystemError`` (``FileSystemError/Operation/write``) naming the file.
    package func writeAtomically(_ data: Data, to destination: URL) throws(FileSystemError) {
        let destination = destination.resolvingSymlinksInPath()
        let temporary: URL
        do {
            temporary = try createTemporaryFile(besides: destination)
        } catch {
            throw FileSystemError(
                .write, file: destination, message: "cannot create a temporary file beside it: \(Self.reason(error))",
                underlying: error)
        }
        do {
            try write(data, toTemporaryFile: temporary)
            try replace(destination, withTemporaryFile: temporary)
        } catch {
            _ = try? removeFile(at: temporary)
            throw FileSystemError(
                .write, file: destination, message: "cannot write the file; it is unchanged: \(Self.reason(error))",
                underlying: error)
        }
    }

    /// The text of an error, preferring a ``FileSystemError``'s own message.
    package static func reason(_ error: any Error) -> String {
        if let error = error as? FileSystemError { return error.message }
        return String(describing: error)
    }
}

/// The one way serialize reads a whole named file.
///
/// It is `Data(contentsOf:)` but for a file whose size the system gives as 0 (an empty file, a
/// `/proc` file, a pipe or a device): Foundation on Linux reads such a file into a 4 KiB buffer
/// and never frees it when nothing is read, so every empty file read leaked 4 KiB (found by
/// FuzzCSVStream under LeakSanitizer). Those are read with `read(2)` instead.
package enum FileContents {
    /// The bytes of the file at `url`.
    ///
    /// - Throws: what `Data(contentsOf:options:)` throws (``FileReadFailure/reason(_:reading:)``
    ///   words it).
    package static func read(_ url: URL, options: Data.ReadingOptions = []) throws -> Data {
        if url.isFileURL, let bytes = readReportingNoSize(url.path) { return bytes }
        return try Data(contentsOf: url, options: options)
    }

    /// The bytes of a file that is no folder and whose size `stat` gives as 0; nil for any other
    /// file, and for any failure (`Data(contentsOf:)` then reads it, or says why it cannot).
    private static func readReportingNoSize(_ path: String) -> Data? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_size == 0, status.st_mode & S_IFMT != S_IFDIR else { return nil }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Int in
                #if canImport(Darwin)
                Darwin.read(descriptor, buffer.baseAddress, buffer.count)
                #elseif canImport(Musl)
                Musl.read(descriptor, buffer.baseAddress, buffer.count)
                #else
                Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return Data(bytes) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}

/// Why a file could not be read, in words that say what to do: the one wording for every
/// reader of a named file (the verbs, batch and file conversion, persistence).
package enum FileReadFailure {
    /// What is said of a file that is not there.
    package static let noSuchFile = "no such file: check the path"

    /// The reason `error`, thrown reading `url`, gives: a missing file, a folder, a permission,
    /// or the system's own words.
    package static func reason(_ error: any Error, reading url: URL) -> String {
        if let error = error as? FileSystemError { return error.message }
        var isFolder: ObjCBool = false
        // Asked after the failure, for the words only: the read itself never checks first.
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) { return noSuchFile }
        if isFolder.boolValue { return "it is a folder, not a file: name a file in it" }
        let cocoa = error as? CocoaError
        if cocoa?.code == .fileReadNoPermission || (cocoa?.underlying as? POSIXError)?.code == .EACCES {
            return "no permission to read it: check its permissions"
        }
        if let posix = cocoa?.underlying as? POSIXError { return posix.localizedDescription }
        return (error as NSError).localizedDescription
    }
}

/// The operating system's file system, through POSIX calls.
public struct PosixFileSystem: FileSystem {
    /// The real file system.
    public init() {}

    public func contents(of url: URL) throws -> Data? {
        do {
            return try FileContents.read(url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileNoSuchFile {
            // Read first and ask after: a check beforehand could race with a delete.
            return nil
        } catch {
            throw FileSystemError(
                .read, file: url, message: "cannot read the file: \(FileReadFailure.reason(error, reading: url))", underlying: error)
        }
    }

    public func createTemporaryFile(besides destination: URL) throws -> URL {
        let (url, descriptor) = try POSIXFile.createTemporary(besides: destination)
        close(descriptor)
        return url
    }

    public func write(_ data: Data, toTemporaryFile file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXFile.error("open", file) }
        defer { close(descriptor) }
        // An untyped closure: a typed-throws one crashes the 6.3.1 compiler in `withUnsafeBytes`.
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws in
            try POSIXFile.write(buffer, to: descriptor, file: file)
        }
        guard fsync(descriptor) == 0 else { throw POSIXFile.error("fsync", file) }
    }

    public func replace(_ destination: URL, withTemporaryFile file: URL) throws {
        try POSIXFile.install(file, over: destination)
    }

    @discardableResult
    public func removeFile(at url: URL) throws -> Bool {
        if unlink(url.path) == 0 { return true }
        if errno == ENOENT { return false }
        throw POSIXFile.error("unlink", url, operation: .delete)
    }

    public func files(in folder: URL) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        } catch {
            throw FileSystemError(.read, file: folder, message: "cannot list the folder: \(error.localizedDescription)", underlying: error)
        }
    }

    public func createFolder(at folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileSystemError(.write, file: folder, message: "cannot create the folder: \(error.localizedDescription)", underlying: error)
        }
    }
}

// MARK: - Streaming

/// An atomic write whose bytes arrive in pieces (`CSVWriter(fileAt:)`): the same temporary
/// file, `fsync`, rename and folder `fsync` as ``FileSystem/writeAtomically(_:to:)``.
///
/// ``commit()`` puts the file in place; ``abandon()`` (or dropping an uncommitted writer)
/// removes the temporary file and leaves the destination untouched.
package final class AtomicFileWriter {
    /// The file that is replaced, with symbolic links resolved.
    package let destination: URL
    private let temporary: URL
    private var descriptor: Int32

    /// Creates the temporary file beside `destination`.
    package init(replacing destination: URL) throws(FileSystemError) {
        self.destination = destination.resolvingSymlinksInPath()
        (temporary, descriptor) = try POSIXFile.createTemporary(besides: self.destination)
    }

    deinit { abandon() }

    /// Appends `bytes` to the temporary file.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(FileSystemError) {
        guard descriptor >= 0 else { throw FileSystemError(.write, file: destination, message: "the write is already finished") }
        try POSIXFile.write(bytes, to: descriptor, file: temporary)
    }

    /// Flushes the temporary file and renames it over the destination.
    package func commit() throws(FileSystemError) {
        guard descriptor >= 0 else { throw FileSystemError(.write, file: destination, message: "the write is already finished") }
        let synced = fsync(descriptor) == 0
        let failure = synced ? nil : POSIXFile.error("fsync", temporary)
        close(descriptor)
        descriptor = -1
        do throws(FileSystemError) {
            if let failure { throw failure }
            try POSIXFile.install(temporary, over: destination)
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Closes and removes the temporary file; the destination stays as it was.
    package func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary.path)
    }
}

// MARK: - The POSIX steps

/// The steps of an atomic write, shared by ``PosixFileSystem`` and ``AtomicFileWriter``.
enum POSIXFile {
    /// A new file beside `destination` named `.NAME.UUID.tmp`, open for writing.
    static func createTemporary(besides destination: URL) throws(FileSystemError) -> (URL, Int32) {
        let folder = destination.deletingLastPathComponent()
        // Unique across processes and tasks: two writers never share a temporary file. The
        // destination's name is cut to 150 bytes so that a legal long name (up to 255 bytes)
        // still leaves room for the suffix.
        let base = String(decoding: destination.lastPathComponent.utf8.prefix(150), as: UTF8.self)
        let url = folder.appendingPathComponent(".\(base).\(UUID().uuidString).tmp")
        // A new file gets 0666 narrowed by the umask, as any other new file would. A file that
        // replaces one starts private and owner-writable; it takes the old file's permissions
        // just before the rename (`install`), so a read-only destination can still be replaced.
        var existing = stat()
        let mode: mode_t = stat(destination.path, &existing) == 0 ? 0o600 : 0o666
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw creationError(url) }
        return (url, descriptor)
    }

    /// Why no file can be made in the folder of `url`, and what to do, from `errno` after `open`.
    private static func creationError(_ url: URL) -> FileSystemError {
        let code = errno
        let advice: String? =
            switch code {
            case ENOENT: "its folder does not exist: create it first (mkdir -p), or write somewhere else"
            case ENOTDIR: "a part of its path is not a folder: check the path"
            case EACCES, EPERM: "no permission to create files in its folder: write somewhere else, or change the folder's permissions"
            case EROFS: "its folder is on a read-only file system: write somewhere else"
            case ENOSPC, EDQUOT: "no space left on the device: free some, or write somewhere else"
            default: nil
            }
        guard let advice else { return error("open", url) }
        return FileSystemError(.write, file: url, message: "\(advice) (\(String(cString: strerror(code))), errno \(code))")
    }

    /// Writes every byte of `buffer`, retrying after a signal.
    static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, file: URL) throws(FileSystemError) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw error("write", file)
            }
            offset += written
        }
    }

    /// Gives `file` the mode of the file it replaces, renames it over `destination` and syncs
    /// the folder so the rename itself is durable.
    static func install(_ file: URL, over destination: URL) throws(FileSystemError) {
        var existing = stat()
        if stat(destination.path, &existing) == 0, chmod(file.path, existing.st_mode & 0o7777) != 0 {
            throw error("chmod", file)
        }
        guard rename(file.path, destination.path) == 0 else { throw error("rename", destination) }
        // A folder that cannot be opened or synced is not an error: the rename has happened.
        let folder = open(destination.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    /// The error for a failed system call, with `errno`'s text.
    static func error(_ call: String, _ url: URL, operation: FileSystemError.Operation = .write) -> FileSystemError {
        let code = errno
        return FileSystemError(operation, file: url, message: "\(call) failed: \(String(cString: strerror(code))) (errno \(code))")
    }
}

/// `write(2)`, named apart from ``FileSystem/write(_:toTemporaryFile:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
