/// A file's bytes mapped rather than read: the converter's input, and the streamed JSON records.

import Foundation
import SerializeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only, its pages given back (`MADV_DONTNEED`) once a reader is past them,
/// so resident memory stays bounded however large the file.
final class MappedFile {
    let data: Data
    private let base: UnsafeMutableRawPointer?
    private var released = 0
    private static let step = 1 << 20

    init(_ url: URL) throws(Diagnostic) {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw Diagnostic(.io, "cannot open \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Diagnostic(.io, "cannot read \(url.path): \(String(cString: strerror(errno)))") }
        let size = Int(status.st_size)
        guard size > 0, let mapped = Self.map(descriptor, size: size) else {
            base = nil
            data = size > 0 ? ((try? FileContents.read(url)) ?? Data()) : Data()
            return
        }
        base = mapped
        data = Data(bytesNoCopy: mapped, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) })
    }

    /// The bytes of the regular file at `url`, mapped read-only; nil when it is not a regular
    /// file of at least one byte or cannot be mapped (read it instead). Reading a file into
    /// memory costs the kernel a copy and the fresh pages' zeroing (a sixth of converting the
    /// 48 MB mixed document); a mapping shares the page cache's pages.
    static func contents(of url: URL) -> Data? {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
            let mapped = map(descriptor, size: Int(status.st_size))
        else { return nil }
        return Data(bytesNoCopy: mapped, count: Int(status.st_size), deallocator: .custom { pointer, count in munmap(pointer, count) })
    }

    private static func map(_ descriptor: Int32, size: Int) -> UnsafeMutableRawPointer? {
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
        return mapped
    }

    /// Starts another pass from the beginning of the file.
    func rewind() { released = 0 }

    /// Gives back the pages before `offset` (a reader never looks back but for an error's
    /// location, which reads them from the file again).
    func release(before offset: Int) {
        guard let base, offset - released >= Self.step else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = offset / page * page
        madvise(base + released, end - released, MADV_DONTNEED)
        released = end
    }
}
