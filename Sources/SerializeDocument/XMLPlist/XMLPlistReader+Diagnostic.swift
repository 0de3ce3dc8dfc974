/// What the XML property-list reader found wrong with its input, with exact locations.

extension XMLPlistReader {
    /// One problem in an XML property list: what, where (line, column and byte offset) and the
    /// key path of the value it concerns (`root.items[3].name`).
    public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
        /// How serious a diagnostic is: errors make the file unreadable or ambiguous, warnings
        /// are legal but likely mistakes, notes are facts worth knowing.
        public enum Severity: String, Sendable, Hashable {
            case error, warning, note
        }

        /// What kind of problem this is; stable, for tests and for callers that branch on it.
        public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public var description: String { rawValue }

            // MARK: XML

            /// libxml2 found the XML not well-formed.
            public static let notWellFormed = Code(rawValue: "not-well-formed")
            /// Non-white-space content after `</plist>`.
            public static let trailingContent = Code(rawValue: "trailing-content")
            /// A `<!DOCTYPE … [ … ]>` internal subset, refused.
            public static let internalSubset = Code(rawValue: "internal-subset")
            /// An entity reference other than the five predefined ones, refused.
            public static let entityReference = Code(rawValue: "entity-reference")
            /// Nesting deeper than the reader's limit.
            public static let tooDeep = Code(rawValue: "too-deep")
            /// No root element, or a root element that is not a property list.
            public static let notAPlist = Code(rawValue: "not-a-plist")
            /// A root value without the `<plist>` element around it.
            public static let missingPlistElement = Code(rawValue: "missing-plist-element")

            // MARK: Structure

            /// An element that is not a property-list tag.
            public static let unknownTag = Code(rawValue: "unknown-tag")
            /// A `<key>` in a `<dict>` with no value after it.
            public static let keyWithoutValue = Code(rawValue: "key-without-value")
            /// A value in a `<dict>` with no `<key>` before it.
            public static let valueWithoutKey = Code(rawValue: "value-without-key")
            /// A `<key>` outside a `<dict>`.
            public static let keyOutsideDictionary = Code(rawValue: "key-outside-dict")
            /// More than one value in `<plist>`.
            public static let twoRootValues = Code(rawValue: "two-root-values")
            /// `<plist>` with no value.
            public static let emptyPlist = Code(rawValue: "empty-plist")
            /// Text where only elements belong (in `<dict>`, `<array>` or `<plist>`).
            public static let unexpectedText = Code(rawValue: "unexpected-text")
            /// An element inside `<string>`, `<key>`, `<integer>` and the other text-only tags.
            public static let unexpectedElement = Code(rawValue: "unexpected-element")
            /// The same key twice in one `<dict>`.
            public static let duplicateKey = Code(rawValue: "duplicate-key")
            /// A `CF$UID` dictionary: the file is an NSKeyedArchiver archive.
            public static let keyedArchive = Code(rawValue: "keyed-archive")

            // MARK: Values

            /// An `<integer>` that is empty or not a whole number.
            public static let badInteger = Code(rawValue: "bad-integer")
            /// An `<integer>` outside Int64/UInt64.
            public static let integerOverflow = Code(rawValue: "integer-overflow")
            /// A `<real>` that is not a number.
            public static let badReal = Code(rawValue: "bad-real")
            /// A `<date>` that is not `YYYY-MM-DDTHH:MM:SSZ`.
            public static let badDate = Code(rawValue: "bad-date")
            /// A `<date>` with fractional seconds, which plutil cannot read.
            public static let fractionalSeconds = Code(rawValue: "fractional-seconds")
            /// A `<date>` with an offset from UTC (`+02:00`) instead of `Z`, which plutil cannot read.
            public static let dateOffset = Code(rawValue: "date-offset")
            /// `<data>` that is not base64.
            public static let badData = Code(rawValue: "bad-data")
            /// `<true>` or `<false>` with content.
            public static let boolWithContent = Code(rawValue: "bool-with-content")
        }

        /// What kind of problem this is.
        public var code: Code
        /// How serious it is.
        public var severity: Severity
        /// What is wrong and what to do about it.
        public var message: String
        /// 1-based line.
        public var line: Int
        /// 1-based column, counting Unicode scalars.
        public var column: Int
        /// 0-based byte offset in the input.
        public var byteOffset: Int
        /// The key path of the value, such as `root.items[3].name`; keys holding `.`, `[` or `\`
        /// have those characters escaped with `\`.
        public var keyPath: String

        /// A diagnostic with every field given.
        public init(code: Code, severity: Severity, message: String, line: Int, column: Int, byteOffset: Int, keyPath: String) {
            self.code = code
            self.severity = severity
            self.message = message
            self.line = line
            self.column = column
            self.byteOffset = byteOffset
            self.keyPath = keyPath
        }

        /// `line:column: error: message`.
        public var description: String {
            "\(line):\(column): \(severity.rawValue): \(message)"
        }
    }

    /// Everything one pass over an XML property list found.
    public struct Inspection: Sendable {
        /// The value read, when there were no errors and values were kept.
        public var document: Document?
        /// Every problem found, in order of position.
        public var diagnostics: [Diagnostic]
        /// The deepest nesting of containers seen (0 for a lone scalar).
        public var depth: Int

        /// Whether any diagnostic is an error.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }
}

// MARK: - Key paths

/// One step of a key path: a dictionary key or an array index.
public enum PlistKeyPathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)

    /// Renders `components` as `root.items[3].name`, escaping `.`, `[` and `\` in keys with `\`.
    ///
    /// Paths longer than 64 components keep their first 48 and last 8, with `…` between.
    public static func render(_ components: some Collection<PlistKeyPathComponent>) -> String {
        var text = "root"
        for (position, component) in components.enumerated() {
            if components.count > 64 {
                if position == 48 { text.append("…") }
                if position >= 48 && position < components.count - 8 { continue }
            }
            switch component {
            case let .key(key):
                text.append(".")
                for character in key {
                    if character == "." || character == "[" || character == "\\" { text.append("\\") }
                    text.append(character)
                }
            case let .index(index):
                text.append("[\(index)]")
            }
        }
        return text
    }
}
