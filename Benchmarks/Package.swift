// swift-tools-version: 6.1
//
// serialize's benchmarks, in their own package so that `swift test` at the root never builds
// package-benchmark (it doubles the first debug build). Run from the repository root:
//
//     swift package --package-path Benchmarks benchmark
//
// The benchmark plugin only sees executable targets whose folder sits directly inside
// `Benchmarks/Benchmarks/`.

import PackageDescription

/// The root package's identity. SwiftPM names a path dependency after its folder, which is
/// `serialize` in a normal checkout but whatever a CI clone or a worktree is called elsewhere.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "serialize")

let package = Package(
    name: "serialize-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        // package-benchmark resolves only with the MallocInterposer trait (../shared/STYLE.md).
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The CSV peers, measured side by side with SerializeCSV.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "CSVBenchmarks",
            dependencies: [
                "CSVBenchmarkSupport",
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "SerializeCSV", package: root),
            ],
            path: "Benchmarks/CSVBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // The CSV workload (generated file, the same jobs for us and both peers), shared by the
        // benchmark above and a plain release-built timing runner for quick numbers and
        // `/usr/bin/time -v` peak-RSS runs.
        .target(
            name: "CSVBenchmarkSupport",
            dependencies: [
                .product(name: "SerializeCSV", package: root),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
            ],
            path: "Support/CSVBenchmarkSupport"
        ),
        .executableTarget(
            name: "CSVTiming",
            dependencies: ["CSVBenchmarkSupport", .product(name: "SerializeCSV", package: root)],
            path: "Tools/CSVTiming"
        ),
        .executableTarget(
            name: "ConvertBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "SerializeDocument", package: root),
            ],
            path: "Benchmarks/ConvertBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // serialize's Codable coder against Foundation's, side by side.
        .executableTarget(
            name: "CodableBenchmarks",
            dependencies: [
                "CodableBenchmarkSupport",
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "SerializeCodable", package: root),
                .product(name: "SerializeDocument", package: root),
                .product(name: "SerializeModels", package: root),
            ],
            path: "Benchmarks/CodableBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // The Codable workload (records, coders, encoded documents), shared by the benchmark
        // above and a timing runner that alternates the two coders round after round.
        .target(
            name: "CodableBenchmarkSupport",
            dependencies: [
                .product(name: "SerializeCodable", package: root),
                .product(name: "SerializeDocument", package: root),
                .product(name: "SerializeModels", package: root),
            ],
            path: "Support/CodableBenchmarkSupport"
        ),
        .executableTarget(
            name: "CodableTiming",
            dependencies: [
                "CodableBenchmarkSupport",
                .product(name: "SerializeCodable", package: root),
                .product(name: "SerializeDocument", package: root),
            ],
            path: "Tools/CodableTiming"
        ),
        .executableTarget(
            name: "LintBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "PlistInspector", package: root),
                .product(name: "SerializeXML", package: root),
            ],
            path: "Benchmarks/LintBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
