/// The codes of the problems libxml2 reports or ``XMLEventParser`` refuses.

public import SerializeCore

extension Diagnostic.Code {
    /// libxml2 found the document not well-formed; the message is libxml2's.
    public static let notWellFormed = Self(rawValue: "not-well-formed")
    /// Non-white-space content after the root element ends.
    public static let trailingContent = Self(rawValue: "trailing-content")
    /// No root element at all.
    public static let emptyDocument = Self(rawValue: "empty-document")
    /// A `<!DOCTYPE … [ … ]>` internal subset, refused before its declarations are read.
    public static let internalSubset = Self(rawValue: "internal-subset")
    /// A reference to an entity that is not one of the five predefined ones, refused.
    public static let entityReference = Self(rawValue: "entity-reference")
    /// Elements nested deeper than ``XMLParserOptions/maxDepth``.
    public static let nestingTooDeep = Self(rawValue: "too-deep")
    /// Bytes that are not in the encoding the XML declaration names.
    public static let encodingMismatch = Self(rawValue: "encoding-mismatch")
    /// An input libxml2 cannot take (over 2 GiB).
    public static let inputTooLarge = Self(rawValue: "too-large")
}
