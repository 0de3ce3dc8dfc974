/// The named strategies a writer applies where the target format cannot hold a value as it is.

import Foundation
import OrderedCollections
public import SerializeCore

/// What a writer does with `null` where the format has none (property lists).
public enum NullStrategy: Sendable, Hashable {
    /// Refuse with ``Diagnostic/Code/nullNotRepresentable`` naming the path and the option that gets it through.
    case error
    /// Leave the member out of its dictionary, or the element out of its array.
    case omit
    /// Write this string instead.
    case string(String)
}

/// How a date is written to a format without dates (JSON, CSV).
public enum DateStrategy: String, Sendable, Hashable, CaseIterable {
    /// ISO 8601 in UTC with the fractional seconds the date holds: `2024-05-01T12:30:00.25Z`.
    case iso8601
    /// Seconds since 1970-01-01T00:00:00Z as a real.
    case epoch
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

/// What the CSV writer does when a record has no value for a column other records have.
public enum MissingStrategy: String, Sendable, Hashable, CaseIterable {
    /// Refuse with ``Diagnostic/Code/missingValue``: CSV cannot tell a missing value from null.
    case error
    /// Write an empty field, which reads back as `null`.
    case null
}

/// Options every writer receives; each uses the ones that apply to its format.
public struct WritingOptions: Sendable, Hashable {
    /// Indented output with one value a line (JSON, XML plist); compact when false.
    public var pretty: Bool
    /// Dictionary keys in byte order of their UTF-8 instead of document order.
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

    /// Creates options; the defaults refuse every loss.
    public init(
        pretty: Bool = true,
        sortKeys: Bool = false,
        null: NullStrategy = .error,
        dates: DateStrategy = .iso8601,
        data: DataStrategy = .base64,
        nonFinite: NonFiniteStrategy = .error,
        missing: MissingStrategy = .error
    ) {
        self.pretty = pretty
        self.sortKeys = sortKeys
        self.null = null
        self.dates = dates
        self.data = data
        self.nonFinite = nonFinite
        self.missing = missing
    }
}

// MARK: - Shared by the writers

extension WritingOptions {
    /// The members of a dictionary in the order this writer emits them.
    func ordered(_ members: OrderedDictionary<String, Document>) -> [(key: String, value: Document)] {
        let pairs = members.map { (key: $0.key, value: $0.value) }
        return sortKeys ? pairs.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : pairs
    }

    /// The text of a scalar that has no native form in JSON or CSV, through these strategies.
    ///
    /// - Returns: `.string` for text, `.number` for text that is a number in JSON.
    func text(ofDate date: Date, at path: ValuePath) throws(Diagnostic) -> ScalarText {
        switch dates {
        case .iso8601:
            guard let text = DateText.string(date, precision: .exact) else {
                throw Diagnostic(.invalidDate, "date \(date.timeIntervalSinceReferenceDate) s since 2001 is not a point in \(DateText.yearsText)", path: path)
            }
            return .string(text)
        case .epoch:
            guard let text = DateText.epochText(date, since: .secondsSince1970) else {
                throw Diagnostic(.invalidDate, "date \(date.timeIntervalSinceReferenceDate) s since 2001 is not a point in \(DateText.yearsText)", path: path)
            }
            return .number(text)
        }
    }

    func text(ofData bytes: Data) -> String {
        switch data {
        case .base64: bytes.base64EncodedString()
        case .hex: TextValues.hex(bytes)
        }
    }

    func text(ofNonFinite value: Double, at path: ValuePath) throws(Diagnostic) -> String {
        switch nonFinite {
        case .error:
            throw Diagnostic(
                .nonFiniteNumber, "\(value) cannot be written as a number", path: path,
                remedy: Remedy(option: "nonFinite", value: "string", effect: "write it as the string \"\(Self.nonFiniteText(value))\""))
        case .string:
            return Self.nonFiniteText(value)
        }
    }

    static func nonFiniteText(_ value: Double) -> String {
        value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity"
    }

    func nullError(at path: ValuePath, format: String) -> Diagnostic {
        Diagnostic(
            .nullNotRepresentable, "null cannot be written to \(format), which has no null", path: path,
            remedy: Remedy(option: "null", value: "omit", effect: "leave the member or element out"))
    }
}

/// A scalar's text and whether it is a string or a bare number.
enum ScalarText {
    case string(String)
    case number(String)
}
