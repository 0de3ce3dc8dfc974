/// A wire format together with the options its coders take.

internal import Foundation
public import SerializeCSV
public import SerializeDocument

/// A ``Format`` and the options its encoder and decoder take: JSON with its strategies, XML or
/// binary property list, CSV with its dialect.
///
/// Switching a model's storage is one argument:
///
/// ```swift
/// try persistence.save(settings, to: url, as: .json)          // or .json(.pretty)
/// try persistence.save(settings, to: url, as: .binaryPlist)   // same model, binary plist
/// ```
public struct StorageFormat: Sendable, Hashable, CustomStringConvertible {
    /// The wire format.
    public var format: Format
    /// Options for ``Format/json``; ignored by the other formats.
    public var json: JSONOptions
    /// The layout for ``Format/csv`` and ``Format/tsv``; ignored by the other formats.
    public var csvDialect: CSVDialect

    /// `format` with default options (the RFC 4180 dialect for CSV, tabs for TSV).
    public init(_ format: Format, json: JSONOptions = .init(), csvDialect: CSVDialect? = nil) {
        self.format = format
        self.json = json
        self.csvDialect = csvDialect ?? (format == .tsv ? .tsv : .rfc4180)
    }

    /// The format a file extension names, with default options, or `nil`.
    public init?(fileExtension: String) {
        guard let format = Format(fileExtension: fileExtension) else { return nil }
        self.init(format)
    }

    /// Compact JSON.
    public static let json = StorageFormat(.json)
    /// JSON with `options`.
    public static func json(_ options: JSONOptions) -> StorageFormat { StorageFormat(.json, json: options) }
    /// An XML property list.
    public static let xmlPlist = StorageFormat(.xmlPlist)
    /// A binary property list.
    public static let binaryPlist = StorageFormat(.binaryPlist)
    /// RFC 4180 CSV.
    public static let csv = StorageFormat(.csv)
    /// CSV in `dialect`.
    public static func csv(_ dialect: CSVDialect) -> StorageFormat { StorageFormat(.csv, csvDialect: dialect) }
    /// Tab-separated values.
    public static let tsv = StorageFormat(.tsv)

    /// The file extension files in this format get: `json`, `plist`, `csv` or `tsv`.
    public var fileExtension: String {
        switch format {
        case .json: "json"
        case .xmlPlist, .binaryPlist: "plist"
        case .csv: "csv"
        case .tsv: "tsv"
        }
    }

    public var description: String {
        switch format {
        case .json: "JSON"
        case .xmlPlist: "XML property list"
        case .binaryPlist: "binary property list"
        case .csv: "CSV"
        case .tsv: "TSV"
        }
    }
}

/// How JSON is written and read: Foundation's `JSONEncoder`/`JSONDecoder` strategies, as values.
///
/// ```swift
/// let format = StorageFormat.json(.init(prettyPrinted: true, dates: .iso8601))
/// ```
public struct JSONOptions: Sendable, Hashable {
    /// How dates are written and read.
    public enum DateCoding: Sendable, Hashable {
        /// `Date`'s own encoding: seconds since 2001-01-01 as a number.
        case deferredToDate
        /// ISO 8601 text. Foundation drops fractional seconds.
        case iso8601
        /// Seconds since 1970 as a number.
        case secondsSince1970
        /// Milliseconds since 1970 as a number.
        case millisecondsSince1970
    }

    /// How `Data` is written and read.
    public enum DataCoding: Sendable, Hashable {
        /// Base64 text (the default).
        case base64
        /// `Data`'s own encoding: an array of bytes.
        case deferredToData
    }

    /// What happens to NaN and ±infinity, which JSON cannot hold.
    public enum NonConformingFloats: Sendable, Hashable {
        /// Refuse them with an encoding error naming the coding path (the default).
        case `throw`
        /// Write and read them as these strings.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// Whether keys are written as `snake_case` and read back from it.
    ///
    /// Foundation turns `myURLValue` into `my_url_value`, which reads back as `myUrlValue` and
    /// fails: prefer explicit `CodingKeys` for such names.
    public var snakeCaseKeys: Bool
    /// Indented output.
    public var prettyPrinted: Bool
    /// Keys in sorted order, so equal values give equal bytes.
    public var sortedKeys: Bool
    /// How dates are coded.
    public var dates: DateCoding
    /// How data is coded.
    public var data: DataCoding
    /// What happens to NaN and ±infinity.
    public var nonConformingFloats: NonConformingFloats

    /// Options; the defaults are Foundation's, except that keys are sorted.
    public init(
        snakeCaseKeys: Bool = false,
        prettyPrinted: Bool = false,
        sortedKeys: Bool = true,
        dates: DateCoding = .deferredToDate,
        data: DataCoding = .base64,
        nonConformingFloats: NonConformingFloats = .throw
    ) {
        self.snakeCaseKeys = snakeCaseKeys
        self.prettyPrinted = prettyPrinted
        self.sortedKeys = sortedKeys
        self.dates = dates
        self.data = data
        self.nonConformingFloats = nonConformingFloats
    }

    /// Indented, sorted JSON.
    public static let pretty = JSONOptions(prettyPrinted: true)

    func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = []
        if prettyPrinted { formatting.insert(.prettyPrinted) }
        if sortedKeys { formatting.insert(.sortedKeys) }
        encoder.outputFormatting = formatting
        if snakeCaseKeys { encoder.keyEncodingStrategy = .convertToSnakeCase }
        switch dates {
        case .deferredToDate: encoder.dateEncodingStrategy = .deferredToDate
        case .iso8601: encoder.dateEncodingStrategy = .iso8601
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        }
        switch data {
        case .base64: encoder.dataEncodingStrategy = .base64
        case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
        }
        if case let .convertToString(positive, negative, nan) = nonConformingFloats {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: positive, negativeInfinity: negative, nan: nan)
        }
        return encoder
    }

    func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        if snakeCaseKeys { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        switch dates {
        case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        }
        switch data {
        case .base64: decoder.dataDecodingStrategy = .base64
        case .deferredToData: decoder.dataDecodingStrategy = .deferredToData
        }
        if case let .convertToString(positive, negative, nan) = nonConformingFloats {
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: positive, negativeInfinity: negative, nan: nan)
        }
        return decoder
    }
}
