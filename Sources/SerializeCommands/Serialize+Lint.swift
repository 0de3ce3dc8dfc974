/// `serialize lint FILE...`: every problem of every file, one line each.

import ArgumentParser
import Foundation
import PlistInspector
import SerializeCSV
import SerializeCore
import SerializeDocument

extension Serialize {
    /// Checks property lists and reports every problem with its location.
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check property lists, CSV and JSON files and report every problem, each with its line and column.",
            discussion: """
                Prints one line per finding, `file:line:column: error|warning|note: message \
                [key path]` (binary property lists give a byte offset instead of a line), and \
                `file: OK` for a file without errors or warnings. Unlike plutil -lint it reports \
                every problem in one pass, not only the first. Exits with 0 only when every file \
                is clean (notes, such as an NSKeyedArchiver archive, do not count), 1 otherwise.

                CSV: a file named .csv or .tsv (or any input with a CSV dialect flag) is read in \
                the dialect the flags state, or else the one sniffed (a note says which), and every \
                problem is reported: stray and unbalanced quotes, short and long rows, empty and \
                repeated header names, bytes that are not UTF-8 (errors, each with the flag that \
                gets through, usually --recover); footnotes or another table after the table \
                (warnings); empty lines and mixed line ends (notes).

                JSON: a file named .json, or any input whose bytes are JSON (`{`, `[`, `"`), is \
                read as `convert` reads it, and its first error is reported with its line and \
                column (a JSON reader cannot go on past a syntax error); a JSON file that reads \
                gets a warning for every key an object repeats (the last value wins), with where \
                the first one is.
                """
        )

        @Argument(help: "The property lists (XML or binary), CSV or JSON files to check; - reads standard input.")
        var files: [String]

        @OptionGroup(title: "CSV dialect (default: sniffed)")
        var dialect: CSVDialectOptions

        @Flag(name: .shortAndLong, help: "Print nothing; report through the exit status only.")
        var quiet = false

        @OptionGroup var depth: DepthOption

        func run() throws {
            if try !depth.run({ try lintAll() }) { throw ExitCode.failure }
        }

        /// Lints every file, printing the findings; `true` when every file is clean.
        func lintAll() throws -> Bool {
            var clean = true
            for file in files {
                if let csv = csvInput(file) {
                    clean = lintCSV(file, data: csv) && clean
                    continue
                }
                if let json = jsonInput(file) {
                    clean = lintJSON(file, data: json) && clean
                    continue
                }
                let report: PlistReport
                do {
                    if file == "-" {
                        // Read once: JSON on standard input is told by its bytes, anything else
                        // goes to the inspector.
                        let data = FileHandle.standardInput.readDataToEndOfFile()
                        if Format.detect(in: data) == .json {
                            clean = lintJSON(file, data: data) && clean
                            continue
                        }
                        report = PlistLinter(maxDepth: depth.maxDepth).lint(data, keepingValues: false)
                    } else {
                        report = try PlistFile.inspect(file, keepingValues: false, depth: depth)
                    }
                } catch {
                    clean = false
                    if !quiet { PlistFile.printError("\(file): error: cannot read the file: \(FileReadFailure.reason(error, reading: URL(fileURLWithPath: file)))") }
                    continue
                }
                clean = clean && report.isClean
                guard !quiet else { continue }
                for finding in report.findings { print(finding.findingText(file: file)) }
                if report.isClean { print("\(file): OK") }
            }
            return clean
        }
    }
}

extension Serialize.Lint {
    /// The bytes of `file` when it is CSV input: named .csv or .tsv, or with no known extension
    /// and CSV bytes (`Format.detect`), or any input when a dialect flag is given; else `nil`.
    func csvInput(_ file: String) -> Data? {
        // Without a flag, standard input is told apart in `run()`, which reads it once.
        guard !dialect.isEmpty else { return PlistFile.csvBytes(file) }
        // An unreadable file goes the property-list way, which reports that it cannot be read.
        return file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try? FileContents.read(URL(fileURLWithPath: file))
    }

    /// The bytes of `file` when it is JSON (`PlistFile.jsonBytes`) and no dialect flag makes it CSV.
    func jsonInput(_ file: String) -> Data? {
        dialect.isEmpty ? PlistFile.jsonBytes(file) : nil
    }

    /// Prints `JSONLinter`'s findings in `data` (the reader's first error, or every repeated
    /// key), or `file: OK`; `true` when there are none.
    func lintJSON(_ file: String, data: Data) -> Bool {
        let findings = JSONLinter(maximumDepth: depth.maxDepth).lint(data)
        guard !quiet else { return findings.isEmpty }
        for finding in findings { print(finding.findingText(file: file)) }
        if findings.isEmpty { print("\(file): OK") }
        return findings.isEmpty
    }

    /// Prints `SerializeCSV`'s `CSVLinter` report on `data`; `true` when it is clean.
    func lintCSV(_ file: String, data: Data) -> Bool {
        let given = dialect.isEmpty ? nil : dialect.applied(to: Format(fileExtension: URL(fileURLWithPath: file).pathExtension)?.csvDialect ?? .rfc4180)
        let report = CSVLinter(dialect: given).lint(data, sourceName: file)
        guard !quiet else { return report.isClean }
        for finding in report.findings { print(finding.commandLineText) }
        if report.isClean { print("\(file): OK") }
        return report.isClean
    }
}
