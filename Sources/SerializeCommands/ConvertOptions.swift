/// The flags of `serialize convert`: formats, layout and the named strategies.

public import ArgumentParser
public import SerializeDocument

extension DateStrategy: ExpressibleByArgument {
    /// A strategy's name; `epoch` is kept as another name for `secondsSince1970`.
    public init?(argument: String) {
        if argument == "epoch" {
            self = .secondsSince1970
        } else {
            self.init(rawValue: argument)
        }
    }

    /// The names `--help` lists, with `epoch` for `secondsSince1970`.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) + ["epoch"] }
}
extension DataStrategy: ExpressibleByArgument {}
extension NonFiniteStrategy: ExpressibleByArgument {}
extension MissingStrategy: ExpressibleByArgument {}
extension BigNumberStrategy: ExpressibleByArgument {}

/// How output is laid out.
enum Layout: String, EnumerableFlag {
    case pretty, compact

    static func help(for value: Layout) -> ArgumentHelp? {
        switch value {
        case .pretty: "Indent JSON and XML property lists (the default)."
        case .compact: "Write JSON and XML property lists without whitespace."
        }
    }
}

/// Formats, layout and the strategies for values a target format cannot hold.
public struct ConvertOptions: ParsableArguments, Sendable {
    @Option(help: "The input format (default: from the extension; property lists by content; plist reads either kind).")
    var from: Format?

    @Option(help: "The output format (default: from the extension, .plist is xml; JSON for -). plutil's xml1 and binary1, and plist (xml), are accepted too.")
    var to: Format?

    @Flag(exclusivity: .exclusive)
    var layout: Layout = .pretty

    @Flag(help: "Sort dictionary keys (by UTF-8 bytes) instead of keeping document order.")
    var sortKeys = false

    @Option(help: ArgumentHelp(
        "null in a property list: error, omit, or any other text to write that string instead.",
        valueName: "error|omit|string"))
    var null: String = "error"

    @Option(help: ArgumentHelp(
        "Dates in JSON and CSV: iso8601 (with the fractional seconds the date holds), secondsSince1970 (or epoch), millisecondsSince1970, or deferredToDate (seconds since 2001).",
        valueName: "strategy"))
    var dates: DateStrategy = .iso8601

    @Option(help: "Data in JSON and CSV: base64 or hex.")
    var data: DataStrategy = .base64

    @Option(help: "NaN and infinities in JSON and CSV: error, or string (\"NaN\", \"Infinity\", \"-Infinity\").")
    var nonFinite: NonFiniteStrategy = .error

    @Option(help: "A CSV record without a column other records have: error, or null (an empty field).")
    var missing: MissingStrategy = .error

    @OptionGroup(title: "CSV dialect")
    var dialect: CSVDialectOptions

    @OptionGroup(title: "CSV output")
    var output: CSVOutputOptions

    @Flag(help: "CSV input: repair malformed rows (each repair a warning on standard error) instead of refusing the file.")
    var recover = false

    @Option(help: "A number beyond 64 bits (kept as written in JSON and CSV) in a property list: error, string (its digits as text), or nearestReal (rounded).")
    var bigNumbers: BigNumberStrategy = .error

    @Flag(help: "CSV input: read true/false, numbers, [] and {} as typed values instead of strings.")
    var infer = false

    @OptionGroup var depth: DepthOption

    /// The defaults: pretty output in document order, every loss refused.
    public init() {}

    /// The format written: `--to`, else `named` (the output's extension), else JSON; CSV in the
    /// `--output-delimiter` and `--output-quote` dialect (`--output-bom` is in ``formatOptions``).
    ///
    /// - Throws: `ValidationError` when output dialect flags are given for output that is not CSV.
    func target(named: Format?) throws -> Format {
        try output.applied(to: to ?? named ?? .json)
    }

    /// The one options value these flags describe: reading (`--infer`) and writing alike.
    var formatOptions: FormatOptions {
        let nullStrategy: NullStrategy = switch null {
        case "error": .error
        case "omit": .omit
        default: .string(null)
        }
        return FormatOptions(
            pretty: layout == .pretty, sortKeys: sortKeys, null: nullStrategy, dates: dates, data: data,
            nonFinite: nonFinite, missing: missing, inferCSVTypes: infer, maximumDepth: depth.maxDepth, recoverCSV: recover, bigNumbers: bigNumbers,
            csvByteOrderMark: output.byteOrderMark)
    }
}
