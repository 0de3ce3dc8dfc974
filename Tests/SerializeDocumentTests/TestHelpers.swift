import Foundation
import Testing
import SerializeCore
@testable import SerializeDocument

/// Reads JSON text, recording an issue at the caller on failure.
func readJSON(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Document? {
    do {
        return try JSONReader().read(Data(text.utf8))
    } catch {
        Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The error reading `bytes` throws, recording an issue when it does not throw.
func readingError(
    _ bytes: Data, with read: (Data) throws(Diagnostic) -> Document, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Diagnostic? {
    do {
        let document = try read(bytes)
        Issue.record("expected an error, read \(document)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The compact JSON text of a document.
func compactJSON(_ document: Document, options: FormatOptions = FormatOptions(pretty: false)) throws -> String {
    String(decoding: try JSONWriter(options: options).write(document), as: UTF8.self)
}
