/// Every library product imported into one file, as a user's test target would: the main type
/// of each is used unqualified, so a name two products share (or a type named like its module)
/// fails to compile here.

import Foundation
import PlistInspector
import SerializeCSV
import SerializeCoding
import SerializeCore
import SerializeDocument
import SerializeModels
import SerializePersistence
import SerializeRoundTrip
import SerializeTesting
import SerializeXML
import Testing

@Suite struct ProductImportTests {
    /// A model (SerializeModels) holding an `Either` (SerializeCoding), saved by `Persistence`
    /// (SerializePersistence) in the `Format` its file name names (SerializeDocument), reads back
    /// through the harness's `RoundTripFormat` (SerializeRoundTrip) to the same value.
    @Test func persistenceAndTheHarnessShareFormats() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ProductImportTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let settings = SettingsFile(settings: [
            Setting(name: "volume", value: .right(0.5), override: .left(nil)),
            Setting(name: "retries", value: Either.left(3)),
        ])
        let options = FormatOptions(pretty: false)
        for name in ["settings.json", "settings.plist"] {
            let url = folder.appendingPathComponent(name)
            try Persistence(options: options).save(settings, to: url)
            let format: Format = try #require(Format(fileExtension: url.pathExtension))
            let bytes = try Data(contentsOf: url)
            let harness = RoundTripFormat(format, options: options)
            #expect(try harness.decode(SettingsFile.self, from: bytes) == settings, "\(name)")
            #expect(try harness.encode(settings) == bytes, "\(name): the harness writes what persistence wrote")
        }
    }

    /// `CSVEncoder` output decodes through `CSVDecoder` (SerializeCSV), and converts to JSON
    /// whose value a `ValuePath` (SerializeCore) finds.
    @Test func csvCodersAndPaths() throws {
        struct Row: Codable, Equatable {
            var name: String
            var tags: [String]
        }
        let rows = [Row(name: "a", tags: ["x", "y"]), Row(name: "b", tags: ["z", "w"])]
        let csv = try CSVEncoder().encode(rows)
        #expect(try CSVDecoder().decode([Row].self, from: csv) == rows)

        let json = try Format.csv.convert(csv, to: .json)
        let path = try ValuePath(validating: "$[1].tags[0]")
        #expect(try Format.json.read(json).value(at: path) == "z")
        #expect(path.description == "$[1].tags[0]")
    }

    /// A reader's `Diagnostic` carries an `InputLocation` that renders as `line:column`, and
    /// the inspector's `PlistLinter` and bare libxml2 (SerializeXML's `LibXML2`) agree on a
    /// well-formed plist.
    @Test func diagnosticsAndTheLinter() throws {
        let error = try #require(throws: Diagnostic.self) { try Format.json.read(Data("{\"a\": [1,\n  }".utf8)) }
        let location: InputLocation = try #require(error.location)
        #expect(location.line == 2)
        #expect(location.description == "2:\(location.column ?? 0)")
        #expect(error.description.hasPrefix("2:\(location.column ?? 0): error: "))

        let plist = try Format.xmlPlist.write(["name": "a", "count": 3])
        let report = PlistLinter().lint(plist)
        #expect(report.isClean)
        #expect(report.format == .xml)
        #expect(LibXML2.parseOnly(plist))

        // Testing's SourceLocation, beside SerializeCore's InputLocation: no ambiguity.
        let here: SourceLocation = #_sourceLocation
        #expect(here.fileName == "ProductImportTests.swift")
    }
}
