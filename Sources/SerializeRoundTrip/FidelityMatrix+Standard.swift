/// The rows and columns of the checked-in fidelity matrix, with the sample types they need.

import Foundation
import SerializeCoding
import SerializeDocument

extension FidelityMatrix {
    /// The matrix `Docs/FidelityMatrix.md` shows.
    public static var standard: FidelityMatrix {
        FidelityMatrix(tables: [
            Table(title: "Values × formats", rows: valueRows, columns: valueColumns),
            Table(
                title: "Dates × formats and JSON date strategies", rows: dateRows,
                columns: [.xmlPlist, .binaryPlist, .csv] + RoundTripFormat.jsonDateStrategies
                    + RoundTripFormat.allSerialize.dropFirst()
                    + DateStrategy.allCases.map { .serialize(.json, options: FormatOptions(dates: $0), name: "serialize-json" + RoundTripFormat.nameSuffix(FormatOptions(dates: $0))) }),
        ])
    }

    /// JSON with Foundation's defaults and with each option that changes a verdict, then the
    /// plists and CSV; then the same formats through serialize's own coder (SerializeCodable).
    public static var valueColumns: [RoundTripFormat] {
        [
            .json, .json(FormatOptions(nonFinite: .string)), .json(FormatOptions(keys: .convertToSnakeCase)),
            .xmlPlist, .binaryPlist, .csv,
        ] + RoundTripFormat.allSerialize.prefix(1)
            + [.serialize(.json, options: FormatOptions(nonFinite: .string), name: "serialize-json(nonFiniteAsStrings)"),
               .serialize(.json, options: FormatOptions(keys: .convertToSnakeCase), name: "serialize-json(snakeCase)")]
            + RoundTripFormat.allSerialize.dropFirst() + [.serializeNullMarker(.binaryPlist)]
    }

    // MARK: - Rows

    static var valueRows: [Row] {
        [
            Row("`Int` at its limits", samples: [Box(Int.min), Box(Int.max), Box(0), Box(-1)]),
            Row("`Int8`, `UInt8`, `Int64` limits", samples: [Box([Int64(Int8.min), Int64(UInt8.max), Int64.min, Int64.max])]),
            Row("`UInt64.max`", samples: [Box(UInt64.max)]),
            Row("`Bool`", samples: [Box(true), Box(false)]),
            Row("`Double`: 0.1, 1/3, `-0.0`, subnormal, greatest finite", samples: [
                Box(0.1), Box(1.0 / 3), Box(-0.0), Box(Double.leastNonzeroMagnitude), Box(-Double.greatestFiniteMagnitude),
            ]),
            Row("`Double`: `-0.0` and `0.0` in one value", samples: [Box([-0.0, 0.0])]),
            Row("`Double`: NaN, ±∞", samples: [Box(Double.nan), Box(Double.infinity), Box(-Double.infinity)]),
            Row("`Float`: 0.1, `-0.0`, subnormal", samples: [Box(Float(0.1)), Box(Float(-0.0)), Box(Float.leastNonzeroMagnitude)]),
            Row("`Float`: NaN, ±∞", samples: [Box(Float.nan), Box(Float.infinity), Box(-Float.infinity)]),
            Row("`String`: any Unicode (NUL, CR LF, C1, emoji ZWJ, U+FFFF, bidi)", samples: [
                Box("a\u{0}b"), Box("\r\n\r"), Box("\u{85}\u{9F}"), Box("👩‍👩‍👧"), Box("\u{FFFE}\u{FFFF}\u{10FFFF}"), Box("\u{202E}x"),
                Box("  padded  "), Box(""),
            ]),
            Row("`String`: `\"$null\"`", samples: [Box("$null")]),
            Row("`String?`: `\"$null\"`", samples: [Box(Optional("$null"))]),
            Row("`String`: `\"é\"` and `\"e\\u{301}\"` in one value", samples: [Box(["\u{E9}", "e\u{301}"])]),
            Row("`Int?`: `nil`", samples: [Box(Int?.none)]),
            Row("`Date`: sub-second part", samples: [
                Box(Date(timeIntervalSinceReferenceDate: 784_111_777.123_456_7)), Box(Date(timeIntervalSinceReferenceDate: -1_000_000_000.25)),
                Box(Date(timeIntervalSinceReferenceDate: 784_111_777.000_246_88)),
            ]),
            Row("`Date`: whole seconds", samples: [Box(Date(timeIntervalSince1970: 1_762_418_977)), Box(Date(timeIntervalSince1970: -86_400))]),
            Row("`Data`: empty, bytes, 64 KiB", samples: [
                Box(Data()), Box(Data([0, 1, 0xFF])), Box(Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 7) })),
            ]),
            Row("`[Int]`: empty, nested", samples: [Box([[Int]]()), Box([[], [1], [2, 3]])]),
            Row("`[String: Int]`: Unicode keys", samples: [Box(["": 0, "ключ": 1, "a b": 2, "🔑": 3])]),
            Row("`[String: Int]`: keys with `.`, a leading combining mark", samples: [Box(["a.b": 1]), Box(["\u{301}x": 2])]),
            Row("`[Int: String]`", samples: [Box([1: "one", -2: "minus two"])]),
            Row("`Either<Int, Double>`: `.right(1.0)`, `.left(1)`", samples: [
                Box(Either<Int, Double>.right(1.0)), Box(Either<Int, Double>.left(1)),
            ]),
            Row("`Either<Int?, String?>`: `.left(nil)`", samples: [Box(Either<Int?, String?>.left(nil))]),
            Row("`Either<String, [Int]>`", samples: [Box(Either<String, [Int]>.left("x")), Box(Either<String, [Int]>.right([1, 2]))]),
            Row("class, 2 levels, `superEncoder()`", samples: [Box(SampleDerived(base: 1, derived: "d"))]),
            Row("class, 3 levels, both `superEncoder` styles", samples: [Box(SampleLeaf(base: 1, derived: "d", leaf: 2.5))]),
            Row("subclass without its own `encode(to:)` (stored properties compared)", samples: [
                Box(SampleForgetful(base: 1, extra: 42))
            ], storedProperties: true),
            Row("key with an acronym (`myURLValue`)", samples: [SampleAcronym(myURLValue: "u", plain: 1)]),
            Row("keys that are data (`EUR`, a `LossyDictionary`)", samples: [SampleRates(rates: ["EUR": 1.5, "usd": 2])]),
            Row("containers nested 600 deep", samples: [SampleDeep.nested(600)]),
            Row("top-level `Int` (no wrapper)", samples: [7]),
            Row("top-level `[Int]`", samples: [[1, 2, 3]]),
        ]
    }

    static var dateRows: [Row] {
        [
            Row("sub-second (…37.1234567, …37.00024688)", samples: [
                Box(Date(timeIntervalSinceReferenceDate: 784_111_777.123_456_7)),
                Box(Date(timeIntervalSinceReferenceDate: 784_111_777.000_246_88)),
            ]),
            Row("whole milliseconds (…37.125)", samples: [Box(Date(timeIntervalSince1970: 1_762_418_977.125))]),
            Row("whole seconds", samples: [Box(Date(timeIntervalSince1970: 1_762_418_977))]),
            Row("before 1970, sub-second", samples: [Box(Date(timeIntervalSinceReferenceDate: -1_000_000_000.25))]),
            Row("near 2001, sub-nanosecond (…00:20:34.5678912345678)", samples: [
                Box(Date(timeIntervalSinceReferenceDate: 1234.567_891_234_567_8))
            ]),
        ]
    }
}

// MARK: - Sample types

/// A value under the key `value`, so plists (which refuse a bare scalar) can hold it.
struct Box<Value: Codable & Sendable>: Codable, Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// The base of the sample hierarchy.
class SampleBase: Codable, @unchecked Sendable {
    let base: Int
    init(base: Int) { self.base = base }
}

/// Two levels: the base under `super` (`superEncoder()`).
class SampleDerived: SampleBase, @unchecked Sendable {
    let derived: String
    private enum CodingKeys: String, CodingKey { case derived }

    init(base: Int, derived: String) {
        self.derived = derived
        super.init(base: base)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        derived = try container.decode(String.self, forKey: .derived)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(derived, forKey: .derived)
        try super.encode(to: container.superEncoder())
    }
}

/// Three levels: the middle under `parent` (`superEncoder(forKey:)`).
final class SampleLeaf: SampleDerived, @unchecked Sendable {
    let leaf: Double
    private enum CodingKeys: String, CodingKey { case leaf, parent }

    init(base: Int, derived: String, leaf: Double) {
        self.leaf = leaf
        super.init(base: base, derived: derived)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        leaf = try container.decode(Double.self, forKey: .leaf)
        try super.init(from: container.superDecoder(forKey: .parent))
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(leaf, forKey: .leaf)
        try super.encode(to: container.superEncoder(forKey: .parent))
    }
}

/// A subclass that forgot `encode(to:)` and `init(from:)`: `extra` is never written.
final class SampleForgetful: SampleBase, @unchecked Sendable {
    var extra = 0

    init(base: Int, extra: Int) {
        self.extra = extra
        super.init(base: base)
    }

    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
    }
}

/// A linked chain of keyed containers, as deep as asked.
final class SampleDeep: Codable, @unchecked Sendable {
    let child: SampleDeep?
    init(child: SampleDeep?) { self.child = child }

    static func nested(_ depth: Int) -> SampleDeep {
        var value = SampleDeep(child: nil)
        for _ in 1..<depth { value = SampleDeep(child: value) }
        return value
    }
}

/// Keys that are data, read back through `allKeys`: no snake_case conversion brings `EUR` back.
struct SampleRates: Codable, Sendable {
    @LossyDictionary var rates: [String: Double]
}

/// A key with an acronym, which `.convertToSnakeCase` cannot bring back.
struct SampleAcronym: Codable, Sendable {
    var myURLValue: String
    var plain: Int
}
