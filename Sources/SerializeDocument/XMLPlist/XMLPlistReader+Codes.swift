/// What the XML property-list reader reports: the codes of its diagnostics (beside the XML ones
/// SerializeXML declares: `not-well-formed`, `trailing-content`, `internal-subset`,
/// `entity-reference`, `too-deep`) and the result of one inspection pass.

public import SerializeCore

extension Diagnostic.Code {
    // The string values are what `serialize lint` prints; they stay as they are.

    // MARK: - The document

    /// No root element, or a root element that is not a property list.
    public static let notAPlist = Self(rawValue: "not-a-plist")
    /// A root value without the `<plist>` element around it.
    public static let missingPlistElement = Self(rawValue: "missing-plist-element")

    // MARK: - Structure

    /// An element that is not a property-list tag.
    public static let unknownTag = Self(rawValue: "unknown-tag")
    /// A `<key>` in a `<dict>` with no value after it.
    public static let keyWithoutValue = Self(rawValue: "key-without-value")
    /// A value in a `<dict>` with no `<key>` before it.
    public static let valueWithoutKey = Self(rawValue: "value-without-key")
    /// A `<key>` outside a `<dict>`.
    public static let keyOutsideDictionary = Self(rawValue: "key-outside-dict")
    /// More than one value in `<plist>`.
    public static let twoRootValues = Self(rawValue: "two-root-values")
    /// `<plist>` with no value.
    public static let emptyPlist = Self(rawValue: "empty-plist")
    /// Text where only elements belong (in `<dict>`, `<array>` or `<plist>`).
    public static let unexpectedText = Self(rawValue: "unexpected-text")
    /// An element inside `<string>`, `<key>`, `<integer>` and the other text-only tags.
    public static let unexpectedElement = Self(rawValue: "unexpected-element")
    /// The same key twice in one `<dict>`.
    public static let duplicateKey = Self(rawValue: "duplicate-key")
    /// A `CF$UID` dictionary: the file is an NSKeyedArchiver archive.
    public static let keyedArchive = Self(rawValue: "keyed-archive")

    // MARK: - Values

    /// An `<integer>` that is empty or not a whole number.
    public static let badInteger = Self(rawValue: "bad-integer")
    /// An `<integer>` outside Int64/UInt64.
    public static let integerOverflow = Self(rawValue: "integer-overflow")
    /// A `<real>` that is not a number.
    public static let badReal = Self(rawValue: "bad-real")
    /// A `<date>` that is not `YYYY-MM-DDTHH:MM:SSZ`.
    public static let badDate = Self(rawValue: "bad-date")
    /// A `<date>` with fractional seconds, which plutil cannot read.
    public static let fractionalSeconds = Self(rawValue: "fractional-seconds")
    /// A `<date>` with an offset from UTC (`+02:00`) instead of `Z`, which plutil cannot read.
    public static let dateOffset = Self(rawValue: "date-offset")
    /// `<data>` that is not base64.
    public static let badData = Self(rawValue: "bad-data")
    /// `<true>` or `<false>` with content.
    public static let boolWithContent = Self(rawValue: "bool-with-content")
}

extension XMLPlistReader {
    /// Everything one pass over an XML property list found.
    package struct Inspection: Sendable {
        /// The value read, when there were no errors and values were kept.
        package var document: Document?
        /// Every problem found, in order of position, each with its line, column, byte offset
        /// and the path of the value it concerns.
        package var diagnostics: [Diagnostic]
        /// The deepest nesting of containers seen (0 for a lone scalar).
        package var depth: Int

        /// Whether any diagnostic is an error.
        package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }
}
