/// A value from command-line text and a type, as plutil's `-string`, `-integer`, `-real`,
/// `-bool`, `-date`, `-data` and `-json` take it; the values the edit verbs insert.

public import Foundation
public import SerializeCore

extension Diagnostic.Code {
    /// A text is not a value of the type it was given as (`--integer 1.5`).
    public static let invalidValue = Self(rawValue: "invalid-value")
}

extension Document {
    /// The type a text is read as.
    public enum TextType: String, Sendable, Hashable, CaseIterable {
        /// The text itself.
        case string
        /// A 64-bit integer, signed or (above `Int64.max`) unsigned: `-3`, `18446744073709551615`.
        case integer
        /// A floating-point number as Swift's `Double(_:)` reads it: `2.5`, `1e-3`, `nan`, `inf`.
        case real
        /// `true`, `yes` or `1`; `false`, `no` or `0` (any case). Anything else is refused,
        /// where plutil reads it as false.
        case bool
        /// ISO 8601 date text as every reader takes it (`DateText`): `2024-05-01T12:30:45Z`,
        /// with a fraction or an offset.
        case date
        /// Base64 (RFC 4648, padded).
        case data
        /// Any JSON value, a whole subtree: `{"a": [1, 2]}`, read by ``JSONReader``.
        case json
    }

    /// The value `text` spells as `type`.
    ///
    /// - Parameter maximumDepth: For ``TextType/json``, the deepest nesting read
    ///   (``FormatOptions/maximumDepth``; above the default, read on ``NestingStack``).
    /// - Throws: ``Diagnostic`` ``Diagnostic/Code/invalidValue`` naming the type and what was
    ///   expected; for ``TextType/json`` the JSON reader's own diagnostic, located in `text`.
    public init(text: String, as type: TextType, maximumDepth: Int = FormatOptions().maximumDepth) throws(Diagnostic) {
        func refuse(_ expected: String) -> Diagnostic {
            Diagnostic(.invalidValue, "\"\(text)\" is not \(type.rawValue.withArticle): expected \(expected)")
        }
        switch type {
        case .string:
            self = .string(text)
        case .integer:
            if let value = Int64(text) {
                self = .integer(value)
            } else if let value = UInt64(text) {
                self = .unsignedInteger(value)
            } else {
                throw refuse("a whole number from \(Int64.min) to \(UInt64.max)")
            }
        case .real:
            guard let value = Double(text) else { throw refuse("a number such as 2.5, -1e-3, nan or inf") }
            self = .double(value)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "1": self = .bool(true)
            case "false", "no", "0": self = .bool(false)
            default: throw refuse("true, false, yes, no, 1 or 0")
            }
        case .date:
            switch DateText.parse(Array(text.utf8)) {
            case let .success(parsed): self = .date(parsed.date)
            case let .failure(failure): throw refuse("ISO 8601 text such as 2024-05-01T12:30:45Z (\(failure.reason))")
            }
        case .data:
            guard let data = Data(base64Encoded: text) else { throw refuse("base64 text such as AAEC/w==") }
            self = .data(data)
        case .json:
            self = try JSONReader(maximumDepth: maximumDepth).read(Data(text.utf8))
        }
    }
}
