import Foundation
import Testing
@testable import SerializeCommands

@Suite struct ProgressLineTests {
    /// One file: its size and the time until the reader reports, then bytes, rate and time left.
    @Test(arguments: [
        (0, 97_300_000, 3.2, "converting big.plist (97.3 MB): 3.2 s"),
        (12_100_000, 97_300_000, 0.5, "converting big.plist: 12.1 of 97.3 MB, 24.2 MB/s, 4 s left"),
        (35_000_000, 97_300_000, 1.0, "converting big.plist: 35.0 of 97.3 MB, 35.0 MB/s, 2 s left"),
        (97_300_000, 97_300_000, 2.0, "converting big.plist: 97.3 of 97.3 MB, 48.6 MB/s, 0 s left"),
        (1_000_000, 2_000_000, 0, "converting big.plist: 1.0 of 2.0 MB"),
    ])
    func oneFileShowsBytesRateAndTimeLeft(_ read: Int, _ bytes: Int, _ elapsed: Double, _ expected: String) {
        #expect(ProgressLine.fileText("converting", "big.plist", read: read, of: bytes, elapsed: elapsed) == expected)
    }

    /// What the reader reports reaches the ticking line.
    @Test func theTickerDrawsTheBytesRead() async throws {
        let drawn = Lines()
        let line = try #require(ProgressLine(quiet: false, isTerminal: true, delay: 0) { drawn.append($0) })
        line.tick { ProgressLine.fileText("editing", "a.plist", read: $1, of: 4_000_000, elapsed: $0) }
        line.read(1_000_000)
        for _ in 0..<50 where !drawn.all.contains(where: { $0.contains("1.0 of 4.0 MB") }) {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        line.finish()
        #expect(drawn.all.contains { $0.hasPrefix("\rediting a.plist: 1.0 of 4.0 MB, ") && $0.contains(" s left") })
        #expect(drawn.all.last == "\r\u{1B}[K")
    }
}
