/// The diagnostic codes every format shares, declared once so that a caller comparing codes
/// sees one kind of problem whatever the format; each layer adds its own codes beside its code.

extension Diagnostic.Code {
    /// The input is not valid UTF-8.
    public static let invalidUTF8 = Self(rawValue: "invalidUTF8")
    /// Containers nest deeper than the reader's limit.
    public static let tooDeep = Self(rawValue: "tooDeep")
    /// A `null` where the target format has none (property lists); the remedy names `null`.
    public static let nullNotRepresentable = Self(rawValue: "nullNotRepresentable")
    /// A document whose shape the target cannot hold (CSV needs an array of objects).
    public static let shapeNotRepresentable = Self(rawValue: "shapeNotRepresentable")
    /// A CSV record with no value for a column other records have; the remedy names `missing`.
    public static let missingValue = Self(rawValue: "missingValue")
    /// Reading or writing a file failed.
    public static let io = Self(rawValue: "io")
}
