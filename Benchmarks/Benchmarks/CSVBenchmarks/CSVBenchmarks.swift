// CSV reading and writing, side by side with yaslab/CSV.swift and swiftcsv/SwiftCSV.
// Filled in by the CSV coder work; see Benchmarks/README.md.
import Benchmark
import SerializeCSV

let benchmarks: @Sendable () -> Void = {
    Benchmark("CSVDialect construction") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(CSVDialect(delimiter: ";"))
        }
    }
}
