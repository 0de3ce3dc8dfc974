// Conversion between JSON and property lists, side by side with plutil and Python.
// Filled in by the convert work; see Benchmarks/README.md.
import Benchmark
import SerializeDocument

let benchmarks: @Sendable () -> Void = {
    Benchmark("Document equality") { benchmark in
        let document: Document = ["a": [1, 2, 3], "b": "text"]
        for _ in benchmark.scaledIterations {
            blackHole(document == document)
        }
    }
}
