/// What `serialize insert`, `replace`, `remove` and `create` share: where the result goes, the
/// type of a value, and the one run of an edit (read, `Format.edit`, write atomically).

public import ArgumentParser
import Foundation
public import SerializeCore
public import SerializeDocument

extension Document.TextType: EnumerableFlag {
    /// `--string` (the default), `--integer`, `--real`, `--bool`, `--date`, `--data`, `--json`.
    public static func help(for value: Document.TextType) -> ArgumentHelp? {
        switch value {
        case .string: "VALUE is a string (the default)."
        case .integer: "VALUE is a 64-bit integer (negative: put -- before it)."
        case .real: "VALUE is a real number: 2.5, 1e-3, nan, inf."
        case .bool: "VALUE is a bool: true, false, yes, no, 1 or 0."
        case .date: "VALUE is an ISO 8601 date: 2024-05-01T12:30:45Z."
        case .data: "VALUE is data in base64."
        case .json: "VALUE is any JSON value, a whole subtree: '{\"a\": [1, 2]}'."
        }
    }
}

/// FILE and KEYPATH, the arguments every edit verb starts with.
public struct EditTarget: ParsableArguments {
    @Argument(help: "The JSON or property-list file to edit ('-': standard input, result on standard output).")
    var file: String

    @Argument(help: "The key path, such as items[3].name, items.3.name or /items/3/name ('' is the top value).")
    var keyPath: String

    public init() {}

    /// KEYPATH parsed, or a usage error.
    var path: ValuePath {
        get throws { try PlistFile.keyPath(keyPath) }
    }
}

/// VALUE and its type.
public struct EditValueOptions: ParsableArguments {
    @Argument(help: "The value, read as the type flag says (default --string).")
    var text: String

    @Flag(exclusivity: .exclusive)
    var type: Document.TextType = .string

    public init() {}

    /// VALUE read as its type (a `--json` value nested up to `maximumDepth`), or a usage error
    /// that says why. Call it on the stack `--max-depth` needs (`DepthOption.run`).
    func value(maximumDepth: Int) throws -> Document {
        try EditRun.validValue(text, as: type, maximumDepth: maximumDepth)
    }

    /// Checks VALUE on the stack `depth` needs, reading it and letting it go there.
    func validate(depth: DepthOption) throws {
        try depth.run { _ = try value(maximumDepth: depth.maxDepth) }
    }
}

/// Where an edit's result goes.
public struct EditOutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
        "Write the result to OUT ('-': standard output) instead of replacing FILE; in FILE's format.", valueName: "OUT"))
    var output: String?

    @Flag(help: "Print the result on standard output and leave FILE as it is.")
    var dryRun = false

    @OptionGroup var progress: ProgressOptions

    @OptionGroup var depth: DepthOption

    public init() {}
}

/// The run every edit verb shares.
enum EditRun {
    /// The exit statuses the edit verbs document.
    static let statusHelp = """
        EXIT STATUS:
          0   edited
          1   the edit does not fit the document (its error names it), or the format cannot hold the value
          64  bad usage
          65  FILE is not valid JSON or a property list (file:line:column)
          66  FILE cannot be opened
          73  the result cannot be written
          \(DepthOption.statusHelp)
        """

    /// Reads `file`, applies `edits` (`Format.edit`), and writes the result in place
    /// atomically, to `-o OUT`, or to standard output.
    ///
    /// `edits` is called on the stack `--max-depth` needs, given the depth: a value nested that
    /// deep is read, applied and let go there, never on the main thread's stack.
    static func run(file: String, edits: (_ maximumDepth: Int) throws -> [DocumentEdit], options: EditOutputOptions) throws {
        let name = file == "-" ? "<stdin>" : file
        let data: Data
        do {
            data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try FileContents.read(URL(fileURLWithPath: file))
        } catch {
            throw Serialize.Convert.fail(
                "\(name): error: cannot read the file: \(FileReadFailure.reason(error, reading: URL(fileURLWithPath: file)))",
                status: Serialize.Convert.Status.noInput)
        }
        let line = options.progress.line()
        line?.tick { ProgressLine.fileText("editing", name, read: $1, of: data.count, elapsed: $0) }
        // The file's own layout, as `Format.edit` keeps it without options, and the flag's depth.
        let layout = FormatOptions(pretty: Format.looksPretty(data, format: Format.detect(in: data)), maximumDepth: options.depth.maxDepth)
        let outcome = try options.depth.run { () throws -> Result<EditedFile, EditFailure> in
            let edits = try edits(options.depth.maxDepth)
            do throws(EditFailure) {
                return .success(try Format.edit(data, applying: edits, options: layout, progress: line.map { line in { line.read($0) } }))
            } catch {
                return .failure(error)
            }
        }
        let edited: EditedFile
        do {
            edited = try outcome.get()
            line?.finish()
        } catch {
            line?.finish()
            switch error {
            case let .reading(error):
                throw Serialize.Convert.fail(error.inFile(name).commandLineText, status: Serialize.Convert.Status.invalidInput)
            case let .editing(error):
                throw Serialize.Convert.fail(error.inFile(name).commandLineText, status: 1)
            case var .writing(error):
                // The remedies name convert's flags, which the edit verbs do not take.
                error.remedy = nil
                throw Serialize.Convert.fail(
                    error.inFile(name).commandLineText + "; \(name) is unchanged", status: 1)
            }
        }
        let destination = options.dryRun ? "-" : options.output ?? file
        if destination == "-" {
            FileHandle.standardOutput.write(edited.data)
            return
        }
        do {
            try PosixFileSystem().writeAtomically(edited.data, to: URL(fileURLWithPath: destination))
        } catch {
            throw Serialize.Convert.fail("\(destination): error: \(error.message)", status: Serialize.Convert.Status.cannotCreate)
        }
    }

    /// `text` read as a value of `type`, or a usage error that says why.
    static func validValue(_ text: String, as type: Document.TextType, maximumDepth: Int) throws -> Document {
        do {
            return try Document(text: text, as: type, maximumDepth: maximumDepth)
        } catch {
            throw ValidationError("VALUE: " + error.commandLineText)
        }
    }
}
