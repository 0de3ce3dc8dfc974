/// A string that survives `PropertyListEncoder`'s `"$null"` marker.

/// A string that keeps its value through every format, including the text `"$null"`.
///
/// Property lists have no null, so Foundation's `PropertyListEncoder` writes `encodeNil` as the
/// string `"$null"`, and `PropertyListDecoder` reads every `"$null"` string back as null: a
/// `String?` holding `"$null"` decodes as `nil`, and a non-optional `String` holding it fails
/// with `DecodingError.valueNotFound`.
///
/// `PlistSafeString` escapes exactly the strings that collide with the marker: on encode, a
/// string made of one or more `$` followed by `null` gets one more `$` (`"$null"` is written as
/// `"$$null"`, `"$$null"` as `"$$$null"`); on decode, a string of two or more `$` followed by
/// `null` loses one. Every other string, including a plain `"$null"` sent by another producer,
/// is read and written unchanged, so the escaping is invisible except for these few values and
/// decode(encode(s)) == s holds for every string in JSON, XML and binary property lists.
///
/// ```swift
/// struct Note: Codable { var text: PlistSafeString }
/// let note = Note(text: "$null")            // survives PropertyListEncoder/Decoder
/// ```
public struct PlistSafeString: Codable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The string itself.
    public var value: String

    /// Wraps `value`.
    public init(_ value: String) {
        self.value = value
    }

    public init(stringLiteral value: String) {
        self.value = value
    }

    public var description: String { value }

    /// The text written for `value`: one extra `$` when it has the shape of the null marker.
    public static func escaped(_ value: String) -> String {
        isMarkerShaped(value, minimumDollars: 1) ? "$" + value : value
    }

    /// The value read from `text`: one `$` fewer when it is an escaped null marker.
    public static func unescaped(_ text: String) -> String {
        isMarkerShaped(text, minimumDollars: 2) ? String(text.dropFirst()) : text
    }

    /// Whether `text` is `minimumDollars` or more `$` followed by `null`.
    private static func isMarkerShaped(_ text: String, minimumDollars: Int) -> Bool {
        guard text.hasSuffix("null") else { return false }
        let prefix = text.utf8.dropLast(4)
        return prefix.count >= minimumDollars && prefix.allSatisfy { $0 == UInt8(ascii: "$") }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = Self.unescaped(try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.escaped(value))
    }
}
