/// What every property test shares: the formats, and a tally of what each format did.

import Testing
import SerializeDocument
import SerializeTesting

/// The formats every property test sends its values through.
enum TestFormats {
    /// JSON, XML plist, binary plist and CSV through Foundation's (and SerializeCSV's) coders.
    static var every: [RoundTripFormat] { RoundTripFormat.all }

    /// The same four formats through serialize's own coder (SerializeCodable), the property lists
    /// with the collision-free nil marker.
    static var serialize: [RoundTripFormat] {
        [
            .serialize(.json, name: "serialize-json"), .serializeNullMarker(.xmlPlist), .serializeNullMarker(.binaryPlist),
            .serialize(.csv, name: "serialize-csv"),
        ]
    }
}

/// Counts the verdicts of a property run, so a test can prove its expected losses really
/// happened (an allowance nobody needs would hide a generator that misses the corner).
struct Tally {
    private(set) var exact: [String: Int] = [:]
    private(set) var losses: [String: Int] = [:]

    /// Checks `value` like `expectRoundTrip` and counts the verdicts.
    mutating func check<T: Codable>(
        _ value: T, through formats: [RoundTripFormat] = TestFormats.every, expecting: [KnownLoss],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for report in expectRoundTrip(value, through: formats, expecting: expecting, sourceLocation: sourceLocation) {
            switch report.verdict(expecting: expecting) {
            case .exact: exact[report.format.name, default: 0] += 1
            case let .expectedLoss(found):
                for loss in found { losses["\(report.format.name) \(loss.name)", default: 0] += 1 }
            case .unexpected: break
            }
        }
    }

    /// How often `loss` was met in `format`.
    func count(_ loss: KnownLoss, in format: RoundTripFormat) -> Int { losses["\(format.name) \(loss.name)"] ?? 0 }
    /// How often `format` was exact.
    func exactCount(in format: RoundTripFormat) -> Int { exact[format.name] ?? 0 }
}

/// The losses the property tests expect, by the kind of value that meets them.
enum TestLosses {
    /// Any-Unicode strings: `"$null"` in plists, canonically equal strings in binary plists.
    static let strings: [KnownLoss] = [.plistNilAsDollarNull, .binaryPlistEquivalentStringsUniqued, .xmlPlistControlCharacterRefused]
    /// Any `Float`/`Double`: non-finite refused by JSON and CSV, zero signs merged by binary plists.
    static let floats: [KnownLoss] = [.jsonNonFiniteFloatRefused, .csvNonFiniteFloatRefused, .binaryPlistSignedZeroUniqued]
    /// Containers in CSV: nil under a key, empty containers, dotted keys.
    static let csvShapes: [KnownLoss] = [
        .csvNilKeyReadsAsAbsent, .csvEmptyContainersVanish, .csvRecordShapeRefused, .csvOneColumnNullRefused,
    ]
}
