// swift-tools-version: 6.1
//
// serialize's libFuzzer targets, in their own package so `swift test` at the root never builds
// them. Build and run from the repository root with `bash Fuzz/run.sh` (see Fuzz/README.md):
//
//     swift build --package-path Fuzz --scratch-path Fuzz/.build -c release \
//         -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// One executable per reader, plus differential targets; each calls only the public API.

import PackageDescription

/// The root package's identity: SwiftPM names a path dependency after its folder, which is
/// `serialize` in a normal checkout but whatever a CI clone or a worktree is called elsewhere.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "serialize")

/// A fuzz target: `Targets/<name>/<name>.swift`, defining `<name>_main` and `LLVMFuzzerTestOneInput`.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: root) },
        path: "Targets/\(name)")
}

let package = Package(
    name: "serialize-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        // Declares libFuzzer's LLVMFuzzerRunDriver, which has no header of its own.
        .target(name: "CFuzzerDriver"),
        // The driver, exact-scalar document comparison and the known-open-bug filters.
        .target(
            name: "FuzzSupport",
            dependencies: ["CFuzzerDriver", .product(name: "SerializeDocument", package: root)]),

        // Readers.
        fuzzTarget("FuzzJSON", ["SerializeCore", "SerializeDocument"]),
        fuzzTarget("FuzzXMLPlist", ["SerializeDocument"]),
        fuzzTarget("FuzzBinaryPlist", ["SerializeDocument"]),
        fuzzTarget("FuzzCSV", ["SerializeDocument", "SerializeCSV"]),
        fuzzTarget("FuzzCSVInfer", ["SerializeDocument"]),
        fuzzTarget("FuzzPlistLint", ["PlistInspector"]),
        fuzzTarget("FuzzModels", ["SerializeModels", "SerializeDocument", "SerializePersistence", "SerializeCodable"]),

        // Differential: a disagreement traps, so libFuzzer records the input.
        fuzzTarget("FuzzRoundTrip", ["SerializeDocument"]),
        fuzzTarget("FuzzStreamTree", ["SerializeDocument"]),
        fuzzTarget("FuzzCSVRoundTrip", ["SerializeDocument"]),
        fuzzTarget("FuzzCSVStream", ["SerializeCore", "SerializeDocument", "SerializeCSV"]),
        fuzzTarget("FuzzCSVCoder", ["SerializeCSV"]),
        fuzzTarget("FuzzEdit", ["SerializeDocument"]),
        fuzzTarget("FuzzXMLScan", ["SerializeCore", "SerializeDocument", "PlistInspector"]),
    ]
)
