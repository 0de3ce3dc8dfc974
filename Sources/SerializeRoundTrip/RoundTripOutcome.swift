/// The round-trip harness: prove in one line of a test that a value survives every format.
///
/// `SerializeRoundTrip` is the harness without any test framework: it encodes a value through a
/// list of formats, decodes it back and reports per format whether the value came back exactly,
/// changed (with the first differing path), or failed (with the error). `serialize roundtrip`
/// uses it as it stands; users' test targets import `SerializeTesting`, which re-exports it and
/// adds the Swift Testing helpers (`expectRoundTrip`, `expectCanonical`) and the
/// swift-property-based generators (`RoundTripGen`).

import Foundation
public import SerializeCore

/// What happened to a value sent through one format and back.
public enum RoundTripOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The value came back equal.
    case exact
    /// The value came back different: the first differing coding path, before and after.
    case changed(path: String, before: String, after: String)
    /// Encoding or decoding threw.
    case failed(RoundTripFailure)

    public var description: String {
        switch self {
        case .exact: "exact"
        case let .changed(path, before, after): "changed at \(path): \(before) became \(after)"
        case let .failed(failure): "failed: \(failure)"
        }
    }
}

/// Why a round trip failed: the step that threw and the error, classified.
public struct RoundTripFailure: Sendable, Equatable, CustomStringConvertible {
    /// The step that threw.
    public enum Stage: String, Sendable, Equatable {
        /// The value's own `encode(to:)` threw under the harness's structural encoder.
        case model
        /// The format's encoder threw.
        case encode
        /// The format's decoder threw.
        case decode
    }

    /// The kind of error, from `EncodingError`/`DecodingError`, or ``other``.
    public enum Kind: String, Sendable, Equatable {
        case invalidValue, typeMismatch, valueNotFound, keyNotFound, dataCorrupted, other
    }

    /// The step that threw.
    public var stage: Stage
    /// The kind of error.
    public var kind: Kind
    /// Where the error is in the value, from its coding path: `$.a.b[3]` (for CSV, without the
    /// row the harness sends the value in).
    public var path: ValuePath
    /// For `EncodingError.invalidValue`, the refused value (`nan`, `-inf`, `5`).
    public var invalidValue: String?
    /// The error's own message.
    public var message: String
    /// How deeply the value sent nests containers (1 for a flat struct), when known; some
    /// refusals are about depth alone.
    public var valueDepth: Int?
    /// For a failure to decode, what the value sent held at ``path`` (`nil` when it held nothing
    /// there), so that a loss can say which value it is about.
    public var valueAtPath: EncodedValue?
    /// For a failure to decode, the whole value sent, so that a loss can look at what surrounds
    /// ``path``: the record holding the key that was not found.
    public var valueSent: EncodedValue?

    public init(stage: Stage, kind: Kind, path: ValuePath = ValuePath(), invalidValue: String? = nil, message: String) {
        self.stage = stage
        self.kind = kind
        self.path = path
        self.invalidValue = invalidValue
        self.message = message
    }

    /// Classifies `error` thrown at `stage`.
    public init(stage: Stage, error: any Error) {
        self.stage = stage
        self.invalidValue = nil
        switch error {
        case let EncodingError.invalidValue(value, context):
            self.kind = .invalidValue
            self.invalidValue = String(describing: value)
            self.path = Self.path(context.codingPath)
            self.message = Self.message(context.debugDescription, context.underlyingError)
        case let error as DecodingError:
            switch error {
            case let .typeMismatch(_, context):
                (kind, path, message) = (.typeMismatch, Self.path(context.codingPath), context.debugDescription)
            case let .valueNotFound(_, context):
                (kind, path, message) = (.valueNotFound, Self.path(context.codingPath), context.debugDescription)
            case let .keyNotFound(key, context):
                (kind, path, message) = (
                    .keyNotFound, Self.path(context.codingPath + [key]), "No value for key \"\(key.stringValue)\"."
                )
            case let .dataCorrupted(context):
                (kind, path, message) = (
                    .dataCorrupted, Self.path(context.codingPath), Self.message(context.debugDescription, context.underlyingError)
                )
            @unknown default:
                (kind, path, message) = (.other, ValuePath(), String(describing: error))
            }
        default:
            (kind, path, message) = (.other, ValuePath(), String(describing: error))
        }
    }

    public var description: String {
        "\(stage.rawValue) \(kind.rawValue) at \(path): \(message)"
    }

    /// An encoder refusing NaN or ±infinity.
    public var isNonFiniteRefusal: Bool {
        stage == .encode && kind == .invalidValue && ["nan", "inf", "-inf"].contains(invalidValue ?? "")
    }

    private static func path(_ codingPath: [any CodingKey]) -> ValuePath {
        ValuePath(codingPath: codingPath)
    }

    private static func message(_ text: String, _ underlying: (any Error)?) -> String {
        guard let underlying else { return text }
        return text + " Underlying error: " + String(describing: underlying)
    }
}
