/// A folder of records keyed by id, safe under concurrent use.

public import Foundation
public import SerializeDocument
internal import SerializeCore

/// Many records of one type in a folder, one file per id: list, load, save, delete.
///
/// ```swift
/// let store = RecordStore<Contact>(folder: contactsFolder, format: .json)
/// try await store.save(alice, id: "alice")          // contactsFolder/alice.json
/// let ids = try await store.ids()                    // ["alice"]
/// let contact = try await store.load(id: "alice")    // Contact?
/// try await store.delete(id: "alice")
/// ```
///
/// ## Concurrency
///
/// `RecordStore` is an actor: calls from many tasks run one at a time, in the order they
/// reach it. So saves to different ids never lose one another, and for saves to the same id
/// the **last writer wins**: the save that runs last is the one a later load sees. Each save is
/// an atomic write (temporary file, `fsync`, rename), so even two stores, or two processes, on
/// one folder never leave a torn file: a reader sees one whole save or another, and the last
/// rename wins. A save killed halfway leaves at most a hidden `.<name>.<uuid>.tmp` file, which
/// ``ids()`` ignores and the next successful ``save(_:id:)`` of that id does not depend on.
///
/// Ids name files, so an id must be non-empty, at most 200 bytes, and contain no `/`, no NUL
/// and not start with `.`; any other id is refused with ``PersistenceError/Kind/invalidID``.
public actor RecordStore<Record: Codable & Sendable> {
    /// The folder holding one file per record.
    public nonisolated let folder: URL
    /// The format of every record file.
    public nonisolated let format: Format
    private let persistence: Persistence
    private let versioning: SchemaVersioning<Record>?

    /// A store in `folder` (created on the first save), writing each record in `format`.
    ///
    /// - Parameters:
    ///   - folder: The folder.
    ///   - format: The record files' format.
    ///   - coder: Which `Codable` coder writes and reads the records; `nil` keeps `persistence`'s
    ///     (Foundation's by default).
    ///   - persistence: The options (`FormatOptions`), file system and `userInfo` to use.
    ///   - versioning: When given, each record is stored in a versioned envelope and migrated on load.
    public init(
        folder: URL, format: Format = .json, coder: CodableCoder? = nil, persistence: Persistence = Persistence(),
        versioning: SchemaVersioning<Record>? = nil
    ) {
        self.folder = folder
        self.format = format
        var persistence = persistence
        if let coder { persistence.coder = coder }
        self.persistence = persistence
        self.versioning = versioning
    }

    /// The file a record with `id` is stored in.
    public nonisolated func url(forID id: String) throws -> URL {
        try Self.validate(id)
        return folder.appendingPathComponent(id).appendingPathExtension(format.fileExtension)
    }

    /// Saves `record` under `id` atomically, replacing any record stored there.
    ///
    /// - Throws: ``PersistenceError``; the previous record, if any, is then unchanged.
    public func save(_ record: Record, id: String) throws {
        let url = try url(forID: id)
        try persistence.fileOperation { try persistence.fileSystem.createFolder(at: folder) }
        if let versioning {
            try persistence.save(record, to: url, as: format, versioning: versioning)
        } else {
            try persistence.save(record, to: url, as: format)
        }
    }

    /// The record stored under `id`, or `nil` when there is none.
    ///
    /// - Throws: ``PersistenceError`` when the file exists but cannot be read or decoded.
    public func load(id: String) throws -> Record? {
        let url = try url(forID: id)
        guard let data = try persistence.fileOperation({ try persistence.fileSystem.contents(of: url) }) else { return nil }
        if let versioning {
            return try persistence.decodeVersioned(Record.self, from: data, as: format, versioning: versioning, file: url)
        }
        return try persistence.decode(Record.self, from: data, as: format, userInfo: persistence.userInfo, file: url)
    }

    /// Deletes the record stored under `id`.
    ///
    /// - Returns: Whether there was a record to delete.
    @discardableResult
    public func delete(id: String) throws -> Bool {
        try persistence.fileOperation { try persistence.fileSystem.removeFile(at: url(forID: id)) }
    }

    /// The ids of every stored record, sorted. Temporary files of unfinished saves are skipped.
    public func ids() throws -> [String] {
        // Compared as bytes: an id ending in a prepended mark (U+0600) fuses with the "." into
        // one Character, so `hasSuffix` on Characters would miss its file.
        let suffix = Array(("." + format.fileExtension).utf8)
        return try persistence.fileOperation { try persistence.fileSystem.files(in: folder) }
            .map(\.lastPathComponent)
            .filter { name in
                let bytes = name.utf8
                return !isTemporaryFileName(name) && bytes.first != UInt8(ascii: ".")
                    && bytes.count > suffix.count && bytes.suffix(suffix.count).elementsEqual(suffix)
            }
            .map { String(decoding: $0.utf8.dropLast(suffix.count), as: UTF8.self) }
            .sorted()
    }

    /// Every stored record by id.
    ///
    /// - Throws: The first ``PersistenceError`` met; use ``ids()`` and ``load(id:)`` to skip bad files.
    public func all() throws -> [String: Record] {
        var records: [String: Record] = [:]
        for id in try ids() {
            if let record = try load(id: id) { records[id] = record }
        }
        return records
    }

    private static func validate(_ id: String) throws {
        let problem: String? =
            if id.isEmpty { "is empty" }
            else if id.utf8.count > 200 { "is longer than 200 bytes" }
            else if id.contains("/") { "contains '/'" }
            else if id.contains("\0") { "contains a NUL character" }
            else if id.hasPrefix(".") { "starts with '.'" }
            else { nil }
        if let problem {
            throw PersistenceError(.invalidID, message: "record id \"\(id)\" \(problem); ids name files in the store's folder")
        }
    }
}
