/// Errors of the CSV reader and writer, with the place in the input they were found.

/// A place in a CSV input: 1-based line, and 1-based column counted in UTF-8 bytes.
public struct CSVPosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, starting at 1. A newline inside a quoted field starts a new line.
    public var line: Int
    /// The column, starting at 1, in UTF-8 bytes from the start of the line.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// A CSV input that cannot be read, or an output that cannot be written.
///
/// Its description reads like a compiler's: `data.csv:12:7: error: unterminated quoted field`.
public struct CSVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// A quoted field has no closing quote before the end of the input.
        case unterminatedQuote
        /// A quote character appears inside a field that does not start with one.
        case quoteInUnquotedField
        /// Something other than a delimiter or a line end follows a closing quote.
        case unexpectedCharacterAfterQuote
        /// A row has a different number of fields than the header (or the first row).
        case fieldCountMismatch(expected: Int, found: Int)
        /// The bytes of a field are not valid UTF-8.
        case invalidUTF8
        /// A header names the same column twice.
        case duplicateColumn(String)
        /// A row has a field for a column the header does not have.
        case unknownColumn(String)
        /// Reading or writing the underlying file failed.
        case io(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// Where, or `nil` for errors without a place (I/O).
    public var position: CSVPosition?
    /// The file's name, or `nil` for in-memory input.
    public var source: String?

    public init(_ kind: Kind, at position: CSVPosition?, source: String? = nil) {
        self.kind = kind
        self.position = position
        self.source = source
    }

    /// The line of the error, or 0 when it has no place.
    public var line: Int { position?.line ?? 0 }
    /// The column of the error, or 0 when it has no place.
    public var column: Int { position?.column ?? 0 }

    /// The message without the location.
    public var message: String {
        switch kind {
        case .unterminatedQuote:
            "unterminated quoted field; close it with a quote, or double a quote that is part of the text"
        case .quoteInUnquotedField:
            "quote inside an unquoted field; quote the whole field and double the inner quote"
        case .unexpectedCharacterAfterQuote:
            "unexpected character after a closing quote; expected a delimiter or the end of the line"
        case let .fieldCountMismatch(expected, found):
            "row has \(found) field\(found == 1 ? "" : "s") but the header has \(expected); "
                + "fix the row or allow ragged rows (fieldCountPolicy: .flexible)"
        case .invalidUTF8:
            "field is not valid UTF-8; convert the file to UTF-8"
        case let .duplicateColumn(name):
            "column \"\(name)\" appears twice in the header"
        case let .unknownColumn(name):
            "row has a value for column \"\(name)\" that the header lacks; give the encoder the full header"
        case let .io(message):
            message
        }
    }

    public var description: String {
        var location = source ?? "<input>"
        if let position { location += ":\(position.line):\(position.column)" }
        return "\(location): error: \(message)"
    }
}
