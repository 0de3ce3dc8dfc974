// Linting a large XML plist, side by side with plutil -lint and a bare libxml2 parse.
// Filled in by the inspector work; see Benchmarks/README.md.
import Benchmark
import PlistInspector

let benchmarks: @Sendable () -> Void = {
    Benchmark("PlistFinding description") { benchmark in
        let finding = PlistFinding(severity: .error, location: .text(line: 1, column: 2), keyPath: "root", message: "m")
        for _ in benchmark.scaledIterations {
            blackHole(finding.description)
        }
    }
}
