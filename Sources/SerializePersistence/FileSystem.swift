/// The file-system primitives persistence is built on, and the atomic write made of them.

public import Foundation

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The file operations persistence needs, as a seam: ``PosixFileSystem`` is the real one, and a
/// test can wrap it to make a step fail halfway (a full disk, a killed process).
///
/// An atomic write (``FileSystem/writeAtomically(_:to:)``) is made of these steps: create a
/// temporary file beside the destination, write and flush it, rename it over the destination.
/// If any step fails the temporary file is removed and the destination is untouched.
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
public func isTemporaryFileName(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(".tmp")
}

extension FileSystem {
    /// Writes `data` to `destination` atomically: readers see the old file or the new one,
    /// never a mix, and a failure at any step leaves the old file as it was.
    ///
    /// The steps are: a temporary file in the destination's folder (a rename is only atomic
    /// within one file system), write, `fsync`, rename, then `fsync` of the folder where the
    /// platform allows it. On failure the temporary file is removed.
    ///
    /// - Throws: ``PersistenceError`` of kind ``PersistenceError/Kind/writeFailed`` naming the file.
    public func writeAtomically(_ data: Data, to destination: URL) throws {
        // Through a symbolic link, replace the file it points to, not the link.
        let destination = destination.resolvingSymlinksInPath()
        let temporary: URL
        do {
            temporary = try createTemporaryFile(besides: destination)
        } catch {
            throw PersistenceError(
                .writeFailed, file: destination,
                message: "cannot create a temporary file beside it: \(describe(error))", underlying: error)
        }
        do {
            try write(data, toTemporaryFile: temporary)
            try replace(destination, withTemporaryFile: temporary)
        } catch {
            _ = try? removeFile(at: temporary)
            throw PersistenceError(
                .writeFailed, file: destination,
                message: "cannot write the file; it is unchanged: \(describe(error))", underlying: error)
        }
    }
}

/// The text of an error, preferring a `POSIXError`'s own description.
func describe(_ error: any Error) -> String {
    if let error = error as? PersistenceError { return error.message }
    return String(describing: error)
}

/// The operating system's file system, through POSIX calls.
public struct PosixFileSystem: FileSystem {
    public init() {}

    public func contents(of url: URL) throws -> Data? {
        do {
            return try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileNoSuchFile {
            // Read first and ask after: a check beforehand could race with a delete.
            return nil
        } catch {
            throw PersistenceError(.readFailed, file: url, message: "cannot read the file: \(error.localizedDescription)",
                                   underlying: error)
        }
    }

    public func createTemporaryFile(besides destination: URL) throws -> URL {
        let folder = destination.deletingLastPathComponent()
        // Unique across processes and tasks: two writers never share a temporary file. The
        // destination's name is cut to 150 bytes so that a legal long name (up to 255 bytes)
        // still leaves room for the suffix.
        let base = String(decoding: destination.lastPathComponent.utf8.prefix(150), as: UTF8.self)
        let url = folder.appendingPathComponent(".\(base).\(UUID().uuidString).tmp")
        // A new file gets 0666 narrowed by the umask, as any other new file would. A file that
        // replaces one starts private and owner-writable; it takes the old file's permissions
        // just before the rename (`replace(_:withTemporaryFile:)`), so a read-only destination
        // can still be replaced.
        var existing = stat()
        let mode: mode_t = stat(destination.path, &existing) == 0 ? 0o600 : 0o666
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Self.posixError("open", url) }
        close(descriptor)
        return url
    }

    public func write(_ data: Data, toTemporaryFile file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.posixError("open", file) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Self.posixError("write", file)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw Self.posixError("fsync", file) }
    }

    public func replace(_ destination: URL, withTemporaryFile file: URL) throws {
        // A file being replaced keeps its permissions.
        var existing = stat()
        if stat(destination.path, &existing) == 0, chmod(file.path, existing.st_mode & 0o7777) != 0 {
            throw Self.posixError("chmod", file)
        }
        guard rename(file.path, destination.path) == 0 else { throw Self.posixError("rename", destination) }
        // Make the rename itself durable; a folder that cannot be opened or synced is not an error.
        let folder = open(destination.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    @discardableResult
    public func removeFile(at url: URL) throws -> Bool {
        if unlink(url.path) == 0 { return true }
        if errno == ENOENT { return false }
        throw Self.posixError("unlink", url, kind: .deleteFailed)
    }

    public func files(in folder: URL) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        } catch {
            throw PersistenceError(.readFailed, file: folder, message: "cannot list the folder: \(error.localizedDescription)",
                                   underlying: error)
        }
    }

    public func createFolder(at folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw PersistenceError(.writeFailed, file: folder, message: "cannot create the folder: \(error.localizedDescription)",
                                   underlying: error)
        }
    }

    private static func posixError(_ call: String, _ url: URL, kind: PersistenceError.Kind = .writeFailed)
        -> PersistenceError
    {
        let code = errno
        let text = String(cString: strerror(code))
        return PersistenceError(kind, file: url, message: "\(call) failed: \(text) (errno \(code))")
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
