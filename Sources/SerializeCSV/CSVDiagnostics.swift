/// The codes of the CSV layer's ``Diagnostic``s: reading, writing, column names and decoding.
///
/// Codes whose meaning every format shares (`invalidUTF8`, `shapeNotRepresentable`, …) are
/// declared once, in SerializeCore.

public import SerializeCore

extension Diagnostic.Code {
    /// A quoted field has no closing quote before the end of the input.
    public static let unterminatedQuote = Self(rawValue: "unterminatedQuote")
    /// A quote character appears inside a field that does not start with one.
    public static let quoteInUnquotedField = Self(rawValue: "quoteInUnquotedField")
    /// Something other than a delimiter or a line end follows a closing quote.
    public static let unexpectedCharacterAfterQuote = Self(rawValue: "unexpectedCharacterAfterQuote")
    /// A row has a different number of fields than the header (or the first row).
    public static let fieldCountMismatch = Self(rawValue: "fieldCountMismatch")
    /// Rows after the table, following an empty line or one field each to the end, that look
    /// like footnotes or another table (``CSVTableShape``).
    public static let trailingBlock = Self(rawValue: "trailingBlock")
    /// The dialect a CSV input was read in, or looks like (a note of ``CSVLinter``).
    public static let csvDialect = Self(rawValue: "csvDialect")
    /// Lines before the header that sniffing took for a preamble and skipped (a note of
    /// ``CSVDialect/sniff(_:)``: the guess is said, never made silently).
    public static let csvPreamble = Self(rawValue: "csvPreamble")
    /// Empty lines between rows, which reading skips (a note of ``CSVLinter``).
    public static let emptyLines = Self(rawValue: "emptyLines")
    /// Line ends of more than one kind (CRLF, LF, CR), which reading accepts (a note of ``CSVLinter``).
    public static let mixedLineEnds = Self(rawValue: "mixedLineEnds")
    /// A header has an empty column name.
    public static let emptyColumnName = Self(rawValue: "emptyColumnName")
    /// A header names the same column twice.
    public static let duplicateColumn = Self(rawValue: "duplicateColumn")
    /// A column name has an array index above `CSVColumnName.maximumIndex`.
    public static let columnIndexOutOfRange = Self(rawValue: "columnIndexOutOfRange")
    /// A column holds a value that the decoded type never read.
    public static let unmatchedColumn = Self(rawValue: "unmatchedColumn")
    /// Two columns claim the same place: one is a value and the other nests below it.
    public static let columnConflict = Self(rawValue: "columnConflict")
}

extension Diagnostic.Code {
    /// The codes of the strict errors that recovery (``CSVReader/Configuration/recovers``,
    /// `FormatOptions.recoverCSV`, `--recover`) repairs: quoting, bytes, row widths and header
    /// names. A strict error with one of them names ``Remedy/recoverCSV``.
    public static let repairedByCSVRecovery: Set<Diagnostic.Code> = [
        .unterminatedQuote, .quoteInUnquotedField, .unexpectedCharacterAfterQuote, .invalidUTF8, .fieldCountMismatch,
        .emptyColumnName, .duplicateColumn,
    ]
}

extension Remedy {
    /// Read on with recovery (`FormatOptions.recoverCSV`; `--recover` on the command line).
    public static let recoverCSV = Remedy(option: "recoverCSV", effect: "repair it and read on, each repair a warning")

    /// ``recoverCSV`` with the repair it makes (`kept as text`), for a linter's finding.
    public static func recoverCSV(repair: String) -> Remedy {
        Remedy(option: "recoverCSV", effect: "repair it: \(repair)")
    }
}
