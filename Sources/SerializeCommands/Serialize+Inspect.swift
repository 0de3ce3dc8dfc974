/// `serialize inspect FILE`: a summary of a property list or JSON file; and what the inspection verbs share.

import ArgumentParser
import Foundation
import PlistInspector
import SerializeCSV
import SerializeCore
import SerializeDocument

extension Serialize {
    /// Summarizes a property list or JSON file, or says how a CSV file is laid out.
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Summarize a property list or JSON file (format, size, values per type, depth, largest values), or a CSV file's detected dialect and size.",
            discussion: """
                Readable files are summarized in full; for a file with errors the summary says so \
                and `serialize lint` lists them (a JSON or CSV file's error is also printed, with \
                its line and column, and so is nesting deeper than --max-depth), and the exit \
                status is 1. JSON is a file named .json, or any \
                input whose bytes are JSON, as `lint` tells it.
                """
        )

        @Argument(help: "The property list (XML or binary), JSON or CSV file to summarize; - reads standard input.")
        var file: String

        @OptionGroup var depth: DepthOption

        func run() throws {
            try depth.run { try summarize() }
        }

        /// Prints the summary of ``file``.
        func summarize() throws {
            let report: PlistReport
            if file == "-" {
                // Read once: JSON and CSV are told by their bytes, anything else goes to the inspector.
                let data = FileHandle.standardInput.readDataToEndOfFile()
                if Format.detect(in: data) == .json { return try summarizeJSON(data) }
                if Format.detect(in: data).csvDialect != nil { return try inspectCSV(data) }
                report = PlistLinter(maxDepth: depth.maxDepth).lint(data, keepingValues: true)
            } else {
                if let csv = PlistFile.csvBytes(file) { return try inspectCSV(csv) }
                if let json = PlistFile.jsonBytes(file) { return try summarizeJSON(json) }
                report = try PlistFile.report(file, keepingValues: true, depth: depth)
            }
            let summary = DocumentSummary(report)
            print(summary.text, terminator: "")
            // `lint` lists the errors; one a flag of this verb fixes (--max-depth) is shown here.
            for finding in report.findings where finding.severity == .error && finding.remedy == nil && finding.commandLineRemedy != nil {
                PlistFile.printError(finding.findingText(file: file))
            }
            if summary.errors > 0 { throw ExitCode.failure }
        }

        /// Prints the summary of the JSON `data`, its warnings (repeated keys) counted as `lint`
        /// finds them; one that does not read is summarized as unreadable, the reader's error
        /// (with line:column) goes to standard error, and the command fails.
        func summarizeJSON(_ data: Data) throws {
            do {
                let document = try Format.json.read(data, options: depth.formatOptions)
                let warnings = JSONLinter(maximumDepth: depth.maxDepth).lint(data).count
                print(DocumentSummary(format: "JSON", size: data.count, document: document, warnings: warnings).text, terminator: "")
            } catch {
                print(DocumentSummary(format: "JSON", size: data.count, document: nil, errors: 1).text, terminator: "")
                PlistFile.printError(error.inFile(file).commandLineText)
                throw ExitCode.failure
            }
        }
    }
}

/// What the inspection verbs share: reading a file (a property list, JSON or CSV), key paths, messages.
enum PlistFile {
    /// The key-path rules, for command discussions.
    static let keyPathHelp = """
        Key paths: items[3].name or items.3.name (a leading `root` is allowed, as lint prints \
        them; `\\.` is a dot inside a key), or a JSON Pointer such as /items/3/name (`~1` is `/`).
        """

    /// The bytes of `file` when it is JSON: named .json, or with no extension that names another
    /// format and JSON bytes (`Format.detect`); else `nil`, as for a file that cannot be read
    /// (the property-list path reports that). Standard input is told apart by its caller, which
    /// reads it once.
    static func jsonBytes(_ file: String) -> Data? {
        guard file != "-" else { return nil }
        let named = Format(fileExtension: URL(fileURLWithPath: file).pathExtension)
        guard named == nil || named == .json else { return nil }
        guard let data = try? FileContents.read(URL(fileURLWithPath: file)) else { return nil }
        return named == .json || Format.detect(in: data) == .json ? data : nil
    }

    /// The bytes of `file` when it is CSV: named .csv or .tsv, or with no extension that names a
    /// format and CSV bytes (`Format.detect`); else `nil`, as for standard input (its caller reads
    /// it once) and a file that cannot be read (the property-list path reports that).
    static func csvBytes(_ file: String) -> Data? {
        guard file != "-", let data = try? FileContents.read(URL(fileURLWithPath: file)) else { return nil }
        let named = Format(fileExtension: URL(fileURLWithPath: file).pathExtension)
        return (named ?? Format.detect(in: data)).csvDialect != nil ? data : nil
    }

    /// The inspector's report on `file`, reading as deep as `depth` says.
    static func report(_ file: String, keepingValues: Bool, depth: DepthOption) throws -> PlistReport {
        do {
            return try inspect(file, keepingValues: keepingValues, depth: depth)
        } catch {
            printError("\(file): error: cannot read the file: \(FileReadFailure.reason(error, reading: URL(fileURLWithPath: file)))")
            throw ExitCode.failure
        }
    }

    /// The inspector's report on `file`, or on standard input when `file` is `-`, reading as
    /// deep as `depth` says.
    ///
    /// - Throws: the error of reading the file.
    static func inspect(_ file: String, keepingValues: Bool, depth: DepthOption) throws -> PlistReport {
        let linter = PlistLinter(maxDepth: depth.maxDepth)
        if file == "-" {
            return linter.lint(FileHandle.standardInput.readDataToEndOfFile(), keepingValues: keepingValues)
        }
        return try linter.lint(contentsOf: URL(fileURLWithPath: file), keepingValues: keepingValues)
    }

    /// The value of `file` (standard input for `-`); its errors are printed and fail the
    /// command. The format is told as `convert` tells it (the extension, else the bytes; CSV in
    /// the `dialect` flags' dialect or the sniffed one): a property list is read by the
    /// inspector (its errors with line:column and key path, as `lint` prints them), JSON and
    /// CSV by their readers; as deep as `depth` says.
    static func document(_ file: String, dialect: CSVDialectOptions, depth: DepthOption) throws -> Document {
        let data: Data
        do {
            data = try file == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : FileContents.read(URL(fileURLWithPath: file), options: .mappedIfSafe)
        } catch {
            printError("\(file): error: cannot read the file: \(FileReadFailure.reason(error, reading: URL(fileURLWithPath: file)))")
            throw ExitCode.failure
        }
        let named = file == "-" ? nil : Serialize.Convert.format(ofPath: file)
        let (format, sniff) = try dialect.source(named: named, data: data)
        for message in Serialize.Convert.guesses(of: sniff, input: file, named: file, toldByContent: named == nil, verbose: false) { printError(message) }
        guard format.isPropertyList else {
            do {
                return try format.read(data, options: depth.formatOptions)
            } catch {
                printError(error.inFile(file).commandLineText)
                throw ExitCode.failure
            }
        }
        let report = PlistLinter(maxDepth: depth.maxDepth).lint(data, keepingValues: true)
        if let document = report.document { return document }
        for finding in report.findings where finding.severity == .error { printError(finding.findingText(file: file)) }
        throw ExitCode.failure
    }

    /// `text` parsed as a key path, or a usage error.
    static func keyPath(_ text: String) throws -> ValuePath {
        do {
            return try ValuePath(validating: text)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The value at `path`, or a printed error and a failure.
    static func value(at path: ValuePath, in document: Document) throws -> Document {
        do {
            return try document.value(at: path)
        } catch {
            printError("error: \(error.message)")
            throw ExitCode.failure
        }
    }

    /// `value` as a document in `format` (json, xml or binary), as deep as `depth` says.
    static func encode(_ value: Document, as format: Format, depth: DepthOption) throws -> Data {
        do {
            var options = depth.formatOptions
            options.pretty = true
            return try format.write(value, options: options)
        } catch {
            printError(error.commandLineText)
            throw ExitCode.failure
        }
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

extension Serialize.Inspect {
    /// Prints the dialect `CSVDialect.sniff(_:)` found in the CSV `data`, its size and rows, and
    /// sniffing's notes. Data that does not read in the dialect found prints its error (with the
    /// flag that would get through) and fails.
    func inspectCSV(_ data: Data) throws {
        let sniff = CSVDialect.sniff(data)
        var lines = ["format: CSV", "size: \(data.count) bytes", "detected: \(sniff.summary)"]
        do {
            let document = try Format.csv(sniff.dialect).read(data, options: depth.formatOptions)
            if case let .array(rows) = document { lines.append("rows: \(rows.count)") }
        } catch {
            print(lines.joined(separator: "\n"))
            PlistFile.printError(error.inFile(file).commandLineText)
            throw ExitCode.failure
        }
        for note in sniff.notes { lines.append(note.inFile(file).commandLineText) }
        print(lines.joined(separator: "\n"))
    }
}
