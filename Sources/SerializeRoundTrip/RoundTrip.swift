/// Sending a value through formats and back, and judging what came back.

import Foundation
import SerializeCore

/// What one format did to one value.
public struct RoundTripReport: Sendable, CustomStringConvertible {
    /// The format's name.
    public var format: RoundTripFormat
    /// Exact, changed (first difference) or failed.
    public var outcome: RoundTripOutcome
    /// Every difference found (up to a thousand), first one first; empty unless changed.
    public var differences: [RoundTripDifference]
    /// The size of the encoded form, when encoding succeeded.
    public var encodedByteCount: Int?
    /// The coded value sent, when the model encoded.
    public var before: EncodedValue?
    /// The coded value that came back, when decoding succeeded.
    public var after: EncodedValue?

    public init(
        format: RoundTripFormat, outcome: RoundTripOutcome, differences: [RoundTripDifference] = [], encodedByteCount: Int? = nil,
        before: EncodedValue? = nil, after: EncodedValue? = nil
    ) {
        self.format = format
        self.outcome = outcome
        self.differences = differences
        self.encodedByteCount = encodedByteCount
        self.before = before
        self.after = after
    }

    /// The failure, when the outcome is ``RoundTripOutcome/failed(_:)``.
    public var failure: RoundTripFailure? {
        if case let .failed(failure) = outcome { failure } else { nil }
    }

    public var description: String { "\(format.name): \(outcome)" }

    // MARK: - Judging against expected losses

    /// How this report reads against `expected` losses.
    ///
    /// The verdict is ``RoundTripVerdict/exact`` when the value came back unchanged,
    /// ``RoundTripVerdict/expectedLoss(_:)`` when every difference (or the failure) is
    /// explained by a loss in `expected` that applies to this format, and
    /// ``RoundTripVerdict/unexpected(_:)`` otherwise, with the first unexplained difference.
    public func verdict(expecting expected: [KnownLoss]) -> RoundTripVerdict {
        let applicable = expected.filter { $0.applies(to: format) }
        switch outcome {
        case .exact:
            return .exact
        case let .failed(failure):
            if let loss = applicable.first(where: { $0.explains(failure) }) { return .expectedLoss([loss]) }
            return .unexpected("\(format.name): \(failure)")
        case .changed:
            if let used = Self.explain(differences, by: applicable) { return .expectedLoss(used) }
            // A loss that reshapes the value: compare with its prediction instead.
            if let before, let after {
                for loss in applicable {
                    guard let predicted = loss.predicted(from: before, after: after),
                        let used = Self.explain(predicted.differences(to: after, limit: 1000), by: applicable)
                    else { continue }
                    return .expectedLoss([loss] + used.filter { $0 != loss })
                }
            }
            let first = differences.first { difference in !applicable.contains { $0.explains(difference) } } ?? differences[0]
            return .unexpected("\(format.name): changed \(first)")
        }
    }

    /// The losses explaining every difference, in order of first use, or `nil`.
    private static func explain(_ differences: [RoundTripDifference], by losses: [KnownLoss]) -> [KnownLoss]? {
        var used: [KnownLoss] = []
        for difference in differences {
            guard let loss = losses.first(where: { $0.explains(difference) }) else { return nil }
            if !used.contains(loss) { used.append(loss) }
        }
        return used
    }
}

/// A report read against the losses a test expects.
public enum RoundTripVerdict: Sendable, Equatable, CustomStringConvertible {
    /// The value came back equal.
    case exact
    /// The value changed or failed exactly as these named losses say.
    case expectedLoss([KnownLoss])
    /// Something no expected loss explains.
    case unexpected(String)

    /// `true` unless ``unexpected(_:)``.
    public var isAcceptable: Bool {
        if case .unexpected = self { false } else { true }
    }

    public var description: String {
        switch self {
        case .exact: "exact"
        case let .expectedLoss(losses): "expected loss: " + losses.map(\.name).joined(separator: ", ")
        case let .unexpected(text): "unexpected: \(text)"
        }
    }
}

/// Sends values through formats and back.
public enum RoundTrip {
    /// Encodes `value` in `format`, decodes it back and compares the coded trees.
    ///
    /// Comparison is by ``EncodedValue``: NaN equals NaN, `-0.0` differs from `0.0`, class
    /// instances compare by the fields they encode, dictionary key order is ignored.
    ///
    /// - Parameters:
    ///   - value: The value to send.
    ///   - format: The format to send it through.
    ///   - storedProperties: Also compare stored properties by reflection when the coded
    ///     fields agree, to catch a property `encode(to:)` never writes; such differences are
    ///     marked ``RoundTripDifference/isUncodedProperty`` (``KnownLoss/uncodedStoredPropertyReset``).
    public static func check<T: Codable>(_ value: T, through format: RoundTripFormat, storedProperties: Bool = false) -> RoundTripReport {
        let before: EncodedValue
        do {
            before = try EncodedValue(encoding: value)
        } catch {
            return RoundTripReport(format: format, outcome: .failed(RoundTripFailure(stage: .model, error: error)))
        }
        let data: Data
        do {
            data = try format.encode(value)
        } catch {
            var failure = RoundTripFailure(stage: .encode, error: error)
            failure.path = format.valuePath(failure.path)
            failure.valueDepth = before.nestingDepth
            return RoundTripReport(format: format, outcome: .failed(failure), before: before)
        }
        let after: EncodedValue
        do {
            after = try EncodedValue(encoding: format.decode(T.self, from: data))
        } catch {
            var failure = RoundTripFailure(stage: .decode, error: error)
            failure.path = format.valuePath(failure.path)
            failure.valueAtPath = before.value(at: failure.path)
            failure.valueSent = before
            return RoundTripReport(format: format, outcome: .failed(failure), encodedByteCount: data.count, before: before)
        }
        var differences = before.differences(to: after, limit: 1000)
        if differences.isEmpty, storedProperties, let decoded = try? format.decode(T.self, from: data) {
            differences = EncodedValue(reflecting: value).differences(to: EncodedValue(reflecting: decoded), limit: 1000).map {
                var difference = $0
                difference.isUncodedProperty = true
                return difference
            }
        }
        guard let first = differences.first else {
            return RoundTripReport(format: format, outcome: .exact, encodedByteCount: data.count, before: before, after: after)
        }
        return RoundTripReport(
            format: format,
            outcome: .changed(
                path: first.path.description, before: first.before?.description ?? "(absent)", after: first.after?.description ?? "(absent)"),
            differences: differences, encodedByteCount: data.count, before: before, after: after)
    }

    /// Checks `value` through each of `formats`, one report per format, in order.
    public static func check<T: Codable>(
        _ value: T, through formats: [RoundTripFormat] = RoundTripFormat.all, storedProperties: Bool = false
    ) -> [RoundTripReport] {
        formats.map { check(value, through: $0, storedProperties: storedProperties) }
    }
}
