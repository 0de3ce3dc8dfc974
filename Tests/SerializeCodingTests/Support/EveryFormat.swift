/// Runs values through every format serialize's Codable helpers must work in.

import SerializeCore
import Foundation
import SerializeCSV
import OrderedCollections
import Testing
import SerializeCoding
import SerializeDocument
import SerializeTesting

/// A format a Codable value is tested through: Foundation's JSON and property-list coders, and
/// SerializeCSV's, where a value is one row (nested values become dotted columns); the coding
/// is the round-trip harness's (`RoundTripFormat`), this type adds only how each reports paths.
enum CodingFormat: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case json, xmlPlist, binaryPlist, csv

    var testDescription: String { rawValue }

    /// The formats that keep types apart; in CSV every field is text, so `1` and `"1"` are one.
    static let typed: [CodingFormat] = [.json, .xmlPlist, .binaryPlist]

    /// Whether a null is written at all: CSV writes nothing for it, so it reads back as absent.
    var keepsNull: Bool { self != .csv }

    /// `path` (`a.b[1]`) as this format reports it, rendered by `ValuePath` (`$.a.b[1]`): in
    /// CSV the value is row 0, so `a.b` is `$[0].a.b`.
    func path(_ path: String) -> String {
        var components = ValuePath(parsing: path)?.components ?? [.key(path)]
        if self == .csv { components.insert(.index(0), at: 0) }
        return ValuePath(components).jsonPathDescription
    }

    /// Whether `actual` is `expected` in this format. CSV's coding path names a nested value by
    /// its whole column (`$[0]["values[1]"]`, `$[0]["scores.bob"]`) where the others have one
    /// step a level (`$.values[1]`), so both are compared step by step, indexes as names.
    func isPath(_ actual: String?, _ expected: String) -> Bool {
        func steps(_ components: [ValuePath.Component]) -> [String] {
            components.flatMap { component -> [String] in
                switch component {
                case let .index(index): return [String(index)]
                case let .key(key):
                    guard let inner = ValuePath(parsing: key)?.components, inner.count > 1 else { return [key] }
                    return steps(inner)
                }
            }
        }
        guard let actual, let found = ValuePath(parsing: actual), let wanted = ValuePath(parsing: path(expected)) else { return false }
        return steps(found.components) == steps(wanted.components)
    }

    /// The round-trip harness's format this is: the same `Format`, `FormatOptions` and coders
    /// `Persistence` uses (JSON compact with `Date`'s own encoding, as `JSONEncoder()` writes it).
    var roundTripFormat: RoundTripFormat {
        switch self {
        case .json: .json(FormatOptions(pretty: false, dates: .deferredToDate))
        case .xmlPlist: .xmlPlist
        case .binaryPlist: .binaryPlist
        // Like the JSON and plist decoders, skip columns the type does not read.
        case .csv: RoundTripFormat(.csv, options: FormatOptions(unmatchedColumns: .ignore), name: "csv")
        }
    }

    func encode<T: Encodable>(_ value: T, userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> Data {
        try roundTripFormat.withUserInfo(userInfo, name: rawValue).encode(value)
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data, userInfo: [CodingUserInfoKey: any Sendable] = [:])
        throws -> T
    {
        try roundTripFormat.withUserInfo(userInfo, name: rawValue).decode(type, from: data)
    }

    /// Writes a raw payload in this format and decodes it as `T`: how a test feeds the same
    /// messy input to every format.
    func decode<T: Decodable>(_ type: T.Type, fromRaw raw: Raw, userInfo: [CodingUserInfoKey: any Sendable] = [:])
        throws -> T
    {
        try decode(type, from: encode(raw), userInfo: userInfo)
    }
}

/// Checks `decode(encode(value)) == value` in every format, and that encoding is symmetric:
/// the decoded value encodes to the same bytes.
func expectRoundTripInEveryFormat<T: Codable & Equatable>(
    _ value: T,
    userInfo: [CodingUserInfoKey: any Sendable] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for format in CodingFormat.allCases {
        do {
            let data = try format.encode(value, userInfo: userInfo)
            let decoded = try format.decode(T.self, from: data, userInfo: userInfo)
            if decoded != value {
                Issue.record("\(format): decoded \(decoded), expected \(value)", sourceLocation: sourceLocation)
            }
            let again = try format.encode(decoded, userInfo: userInfo)
            if again != data {
                Issue.record("\(format): re-encoding changed the bytes", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(format): \(error)", sourceLocation: sourceLocation)
        }
    }
}

/// A raw payload, written with literals, that every format can encode: what an API might send.
/// SerializeDocument's `Document` is exactly that value.
typealias Raw = Document

extension Document {
    /// An object whose members keep this order.
    static func object(_ members: [(String, Document)]) -> Document {
        .dictionary(OrderedDictionary(members, uniquingKeysWith: { $1 }))
    }

    /// An integer from an `Int`.
    static func int(_ value: Int) -> Document { .integer(Int64(value)) }
}

/// The coding path of a `DecodingError`, as `$.a.b[1]`.
func codingPath(of error: any Error) -> String? {
    guard let error = error as? DecodingError else { return nil }
    switch error {
    case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context),
        let .dataCorrupted(context):
        return ValuePath(codingPath: context.codingPath).jsonPathDescription
    @unknown default:
        return nil
    }
}
