/// Editing a file's bytes: read in the format they are in, apply edits, write back in the same
/// format and layout. What `serialize insert`, `replace` and `remove` call.

public import Foundation
public import SerializeCore

/// A failed edit of a file's bytes: which step failed, with its diagnostic.
public enum EditFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a readable JSON or property-list document.
    case reading(Diagnostic)
    /// The edit does not fit the document (a missing parent, a key that exists, …).
    case editing(Diagnostic)
    /// The file's format cannot hold the edited document (null in a property list).
    case writing(Diagnostic)

    /// The underlying diagnostic.
    public var error: Diagnostic {
        switch self {
        case let .reading(error), let .editing(error), let .writing(error): error
        }
    }

    /// The diagnostic's compiler-like text.
    public var description: String { error.description }
}

/// The result of ``Format/edit(_:applying:options:progress:)``: the new bytes and the format they keep.
public struct EditedFile: Sendable, Equatable {
    /// The format the input was in, and the output is in.
    public var format: Format
    /// The edited document's bytes.
    public var data: Data
}

extension Format {
    /// Whether a JSON or XML property-list text looks written in the pretty layout, so an edit
    /// writes it back the same way: serialize's pretty JSON ends with a line break (the compact
    /// one does not); its pretty XML breaks the line before `</plist>` (the compact one does not).
    package static func looksPretty(_ data: Data, format: Format) -> Bool {
        guard format == .xmlPlist else { return data.last == 0x0A }
        guard let end = data.lastRange(of: Data("</plist>".utf8)), end.lowerBound > data.startIndex else { return true }
        let before = data[data.index(before: end.lowerBound)]
        return before == 0x0A || before == 0x0D
    }

    /// Applies `edits` to a JSON, XML or binary property-list document and writes it back in
    /// the format it was in (``detect(in:)``), keeping the order of every dictionary's keys and
    /// every value not edited.
    ///
    /// Untouched content is byte-for-byte stable in canonical form: a file serialize's writer
    /// produced (pretty or compact, in document order) comes back identical except for the
    /// edit. Other layouts are rewritten in serialize's, pretty or compact as the file looks
    /// (pretty JSON ends with a line break, pretty XML breaks the line before `</plist>`),
    /// unless `options` says which.
    ///
    /// One edit streams, as ``convert(_:to:reading:writing:)`` does: the reader drives the
    /// writer through a builder that makes the edit as the values go past, so an edit costs about
    /// what a convert costs. Several edits, edits of the top value, and whatever streaming cannot
    /// decide (a duplicate key, an edit that does not fit, a value the format cannot hold) go
    /// through the ``Document`` tree; the bytes and the errors are the same either way.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - edits: The edits, applied in order; all or none.
    ///   - options: The writing options, whose ``FormatOptions/maximumDepth`` is the reading limit
    ///     too; `nil` keeps the file's layout with every loss refused and the default depth.
    ///   - progress: Called with the bytes of `data` read so far, about every megabyte, never
    ///     going back, and with `data.count` once the edit is done. `nil` costs nothing.
    /// - Throws: ``EditFailure``: ``EditFailure/reading(_:)`` for bytes that are not JSON or a
    ///   property list (CSV is refused with ``Diagnostic/Code/unsupported``),
    ///   ``EditFailure/editing(_:)`` with the codes of ``Document/apply(_:)-(DocumentEdit)``, and
    ///   ``EditFailure/writing(_:)`` with the writer's error for a value the format cannot hold
    ///   (``Diagnostic/Code/nullNotRepresentable`` for null in a property list).
    public static func edit(
        _ data: Data, applying edits: [DocumentEdit], options: FormatOptions? = nil, progress: ((Int) -> Void)? = nil
    ) throws(EditFailure) -> EditedFile {
        try edit(data, applying: edits, options: options, counting: progress.map { ReadingProgress(total: data.count, report: $0) })
    }

    /// Edits, telling `counter` how far the read has got.
    static func edit(_ data: Data, applying edits: [DocumentEdit], options: FormatOptions?, counting counter: ReadingProgress?) throws(EditFailure) -> EditedFile {
        let format = Format.detect(in: data)
        guard format == .json || format.isPropertyList else {
            throw .reading(
                Diagnostic(
                    .unsupported,
                    "the edit verbs edit JSON and property lists, and this is not one (it reads as \(format)); convert it to JSON first"))
        }
        let writing = options ?? FormatOptions(pretty: looksPretty(data, format: format))
        let reading = FormatOptions(maximumDepth: writing.maximumDepth)
        if edits.count == 1 {
            do throws(Diagnostic) {
                let output = try streamed(data, from: format, to: format, reading: reading, writing: writing, edit: edits[0], progress: counter)
                if let output {
                    counter?.finish()
                    return EditedFile(format: format, data: output)
                }
            } catch {
                throw .reading(error)
            }
        }
        var document: Document
        do {
            var warnings: [Diagnostic] = []
            document = try format.read(data, options: reading, warnings: &warnings, progress: counter)
        } catch {
            throw .reading(error)
        }
        do {
            try document.apply(edits)
        } catch {
            throw .editing(error)
        }
        do {
            let output = try format.write(document, options: writing)
            counter?.finish()
            return EditedFile(format: format, data: output)
        } catch {
            throw .writing(error)
        }
    }

    /// The bytes of a new, empty document (an empty dictionary, as `plutil -create` makes) in
    /// this format.
    ///
    /// - Throws: ``Diagnostic`` ``Diagnostic/Code/unsupported`` for CSV, which has no empty
    ///   dictionary.
    public func emptyDocument(options: FormatOptions = FormatOptions()) throws(Diagnostic) -> Data {
        guard self == .json || isPropertyList else {
            throw Diagnostic(.unsupported, "create makes JSON and property-list files; \(self) has no empty dictionary")
        }
        let empty: Document = [:]
        return try write(empty, options: options)
    }
}
