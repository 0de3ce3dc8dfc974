/// The Swift Testing helper: one line in a test, a readable issue at the caller's location.

public import Foundation
public import SerializeRoundTrip
public import Testing

/// Expects `value` to survive each of `formats`, or to meet exactly one of the `expecting` losses.
///
/// For each format the value is encoded, decoded back and compared by its coded fields
/// (NaN equals NaN, class instances by the fields they encode). An issue is recorded at the
/// caller's location for every format where the value changed or failed in a way no expected
/// loss explains:
///
/// ```
/// Round trip of Event through xml changed $.startsAt:
///   before: date 2025-11-06T08:49:37.123456001Z
///   after:  date 2025-11-06T08:49:37Z
///   no expected loss explains it; KnownLoss.xmlPlistDateWholeSeconds would.
/// ```
///
/// ```swift
/// import SerializeTesting
/// import Testing
///
/// @Test func eventSurvivesEveryFormat() {
///     expectRoundTrip(Event.sample, through: RoundTripFormat.all, expecting: [.xmlPlistDateWholeSeconds])
/// }
/// ```
///
/// - Parameters:
///   - value: The value to send through each format.
///   - formats: The formats; ``RoundTripFormat/all`` by default.
///   - expecting: The losses the test accepts. A loss counts only for formats it applies to,
///     and only when it explains every difference; an exact round trip always passes.
///   - storedProperties: Also compare stored properties by reflection, to catch a property
///     `encode(to:)` never writes (``KnownLoss/uncodedStoredPropertyReset``).
///   - sourceLocation: Where to attribute recorded issues.
/// - Returns: One report per format, for further checks.
@discardableResult
public func expectRoundTrip<T: Codable>(
    _ value: T,
    through formats: [RoundTripFormat] = RoundTripFormat.all,
    expecting: [KnownLoss] = [],
    storedProperties: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [RoundTripReport] {
    let reports = RoundTrip.check(value, through: formats, storedProperties: storedProperties)
    for report in reports where !report.verdict(expecting: expecting).isAcceptable {
        Issue.record(Comment(rawValue: issueText(for: report, of: T.self, expecting: expecting)), sourceLocation: sourceLocation)
    }
    return reports
}

/// The text of the issue recorded for an unexpected report.
func issueText<T>(for report: RoundTripReport, of type: T.Type, expecting: [KnownLoss]) -> String {
    let name = String(describing: type)
    var lines: [String] = []
    var wouldExplain: [KnownLoss] = []
    switch report.outcome {
    case .exact:
        return "Round trip of \(name) through \(report.format.name) was exact."
    case let .failed(failure):
        lines.append("Round trip of \(name) through \(report.format.name) failed to \(failure.stage.rawValue) at \(failure.path):")
        lines.append("  \(failure.kind.rawValue): \(failure.message)")
        wouldExplain = KnownLoss.catalog.filter { $0.applies(to: report.format) && $0.explains(failure) }
    case .changed:
        let unexplained = report.differences.filter { difference in
            !expecting.contains { $0.applies(to: report.format) && $0.explains(difference) }
        }
        guard let first = unexplained.first ?? report.differences.first else { return "" }
        lines.append("Round trip of \(name) through \(report.format.name) changed \(first.path):")
        lines.append("  before: \(first.before.map(\.description) ?? "(absent)")")
        lines.append("  after:  \(first.after.map(\.description) ?? "(absent)")")
        if unexplained.count > 1 { lines.append("  and \(unexplained.count - 1) more unexplained difference(s)") }
        wouldExplain = KnownLoss.catalog.filter { $0.applies(to: report.format) && $0.explains(first) }
    }
    let expectedText = expecting.isEmpty ? "no loss was expected" : "no expected loss (\(expecting.map(\.name).joined(separator: ", "))) explains it"
    if wouldExplain.isEmpty {
        lines.append("  \(expectedText).")
    } else {
        lines.append("  \(expectedText); " + wouldExplain.map { "KnownLoss.\($0.name)" }.joined(separator: " or ") + " would.")
    }
    return lines.joined(separator: "\n")
}

/// Expects `data` to be canonical for `format`: reading it and writing it again gives back the
/// same bytes (the second round-trip law, encode(decode(d)) == d).
///
/// Records an issue at the caller's location naming the first differing line and column:
///
/// ```swift
/// @Test(arguments: try Fixtures.files(in: "canonical", withExtension: "json"))
/// func canonicalJSONIsAFixedPoint(url: URL) throws {
///     expectCanonical(try Data(contentsOf: url), through: .json)
/// }
/// ```
///
/// - Parameters:
///   - data: A document in the format's canonical form (what its writer writes).
///   - format: The reader and writer (``RoundTripFormat/read(_:)`` and ``RoundTripFormat/write(_:)``).
///   - sourceLocation: Where to attribute a recorded issue.
public func expectCanonical(_ data: Data, through format: RoundTripFormat, sourceLocation: SourceLocation = #_sourceLocation) {
    if let violation = DocumentRoundTrip.canonicalViolation(of: data, through: format) {
        Issue.record(Comment(rawValue: "Not canonical: \(violation)"), sourceLocation: sourceLocation)
    }
}
