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
