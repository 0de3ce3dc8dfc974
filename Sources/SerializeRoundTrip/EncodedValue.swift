/// The coded form of a value: what its `encode(to:)` writes, as a tree the harness compares.

public import Foundation
import SerializeCore
public import SerializeDocument

/// A value as its `Encodable` conformance describes it, independent of any wire format.
///
/// The harness never compares two values with `==`: it encodes both into an `EncodedValue`
/// with its own structural encoder and compares the trees. That makes the comparison
///
/// - NaN-aware: a NaN equals a NaN (of the same width), and `-0.0` differs from `0.0`;
/// - class-aware: class instances compare by the fields they encode, so a hierarchy with
///   `superEncoder()` compares base and subclass fields alike, and no `Equatable` is needed;
/// - order-free for keyed containers: formats may reorder dictionary keys.
///
/// `Date` and `Data` keep their own cases, as JSON and property-list encoders treat them.
public enum EncodedValue: Sendable, Hashable, CustomStringConvertible {
    /// `encodeNil()`.
    case null
    /// A boolean.
    case bool(Bool)
    /// Any signed integer (`Int`, `Int8` … `Int64`).
    case signed(Int64)
    /// Any unsigned integer (`UInt`, `UInt8` … `UInt64`).
    case unsigned(UInt64)
    /// A `Float`.
    case float(Float)
    /// A `Double`.
    case double(Double)
    /// A string.
    case string(String)
    /// A `Date`, kept whole (its `timeIntervalSinceReferenceDate`).
    case date(Date)
    /// A `Data`.
    case data(Data)
    /// An unkeyed container.
    case array([EncodedValue])
    /// A keyed container; key order does not matter, and keys compare by their exact Unicode
    /// scalars (``DocumentKey``), so `K` and U+212A are two keys.
    case keyed([DocumentKey: EncodedValue])

    /// Encodes `value` with the harness's structural encoder.
    ///
    /// - Throws: What the value's own `encode(to:)` throws.
    public init(encoding value: some Encodable) throws {
        self = try TreeEncoder.encode(value)
    }

    // MARK: - Equality

    /// Structural equality: NaN equals NaN, `-0.0` differs from `0.0`, keys compare as a set.
    public static func == (lhs: EncodedValue, rhs: EncodedValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.signed(a), .signed(b)): a == b
        case let (.unsigned(a), .unsigned(b)): a == b
        case let (.float(a), .float(b)): Self.same(a, b)
        case let (.double(a), .double(b)): Self.same(a, b)
        case let (.string(a), .string(b)): a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case let (.date(a), .date(b)): Self.same(a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
        case let (.data(a), .data(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.keyed(a), .keyed(b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .bool(v): hasher.combine(v)
        case let .signed(v): hasher.combine(v)
        case let .unsigned(v): hasher.combine(v)
        case let .float(v): hasher.combine(v.isNaN ? Float.nan.bitPattern : v.bitPattern)
        case let .double(v): hasher.combine(v.isNaN ? Double.nan.bitPattern : v.bitPattern)
        case let .string(v): hasher.combine(Array(v.unicodeScalars.map(\.value)))
        case let .date(v): hasher.combine(v.timeIntervalSinceReferenceDate.bitPattern)
        case let .data(v): hasher.combine(v)
        case let .array(v): hasher.combine(v)
        case let .keyed(v): hasher.combine(v)
        }
    }

    /// Floating-point sameness: NaN is NaN, and the sign of zero counts.
    static func same<F: BinaryFloatingPoint>(_ a: F, _ b: F) -> Bool {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
        return a == b && a.sign == b.sign
    }

    // MARK: - Describing

    /// A short, readable rendering, as reports print it: strings quoted and escaped, dates in
    /// ISO 8601 with their fractional part, data as a byte count and prefix.
    public var description: String {
        switch self {
        case .null: "null"
        case let .bool(v): String(v)
        case let .signed(v): String(v)
        case let .unsigned(v): String(v)
        case let .float(v): "\(v) (Float)"
        case let .double(v): String(v)
        case let .string(v): Self.quoted(v)
        case let .date(v): "date \(Self.dateText(v))"
        case let .data(v):
            "\(v.count) bytes" + (v.isEmpty ? "" : " " + v.prefix(8).map { String(format: "%02x", $0) }.joined() + (v.count > 8 ? "…" : ""))
        case let .array(v): v.count == 0 ? "[]" : "[\(v.count) elements]"
        case let .keyed(v): v.isEmpty ? "{}" : "{" + v.keys.sorted().prefix(4).map(\.string).joined(separator: ", ") + (v.count > 4 ? ", …" : "") + "}"
        }
    }

    /// `"text"` with control characters, quotes and non-ASCII line breaks escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars.prefix(80) {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format
                    || scalar.properties.generalCategory == .unassigned || scalar.properties.generalCategory == .surrogate
                    || scalar.properties.generalCategory == .privateUse || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator
                {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        if text.unicodeScalars.count > 80 { out += "…" }
        return out + "\""
    }

    /// A date as ISO 8601 UTC with the fraction printed to the nanosecond (``DateText``), or its
    /// seconds since 2001 when it has no such text.
    static func dateText(_ date: Date) -> String {
        DateText.string(date, precision: .nanoseconds) ?? "\(date.timeIntervalSinceReferenceDate) s since 2001"
    }
}
