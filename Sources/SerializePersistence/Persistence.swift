/// Format-agnostic persistence: save and load any `Codable` value in any format with one API.
///
/// `SerializePersistence` chooses an encoder and decoder from a `Format` (JSON, XML or binary
/// property list, CSV with its dialect) and the one `FormatOptions`, writes atomically (a temporary
/// file in the same folder, flushed, then renamed), stores a schema version with migrations
/// on load, and offers a keyed store of records in a folder (``RecordStore``).

public import Foundation
public import SerializeCore
public import SerializeDocument

/// Where a value is persisted, and in which format.
public struct PersistenceLocation: Sendable, Hashable {
    /// The file.
    public var url: URL
    /// The format, from the file extension unless given.
    public var format: Format

    /// A location whose format comes from `url`'s extension, or `nil` if it names none.
    public init?(url: URL) {
        guard let format = Format(fileExtension: url.pathExtension) else { return nil }
        self.url = url
        self.format = format
    }

    /// A location with an explicit format.
    public init(url: URL, format: Format) {
        self.url = url
        self.format = format
    }
}

/// Saves and loads `Codable` values as files or `Data`, in the format you choose.
///
/// ```swift
/// let persistence = Persistence()
/// try persistence.save(settings, to: url, as: .json)
/// let settings = try persistence.load(Settings.self, from: url, as: .json)
/// ```
///
/// Change `.json` to `.binaryPlist` (or `.xmlPlist`, `.csv`, `.tsv`, `.csv(dialect)`) and nothing
/// else changes. Leave the format out to take it from the file extension. How dates, data, NaN
/// and keys are written is ``options`` (the same `FormatOptions` `Format.convert` and
/// `serialize convert` take):
///
/// ```swift
/// let persistence = Persistence(options: FormatOptions(pretty: false, dates: .secondsSince1970))
/// ```
///
/// Which `Codable` coder does the work is ``coder``: Foundation's (the default) writes what
/// other Foundation programs read; `.serialize` keeps exact 64-bit integers, key order, date
/// fractions and top-level scalars, and its decoding errors name `file:line:column`.
/// In CSV and TSV an array is
/// one row per element, nested values become dotted and indexed columns (SerializeCSV's
/// `CSVEncoder`), and any other value is a file of one row; loading a single value from a file
/// of several rows is an error that says to load an array.
///
/// Writes are atomic: the bytes go to a temporary file in the same folder, are flushed with
/// `fsync` and renamed over the destination, so a failed encode, a failed write or a killed
/// process leaves the previous file whole. Every error is a ``PersistenceError`` naming the
/// file and, for coding errors, the coding path.
///
/// `Persistence` is a `Sendable` value: share one between tasks freely.
public struct Persistence: Sendable {
    /// How every coder writes and reads dates, data, NaN, keys and layout.
    public var options: FormatOptions
    /// The file system used for reads and writes.
    public var fileSystem: any FileSystem
    /// Values passed to every encoder's and decoder's `userInfo`, such as a `DecodingReport`.
    public var userInfo: [CodingUserInfoKey: any Sendable]
    /// Which `Codable` coder writes and reads: Foundation's (the default, for files other
    /// programs read with Foundation) or serialize's own (`.serialize`, for fidelity and located
    /// errors).
    public var coder: CodableCoder

    /// A persistence with `options` over `fileSystem`, passing `userInfo` to every coder.
    public init(
        options: FormatOptions = FormatOptions(), fileSystem: any FileSystem = PosixFileSystem(),
        userInfo: [CodingUserInfoKey: any Sendable] = [:], coder: CodableCoder = .foundation
    ) {
        self.options = options
        self.fileSystem = fileSystem
        self.userInfo = userInfo
        self.coder = coder
    }

    // MARK: - Data

    /// Encodes `value` in `format`.
    ///
    /// - Throws: ``PersistenceError`` (``PersistenceError/Kind/encodingFailed``) with the coding path.
    public func encode<T: Encodable>(_ value: T, as format: Format) throws -> Data {
        try encode(value, as: format, userInfo: userInfo, file: nil)
    }

    /// Decodes a `T` from `data` in `format`.
    ///
    /// - Throws: ``PersistenceError`` (``PersistenceError/Kind/decodingFailed``) with the coding path.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, as format: Format) throws -> T {
        try decode(type, from: data, as: format, userInfo: userInfo, file: nil)
    }

    // MARK: - Files

    /// Saves `value` to `url` atomically.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - url: The file; its folder must exist.
    ///   - format: The format, or `nil` to take it from `url`'s extension.
    /// - Throws: ``PersistenceError``; the file at `url` is then unchanged.
    public func save<T: Encodable>(_ value: T, to url: URL, as format: Format? = nil) throws {
        let format = try resolve(format, for: url)
        let data = try encode(value, as: format, userInfo: userInfo, file: url)
        try write(data, to: url)
    }

    /// Loads a `T` from `url`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - url: The file.
    ///   - format: The format, or `nil` to take it from `url`'s extension.
    /// - Throws: ``PersistenceError``: the file is missing or unreadable, or does not decode.
    public func load<T: Decodable>(_ type: T.Type, from url: URL, as format: Format? = nil) throws -> T {
        let format = try resolve(format, for: url)
        return try decode(type, from: read(url), as: format, userInfo: userInfo, file: url)
    }

    /// Saves `value` to `location`.
    public func save<T: Encodable>(_ value: T, to location: PersistenceLocation) throws {
        try save(value, to: location.url, as: location.format)
    }

    /// Loads a `T` from `location`.
    public func load<T: Decodable>(_ type: T.Type, from location: PersistenceLocation) throws -> T {
        try load(type, from: location.url, as: location.format)
    }

    // MARK: - Internals shared with versioning and the store

    func read(_ url: URL) throws -> Data {
        guard let data = try fileOperation({ try fileSystem.contents(of: url) }) else {
            throw PersistenceError(.readFailed, file: url, message: FileReadFailure.noSuchFile)
        }
        return data
    }

    /// Writes `data` to `url` with the one atomic writer (SerializeCore).
    func write(_ data: Data, to url: URL) throws {
        do {
            try fileSystem.writeAtomically(data, to: url)
        } catch {
            throw PersistenceError(error)
        }
    }

    /// Runs a file-system step, reporting a ``FileSystemError`` as a ``PersistenceError``.
    func fileOperation<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as FileSystemError {
            throw PersistenceError(error)
        }
    }

    func resolve(_ format: Format?, for url: URL) throws -> Format {
        if let format { return format }
        guard let format = Format(fileExtension: url.pathExtension) else {
            let known = "json, plist, bplist, csv, tsv"
            throw PersistenceError(
                .unknownExtension, file: url,
                message: "cannot tell the format from the extension '\(url.pathExtension)'; "
                    + "pass a format or use one of \(known)")
        }
        return format
    }

    func encode<T: Encodable>(
        _ value: T, as format: Format, userInfo: [CodingUserInfoKey: any Sendable], file: URL?
    ) throws -> Data {
        do {
            return try format.encode(value, options: options, userInfo: userInfo, coder: coder)
        } catch {
            throw PersistenceError.encoding(error, of: T.self, as: format, file: file)
        }
    }

    func decode<T: Decodable>(
        _ type: T.Type, from data: Data, as format: Format, userInfo: [CodingUserInfoKey: any Sendable],
        file: URL?
    ) throws -> T {
        do {
            return try format.decode(type, from: data, options: options, userInfo: userInfo, coder: coder, file: file)
        } catch {
            throw PersistenceError.decoding(error, of: T.self, as: format, file: file)
        }
    }
}
