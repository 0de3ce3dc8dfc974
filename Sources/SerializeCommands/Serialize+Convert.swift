/// `serialize convert IN OUT`: lossless conversion between JSON, property lists and CSV.

public import ArgumentParser
import Foundation
import SerializeCore
import SerializeCSV
import SerializeDocument

extension Serialize {
    /// Converts a document from one format to another, refusing by name what the target cannot
    /// hold unless a strategy flag says what to do.
    public struct Convert: AsyncParsableCommand, Sendable {
        /// Name, abstract, and the discussion with the exit codes `--help` prints.
        public static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Convert between JSON, XML and binary property lists, CSV and TSV; one file or many.",
            discussion: """
                Formats come from the file extensions (.json, .plist, .csv, .tsv) unless --from or \
                --to says otherwise. A .plist is written as XML unless --to binary; on reading, \
                binary and XML property lists are told apart by content. An input whose \
                extension names no format (.txt, .data, none) and '-' (standard input) are told \
                from their first bytes: bplist, '<', JSON, else CSV with the delimiter that splits \
                its lines evenly. '-' as OUT writes standard output (JSON unless --to says \
                otherwise).

                Nothing is lost silently: integers stay exact in 64 bits, key order is kept, and \
                a value the target format cannot hold (null in a property list, NaN in JSON, a NUL \
                character in XML, a missing CSV column) is refused with an error that names its \
                path, like $.users[3].email, and the flag that fixes it. The output is written to \
                a temporary file beside the target and renamed, so a failed conversion never \
                leaves a half-written file.

                MANY FILES: serialize convert IN... --to FORMAT --out-dir DIR converts every IN \
                (with -r, every file in the folders named, keeping their subfolders) into DIR, \
                several files at a time (--jobs, default: one per core). A file that fails does \
                not stop the others; a summary follows, and the exit status is that of the worst \
                failure. Outputs are named after their inputs with the target's extension; when \
                two inputs would get the same name, each keeps its own extension before the new \
                one (a.json.csv, a.plist.csv), and a name still taken gets -2, -3, … (a-2.json.csv).

                PROGRESS: when standard error is a terminal and the work takes more than a \
                second, one line shows it (bytes, rate, time left, files done); --quiet turns it off.

                RECOVERY: --recover reads a damaged CSV file the way a careful person would (a \
                stray quote kept as text, a short row padded, a long row's extra fields under \
                extra1, extra2, …, an unterminated quote closed at the end, a bad byte replaced, \
                empty and repeated column names renamed), printing each repair on standard error \
                as file:line:column: warning: … (repaired: …) and the count at the end.

                EXIT STATUS:
                  0   converted (with --recover: also when repairs were made; they are on standard error)
                  1   the target format cannot hold a value (see the flag the error names)
                  64  bad usage: unknown flag, unknown format
                  65  the input is not valid in its format (the error says file:line:column)
                  66  the input cannot be opened
                  73  the output cannot be written
                  74  the input file became shorter while it was read (another program changed it)
                  \(DepthOption.statusHelp)
                """
        )

        @Argument(help: "IN OUT: the input and the output file ('-': standard input or output); with --out-dir, the inputs.")
        var files: [String] = []

        @Option(help: ArgumentHelp("Convert every input into this folder (needs --to).", valueName: "DIR"))
        var outDir: String?

        @Flag(name: .shortAndLong, help: "With --out-dir: convert the files in folders and their subfolders.")
        var recursive = false

        @Option(help: "With --out-dir: how many files to convert at a time (default: one per core).")
        var jobs: Int?

        @OptionGroup var options: ConvertOptions

        @OptionGroup var progress: ProgressOptions

        @Flag(help: "Print on standard error the CSV dialect that sniffing found.")
        var verbose = false

        /// The input file of a single conversion.
        var input: String { files.first ?? "-" }

        /// The output file of a single conversion.
        var output: String { files.count > 1 ? files[1] : "-" }

        /// Creates the command; swift-argument-parser fills in its arguments.
        public init() {}

        /// The exit codes documented in `--help`.
        enum Status {
            static let unrepresentable: Int32 = 1
            static let invalidInput: Int32 = 65
            static let noInput: Int32 = 66
            static let cannotCreate: Int32 = 73
        }

        /// Refuses files whose format neither the extension nor a flag names.
        public func validate() throws {
            if outDir != nil {
                guard !files.isEmpty else { throw ValidationError("name the files to convert into --out-dir") }
                guard options.to != nil else { throw ValidationError("--out-dir needs --to FORMAT: json, xml, binary, csv or tsv") }
                if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
                // Batch conversion prints no repairs and does not sniff: refuse rather than repair silently.
                if options.recover { throw ValidationError("--recover converts one file at a time (its repairs are printed); it does not go with --out-dir") }
                if !options.dialect.isEmpty, options.from?.csvDialect == nil {
                    throw ValidationError("CSV dialect flags with --out-dir need --from csv (or tsv)")
                }
                _ = try options.target(named: nil)
                return
            }
            guard files.count == 2 else {
                throw ValidationError(
                    "convert takes IN and OUT (\(files.count) given); to convert several files, use --out-dir DIR --to FORMAT")
            }
            if recursive || jobs != nil { throw ValidationError("-r and --jobs go with --out-dir") }
            if output != "-", options.to == nil, Self.format(ofPath: output) == nil {
                throw ValidationError("cannot tell the format of '\(output)' from its extension; use --to")
            }
            _ = try options.target(named: output == "-" ? nil : Self.format(ofPath: output))
        }

        /// Reads, converts and writes, printing a located error and exiting with its code.
        public func run() async throws {
            if let outDir {
                try await runBatch(into: outDir)
                return
            }
            try await options.depth.run { [self] in try convertOne() }
        }

        /// Converts `input` into `output`.
        func convertOne() throws {
            let inputName = input == "-" ? "<stdin>" : input
            // Standard input is spilled to a temporary file: CSV under --recover and JSON to CSV
            // read their input twice.
            let inputURL: URL
            var spilled: URL?
            if input == "-" {
                do {
                    spilled = try Format.spillStandardInput()
                } catch {
                    throw Self.fail("\(inputName): error: cannot read the input: \(error.message)", status: Status.noInput)
                }
                inputURL = spilled ?? URL(fileURLWithPath: "/dev/stdin")
            } else {
                inputURL = URL(fileURLWithPath: input)
            }
            defer { if let spilled { try? FileManager.default.removeItem(at: spilled) } }
            // Sniffing and format detection look at the first 64 KiB only.
            let sample: Data
            let size: Int
            do {
                let handle = try FileHandle(forReadingFrom: inputURL)
                defer { try? handle.close() }
                sample = try handle.read(upToCount: CSVDialect.sniffSampleSize + 1) ?? Data()
                size = Int(try handle.seekToEnd())
            } catch {
                throw Self.fail(
                    "\(inputName): error: cannot read the input: \(FileReadFailure.reason(error, reading: inputURL))", status: Status.noInput)
            }
            let (sourceFormat, sniff) = try options.dialect.source(named: options.from ?? Self.format(ofPath: input), data: sample)
            // Standard input, or a file whose extension names no format: told by its bytes.
            let toldByContent = options.from == nil && Self.format(ofPath: input) == nil
            for message in Self.guesses(of: sniff, input: input, named: inputName, toldByContent: toldByContent, verbose: verbose) {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            let targetFormat = try options.target(named: output == "-" ? nil : Self.format(ofPath: output))

            let line = progress.line()
            line?.tick { ProgressLine.fileText("converting", inputName, read: $1, of: size, elapsed: $0) }
            do {
                var warnings: [Diagnostic] = []
                defer {
                    for warning in warnings { FileHandle.standardError.write(Data((warning.inFile(inputName).commandLineText + "\n").utf8)) }
                    if options.recover {
                        let count = warnings.count
                        FileHandle.standardError.write(Data("\(inputName): \(count) repair\(count == 1 ? "" : "s") (--recover)\n".utf8))
                    }
                }
                // Streams CSV and JSON records where it can (Format+FileConversion.swift); the
                // output file is written through a temporary file and renamed.
                try sourceFormat.convert(
                    fileAt: inputURL, to: targetFormat,
                    writingTo: output == "-" ? .fileDescriptor(STDOUT_FILENO) : .file(URL(fileURLWithPath: output)),
                    reading: options.formatOptions, writing: options.formatOptions, warnings: &warnings,
                    progress: line.map { line in { line.read($0) } })
                line?.finish()
            } catch {
                // Clear the progress line before the error is printed on its line.
                line?.finish()
                switch error {
                case let .reading(error) where error.code == .io:
                    throw Self.fail("\(inputName): error: cannot read the input: \(error.message)", status: Status.noInput)
                case var .reading(error):
                    if toldByContent, sourceFormat == .json, error.remedy == nil {
                        let what = input == "-" ? "standard input" : "the file, whose extension names no format,"
                        error.remedy = Remedy(
                            option: "from", value: "csv", effect: "read CSV (\(what) was read as JSON by its content; --from tsv reads TSV)")
                    }
                    throw Self.fail(error.inFile(inputName).commandLineText, status: Status.invalidInput)
                case let .writing(error) where error.code == .io:
                    throw Self.fail("\(output): error: \(error.message)", status: Status.cannotCreate)
                case let .writing(error): throw Self.fail(error.inFile(inputName).commandLineText, status: Status.unrepresentable)
                }
            }
        }

        /// What sniffing guessed about `input` (shown as `inputName`), one line each for standard
        /// error: its notes always (a Latin-1 fallback), and the dialect with `verbose`, or
        /// always for a file whose format was told by its bytes though its extension names some
        /// other format (notes.yaml): CSV is the guess for bytes with no signature, so it is not
        /// made silently.
        static func guesses(of sniff: CSVSniff?, input: String, named inputName: String, toldByContent: Bool, verbose: Bool) -> [String] {
            guard let sniff else { return [] }
            var lines = sniff.notes.map { $0.inFile(inputName).commandLineText }
            if verbose || (toldByContent && input != "-" && !URL(fileURLWithPath: input).pathExtension.isEmpty) {
                lines.append("\(inputName): note: read as CSV: \(sniff.summary)")
            }
            return lines
        }

        /// The format a path's extension names.
        static func format(ofPath path: String) -> Format? {
            Format(fileExtension: URL(fileURLWithPath: path).pathExtension)
        }

        /// Prints `message` to standard error and returns the exit code to throw.
        static func fail(_ message: String, status: Int32) -> ExitCode {
            FileHandle.standardError.write(Data((message + "\n").utf8))
            return ExitCode(status)
        }
    }
}
