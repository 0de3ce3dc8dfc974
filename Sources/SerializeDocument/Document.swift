/// The document value model: the tree every reader produces and every writer consumes.
///
/// `SerializeDocument` is the format-neutral middle of the pipeline `bytes ⇄ Document ⇄ bytes`.
/// JSON, XML property lists, binary property lists and CSV each have a reader that builds a
/// ``Document`` and a writer that serializes one, so converting between formats never goes
/// through Codable and never loses what the source held: integers stay exact in 64 bits
/// (signed and unsigned), a number beyond 64 bits keeps the text it was written with, keys are
/// compared by their exact Unicode scalars (``DocumentKey``), dictionaries keep their key order,
/// and dates and data keep their type.
/// Where a target format cannot hold a value, the writer refuses it with a named error or keeps
/// it through a named strategy.

public import Foundation
public import OrderedCollections
import SerializeCore

/// One value of a JSON, property-list or CSV document.
///
/// Integers keep all 64 bits: a value that fits `Int64` is ``integer(_:)``; only a positive
/// value above `Int64.max` is ``unsignedInteger(_:)``. A number that no native case holds (an
/// integer beyond 64 bits, a real beyond `Double`'s range) is ``number(_:)``, the text it was
/// written with. Dictionaries keep the order their keys were read or inserted in, and tell keys
/// apart by their exact Unicode scalars.
public enum Document: Sendable {
    /// JSON `null`. Property lists have no null; their writers apply a named strategy.
    case null
    /// A boolean.
    case bool(Bool)
    /// An integer that fits in `Int64`.
    case integer(Int64)
    /// An integer above `Int64.max`, up to `UInt64.max`.
    case unsignedInteger(UInt64)
    /// A floating-point number, possibly NaN or ±infinity.
    case double(Double)
    /// A number no other case holds exactly, as written in JSON or CSV: an integer beyond 64
    /// bits (`18446744073709551616`, `-9223372036854775809`) or a real beyond `Double`'s range
    /// (`1e400`, `1e-400`). JSON and CSV write it back as it was; property lists, which have no
    /// such number, refuse it or write it through ``FormatOptions/bigNumbers``.
    case number(NumberText)
    /// A string.
    case string(String)
    /// A point in time (a property-list `<date>`).
    case date(Date)
    /// Raw bytes (a property-list `<data>`).
    case data(Data)
    /// An ordered list.
    case array([Document])
    /// Keys in their document order, told apart by their exact Unicode scalars.
    case dictionary(OrderedDictionary<DocumentKey, Document>)
}

// MARK: - Equality

extension Document: Equatable {
    /// Structural equality in which NaN equals NaN, so a document compares equal to its own
    /// round trip, and in which dictionary key order matters.
    public static func == (lhs: Document, rhs: Document) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.unsignedInteger(a), .unsignedInteger(b)): a == b
        case let (.double(a), .double(b)): a == b || (a.isNaN && b.isNaN)
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a.hasSameScalars(as: b)
        case let (.date(a), .date(b)): a == b
        case let (.data(a), .data(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.dictionary(a), .dictionary(b)): a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}

// MARK: - Describing a value

extension Document {
    /// The name of this value's type as the inspector and error messages print it.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .integer, .unsignedInteger: "integer"
        case .double: "real"
        case let .number(number): number.isInteger ? "integer" : "real"
        case .string: "string"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }
}

// MARK: - Literals

extension Document: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: Document...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (DocumentKey, Document)...) {
        self = .dictionary(OrderedDictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
