/// The boundary between the CSV layer's ``Diagnostic`` and ``DocumentError``, which the rest of
/// SerializeDocument still throws: `Format.read` and `Format.write` convert here, once.
/// Delete this file when `Format` throws `Diagnostic`.

import SerializeCore

extension DocumentError {
    /// `diagnostic` as a document error: the same code (by raw value), message, place and file;
    /// the remedy becomes the hint.
    init(csv diagnostic: Diagnostic) {
        let location: Location =
            if let line = diagnostic.location?.line, let column = diagnostic.location?.column {
                .text(line: line, column: column)
            } else if let path = diagnostic.path {
                .path(path.description)
            } else {
                .unknown
            }
        self.init(
            Code(rawValue: diagnostic.code.rawValue), diagnostic.message, at: location, file: diagnostic.file,
            hint: diagnostic.remedy?.description)
    }
}

/// Runs a CSV step, turning its ``Diagnostic`` into a ``DocumentError``.
func documentError<T>(_ body: () throws(Diagnostic) -> T) throws(DocumentError) -> T {
    do {
        return try body()
    } catch {
        throw DocumentError(csv: error)
    }
}
