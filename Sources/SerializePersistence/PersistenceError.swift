/// The errors persistence reports: each names the file (when there is one) and the coding path.

public import Foundation
public import SerializeDocument
public import SerializeCore
internal import SerializeCore
internal import SerializeCoding

/// Why a save, load or store operation failed.
///
/// The description reads like a compiler diagnostic, file first:
///
/// ```text
/// /tmp/settings.json: error: cannot encode value at 'profile.scores[2]' as JSON: Unable to encode Double.nan directly in JSON.
/// /tmp/settings.plist: error: cannot decode Settings at 'theme' from XML property list: Expected to decode String but found an integer instead.
/// ```
public struct PersistenceError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The value could not be encoded; nothing was written.
        case encodingFailed
        /// The bytes could not be decoded as the requested type.
        case decodingFailed
        /// The file could not be read.
        case readFailed
        /// The file could not be written; the previous file, if any, is unchanged.
        case writeFailed
        /// The file could not be deleted.
        case deleteFailed
        /// The format cannot be used for this operation (see ``PersistenceError/message``).
        case unsupported
        /// No format was given and the file's extension names none.
        case unknownExtension
        /// The stored schema version is newer than this program understands.
        case newerSchemaVersion
        /// A migration failed.
        case migrationFailed
        /// A record id cannot name a file.
        case invalidID
    }

    /// What went wrong.
    public var kind: Kind
    /// The file involved, if any.
    public var file: URL?
    /// The format involved, if any.
    public var format: Format?
    /// Where the failing value is (`$.readings[1].values[1]`), or `nil` when the failure is not
    /// in a value.
    public var codingPath: ValuePath?
    /// What happened, in one sentence.
    public var message: String
    /// The underlying error.
    public var underlying: (any Error)?
    /// Where in the file the failing value is, when the coder knows (serialize's coder does).
    public var location: InputLocation?

    public init(
        _ kind: Kind, file: URL? = nil, format: Format? = nil, codingPath: ValuePath? = nil, message: String,
        underlying: (any Error)? = nil
    ) {
        self.kind = kind
        self.file = file
        self.format = format
        self.codingPath = codingPath
        self.message = message
        self.underlying = underlying
    }

    public var description: String {
        "\(file?.path ?? "<data>")\(location.map { ":\($0)" } ?? ""): error: \(message)"
    }
}

// MARK: - Wrapping file-system and coder errors

extension PersistenceError {
    /// A file-system failure (SerializeCore's atomic writer, a read, a delete) as persistence's
    /// error, with the same file and message.
    init(_ error: FileSystemError) {
        let kind: Kind =
            switch error.operation {
            case .read: .readFailed
            case .write: .writeFailed
            case .delete: .deleteFailed
            }
        self.init(kind, file: error.file, message: error.message, underlying: error.underlying ?? error)
    }
}

extension PersistenceError {
    /// Wraps an encoder's error, keeping its coding path.
    static func encoding(_ error: any Error, of type: Any.Type, as format: Format, file: URL?) -> Self {
        if let error = error as? PersistenceError { return error.withFile(file) }
        var path: ValuePath?
        var reason = String(describing: error)
        if let error = error as? EncodingError, case let .invalidValue(_, context) = error {
            path = context.codingPath.isEmpty ? nil : ValuePath(codingPath: context.codingPath)
            reason = context.debugDescription
        }
        let location = path.map { " at '\($0)'" } ?? ""
        return PersistenceError(
            .encodingFailed, file: file, format: format, codingPath: path,
            message: "cannot encode \(type)\(location) as \(format): \(reason)", underlying: error)
    }

    /// Wraps a decoder's error, keeping its coding path.
    static func decoding(_ error: any Error, of type: Any.Type, as format: Format, file: URL?) -> Self {
        if let error = error as? PersistenceError { return error.withFile(file) }
        var path: ValuePath?
        var reason = String(describing: error)
        var located: InputLocation?
        if let error = error as? DecodingError {
            switch error {
            case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
                path = context.codingPath.isEmpty ? nil : ValuePath(codingPath: context.codingPath)
                reason = context.debugDescription
                if let diagnostic = context.underlyingError as? Diagnostic {
                    located = diagnostic.location
                    if context.codingPath.isEmpty, let diagnosticPath = diagnostic.path, !diagnosticPath.components.isEmpty {
                        path = diagnosticPath
                    }
                } else if let underlying = context.underlyingError {
                    reason += " (\(underlying))"
                }
            case let .keyNotFound(key, context):
                path = ValuePath(codingPath: context.codingPath + [key])
                reason = "No value for key '\(key.stringValue)'."
                located = (context.underlyingError as? Diagnostic)?.location
            @unknown default:
                break
            }
        }
        let location = path.map { " at '\($0)'" } ?? ""
        var wrapped = PersistenceError(
            .decodingFailed, file: file, format: format, codingPath: path,
            message: "cannot decode \(type)\(location) from \(format): \(reason)", underlying: error)
        wrapped.location = located
        return wrapped
    }

    func withFile(_ file: URL?) -> Self {
        var copy = self
        if copy.file == nil { copy.file = file }
        return copy
    }
}

/// The text of an error, preferring a persistence or file-system error's own message.
func describe(_ error: any Error) -> String {
    if let error = error as? PersistenceError { return error.message }
    if let error = error as? FileSystemError { return error.message }
    return String(describing: error)
}
