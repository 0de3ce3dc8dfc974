/// An API-versioned value: the version in `userInfo` chooses the date format.

public import Foundation
import SerializeCoding

/// A version of the release API, put in a coder's `userInfo` under ``CodingUserInfoKey/apiVersion``.
public enum APIVersion: Int, Codable, CaseIterable, Comparable, Hashable, Sendable {
    /// Dates are Unix timestamps in whole seconds: `"published_at": 1714566645`.
    case v1 = 1
    /// Dates are ISO 8601 strings with microseconds: `"published_at": "2024-05-01T12:30:45.5Z"`.
    case v2 = 2

    /// The version used when `userInfo` names none.
    public static let latest = APIVersion.v2

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The version in `userInfo`, ``latest`` when absent.
    ///
    /// - Throws: `DecodingError`/`EncodingError` built by `error` when the entry is not an
    ///   ``APIVersion``.
    static func from(_ userInfo: [CodingUserInfoKey: Any], error: (String) -> any Error) throws -> APIVersion {
        guard let entry = userInfo[.apiVersion] else { return latest }
        guard let version = entry as? APIVersion else {
            throw error("userInfo[.apiVersion] holds \(type(of: entry)), expected APIVersion.")
        }
        return version
    }
}

extension CodingUserInfoKey {
    /// Where ``Release`` looks for the ``APIVersion`` whose date format to use.
    public static let apiVersion = CodingUserInfoKey(rawValue: "serialize.apiVersion")!
}

/// A software release, whose date format depends on the API version.
///
/// ```swift
/// let decoder = JSONDecoder()
/// decoder.userInfo[.apiVersion] = APIVersion.v1
/// let releases = try decoder.decode(ReleaseList.self, from: data)
/// ```
///
/// Version 1 sends whole seconds since 1970; encoding a date with a fractional second for v1
/// fails with `EncodingError.invalidValue` at ``publishedAt``'s path rather than dropping the
/// fraction. Version 2 keeps microseconds. Without a version in `userInfo`, ``APIVersion/latest``
/// is used.
public struct Release: Codable, Equatable, Hashable, Sendable {
    /// The version string, such as `"2.4.1"`.
    public var name: String
    /// When the release was published.
    public var publishedAt: Date

    /// Creates a ``Release`` from its fields.
    public init(name: String, publishedAt: Date) {
        self.name = name
        self.publishedAt = publishedAt
    }

    enum CodingKeys: String, CodingKey {
        case name
        case publishedAt = "published_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let version = try APIVersion.from(decoder.userInfo) { message in
            DecodingError.dataCorruptedError(forKey: .publishedAt, in: container, debugDescription: message)
        }
        switch version {
        case .v1:
            publishedAt = Date(timeIntervalSince1970: TimeInterval(try container.decode(Int64.self, forKey: .publishedAt)))
        case .v2:
            publishedAt = try ISO8601Timestamp.decode(from: container.superDecoder(forKey: .publishedAt))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        let path = container.codingPath + [CodingKeys.publishedAt]
        let version = try APIVersion.from(encoder.userInfo) { message in
            EncodingError.invalidValue(publishedAt, .init(codingPath: path, debugDescription: message))
        }
        switch version {
        case .v1:
            let seconds = publishedAt.timeIntervalSince1970
            guard seconds.rounded() == seconds, let whole = Int64(exactly: seconds) else {
                throw EncodingError.invalidValue(
                    publishedAt,
                    .init(
                        codingPath: path,
                        debugDescription:
                            "API v1 dates hold whole seconds; \(ISO8601Timestamp.string(from: publishedAt)) would lose its fraction. Encode with APIVersion.v2."))
            }
            try container.encode(whole, forKey: .publishedAt)
        case .v2:
            try container.encode(ISO8601Timestamp.string(from: publishedAt), forKey: .publishedAt)
        }
    }
}

/// A list of releases, the fixtures' top level.
public struct ReleaseList: Codable, Equatable, Hashable, Sendable {
    /// The releases, newest first.
    public var releases: [Release]

    /// Creates a ``ReleaseList`` from its fields.
    public init(releases: [Release]) {
        self.releases = releases
    }
}
