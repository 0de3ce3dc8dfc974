/// The codes of the CSV layer's ``Diagnostic``s: reading, writing, column names and decoding.
///
/// Codes whose meaning other formats share keep the shared raw value (`invalidUTF8`,
/// `shapeNotRepresentable`, …), so a caller comparing codes sees one kind of problem whatever the
/// format; their Swift names say CSV so they never clash with another module's declaration.

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
    /// The bytes of a CSV field are not valid UTF-8.
    public static let csvInvalidUTF8 = Self(rawValue: "invalidUTF8")
    /// A header names the same column twice.
    public static let duplicateColumn = Self(rawValue: "duplicateColumn")
    /// Reading or writing a CSV file failed.
    public static let csvIO = Self(rawValue: "io")
    /// A column name has an array index above `CSVColumnName.maximumIndex`.
    public static let columnIndexOutOfRange = Self(rawValue: "columnIndexOutOfRange")
    /// A column holds a value that the decoded type never read.
    public static let unmatchedColumn = Self(rawValue: "unmatchedColumn")
    /// Two columns claim the same place: one is a value and the other nests below it.
    public static let columnConflict = Self(rawValue: "columnConflict")
    /// A document CSV cannot hold as a table (not an array of dictionaries, or no column).
    public static let csvShapeNotRepresentable = Self(rawValue: "shapeNotRepresentable")
    /// A record lacks a column other records have, which CSV cannot tell from null.
    public static let csvMissingValue = Self(rawValue: "missingValue")
    /// A null that a one-column CSV cannot hold.
    public static let csvNullNotRepresentable = Self(rawValue: "nullNotRepresentable")
    /// A column nests deeper than the reader's limit.
    public static let csvTooDeep = Self(rawValue: "tooDeep")
}
