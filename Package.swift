// swift-tools-version: 6.1
//
// serialize: move data between JSON, property lists (XML and binary) and CSV.
//
// The targets follow the pipeline bytes ⇄ value tree ⇄ Codable, one job per module. Arrows point
// from a module to those built on it; SerializeCore (locations, diagnostics, value paths, date
// text, atomic files) is under every other library (SerializeModels reaches it through
// SerializeCoding), so its edges are drawn only where it is a module's one dependency below:
//
//   SerializeCore ─► SerializeCoding ─┬─► SerializeModels
//        │                            └─► SerializeCSV ──────────┐
//        └─► SerializeXML (◄─ CLibXML2) ─────────────────────────┴─► SerializeDocument
//
//   SerializeDocument ─┬─► PlistInspector
//                      └─► SerializeCodable ─► SerializePersistence (+ SerializeCSV, SerializeCoding) ─► SerializeRoundTrip
//
//   SerializeRoundTrip ─► SerializeTesting (◄─ Testing, PropertyBased)
//
// SerializeCommands (the verbs) builds on SerializeDocument, PlistInspector, SerializeRoundTrip,
// SerializeModels, SerializeCoding and SerializeCore; SerializeCLI is its @main, built as the
// `serialize` executable. Nothing the executable links imports Testing (or PropertyBased, which
// does): a command-line tool must not load the test framework, and there is no static Testing
// module, so `--static-swift-stdlib` builds only without it (.ci/run checks the binary).

import PackageDescription

/// Settings every Swift target shares.
let swiftSettings: [SwiftSetting] = [
    // Swift 6 language mode is the tools-version default; the upcoming features below keep
    // imports honest (a module's dependencies are not leaked to its clients by accident).
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "serialize",
    platforms: [.macOS(.v15)],
    products: [
        // What every layer shares: locations, diagnostics, value paths, date text, atomic files.
        .library(name: "SerializeCore", targets: ["SerializeCore"]),
        .library(name: "SerializeCoding", targets: ["SerializeCoding"]),
        .library(name: "SerializeModels", targets: ["SerializeModels"]),
        .library(name: "SerializeCSV", targets: ["SerializeCSV"]),
        .library(name: "SerializeDocument", targets: ["SerializeDocument"]),
        .library(name: "PlistInspector", targets: ["PlistInspector"]),
        // Codable ⇄ Document: Foundation's coder API over serialize's own readers and writers.
        .library(name: "SerializeCodable", targets: ["SerializeCodable"]),
        // The libxml2 wrapper, a product so the lint benchmark can measure bare libxml2 beside it.
        .library(name: "SerializeXML", targets: ["SerializeXML"]),
        .library(name: "SerializePersistence", targets: ["SerializePersistence"]),
        // The round-trip harness without a test framework (what `serialize roundtrip` uses).
        .library(name: "SerializeRoundTrip", targets: ["SerializeRoundTrip"]),
        // The round-trip harness users import in their own test targets: SerializeRoundTrip
        // re-exported, plus the Swift Testing helpers and the swift-property-based generators.
        .library(name: "SerializeTesting", targets: ["SerializeTesting"]),
        .executable(name: "serialize", targets: ["SerializeCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // MARK: - Codable building blocks and the shared models

        // The bottom of the graph: the one location, diagnostic, path, date text and atomic
        // writer that every reader, writer, coder and verb uses (Docs/Architecture.md).
        .target(name: "SerializeCore", swiftSettings: swiftSettings),
        .target(name: "SerializeCoding", dependencies: ["SerializeCore"], swiftSettings: swiftSettings),
        // The models use SerializeCoding's wrappers only (not SerializeCore directly).
        .target(name: "SerializeModels", dependencies: ["SerializeCoding"], swiftSettings: swiftSettings),

        // MARK: - CSV

        .target(name: "SerializeCSV", dependencies: ["SerializeCore", "SerializeCoding"], swiftSettings: swiftSettings),

        // MARK: - libxml2

        // The system library: only SerializeXML imports it, so no libxml2 type travels further.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "SerializeXML", dependencies: ["CLibXML2", "SerializeCore"], swiftSettings: swiftSettings),

        // MARK: - Documents, conversion, inspection, persistence

        .target(
            name: "SerializeDocument",
            dependencies: [
                "SerializeCore",
                "SerializeCSV",
                "SerializeXML",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PlistInspector",
            dependencies: [
                "SerializeCore",
                // XML plists come through SerializeDocument's XMLPlistReader; the inspector never
                // touches SerializeXML itself.
                "SerializeDocument",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        // Codable ⇄ Document, apart from bytes ⇄ Document (swift-foundation keeps its coders apart
        // from its scanner and writer the same way): one module, one job.
        .target(
            name: "SerializeCodable",
            dependencies: [
                "SerializeCore",
                "SerializeDocument",
                "SerializeCSV",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SerializePersistence",
            dependencies: ["SerializeCore", "SerializeDocument", "SerializeCodable", "SerializeCSV", "SerializeCoding"],
            swiftSettings: swiftSettings
        ),

        // MARK: - Round-trip harness

        // The harness proper: no Swift Testing and no PropertyBased (which imports Testing), so
        // the CLI can link it.
        .target(
            name: "SerializeRoundTrip",
            dependencies: [
                "SerializeCore",
                "SerializeCoding",
                "SerializeDocument",
                "SerializeCodable",
                "SerializeCSV",
                // The harness codes through persistence's coders (Format+Coders.swift), so its
                // formats and persistence's are the same values.
                "SerializePersistence",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        // What needs a test framework: `expectRoundTrip`/`expectCanonical` (Swift Testing) and
        // `RoundTripGen` (swift-property-based); re-exports SerializeRoundTrip.
        .target(
            name: "SerializeTesting",
            dependencies: [
                "SerializeRoundTrip",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - Command-line tool

        // The commands live in a library so tests can parse arguments without a process;
        // SerializeCLI is only the `@main` entry point, built as the `serialize` executable.
        .target(
            name: "SerializeCommands",
            dependencies: [
                "SerializeCore",
                "SerializeDocument",
                "PlistInspector",
                // The harness without Swift Testing: the executable must not link the test framework.
                "SerializeRoundTrip",
                // `roundtrip --matrix` adds a table of the shared models to the harness's own.
                "SerializeModels",
                "SerializeCoding",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "SerializeCLI",
            dependencies: [
                "SerializeCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: - Tests

        .target(
            name: "TestSupport",
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializeCoreTests",
            dependencies: [
                // The date table test reads the same texts through every module that reads dates.
                "SerializeCore", "SerializeCoding", "SerializeCSV", "SerializeDocument", "PlistInspector",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializeCodingTests",
            dependencies: [
                "SerializeCore", "SerializeCoding", "SerializeCSV", "SerializeDocument", "SerializeTesting", "TestSupport",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializeModelsTests",
            dependencies: [
                "SerializeCore", "SerializeModels", "SerializeCoding", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializeCSVTests",
            dependencies: ["SerializeCore", "SerializeCSV", "SerializeModels", "SerializeCoding", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializeDocumentTests",
            dependencies: ["SerializeCore", "SerializeDocument", "SerializeCSV", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PlistInspectorTests",
            // SerializeXML for the event parser's own tests (package API, same package).
            dependencies: ["PlistInspector", "SerializeCore", "SerializeDocument", "SerializeXML", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializePersistenceTests",
            dependencies: [
                "SerializePersistence", "SerializeModels", "SerializeCoding", "SerializeCodable", "TestSupport",
                // The CSV agreement tests: convert (SerializeDocument), the coder, persistence.
                "SerializeCore", "SerializeDocument", "SerializeCSV",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializeTestingTests",
            dependencies: [
                "SerializeTesting", "SerializeModels", "SerializeCore", "SerializeCoding", "SerializeDocument", "SerializePersistence",
                // The direct encoding path against the tree path (DirectEncodingTests);
                // `@testable import SerializeRoundTrip` for the harness's internals.
                "SerializeCodable", "SerializeRoundTrip", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializeCommandsTests",
            dependencies: [
                "SerializeCommands", "SerializeCLI", "SerializeCore", "SerializeDocument", "SerializeCodable", "SerializeTesting",
                "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // README and DocC samples, verbatim: a test checks each ```swift block is in Samples/.
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "SerializeCore", "SerializeCoding", "SerializeModels", "SerializeCSV", "SerializeDocument",
                "SerializeCodable", "PlistInspector", "SerializePersistence", "SerializeTesting",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        // One test file importing every library product at once: their public names must not
        // collide (no type named like its module, one of each main type).
        .testTarget(
            name: "ProductImportTests",
            dependencies: [
                "SerializeCore", "SerializeCoding", "SerializeModels", "SerializeCSV", "SerializeXML",
                "SerializeDocument", "PlistInspector", "SerializePersistence", "SerializeRoundTrip", "SerializeTesting",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
