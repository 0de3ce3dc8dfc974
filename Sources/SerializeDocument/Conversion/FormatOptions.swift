/// The one options value for every format, and the named strategies a writer applies where the
/// target format cannot hold a value as it is.

package import Foundation
import OrderedCollections
package import SerializeCore
public import SerializeCSV

/// What a writer does with `null` where the format has none (property lists).
public enum NullStrategy: Sendable, Hashable {
    /// Refuse with ``Diagnostic/Code/nullNotRepresentable`` naming the path and the option that gets it through.
    case error
    /// Leave the member out of its dictionary, or the element out of its array.
    case omit
    /// Write this string instead.
    case string(String)
}

/// How a date is written where the format has no date type (JSON, CSV), and read back.
///
/// The one date strategy of the library: serialize's writers, Foundation's `JSONEncoder` and
/// `JSONDecoder` behind `Persistence`, the round-trip harness and `serialize convert --dates`
/// all mean the same thing by each case. Property lists store dates natively and ignore it.
///
/// | strategy | written as | precision kept |
/// | --- | --- | --- |
/// | ``iso8601`` | `2024-05-01T12:30:00.25Z` | exact (the fraction the date holds), years 1 to 9999 |
/// | ``secondsSince1970`` | seconds since 1970 as a real | within a few `Double` ulps (≈ 0.1 µs today) |
/// | ``millisecondsSince1970`` | milliseconds since 1970 as a real | within a few `Double` ulps |
/// | ``deferredToDate`` | seconds since 2001 as a real (`Date`'s own `Codable` form) | exact |
public enum DateStrategy: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ISO 8601 in UTC with the fractional seconds the date holds: `2024-05-01T12:30:00.25Z`.
    case iso8601
    /// Seconds since 1970-01-01T00:00:00Z as a real (`--dates epoch` on the command line).
    case secondsSince1970
    /// Milliseconds since 1970-01-01T00:00:00Z as a real.
    case millisecondsSince1970
    /// Seconds since 2001-01-01T00:00:00Z as a real: `Date`'s own `Codable` form.
    case deferredToDate

    public var description: String { rawValue }

    /// What survives of a date written with this strategy.
    public var precision: String {
        switch self {
        case .iso8601: "exact (the fraction the date holds), for the years 1 to 9999"
        case .secondsSince1970, .millisecondsSince1970: "within a few Double ulps (≈ 0.1 µs for dates near today)"
        case .deferredToDate: "exact (every bit of the Double since 2001)"
        }
    }
}

/// How dictionary keys are spelled by the `Codable` coders (`Persistence`, the harness).
///
/// serialize's document writers keep keys as they are whatever this says: a `Document`
/// has no Swift property names to convert.
public enum KeyStrategy: String, Sendable, Hashable, CaseIterable {
    /// The coding keys as they are.
    case useDefaultKeys
    /// `snake_case` on encode and back on decode (Foundation's `.convertToSnakeCase`:
    /// `myURLValue` becomes `my_url_value`, which reads back as `myUrlValue`).
    case convertToSnakeCase
}

/// How data is written to a format without data (JSON, CSV).
public enum DataStrategy: String, Sendable, Hashable, CaseIterable {
    /// Base64 (RFC 4648) with padding.
    case base64
    /// Lowercase hexadecimal.
    case hex
}

/// What a writer does with NaN and infinities where the format has none (JSON, CSV).
public enum NonFiniteStrategy: String, Sendable, Hashable, CaseIterable {
    /// Refuse with ``Diagnostic/Code/nonFiniteNumber`` naming the path and the option that gets it through.
    case error
    /// Write the strings `NaN`, `Infinity` and `-Infinity`.
    case string
}

/// What a property-list writer does with a number no property-list type holds exactly
/// (``Document/number(_:)``: an integer beyond 64 bits, a real beyond `Double`'s range), which
/// JSON and CSV keep as written.
public enum BigNumberStrategy: String, Sendable, Hashable, CaseIterable {
    /// Refuse with ``Diagnostic/Code/numberOutOfRange`` naming the path and the option that gets it through.
    case error
    /// Write the number's text as a string: every digit kept, the type changed.
    case string
    /// Write the nearest real: `1e400` becomes infinity, `18446744073709551617` loses its last digits.
    case nearestReal
}

/// What the CSV writer does when a record has no value for a column other records have.
public enum MissingStrategy: String, Sendable, Hashable, CaseIterable {
    /// Refuse with ``Diagnostic/Code/missingValue``: CSV cannot tell a missing value from null.
    case error
    /// Write an empty field, which reads back as `null`.
    case null
}

/// The one set of options for reading and writing every ``Format``: the converter, `Persistence`,
/// `RecordStore`, the round-trip harness and the command-line flags all take this value.
///
/// Each reader, writer and coder uses the members that apply to its format and ignores the
/// rest. The defaults refuse every loss.
///
/// | member | used by |
/// | --- | --- |
/// | ``pretty``, ``sortKeys`` | every JSON and XML writer and encoder |
/// | ``dates``, ``data``, ``nonFinite`` | JSON and CSV, writing and reading (coders) |
/// | ``keys`` | the `Codable` coders |
/// | ``null`` | serialize's property-list writers; with serialize's `Codable` coder (SerializeCodable) a ``NullStrategy/string(_:)`` marker is collision-free (real strings starting with its first character are escaped) |
/// | ``bigNumbers`` | serialize's property-list writers |
/// | ``missing``, ``inferCSVTypes``, ``recoverCSV`` | serialize's CSV writer and reader |
/// | ``csvByteOrderMark`` | serialize's CSV writer and the CSV encoder behind `Persistence` and the harness |
/// | ``unmatchedColumns`` | the CSV decoder behind `Persistence` and the harness |
/// | ``maximumDepth`` | every reader and writer of serialize (see the member for the one rule) |
public struct FormatOptions: Sendable, Hashable {
    /// Indented output with one value a line (JSON, XML plist); compact when false.
    public var pretty: Bool
    /// Dictionary keys in byte order of their UTF-8 instead of document order (serialize's
    /// writers). Foundation's `JSONEncoder` behind `Persistence` always sorts: a Swift
    /// `Dictionary` has no order to keep.
    public var sortKeys: Bool
    /// `null` in a property list.
    public var null: NullStrategy
    /// Dates in JSON and CSV.
    public var dates: DateStrategy
    /// Data in JSON and CSV.
    public var data: DataStrategy
    /// NaN and infinities in JSON and CSV.
    public var nonFinite: NonFiniteStrategy
    /// Records without a value for a column, in CSV.
    public var missing: MissingStrategy
    /// Numbers beyond 64 bits in a property list.
    public var bigNumbers: BigNumberStrategy
    /// How the `Codable` coders spell keys.
    public var keys: KeyStrategy
    /// CSV input: read `true`/`false`, numbers, `[]` and `{}` as typed values instead of strings.
    public var inferCSVTypes: Bool
    /// The deepest nesting of containers every reader accepts and every writer writes: 512 by
    /// default, as Foundation and plutil.
    ///
    /// One rule for every format: the depth of a value is the number of arrays and dictionaries
    /// it is nested in, counting itself when it is one; the top-level container is at depth 1.
    /// Nothing else counts: not the `<plist>` element of an XML property list, not its `<key>`
    /// or scalar elements, not a CSV row. A binary property list UID is read and written as the
    /// dictionary `{"CF$UID": n}`, so it counts as one level in every format. CSV counts the
    /// containers of the document its table holds: the array of records, each record, and one
    /// per component of a column name but the last (`a.b` puts `b` in a dictionary at depth 3).
    ///
    /// A reader refuses deeper input with ``Diagnostic/Code/tooDeep`` at its location; a writer
    /// refuses a deeper document with the same code at the path of the first container too
    /// deep, so serialize never writes what its own readers refuse.
    ///
    /// The readers and writers recurse once a level: a limit above the default needs a thread
    /// with a bigger stack, which ``NestingStack`` provides.
    public var maximumDepth: Int
    /// CSV decoding into a type: what to do with a column no property reads. Refused by default
    /// (JSON and property lists skip unknown keys; a CSV column is data the type would lose).
    public var unmatchedColumns: CSVDecoder.UnmatchedColumnStrategy
    /// CSV input: repair malformed rows instead of refusing them, each repair a located warning
    /// (``Format/read(_:options:warnings:)``): quoting and bytes as `CSVReader.Configuration.recovers`
    /// says, a short row padded with empty fields, a long row's extra fields under the columns
    /// `extra1`, `extra2`, …, an empty column name made `columnN` (its position) and a repeated
    /// one given the suffix `_2`, `_3`, …
    public var recoverCSV: Bool
    /// CSV output: start with a UTF-8 byte-order mark (`EF BB BF`), which Excel needs to read a
    /// UTF-8 CSV file as UTF-8 rather than in the system's code page. Every CSV reader of
    /// serialize skips it. JSON is never written with one (RFC 8259 forbids it), nor are
    /// property lists.
    public var csvByteOrderMark: Bool

    /// Creates options; the defaults refuse every loss.
    public init(
        pretty: Bool = true,
        sortKeys: Bool = false,
        null: NullStrategy = .error,
        dates: DateStrategy = .iso8601,
        data: DataStrategy = .base64,
        nonFinite: NonFiniteStrategy = .error,
        missing: MissingStrategy = .error,
        keys: KeyStrategy = .useDefaultKeys,
        inferCSVTypes: Bool = false,
        maximumDepth: Int = 512,
        unmatchedColumns: CSVDecoder.UnmatchedColumnStrategy = .error,
        recoverCSV: Bool = false,
        bigNumbers: BigNumberStrategy = .error,
        csvByteOrderMark: Bool = false
    ) {
        self.csvByteOrderMark = csvByteOrderMark
        self.recoverCSV = recoverCSV
        self.bigNumbers = bigNumbers
        self.pretty = pretty
        self.sortKeys = sortKeys
        self.null = null
        self.dates = dates
        self.data = data
        self.nonFinite = nonFinite
        self.missing = missing
        self.keys = keys
        self.inferCSVTypes = inferCSVTypes
        self.maximumDepth = maximumDepth
        self.unmatchedColumns = unmatchedColumns
    }
}

// MARK: - Shared by the writers

extension FormatOptions {
    /// The members of a dictionary in the order this writer emits them.
    func ordered(_ members: OrderedDictionary<DocumentKey, Document>) -> [(key: String, value: Document)] {
        let pairs = members.map { (key: $0.key.string, value: $0.value) }
        return sortKeys ? pairs.sorted { $0.key.scalarsPrecede($1.key) } : pairs
    }

    /// The text of a scalar that has no native form in JSON or CSV, through these strategies.
    ///
    /// - Returns: `.string` for text, `.number` for text that is a number in JSON.
    package func text(ofDate date: Date, at path: ValuePath) throws(Diagnostic) -> ScalarText {
        switch dates {
        case .iso8601:
            guard let text = DateText.string(date, precision: .exact) else {
                throw Diagnostic(.invalidDate, "date \(date.timeIntervalSinceReferenceDate) s since 2001 is not a point in \(DateText.yearsText)", path: path)
            }
            return .string(text)
        case .secondsSince1970, .millisecondsSince1970, .deferredToDate:
            let epoch: DateText.Epoch = switch dates {
            case .secondsSince1970: .secondsSince1970
            case .millisecondsSince1970: .millisecondsSince1970
            default: .secondsSince2001
            }
            guard let text = DateText.epochText(date, since: epoch) else {
                throw Diagnostic(.invalidDate, "date \(date.timeIntervalSinceReferenceDate) s since 2001 is not a point in \(DateText.yearsText)", path: path)
            }
            return .number(text)
        }
    }

    package func text(ofData bytes: Data) -> String {
        switch data {
        case .base64: bytes.base64EncodedString()
        case .hex: TextValues.hex(bytes)
        }
    }

    package func text(ofNonFinite value: Double, at path: ValuePath) throws(Diagnostic) -> String {
        switch nonFinite {
        case .error:
            throw Diagnostic(
                .nonFiniteNumber, "\(value) cannot be written as a number", path: path,
                remedy: Remedy(option: "nonFinite", value: "string", effect: "write it as the string \"\(Self.nonFiniteText(value))\""))
        case .string:
            return Self.nonFiniteText(value)
        }
    }

    /// What a property list holds for `number`, which no plist type holds exactly, through
    /// ``bigNumbers``.
    package func plistValue(of number: NumberText, at path: ValuePath) throws(Diagnostic) -> Document {
        switch bigNumbers {
        case .error:
            let kind = number.isInteger ? "integer \(number.text) does not fit in 64 bits" : "number \(number.text) is beyond the range of a 64-bit real"
            throw Diagnostic(
                .numberOutOfRange, "\(kind), and a property list has no other number type; serialize will not round it silently",
                path: path,
                remedy: Remedy(option: "bigNumbers", value: "string", effect: "write it as the string \"\(number.text)\" (or nearestReal to round it)"))
        case .string: return .string(number.text)
        case .nearestReal: return .double(number.nearestDouble)
        }
    }

    static func nonFiniteText(_ value: Double) -> String {
        value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity"
    }

    /// Refuses a container at `depth` (1 for the top-level one) beyond ``maximumDepth``: what
    /// every writer checks before it opens an array or a dictionary.
    @inline(__always)
    func checkDepth(_ depth: Int, at path: ValuePath) throws(Diagnostic) {
        guard depth > maximumDepth else { return }
        throw Diagnostic(
            .tooDeep, "arrays and dictionaries nest deeper than \(maximumDepth) levels here; serialize's readers refuse such a document",
            path: path)
    }

    func nullError(at path: ValuePath, format: String) -> Diagnostic {
        Diagnostic(
            .nullNotRepresentable, "null cannot be written to \(format), which has no null", path: path,
            remedy: Remedy(option: "null", value: "omit", effect: "leave the member or element out"))
    }
}

/// A scalar's text and whether it is a string or a bare number.
package enum ScalarText {
    case string(String)
    case number(String)
}
