/// Reads XML property lists into ``Document`` values on libxml2 (through SerializeXML).

public import Foundation

/// Reads an XML property list into a ``Document``.
///
/// Placeholder signature agreed between the converter and the inspector: the libxml2-backed
/// implementation replaces this body.
public struct XMLPlistReader: Sendable {
    public init() {}

    /// Parses `data` as an XML property list.
    ///
    /// - Throws: ``DocumentError`` with a line and column.
    public func read(_ data: Data) throws -> Document {
        throw DocumentError(.init(rawValue: "unsupported"), "XML property lists cannot be read yet")
    }
}
