/// The named, expected ways a format loses or refuses a value.

import Foundation
public import SerializeDocument
import SerializeCodable
import SerializeCoding
import SerializeCore

/// A named way a format loses part of a value or refuses it, precise enough to check.
///
/// A test that expects a loss names it; the harness accepts a change only when the loss
/// applies to the format and explains the change exactly (a date rounded down to the whole
/// second, not merely "a different date"). So a value never passes by accident: anything a
/// loss does not explain is reported as unexpected.
///
/// ```swift
/// expectRoundTrip(event, through: [.json, .xmlPlist], expecting: [.xmlPlistDateWholeSeconds])
/// ```
///
/// ``catalog`` lists every loss the harness knows; the fidelity matrix (`Docs/FidelityMatrix.md`)
/// shows which value meets which loss in which format. Make your own for your own coders with
/// ``init(name:summary:remedy:appliesTo:change:failure:)``.
public struct KnownLoss: Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier, such as `xmlPlistDateWholeSeconds`.
    public let name: String
    /// What is lost, in one sentence.
    public let summary: String
    /// How to keep the value instead.
    public let remedy: String
    private let appliesTo: @Sendable (RoundTripFormat) -> Bool
    private let change: (@Sendable (RoundTripDifference) -> Bool)?
    private let failure: (@Sendable (RoundTripFailure) -> Bool)?
    private let reshape: (@Sendable (_ before: EncodedValue, _ after: EncodedValue) -> EncodedValue?)?

    /// Creates a loss.
    ///
    /// - Parameters:
    ///   - name: A stable identifier.
    ///   - summary: What is lost.
    ///   - remedy: How to keep the value instead.
    ///   - appliesTo: Which formats can show this loss.
    ///   - change: Whether a difference is exactly this loss, or `nil` if the loss never changes values.
    ///   - failure: Whether a failure is exactly this loss, or `nil` if the loss never fails.
    ///   - reshape: For a loss that changes the shape of a value (a lenient decoder dropping
    ///     elements), the coded value it predicts from the one sent (it may look at what came
    ///     back to align elements), or `nil` when it predicts nothing; the round trip must then
    ///     match the prediction, up to the other expected losses.
    public init(
        name: String, summary: String, remedy: String,
        appliesTo: @escaping @Sendable (RoundTripFormat) -> Bool,
        change: (@Sendable (RoundTripDifference) -> Bool)? = nil,
        failure: (@Sendable (RoundTripFailure) -> Bool)? = nil,
        reshape: (@Sendable (_ before: EncodedValue, _ after: EncodedValue) -> EncodedValue?)? = nil
    ) {
        self.name = name
        self.summary = summary
        self.remedy = remedy
        self.appliesTo = appliesTo
        self.change = change
        self.failure = failure
        self.reshape = reshape
    }

    /// Whether `format` can show this loss.
    public func applies(to format: RoundTripFormat) -> Bool { appliesTo(format) }
    /// Whether `difference` is exactly this loss.
    public func explains(_ difference: RoundTripDifference) -> Bool { change?(difference) ?? false }
    /// Whether `failure` is exactly this loss.
    public func explains(_ failure: RoundTripFailure) -> Bool { self.failure?(failure) ?? false }
    /// The coded value this loss predicts from `before`, for a loss that reshapes values.
    public func predicted(from before: EncodedValue, after: EncodedValue) -> EncodedValue? { reshape?(before, after) }
    /// `true` for a loss that refuses values rather than changing them.
    public var isRefusal: Bool { failure != nil && change == nil }

    public var description: String { name }
    public static func == (lhs: KnownLoss, rhs: KnownLoss) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

// MARK: - The catalog

extension KnownLoss {
    /// Every loss the harness knows, in the order the fidelity matrix lists them.
    public static var catalog: [KnownLoss] {
        [
            .jsonNonFiniteFloatRefused, .xmlPlistDateWholeSeconds, .plistNilAsDollarNull, .plistTopLevelFragmentRefused,
            .epochShiftRounding,
            .snakeCaseKeyNotRestored, .binaryPlistSignedZeroUniqued,
            .binaryPlistEquivalentStringsUniqued, .uncodedStoredPropertyReset,
            .jsonNestingDepthRefused,
        ] + csvLosses + serializeLosses
    }

    /// Foundation's `JSONEncoder` refuses NaN and ±infinity (`Float` and `Double`) by default.
    public static let jsonNonFiniteFloatRefused = KnownLoss(
        name: "jsonNonFiniteFloatRefused",
        summary: "JSON has no NaN or infinity; JSONEncoder refuses them with EncodingError.invalidValue.",
        remedy: "FormatOptions(nonFinite: .string) (Foundation's .convertToString), or a plist format.",
        appliesTo: { $0.format == .json && $0.options.nonFinite != .string },
        failure: { $0.isNonFiniteRefusal })

    /// XML property lists write `<date>` to the whole second: the fraction is rounded down.
    public static let xmlPlistDateWholeSeconds = KnownLoss(
        name: "xmlPlistDateWholeSeconds",
        summary: "XML property list <date> keeps whole seconds: the fraction is rounded down.",
        remedy: "Use a binary property list, or encode the date as a Double (timeIntervalSinceReferenceDate).",
        appliesTo: { $0.format == .xmlPlist },
        change: { difference in
            guard case let .date(before)? = difference.before, case let .date(after)? = difference.after else { return false }
            let t = before.timeIntervalSince1970
            return after.timeIntervalSince1970 == t.rounded(.down) && t != t.rounded(.down)
        })

    /// `PropertyListEncoder` writes `nil` as the string `$null`, so a real `"$null"` string reads
    /// back as `nil` (or fails to decode where a `String` is required).
    public static let plistNilAsDollarNull = KnownLoss(
        name: "plistNilAsDollarNull",
        summary: "Property lists have no null: nil is written as the string \"$null\", so a real \"$null\" string reads back as nil or fails.",
        remedy: "Avoid the literal string \"$null\" in plist-bound values, or omit nil keys (encodeIfPresent).",
        appliesTo: { $0.format == .xmlPlist || $0.format == .binaryPlist },
        change: { difference in
            difference.before == .string("$null") && (difference.after == nil || difference.after == .null)
        },
        // Only when the value that failed is, or holds, the string "$null" as a value or a key
        // (Foundation's path for a dictionary's key or value stops at the dictionary): any other
        // value not found is the model's own, and must not hide behind this loss.
        failure: { $0.stage == .decode && $0.kind == .valueNotFound && ($0.valueAtPath?.holdsString("$null") ?? false) })

    /// Property lists have no top-level scalar: `PropertyListEncoder` refuses a bare `Int`, `String`, `nil`.
    public static let plistTopLevelFragmentRefused = KnownLoss(
        name: "plistTopLevelFragmentRefused",
        summary: "A property list's top level must be a dictionary or an array; PropertyListEncoder refuses a bare scalar.",
        remedy: "Wrap the value in a struct or an array.",
        appliesTo: { $0.format == .xmlPlist || $0.format == .binaryPlist },
        failure: { $0.stage == .encode && $0.kind == .invalidValue && $0.message.contains("property list fragment") })

    /// Seconds or milliseconds since 1970 shift the reference date, which rounds the `Double`.
    public static let epochShiftRounding = KnownLoss(
        name: "epochShiftRounding",
        summary: "Seconds/milliseconds since 1970 add 978307200 s to the Double since 2001, rounding it by a few ulps (≈ 0.1 µs today).",
        remedy: "DateStrategy.deferredToDate writes the Double since 2001 unchanged; .iso8601 is exact too.",
        appliesTo: { $0.format == .json && [.secondsSince1970, .millisecondsSince1970].contains($0.options.dates) },
        change: { difference in
            guard case let .date(before)? = difference.before, case let .date(after)? = difference.after else { return false }
            let since1970 = abs(before.timeIntervalSince1970), since2001 = abs(before.timeIntervalSinceReferenceDate)
            let tolerance = 4 * (since1970.ulp + since2001.ulp)
            return abs(after.timeIntervalSinceReferenceDate - before.timeIntervalSinceReferenceDate) <= tolerance
        })

    /// `.convertToSnakeCase` and `.convertFromSnakeCase` are not inverses: `myURLValue` is written
    /// `my_url_value` and read back as `myUrlValue`, and a key already spelled `published_at`
    /// in `CodingKeys` is looked up as `publishedAt`, and keys that are data, coded through a
    /// keyed container, are converted too (`EUR` comes back as `eUr`). The key is not found, or
    /// found under another name.
    public static let snakeCaseKeyNotRestored = KnownLoss(
        name: "snakeCaseKeyNotRestored",
        summary: "convertFromSnakeCase does not undo convertToSnakeCase: myURLValue comes back as myUrlValue, CodingKeys already spelled in snake_case (published_at) are looked up as publishedAt, and keys that are data, coded through a keyed container, are converted too (EUR comes back as eUr).",
        remedy: "Keep .useDefaultKeys and spell snake_case keys in CodingKeys (case myURLValue = \"my_url_value\").",
        // serialize's own coder (SerializeCodable) converts keys its own way: snakeCaseDataKeyConverted.
        appliesTo: { $0.coder != .serialize && $0.options.keys == .convertToSnakeCase },
        // Only a key Foundation does not give back: it went missing (or a lenient container
        // dropped the element that held it), or the key Foundation gives instead appeared. A key
        // that survives the two conversions and still goes missing is the model's own loss, and
        // must not hide behind this one.
        change: { SnakeCaseKeys.explains($0, survives: SnakeCaseKeys.survives) },
        // The key asked for is not there (`keyNotFound`), or `superDecoder(forKey:)` found
        // nothing under it (`valueNotFound`), because Foundation gave it back under another name.
        failure: { failure in
            guard failure.stage == .decode, failure.kind == .keyNotFound || failure.kind == .valueNotFound,
                case let .key(key)? = failure.path.components.last
            else { return false }
            return !SnakeCaseKeys.survives(key)
        })

    /// The binary plist writer stores equal objects once; `0.0 == -0.0`, so the second zero of
    /// an encoding comes back with the first one's sign.
    public static let binaryPlistSignedZeroUniqued = KnownLoss(
        name: "binaryPlistSignedZeroUniqued",
        summary: "The binary plist writer stores equal numbers once, and 0.0 == -0.0: a later zero comes back with the sign of the first.",
        remedy: "Use an XML plist or JSON where the sign of zero matters, or normalise -0.0 to 0.0 before encoding.",
        appliesTo: { $0.format == .binaryPlist },
        change: { difference in
            switch (difference.before, difference.after) {
            case let (.double(a)?, .double(b)?): a == 0 && b == 0 && a.sign != b.sign
            case let (.float(a)?, .float(b)?): a == 0 && b == 0 && a.sign != b.sign
            default: false
            }
        })

    /// The binary plist writer stores equal strings once, and Swift's `==` is canonical
    /// equivalence: `"é"` (U+00E9) and `"e\u{301}"` are one object, so the later one comes back
    /// with the first one's scalars.
    public static let binaryPlistEquivalentStringsUniqued = KnownLoss(
        name: "binaryPlistEquivalentStringsUniqued",
        summary: "The binary plist writer stores equal strings once, comparing with Swift's canonical equivalence: \"é\" and \"e\\u{301}\" (values or keys) come back as whichever was written first.",
        remedy: "Normalise strings (precomposedStringWithCanonicalMapping) before encoding, or use XML plist or JSON.",
        appliesTo: { $0.format == .binaryPlist },
        change: { difference in
            if case let .string(a)? = difference.before, case let .string(b)? = difference.after {
                return a == b && !a.unicodeScalars.elementsEqual(b.unicodeScalars)
            }
            // A key respelled: one spelling went missing and the other appeared. Keys compare by
            // exact scalars, so each side is a difference on its own; both spell a key that has
            // another canonically equivalent spelling.
            guard (difference.before == nil) != (difference.after == nil), let last = difference.path.components.last,
                case let .key(key) = last
            else { return false }
            return !key.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(key.unicodeScalars)
                || !key.decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(key.unicodeScalars)
        })

    /// A stored property that `encode(to:)` never writes comes back as its default in every
    /// format: a subclass without its own `encode(to:)`/`init(from:)`, or a property left out of
    /// `CodingKeys`. Seen only when checking with `storedProperties: true`.
    public static let uncodedStoredPropertyReset = KnownLoss(
        name: "uncodedStoredPropertyReset",
        summary: "A stored property encode(to:) never writes (a subclass without its own encode(to:), a property left out of CodingKeys) comes back as its default, in every format.",
        remedy: "Override encode(to:) and init(from:) in the subclass (super through superEncoder()), or add the property to CodingKeys.",
        appliesTo: { _ in true },
        change: { $0.isUncodedProperty })

    /// `JSONEncoder` refuses values nested more than 512 containers deep (its reader's limit),
    /// with a bare "Unable to encode the given top-level value to JSON.".
    public static let jsonNestingDepthRefused = KnownLoss(
        name: "jsonNestingDepthRefused",
        summary: "JSONEncoder refuses a value nested more than 512 containers deep, saying only \"Unable to encode the given top-level value to JSON.\"",
        remedy: "Flatten the structure, or use a property list (no such limit in PropertyListEncoder).",
        appliesTo: { $0.format == .json },
        failure: { $0.stage == .encode && $0.kind == .invalidValue && ($0.valueDepth ?? 0) > 510 })
}

// MARK: - Date strategies

extension DateStrategy {
    /// The loss the harness expects from this strategy in JSON, or `nil` when it is exact.
    public var expectedLoss: KnownLoss? {
        switch self {
        case .iso8601, .deferredToDate: nil
        case .secondsSince1970, .millisecondsSince1970: .epochShiftRounding
        }
    }
}

/// What Foundation's `.convertFromSnakeCase` reads back for a key its `.convertToSnakeCase`
/// wrote, asked of Foundation itself so that the answer is the one of the coders the harness
/// runs, on every platform.
enum SnakeCaseKeys {
    /// Whether `difference` is a key that did not come back (`survives` says which do): one
    /// that went missing, or was held by an element a lenient container dropped; or the key
    /// read back in its place, which itself survives.
    static func explains(_ difference: RoundTripDifference, survives: (String) -> Bool) -> Bool {
        let last = difference.path.components.last
        switch (difference.before, difference.after) {
        case let (before?, nil):
            if case let .key(key)? = last, !survives(key) { return true }
            return before.holdsKey { !survives($0) }
        case (nil, _?):
            guard case let .key(key)? = last else { return false }
            return survives(key)
        default:
            return false
        }
    }

    /// `before` with each key that serialize's own coder, reading it back through `allKeys`,
    /// gives back converted renamed as it came back: the coder writes `SnakeCase.convert(key)` and
    /// gives `SnakeCase.camelCase` of that (`EUR` is written `eur` and comes back as `eur`). A key
    /// is renamed only where it is missing from `after`, the converted key is there instead, and
    /// the value sent did not hold that key itself. Keys the model asks for are converted the way
    /// they were written and always found, so one the model lost stays missing, and is reported.
    static func renamingSerializeCoderDataKeys(_ before: EncodedValue, after: EncodedValue?) -> EncodedValue {
        switch (before, after) {
        case let (.keyed(sent), .keyed(back)?):
            var renamed: [DocumentKey: EncodedValue] = [:]
            for (key, value) in sent {
                if let came = back[key] {
                    renamed[key] = renamingSerializeCoderDataKeys(value, after: came)
                    continue
                }
                let converted = DocumentKey(SnakeCase.camelCase(SnakeCase.convert(key.string)))
                if converted != key, sent[converted] == nil, renamed[converted] == nil, let came = back[converted] {
                    renamed[converted] = renamingSerializeCoderDataKeys(value, after: came)
                } else {
                    renamed[key] = value
                }
            }
            return .keyed(renamed)
        case let (.array(sent), .array(back)?):
            return .array(sent.indices.map { renamingSerializeCoderDataKeys(sent[$0], after: $0 < back.count ? back[$0] : nil) })
        default:
            return before
        }
    }

    /// Whether `key` comes back as itself: `plainValue` does; `myURLValue` (`myUrlValue`),
    /// `published_at` (`publishedAt`) and `EUR` (`eUr`) do not.
    static func survives(_ key: String) -> Bool {
        restored(key)?.hasSameScalars(as: key) ?? false
    }

    /// The key `.convertFromSnakeCase` reads where `.convertToSnakeCase` wrote `key`.
    static func restored(_ key: String) -> String? {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        guard let data = try? encoder.encode(OneKey(key: key)) else { return nil }
        return try? decoder.decode(OneKey.self, from: data).key
    }

    /// A record of one key, coded through a keyed container (whose keys Foundation converts on
    /// every platform).
    private struct OneKey: Codable {
        var key: String

        init(key: String) { self.key = key }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            guard let only = container.allKeys.first, container.allKeys.count == 1 else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "expected one key"))
            }
            key = only.stringValue
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encodeNil(forKey: AnyCodingKey(stringValue: key))
        }
    }
}
