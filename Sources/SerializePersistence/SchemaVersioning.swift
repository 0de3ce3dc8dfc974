/// A versioned envelope: a stored schema version, and migrations that run on load.

public import Foundation
public import SerializeDocument
import SerializeCore

/// How a value's schema version is stored and how older versions are brought up to date.
///
/// A versioned file holds an envelope, `{"schemaVersion": 2, "value": {...}}` (or the same as a
/// property list). On load, persistence reads the stored version, refuses a version newer than
/// ``currentVersion``, decodes the value with the stored version in
/// `userInfo[.schemaVersion]` (so `init(from:)` can read an older layout, the API-version idea
/// from the Codable literature), then runs each ``Migration`` from the stored version up:
///
/// ```swift
/// struct Settings: Codable {
///     var volume: Double          // version 2: 0...1; version 1 stored 0...100
///     var theme: String
///     init(from decoder: any Decoder) throws {
///         let container = try decoder.container(keyedBy: CodingKeys.self)
///         volume = try container.decode(Double.self, forKey: .volume)
///         // version 1 called it "colour"
///         let version = decoder.userInfo[.schemaVersion] as? Int ?? 2
///         let key: AnyCodingKey = version < 2 ? "colour" : "theme"
///         theme = try decoder.container(keyedBy: AnyCodingKey.self).decode(String.self, forKey: key)
///     }
/// }
///
/// let versioning = SchemaVersioning<Settings>(currentVersion: 2, migrations: [
///     .init(from: 1) { settings in settings.volume /= 100 },
/// ])
/// try persistence.save(settings, to: url, as: .json, versioning: versioning)
/// let loaded = try persistence.load(Settings.self, from: url, as: .json, versioning: versioning)
/// ```
///
/// Files written before versioning was adopted have no envelope; set
/// ``unversionedVersion`` to read them as that version. The envelope needs a keyed top level,
/// so CSV cannot hold it.
public struct SchemaVersioning<Value>: Sendable {
    /// One step up: turns a value decoded at version ``from`` into one valid at `from + 1`.
    public struct Migration: Sendable {
        /// The version this step starts from.
        public var from: Int
        /// The step.
        public var migrate: @Sendable (inout Value) throws -> Void

        /// A step from version `from` to `from + 1`.
        public init(from: Int, _ migrate: @escaping @Sendable (inout Value) throws -> Void) {
            self.from = from
            self.migrate = migrate
        }
    }

    /// The version this program writes.
    public var currentVersion: Int
    /// The steps, in any order; a version without a step needs none.
    public var migrations: [Migration]
    /// The version of a file that has no envelope, or `nil` to refuse such files.
    public var unversionedVersion: Int?

    public init(currentVersion: Int, migrations: [Migration] = [], unversionedVersion: Int? = nil) {
        self.currentVersion = currentVersion
        self.migrations = migrations
        self.unversionedVersion = unversionedVersion
    }
}

extension CodingUserInfoKey {
    /// The schema version being decoded or encoded, an `Int`, set by versioned loads and saves.
    public static let schemaVersion = CodingUserInfoKey(rawValue: "serialize.schemaVersion")!
}

// MARK: - The envelope

private enum EnvelopeKeys: String, CodingKey {
    case schemaVersion, value
}

private struct Envelope<Value: Encodable>: Encodable {
    var schemaVersion: Int
    var value: Value

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EnvelopeKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(value, forKey: .value)
    }
}

/// Reads only the stored version; `nil` when the data has no envelope.
private struct EnvelopeHeader: Decodable {
    var schemaVersion: Int?

    init(from decoder: any Decoder) throws {
        // Both keys make an envelope: a value of the old, unversioned kind may well have a
        // `value` property of its own.
        guard let container = try? decoder.container(keyedBy: EnvelopeKeys.self),
            container.contains(.value), container.contains(.schemaVersion)
        else {
            schemaVersion = nil
            return
        }
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
    }
}

private struct EnvelopeValue<Value: Decodable>: Decodable {
    var value: Value

    init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: EnvelopeKeys.self).decode(Value.self, forKey: .value)
    }
}

// MARK: - Versioned saving and loading

extension Persistence {
    /// Encodes `value` in an envelope stamped with `versioning.currentVersion`.
    public func encode<T: Encodable>(_ value: T, as format: Format, versioning: SchemaVersioning<T>) throws
        -> Data
    {
        try encodeVersioned(value, as: format, versioning: versioning, file: nil)
    }

    /// Decodes a versioned `T` from `data`, migrating it up to `versioning.currentVersion`.
    public func decode<T: Decodable>(
        _ type: T.Type, from data: Data, as format: Format, versioning: SchemaVersioning<T>
    ) throws -> T {
        try decodeVersioned(type, from: data, as: format, versioning: versioning, file: nil)
    }

    /// Saves `value` atomically in an envelope stamped with `versioning.currentVersion`.
    ///
    /// - Throws: ``PersistenceError``; the file is then unchanged.
    public func save<T: Encodable>(
        _ value: T, to url: URL, as format: Format? = nil, versioning: SchemaVersioning<T>
    ) throws {
        let format = try resolve(format, for: url)
        let data = try encodeVersioned(value, as: format, versioning: versioning, file: url)
        try write(data, to: url)
    }

    /// Loads a versioned `T` from `url`, migrating it up to `versioning.currentVersion`. The file
    /// itself is not rewritten; save the result to store it at the current version.
    ///
    /// - Throws: ``PersistenceError``: ``PersistenceError/Kind/newerSchemaVersion`` for a file
    ///   from a newer program, ``PersistenceError/Kind/migrationFailed`` when a step throws,
    ///   ``PersistenceError/Kind/decodingFailed`` for a file without an envelope (unless
    ///   ``SchemaVersioning/unversionedVersion`` is set) or a value that does not decode.
    public func load<T: Decodable>(
        _ type: T.Type, from url: URL, as format: Format? = nil, versioning: SchemaVersioning<T>
    ) throws -> T {
        let format = try resolve(format, for: url)
        return try decodeVersioned(type, from: read(url), as: format, versioning: versioning, file: url)
    }

    func encodeVersioned<T: Encodable>(
        _ value: T, as format: Format, versioning: SchemaVersioning<T>, file: URL?
    ) throws -> Data {
        try refuseCSV(format, file: file)
        var userInfo = self.userInfo
        userInfo[.schemaVersion] = versioning.currentVersion
        let envelope = Envelope(schemaVersion: versioning.currentVersion, value: value)
        return try encode(envelope, as: format, userInfo: userInfo, file: file)
    }

    func decodeVersioned<T: Decodable>(
        _ type: T.Type, from data: Data, as format: Format, versioning: SchemaVersioning<T>, file: URL?
    ) throws -> T {
        try refuseCSV(format, file: file)
        let header = try decode(EnvelopeHeader.self, from: data, as: format, userInfo: userInfo, file: file)
        var userInfo = self.userInfo
        var value: T
        let stored: Int
        if let version = header.schemaVersion {
            stored = version
            guard stored <= versioning.currentVersion else {
                throw PersistenceError(
                    .newerSchemaVersion, file: file, format: format, codingPath: ValuePath([.key("schemaVersion")]),
                    message: "schema version \(stored) is newer than version \(versioning.currentVersion), "
                        + "the newest this program reads; update the program")
            }
            userInfo[.schemaVersion] = stored
            value = try decode(EnvelopeValue<T>.self, from: data, as: format, userInfo: userInfo, file: file).value
        } else if let legacy = versioning.unversionedVersion {
            stored = legacy
            userInfo[.schemaVersion] = stored
            value = try decode(T.self, from: data, as: format, userInfo: userInfo, file: file)
        } else {
            throw PersistenceError(
                .decodingFailed, file: file, format: format, codingPath: ValuePath([.key("schemaVersion")]),
                message: "no schema version: expected a versioned envelope with 'schemaVersion' and 'value' keys "
                    + "(set unversionedVersion to read files saved before versioning)")
        }
        for version in stored..<max(stored, versioning.currentVersion) {
            for migration in versioning.migrations where migration.from == version {
                do {
                    try migration.migrate(&value)
                } catch {
                    throw PersistenceError(
                        .migrationFailed, file: file, format: format,
                        message: "migration from schema version \(version) to \(version + 1) failed: \(describe(error))",
                        underlying: error)
                }
            }
        }
        return value
    }

    private func refuseCSV(_ format: Format, file: URL?) throws {
        if format.csvDialect != nil {
            throw PersistenceError(
                .unsupported, file: file, format: format,
                message: "a versioned envelope needs a keyed top level, which \(format) cannot hold; "
                    + "use JSON or a property list")
        }
    }
}
