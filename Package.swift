// swift-tools-version: 6.1
//
// serialize: move data between JSON, property lists (XML and binary) and CSV.
//
// The targets follow the pipeline bytes ⇄ value tree ⇄ Codable, one job per module
// (arrows point from a module to those built on it; the main edges only):
//
//   CLibXML2 ─► SerializeXML ───────────────┐
//   SerializeCoding ─► SerializeCSV ────────┴─► SerializeDocument ─┬─► PlistInspector
//          │                                                        ├─► SerializePersistence ─► SerializeTesting
//          └─► SerializeModels                                      └─► SerializeCommands ─► serialize (CLI)
//
// SerializeCommands depends on every library (each verb uses one); SerializeCLI is its @main.

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
        // The libxml2 wrapper, a product so the lint benchmark can measure bare libxml2 beside it.
        .library(name: "SerializeXML", targets: ["SerializeXML"]),
        .library(name: "SerializePersistence", targets: ["SerializePersistence"]),
        // The round-trip harness users import in their own test targets.
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
                "SerializeCoding",
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
                "SerializeDocument",
                "SerializeXML",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SerializePersistence",
            dependencies: ["SerializeCore", "SerializeDocument", "SerializeCSV", "SerializeCoding"],
            swiftSettings: swiftSettings
        ),

        // MARK: - Round-trip harness

        .target(
            name: "SerializeTesting",
            dependencies: [
                "SerializeCore",
                "SerializeCoding",
                "SerializeDocument",
                "SerializeCSV",
                "SerializePersistence",
                .product(name: "OrderedCollections", package: "swift-collections"),
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
                "SerializePersistence",
                "SerializeTesting",
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
                "SerializeCoding", "SerializeCSV", "SerializeDocument", "SerializeTesting", "TestSupport",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializeModelsTests",
            dependencies: [
                "SerializeModels", "SerializeCoding", "TestSupport",
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
            dependencies: ["PlistInspector", "SerializeDocument", "SerializeXML", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializePersistenceTests",
            dependencies: [
                "SerializePersistence", "SerializeModels", "SerializeCoding", "TestSupport",
                // The CSV agreement tests: convert (SerializeDocument), the coder, persistence.
                "SerializeCore", "SerializeDocument", "SerializeCSV",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializeTestingTests",
            dependencies: [
                "SerializeTesting", "SerializeModels", "SerializeCoding", "SerializeDocument", "SerializePersistence", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SerializeCommandsTests",
            dependencies: [
                "SerializeCommands", "SerializeCLI", "SerializeDocument", "SerializePersistence", "SerializeTesting", "TestSupport",
                // The edit verbs' tests build value paths.
                "SerializeCore",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
