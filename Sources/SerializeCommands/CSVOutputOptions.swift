/// The flags that state how CSV output is laid out: `--output-delimiter` and `--output-quote` set
/// fields of the `CSVDialect` the target `Format` carries, which serialize's CSV writer writes in
/// (and its reader, told the same dialect or sniffing, reads back); `--output-bom` sets
/// `FormatOptions.csvByteOrderMark`.

public import ArgumentParser
import SerializeCSV
public import SerializeDocument

/// How CSV output is laid out, when not RFC 4180 (or TSV for `--to tsv`).
public struct CSVOutputOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("output-delimiter"),
        help: ArgumentHelp(
            "CSV output: the field delimiter (one character; tab or \\t for a tab), such as ; for spreadsheets in locales that write decimals with a comma.",
            valueName: "char"))
    var delimiter: DialectCharacter?

    @Option(name: .customLong("output-quote"), help: ArgumentHelp("CSV output: the quote character (default \").", valueName: "char"))
    var quote: DialectCharacter?

    @Flag(name: .customLong("output-bom"), help: "CSV output: start with a UTF-8 byte-order mark, so that Excel reads the file as UTF-8.")
    var byteOrderMark = false

    /// No output dialect flags.
    public init() {}

    /// Whether any output dialect flag was given.
    var isEmpty: Bool { delimiter == nil && quote == nil && !byteOrderMark }

    /// `target` with the fields these flags state replaced in its dialect.
    ///
    /// - Throws: `ValidationError` when the flags are given for output in another format, or when
    ///   the delimiter and the quote the output would have are the same character.
    func applied(to target: Format) throws -> Format {
        guard !isEmpty else { return target }
        guard var dialect = target.csvDialect else {
            throw ValidationError("--output-delimiter, --output-quote and --output-bom apply to CSV output; the output is \(target.description)")
        }
        if let delimiter { dialect.delimiter = delimiter.scalar }
        if let quote { dialect.quote = quote.scalar }
        guard dialect.delimiter != dialect.quote else {
            let shown = dialect.quote == "\t" ? "tab" : "'\(dialect.quote)'"
            throw ValidationError("the output's delimiter and quote must differ (both are \(shown))")
        }
        return .csv(dialect)
    }
}
