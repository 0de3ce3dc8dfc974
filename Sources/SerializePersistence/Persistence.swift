/// Format-agnostic persistence: save and load any `Codable` value in any format with one API.
///
/// `SerializePersistence` chooses an encoder and decoder from a `Format` (JSON, XML or binary
/// property list, CSV), writes atomically (a temporary file in the same folder, then a rename),
/// and offers a keyed store of records in a folder.

public import SerializeDocument
public import Foundation

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
