/// An enum with a raw value that decodes an unknown raw value as its ``defaultCase``.
///
/// APIs grow new enum values; a client that fails on each one breaks with every server release.
/// Conform a `String`- or `Int`-backed enum and name the fallback:
///
/// ```swift
/// enum Status: String, DefaultCaseCodable {
///     case active, suspended, unknown
///     static let defaultCase = Status.unknown
/// }
/// ```
///
/// A known raw value decodes to its case; any other raw value of the right type decodes to
/// `defaultCase`. A value of the wrong type (a number where a string is expected) still fails,
/// with Foundation's usual type-mismatch error. Encoding writes the case's own raw value.
/// An enum that is only `Codable` fails on unknown values with an error naming the value.
public protocol DefaultCaseCodable: RawRepresentable, Codable where RawValue: Codable {
    /// The case an unknown raw value decodes as.
    static var defaultCase: Self { get }
}

extension DefaultCaseCodable {
    public init(from decoder: any Decoder) throws {
        let rawValue = try decoder.singleValueContainer().decode(RawValue.self)
        self = Self(rawValue: rawValue) ?? Self.defaultCase
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
