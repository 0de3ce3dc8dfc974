import SerializeCore
import Foundation
import Testing
import SerializeCoding
import SerializeModels
import TestSupport

/// The three Foundation coders every model must survive.
enum Coder: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case json
    case xmlPlist
    case binaryPlist

    var testDescription: String { rawValue }

    var isPlist: Bool { self != .json }

    /// How a coder is set up for one model.
    struct Options: Sendable {
        /// JSON only: `.convertToSnakeCase` / `.convertFromSnakeCase` (plists have no key strategies).
        var snakeCaseKeys = false
        /// `userInfo[.apiVersion]`, for ``Release``.
        var apiVersion: APIVersion?
        /// `userInfo[.decodingReport]`.
        var report: DecodingReport?

        var userInfo: [CodingUserInfoKey: any Sendable] {
            var info: [CodingUserInfoKey: any Sendable] = [:]
            if let apiVersion { info[.apiVersion] = apiVersion }
            if let report { info[.decodingReport] = report }
            return info
        }
    }

    func encode<T: Encodable>(_ value: T, options: Options = .init()) throws -> Data {
        switch self {
        case .json:
            let encoder = JSONEncoder()
            // Foundation's JSONEncoder does not keep the order keys were encoded in; sorting
            // makes the bytes repeatable so re-encoding can be compared byte for byte.
            encoder.outputFormatting = [.sortedKeys]
            if options.snakeCaseKeys { encoder.keyEncodingStrategy = .convertToSnakeCase }
            encoder.userInfo = options.userInfo
            return try encoder.encode(value)
        case .xmlPlist, .binaryPlist:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = self == .xmlPlist ? .xml : .binary
            encoder.userInfo = options.userInfo
            return try encoder.encode(value)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data, options: Options = .init()) throws -> T {
        switch self {
        case .json:
            let decoder = JSONDecoder()
            if options.snakeCaseKeys { decoder.keyDecodingStrategy = .convertFromSnakeCase }
            decoder.userInfo = options.userInfo
            return try decoder.decode(type, from: data)
        case .xmlPlist, .binaryPlist:
            let decoder = PropertyListDecoder()
            decoder.userInfo = options.userInfo
            return try decoder.decode(type, from: data)
        }
    }
}

/// Checks decode(encode(value)) == value through `coder`, and that encoding the decoded value
/// gives the same bytes again (the encoding is canonical).
///
/// - Returns: The decoded value, for further checks.
@discardableResult
func expectRoundTrip<T: Codable & Equatable>(
    _ value: T, through coder: Coder, options: Coder.Options = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> T {
    let data = try coder.encode(value, options: options)
    let decoded = try coder.decode(T.self, from: data, options: options)
    #expect(decoded == value, "\(T.self) changed through \(coder)", sourceLocation: sourceLocation)
    let again = try coder.encode(decoded, options: options)
    #expect(again == data, "\(T.self) re-encoded differently through \(coder)", sourceLocation: sourceLocation)
    return decoded
}

/// The full path of a decoding error (for `keyNotFound`, the missing key included) as
/// `a.b[3].c`, or `nil` when `error` is not a `DecodingError`.
func decodingErrorPath(_ error: any Error) -> String? {
    switch error as? DecodingError {
    case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
        ValuePath(codingPath: context.codingPath).jsonPathDescription
    case let .keyNotFound(key, context):
        ValuePath(codingPath: context.codingPath + [key]).jsonPathDescription
    default:
        nil
    }
}

/// Decodes `Fixtures/json/<file>` with JSONDecoder.
func fixture<T: Decodable>(_ file: String, as type: T.Type, options: Coder.Options = .init()) throws -> T {
    try Coder.json.decode(type, from: Fixtures.data("json/\(file)"), options: options)
}

/// The JSON text of `value`, keys sorted.
func jsonText(_ value: some Encodable, options: Coder.Options = .init()) throws -> String {
    String(decoding: try Coder.json.encode(value, options: options), as: UTF8.self)
}

/// The context of the innermost `EncodingError`: `PropertyListEncoder` wraps every error in one
/// at the root ("Unable to encode the given top-level value as a property list") and keeps the
/// original, with its coding path, as the underlying error.
func innermostEncodingContext(_ error: any Error) -> EncodingError.Context? {
    guard case let .invalidValue(_, context)? = error as? EncodingError else { return nil }
    return context.underlyingError.flatMap(innermostEncodingContext) ?? context
}
