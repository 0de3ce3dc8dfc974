/// The one-line progress display on standard error: only when standard error is a terminal,
/// only once the work has taken a while, never with `--quiet`.

public import ArgumentParser
import Foundation
import SerializeDocument

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--quiet` and when progress starts showing; shared by `convert` and the edit verbs.
public struct ProgressOptions: ParsableArguments, Sendable {
    @Flag(name: .shortAndLong, help: "Print no progress line (and no summary when everything worked).")
    var quiet = false

    /// How long work runs before the progress line appears; hidden, for tests.
    @Option(name: .customLong("progress-after"), help: .hidden)
    var progressAfter: Double = 1.0

    public init() {}

    /// The progress line for this run on standard error, or `nil` when none is to be shown.
    func line() -> ProgressLine? {
        ProgressLine(quiet: quiet, isTerminal: isatty(STDERR_FILENO) == 1, delay: progressAfter) { text in
            FileHandle.standardError.write(Data(text.utf8))
        }
    }
}

/// A line redrawn in place (`\r`, text, clear to the end of the line) on a terminal.
///
/// Nothing is drawn before `delay` has passed since the line was made, so quick work prints
/// nothing; redraws are at most ten a second. ``finish()`` clears what was drawn.
final class ProgressLine: @unchecked Sendable {
    private let start = Date()
    private let delay: TimeInterval
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    private var lastDrawn: Date?
    private var ticker: Task<Void, Never>?
    private var bytesRead = 0

    /// A line, or `nil` when `quiet` or when standard error is not a terminal: a pipe or a file
    /// gets no progress at all.
    init?(quiet: Bool, isTerminal: Bool, delay: TimeInterval, write: @escaping @Sendable (String) -> Void) {
        guard !quiet, isTerminal else { return nil }
        self.delay = delay
        self.write = write
    }

    /// Seconds since the line was made.
    var elapsed: TimeInterval { Date().timeIntervalSince(start) }

    /// Draws `text` if the delay has passed and the last redraw is a tenth of a second old.
    func update(_ text: String, force: Bool = false) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(start) >= delay else { return }
        if !force, let lastDrawn, now.timeIntervalSince(lastDrawn) < 0.1 { return }
        lastDrawn = now
        write("\r\(text)\u{1B}[K")
    }

    /// Redraws `text(elapsed, bytesRead)` five times a second until ``finish()``: for one long
    /// step, whose reader reports the bytes it has read through ``read(_:)``.
    func tick(_ text: @escaping @Sendable (TimeInterval, Int) -> String) {
        ticker = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 200_000_000)
                guard let self, !Task.isCancelled else { return }
                self.update(text(self.elapsed, self.bytesReadSoFar))
            }
        }
    }

    /// Records that `bytes` of the input are read (what `Format.convert` and `Format.edit`
    /// report about every megabyte); the next tick shows it.
    func read(_ bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        bytesRead = bytes
    }

    private var bytesReadSoFar: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytesRead
    }

    /// Stops the ticker and clears the line if anything was drawn.
    func finish() {
        ticker?.cancel()
        lock.lock()
        defer { lock.unlock() }
        if lastDrawn != nil { write("\r\u{1B}[K") }
        lastDrawn = nil
    }

    // MARK: - Texts

    /// `converting big.plist: 12.1 of 97.3 MB, 35.0 MB/s, 2 s left` for one file of `bytes`
    /// bytes of which `read` are read; before the reader has reported anything,
    /// `converting big.plist (97.3 MB): 0.3 s`.
    static func fileText(_ verb: String, _ name: String, read: Int, of bytes: Int, elapsed: TimeInterval) -> String {
        guard read > 0 else { return "\(verb) \(name) (\(megabytes(bytes)) MB): \(String(format: "%.1f", elapsed)) s" }
        return "\(verb) \(name): " + amountText(done: read, of: bytes, elapsed: elapsed)
    }

    /// `12/200 files, 54.1 of 200.0 MB, 23.4 MB/s, 6 s left, 1 failed`.
    static func batchText(_ progress: BatchConversion.Progress, elapsed: TimeInterval) -> String {
        var text = "\(progress.filesDone)/\(progress.filesTotal) files, "
        text += amountText(done: progress.bytesDone, of: progress.bytesTotal, elapsed: elapsed)
        if progress.filesFailed > 0 { text += ", \(progress.filesFailed) failed" }
        return text
    }

    /// `54.1 of 200.0 MB, 23.4 MB/s, 6 s left`: the rate and the time left once anything is done.
    private static func amountText(done: Int, of total: Int, elapsed: TimeInterval) -> String {
        var text = "\(megabytes(done)) of \(megabytes(total)) MB"
        if elapsed > 0, done > 0 {
            let rate = Double(done) / elapsed
            text += ", \(megabytes(Int(rate))) MB/s"
            let left = Double(max(total - done, 0)) / rate
            text += ", \(Int(left.rounded(.up))) s left"
        }
        return text
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_000_000)
    }
}
