/// Format-agnostic persistence: save and load any `Codable` value in any format with one API.
///
/// `SerializePersistence` chooses an encoder and decoder from a ``StorageFormat`` (JSON with its
/// options, XML or binary property list, CSV with its dialect), writes atomically (a temporary
/// file in the same folder, flushed, then renamed), stores a schema version with migrations
/// on load, and offers a keyed store of records in a folder (``RecordStore``).

public import Foundation

/// Where a value is persisted, and in which format.
public struct PersistenceLocation: Sendable, Hashable {
    /// The file.
    public var url: URL
    /// The format, from the file extension unless given.
    public var format: StorageFormat

    /// A location whose format comes from `url`'s extension, or `nil` if it names none.
    public init?(url: URL) {
        guard let format = StorageFormat(fileExtension: url.pathExtension) else { return nil }
        self.url = url
        self.format = format
    }

    /// A location with an explicit format.
    public init(url: URL, format: StorageFormat) {
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
/// Change `.json` to `.binaryPlist` (or `.xmlPlist`, `.json(.pretty)`, `.csv`) and nothing else
/// changes. Leave the format out to take it from the file extension. In CSV and TSV an array is
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
    /// The file system used for reads and writes.
    public var fileSystem: any FileSystem
    /// Values passed to every encoder's and decoder's `userInfo`, such as a `DecodingReport`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// A persistence over `fileSystem` passing `userInfo` to every coder.
    public init(fileSystem: any FileSystem = PosixFileSystem(), userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.fileSystem = fileSystem
        self.userInfo = userInfo
    }

    // MARK: - Data

    /// Encodes `value` in `format`.
    ///
    /// - Throws: ``PersistenceError`` (``PersistenceError/Kind/encodingFailed``) with the coding path.
    public func encode<T: Encodable>(_ value: T, as format: StorageFormat) throws -> Data {
        try encode(value, as: format, userInfo: userInfo, file: nil)
    }

    /// Decodes a `T` from `data` in `format`.
    ///
    /// - Throws: ``PersistenceError`` (``PersistenceError/Kind/decodingFailed``) with the coding path.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, as format: StorageFormat) throws -> T {
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
    public func save<T: Encodable>(_ value: T, to url: URL, as format: StorageFormat? = nil) throws {
        let format = try resolve(format, for: url)
        let data = try encode(value, as: format, userInfo: userInfo, file: url)
        try fileSystem.writeAtomically(data, to: url)
    }

    /// Loads a `T` from `url`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - url: The file.
    ///   - format: The format, or `nil` to take it from `url`'s extension.
    /// - Throws: ``PersistenceError``: the file is missing or unreadable, or does not decode.
    public func load<T: Decodable>(_ type: T.Type, from url: URL, as format: StorageFormat? = nil) throws -> T {
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
        guard let data = try fileSystem.contents(of: url) else {
            throw PersistenceError(.readFailed, file: url, message: "no such file")
        }
        return data
    }

    func resolve(_ format: StorageFormat?, for url: URL) throws -> StorageFormat {
        if let format { return format }
        guard let format = StorageFormat(fileExtension: url.pathExtension) else {
            let known = "json, plist, bplist, csv, tsv"
            throw PersistenceError(
                .unknownExtension, file: url,
                message: "cannot tell the format from the extension '\(url.pathExtension)'; "
                    + "pass a format or use one of \(known)")
        }
        return format
    }

    func encode<T: Encodable>(
        _ value: T, as format: StorageFormat, userInfo: [CodingUserInfoKey: any Sendable], file: URL?
    ) throws -> Data {
        do {
            return try format.encode(value, userInfo: userInfo)
        } catch {
            throw PersistenceError.encoding(error, of: T.self, as: format, file: file)
        }
    }

    func decode<T: Decodable>(
        _ type: T.Type, from data: Data, as format: StorageFormat, userInfo: [CodingUserInfoKey: any Sendable],
        file: URL?
    ) throws -> T {
        do {
            return try format.decode(type, from: data, userInfo: userInfo)
        } catch {
            throw PersistenceError.decoding(error, of: T.self, as: format, file: file)
        }
    }
}
