/// A property list's `inspect` summary: ``SerializeDocument/DocumentSummary`` of the report.

import SerializeCore
public import SerializeDocument

extension DocumentSummary {
    /// Summarizes the inspector's `report`: its format, size, value (when it read) and findings,
    /// keeping the `limit` largest values.
    public init(_ report: PlistReport, limit: Int = 5) {
        self.init(
            format: report.format.description, size: report.size, document: report.document,
            errors: report.findings.count { $0.severity == .error },
            warnings: report.findings.count { $0.severity == .warning },
            limit: limit)
    }
}

/// The summary of a property list, now ``SerializeDocument/DocumentSummary`` for every format.
/// Its `format` is now the format's name (`"XML property list"`), not a `PlistFormat`: code that
/// compared it with `.xml` compares it with `PlistFormat.xml.description`.
@available(*, deprecated, renamed: "DocumentSummary")
public typealias PlistSummary = DocumentSummary
