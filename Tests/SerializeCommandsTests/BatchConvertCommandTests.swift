import ArgumentParser
import Foundation
import Testing
import TestSupport
@testable import SerializeCommands
@testable import SerializeDocument

@Suite struct BatchConvertCommandTests {
    @Test func batchFlagsParseAndNeedTheirPartners() throws {
        let command = try #require(
            try Serialize.parseAsRoot(["convert", "a.json", "b.plist", "dir", "--to", "csv", "--out-dir", "out", "-r", "--jobs", "3"])
                as? Serialize.Convert)
        #expect(command.files == ["a.json", "b.plist", "dir"] && command.outDir == "out" && command.recursive && command.jobs == 3)
        for arguments in [
            ["convert", "a.json", "--out-dir", "out"],  // no --to
            ["convert", "a.json", "b.json", "c.json"],  // several files, no --out-dir
            ["convert", "a.json", "b.json", "-r"],  // -r without --out-dir
            ["convert", "a.json", "--to", "json", "--out-dir", "out", "--jobs", "0"],
        ] {
            #expect(throws: (any Error).self, "\(arguments)") { try Serialize.parseAsRoot(arguments) }
        }
    }

    /// Two good files, a broken one and a name collision: the good ones are converted, the
    /// broken one is reported with its location, the summary says so, the status is non-zero.
    @Test func partialFailureReportsAndExitsNonZero() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("{\"a\": 1}".utf8).write(to: input.appendingPathComponent("a.json"))
        try Data("[{\"x\": 1}]".utf8).write(to: input.appendingPathComponent("sub/a.json"))
        try Data("{\"a\": ".utf8).write(to: input.appendingPathComponent("bad.json"))
        let out = folder.appendingPathComponent("out")
        let run = try BuiltTool.run(["convert", input.path, "-r", "--to", "xml", "--out-dir", out.path, "--jobs", "2"])
        #expect(run.status == 65)
        #expect(run.standardError.contains("bad.json:1:7: error:"))
        #expect(run.standardError.contains("converted 2 of 3 files into \(out.path); 1 failed"))
        let written = try FileManager.default.subpathsOfDirectory(atPath: out.path).sorted()
        #expect(written == ["a.plist", "sub", "sub/a.plist"])
        #expect(try Format.xmlPlist.read(Data(contentsOf: out.appendingPathComponent("a.plist"))) == ["a": 1])
        // Files named directly: a.json and a.plist both → a.csv would collide; each keeps its extension.
        try Data("[{\"k\": \"j\"}]".utf8).write(to: folder.appendingPathComponent("a.json"))
        try Format.xmlPlist.write([["k": "p"]]).write(to: folder.appendingPathComponent("a.plist"))
        let named = try BuiltTool.run([
            "convert", folder.appendingPathComponent("a.json").path, folder.appendingPathComponent("a.plist").path, "--to", "csv",
            "--out-dir", out.path, "--quiet",
        ])
        #expect(named.status == 0, "\(named.standardError)")
        #expect(named.standardError.isEmpty)
        #expect(try String(contentsOf: out.appendingPathComponent("a.json.csv"), encoding: .utf8) == "k\r\nj\r\n")
        #expect(try String(contentsOf: out.appendingPathComponent("a.plist.csv"), encoding: .utf8) == "k\r\np\r\n")
    }

    /// A batch reads each CSV file as `convert` reads it alone: in the dialect its bytes show
    /// (semicolons, Latin-1, a preamble), with sniffing's notes on standard error; with a dialect
    /// flag (which needs --from csv), in that dialect. Before, a batch read every .csv as RFC
    /// 4180 and refused the file one `convert` had read.
    @Test func csvFilesAreSniffedAsOneConvertSniffsThem() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("name;price\nTea;1,50\n".utf8).write(to: folder.appendingPathComponent("semi.csv"))
        try Data(Array("name\nM".utf8) + [0xE1] + Array("laga\n".utf8)).write(to: folder.appendingPathComponent("latin.csv"))
        try Data("Report\nname,n\nAda,1\n".utf8).write(to: folder.appendingPathComponent("report.csv"))
        let out = folder.appendingPathComponent("out")
        let run = try BuiltTool.run(["convert", "semi.csv", "latin.csv", "report.csv", "--to", "json", "--out-dir", out.path, "--jobs", "1"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        for name in ["semi", "latin", "report"] {
            let alone = try BuiltTool.run(["convert", "\(name).csv", "-"], in: folder)
            #expect(try String(contentsOf: out.appendingPathComponent("\(name).json"), encoding: .utf8) == alone.standardOutput, "\(name)")
        }
        #expect(try Format.json.read(Data(contentsOf: out.appendingPathComponent("semi.json"))) == [["name": "Tea", "price": "1,50"]])
        #expect(run.standardError.contains("latin.csv: note: the input is not UTF-8; read as latin1"))
        #expect(run.standardError.contains("report.csv: note: skipped the first line as a preamble before the table: \"Report\""))
        // A stated dialect is the dialect: every file is read in it.
        let stated = try BuiltTool.run(["convert", "semi.csv", "--from", "csv", "--delimiter", ",", "--to", "json", "--out-dir", out.path], in: folder)
        #expect(stated.status == 65 && stated.standardError.contains("semi.csv:2:7: error: row has 2 fields but the header names 1 column"))
    }

    /// Standard error is a pipe here, not a terminal: even with the delay at zero, no progress
    /// line is drawn (no carriage return, no clear-line escape, no "files," counter).
    @Test func progressIsSilentWhenStandardErrorIsNotATerminal() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = try smallFiles(8, in: folder)
        let batch = try BuiltTool.run(["convert"] + inputs + ["--to", "binary", "--out-dir", folder.appendingPathComponent("out").path, "--progress-after", "0"])
        #expect(batch.status == 0)
        #expect(batch.standardError == "converted 8 of 8 files into \(folder.appendingPathComponent("out").path)\n")
        let single = try BuiltTool.run(["convert", inputs[0], folder.appendingPathComponent("one.plist").path, "--progress-after", "0"])
        let edit = try BuiltTool.run(["insert", inputs[1], "k", "v", "--progress-after", "0"])
        for run in [batch, single, edit] {
            #expect(!run.standardError.contains("\r") && !run.standardError.contains("\u{1B}[K") && !run.standardError.contains("files,"))
        }
        #expect(single.standardError.isEmpty && edit.standardError.isEmpty)
    }

    /// The other side, end to end: under `script`, standard error is a terminal and the line appears.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script(1) is not installed to give a terminal"))
    func progressAppearsOnATerminal() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = try smallFiles(3, in: folder)
        let command = ([BuiltTool.executable.path, "convert"] + inputs + ["--to", "xml", "--out-dir", folder.appendingPathComponent("out").path, "--progress-after", "0"])
            .map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qc", command, "/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.contains("\r3/3 files, "), "\(text.debugDescription)")
        #expect(text.contains("converted 3 of 3 files"))
    }

    /// The line itself: drawn on a terminal once the delay has passed, never when quiet or not a
    /// terminal, and cleared at the end.
    @Test func progressLineDrawsOnlyOnATerminal() {
        let drawn = Lines()
        #expect(ProgressLine(quiet: false, isTerminal: false, delay: 0) { drawn.append($0) } == nil)
        #expect(ProgressLine(quiet: true, isTerminal: true, delay: 0) { drawn.append($0) } == nil)
        let late = ProgressLine(quiet: false, isTerminal: true, delay: 3600) { drawn.append($0) }
        late?.update("early")
        late?.finish()
        #expect(drawn.all.isEmpty)
        let line = ProgressLine(quiet: false, isTerminal: true, delay: 0) { drawn.append($0) }
        let progress = BatchConversion.Progress(filesDone: 3, filesFailed: 1, filesTotal: 10, bytesDone: 2_000_000, bytesTotal: 10_000_000)
        line?.update(ProgressLine.batchText(progress, elapsed: 2))
        line?.finish()
        #expect(drawn.all == ["\r3/10 files, 2.0 of 10.0 MB, 1.0 MB/s, 8 s left, 1 failed\u{1B}[K", "\r\u{1B}[K"])
    }
}

/// `count` small JSON files `f0.json`, `f1.json`, … in `folder`; their paths.
private func smallFiles(_ count: Int, in folder: URL) throws -> [String] {
    try (0..<count).map { index in
        let url = folder.appendingPathComponent("f\(index).json")
        try Data("{\"i\": \(index)}".utf8).write(to: url)
        return url.path
    }
}

/// What a progress line wrote.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
