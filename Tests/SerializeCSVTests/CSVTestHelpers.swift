import Foundation
import SerializeCore
import Testing
@testable import SerializeCSV

/// Reads `text` with `configuration` and returns header and rows, recording any error.
func readAll(
    _ text: String, _ configuration: CSVReader.Configuration = .init(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> (header: [String]?, rows: [[String]])? {
    do {
        let reader = try CSVReader(string: text, configuration: configuration)
        return (reader.header, try reader.readAllRows())
    } catch {
        Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The error reading `text` throws, or an issue when it throws none.
func readError(
    _ text: String, _ configuration: CSVReader.Configuration = .init(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Diagnostic? {
    do {
        let reader = try CSVReader(string: text, configuration: configuration)
        _ = try reader.readAllRows()
        Issue.record("expected an error reading \(text.debugDescription)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// A temporary folder removed at the end of `body`.
func withTemporaryFolder<R>(_ body: (URL) throws -> R) throws -> R {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("csv-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// Writes `rows` with `configuration` into memory and returns the text.
func written(_ rows: [[String]], _ configuration: CSVWriter.Configuration = .init()) throws -> String {
    let writer = CSVWriter(configuration: configuration)
    try writer.write(rows: rows)
    try writer.finish()
    return String(decoding: writer.data, as: UTF8.self)
}
