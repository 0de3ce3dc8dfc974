/// Key mapping: snake_case keys, a renamed key, and acronyms under key strategies.

public import Foundation
public import SerializeCoding

/// A borrower as a lending API sends it, with keys mapped through `CodingKeys`.
///
/// The wire keys are snake_case and one is renamed outright:
///
/// ```json
/// {"first_name": "Ada", "last_name": "Lovelace", "loan_amount": 2500.5,
///  "profile_url": "https://example.com/ada", "nickname": "$null"}
/// ```
///
/// `loan_amount` becomes ``amount``. Because the mapping lives in `CodingKeys`, the model needs
/// no decoder configuration and writes the same keys to every format, property lists
/// included (which have no key strategies). ``nickname`` is a ``PlistSafeString`` so that even
/// the text `"$null"`, which `PropertyListDecoder` reads as null, survives.
public struct Person: Codable, Equatable, Hashable, Sendable {
    /// Given name (`first_name`).
    public var firstName: String
    /// Family name (`last_name`).
    public var lastName: String
    /// The loan amount (`loan_amount` on the wire).
    public var amount: Double
    /// The public profile page (`profile_url`).
    public var profileURL: URL?
    /// An optional nickname; any string, `"$null"` included.
    public var nickname: PlistSafeString?

    /// Creates a ``Person`` from its fields.
    public init(firstName: String, lastName: String, amount: Double, profileURL: URL? = nil, nickname: PlistSafeString? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.amount = amount
        self.profileURL = profileURL
        self.nickname = nickname
    }

    enum CodingKeys: String, CodingKey {
        case firstName = "first_name"
        case lastName = "last_name"
        case amount = "loan_amount"
        case profileURL = "profile_url"
        case nickname
    }

    // URL is coded as its absolute string: JSONEncoder does that, but PropertyListEncoder
    // writes a `{"relative": …}` dictionary, so the two formats would disagree.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        firstName = try container.decode(String.self, forKey: .firstName)
        lastName = try container.decode(String.self, forKey: .lastName)
        amount = try container.decode(Double.self, forKey: .amount)
        profileURL = try container.decodeURLIfPresent(forKey: .profileURL)
        nickname = try container.decodeIfPresent(PlistSafeString.self, forKey: .nickname)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(amount, forKey: .amount)
        try container.encodeIfPresent(profileURL?.absoluteString, forKey: .profileURL)
        try container.encodeIfPresent(nickname, forKey: .nickname)
    }
}

/// The same borrower with Swift-cased keys, for use with key strategies.
///
/// Decode with `JSONDecoder.keyDecodingStrategy = .convertFromSnakeCase` and encode with
/// `JSONEncoder.keyEncodingStrategy = .convertToSnakeCase`. Foundation's conversion is not
/// symmetric for acronyms: `profileURL` is written as `profile_url`, which converts back as
/// `profileUrl` and the synthesized key `profileURL` is then not found. The explicit key
/// `profileURL = "profileUrl"` is the spelling the strategy produces, so the value survives.
/// Property lists have no key strategies; there the keys are written as `firstName`, and so on.
public struct SnakeCasePerson: Codable, Equatable, Hashable, Sendable {
    /// Given name (`first_name` under the strategy).
    public var firstName: String
    /// Family name (`last_name` under the strategy).
    public var lastName: String
    /// The loan amount (`loan_amount` under the strategy).
    public var loanAmount: Double
    /// The public profile page (`profile_url` under the strategy).
    public var profileURL: String?

    /// Creates a ``SnakeCasePerson`` from its fields.
    public init(firstName: String, lastName: String, loanAmount: Double, profileURL: String? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.loanAmount = loanAmount
        self.profileURL = profileURL
    }

    enum CodingKeys: String, CodingKey {
        case firstName, lastName, loanAmount
        case profileURL = "profileUrl"
    }
}

// MARK: - URL as a string

extension KeyedDecodingContainer {
    /// Decodes a URL written as a string, failing with the key's path when it does not parse.
    func decodeURL(forKey key: Key) throws -> URL {
        let text = try decode(String.self, forKey: key)
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected a URL but found \"\(text)\".")
        }
        return url
    }

    /// Decodes an optional URL written as a string.
    func decodeURLIfPresent(forKey key: Key) throws -> URL? {
        try contains(key) && !decodeNil(forKey: key) ? decodeURL(forKey: key) : nil
    }
}
