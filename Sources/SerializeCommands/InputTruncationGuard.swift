/// What `serialize` does when an input file shrinks while it is being read.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The converter maps its input file (SerializeDocument's `MappedFile`) rather than copying it.
/// If another program truncates that file mid-conversion, the kernel raises `SIGBUS` at the first
/// page past the new end. Installed by the `serialize` executable, this guard turns that into one
/// error line on standard error and exit status 74 (`EX_IOERR`) instead of a crash report. The
/// output file is not replaced: it was being written to a temporary file beside it (a
/// `.NAME.tmp` left behind, which `--out-dir` runs skip); output to standard output may have
/// been partly written.
public enum InputTruncationGuard {
    /// The exit status after an input shrank.
    public static let status: Int32 = 74

    /// The line the handler writes, allocated before the handler is installed: a signal handler
    /// must not allocate.
    nonisolated(unsafe) private static var line = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

    /// Installs the `SIGBUS` handler. Call once, at start-up.
    public static func install() {
        let text = Array(("serialize: error: an input file became shorter while it was being read (another program changed it); "
            + "the output was not replaced: run the command again once the file is complete\n").utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        _ = buffer.initialize(from: text)
        line = buffer
        signal(SIGBUS) { _ in
            let line = InputTruncationGuard.line
            _ = write(2, line.baseAddress, line.count)
            _exit(InputTruncationGuard.status)
        }
    }
}
