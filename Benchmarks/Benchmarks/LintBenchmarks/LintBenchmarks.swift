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
    /// At least `megabytes` MB of XML plist, the same bytes on every run.
    static func data(megabytes: Int) -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>items</key>
            \t<array>

            """
        var index = 0
        while text.utf8.count < megabytes * 1_000_000 {
            text += """
                \t\t<dict>
                \t\t\t<key>id</key>
                \t\t\t<integer>\(index)</integer>
                \t\t\t<key>name</key>
                \t\t\t<string>Item \(index) &amp; friends, with a longer description</string>
                \t\t\t<key>price</key>
                \t\t\t<real>\(index).25</real>
                \t\t\t<key>created</key>
                \t\t\t<date>2024-01-\(10 + index % 19)T08:30:00Z</date>
                \t\t\t<key>active</key>
                \t\t\t<\(index % 2 == 0 ? "true" : "false")/>
                \t\t\t<key>tags</key>
                \t\t\t<array>
                \t\t\t\t<string>alpha</string>
                \t\t\t\t<string>beta</string>
                \t\t\t</array>
                \t\t\t<key>blob</key>
                \t\t\t<data>SGVsbG8sIFdvcmxkIQ==</data>
                \t\t</dict>

                """
            index += 1
        }
        text += "\t</array>\n</dict>\n</plist>\n"
        return Data(text.utf8)
    }

    /// The URL of `name` on the PATH, if any.
    static func findExecutable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
