// Linting a large XML plist, side by side with a bare libxml2 parse and with `plutil -lint`.
// The input (≥ 50 MB) is generated here, never committed. See Benchmarks/README.md.
import Benchmark
import Foundation
import PlistInspector
import SerializeXML

let benchmarks: @Sendable () -> Void = {
    let input = LintInput.data(megabytes: 50)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(60),
        maxIterations: 5
    )

    Benchmark("lint \(input.count / 1_000_000) MB XML plist: PlistLinter", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let report = PlistLinter().lint(input, keepingValues: false)
            precondition(report.findings.isEmpty, "the generated plist should be clean")
            blackHole(report)
        }
    }

    Benchmark("lint \(input.count / 1_000_000) MB XML plist: bare libxml2 SAX2 parse", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(LibXML2.parseOnly(input))
        }
    }

    Benchmark("lint \(input.count / 1_000_000) MB XML plist: libxml2 xmlTextReader walk", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(LibXML2.readerWalk(input))
        }
    }

    Benchmark("read \(input.count / 1_000_000) MB XML plist into a Document: XMLPlistReader", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(PlistLinter().lint(input, keepingValues: true).document)
        }
    }

    // plutil runs as a process on a temporary copy; skipped where plutil is not installed.
    if let plutil = LintInput.findExecutable("plutil") {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("serialize-lint-benchmark.plist")
        try? input.write(to: file)
        Benchmark("lint \(input.count / 1_000_000) MB XML plist: plutil -lint (process)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                let process = Process()
                process.executableURL = plutil
                process.arguments = ["-lint", file.path]
                process.standardOutput = FileHandle.nullDevice
                try? process.run()
                process.waitUntilExit()
                blackHole(process.terminationStatus)
            }
        }
    }
}

/// The generated input: a clean XML plist of records using every plist type.
enum LintInput {
    /// At least `megabytes` MB of XML plist, the same bytes on every run: written by
    /// `Benchmarks/Scripts/generate-lint-plist.py` (the one generator, which
    /// `lint-floor-compare.sh` uses too) into the temporary folder.
    static func data(megabytes: Int) -> Data {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // LintBenchmarks
            .deletingLastPathComponent()  // Benchmarks
            .deletingLastPathComponent()  // the Benchmarks package
            .appendingPathComponent("Scripts/generate-lint-plist.py")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("serialize-lint-input-\(megabytes)mb.plist")
        let process = Process()
        process.executableURL = findExecutable("python3")
        process.arguments = [script.path, file.path, String(megabytes)]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            preconditionFailure("cannot run python3 \(script.path): \(error)")
        }
        guard process.terminationStatus == 0, let data = try? Data(contentsOf: file) else {
            preconditionFailure("python3 \(script.path) failed with status \(process.terminationStatus)")
        }
        return data
    }

    /// The URL of `name` on the PATH, if any.
    static func findExecutable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
