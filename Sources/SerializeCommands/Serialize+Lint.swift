/// `serialize lint FILE...`: every problem of every file, one line each.

import ArgumentParser
import Foundation
import PlistInspector

extension Serialize {
    /// Checks property lists and reports every problem with its location.
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check property lists and report every problem, each with its line and column.",
            discussion: """
                Prints one line per finding, `file:line:column: error|warning|note: message \
                [key path]` (binary property lists give a byte offset instead of a line), and \
                `file: OK` for a file without errors or warnings. Unlike plutil -lint it reports \
                every problem in one pass, not only the first. Exits with 0 only when every file \
                is clean (notes, such as an NSKeyedArchiver archive, do not count).
                """
        )

        @Argument(help: "The property lists to check (XML or binary); - reads standard input.")
        var files: [String]

        @Flag(name: .shortAndLong, help: "Print nothing; report through the exit status only.")
        var quiet = false

        func run() throws {
            var clean = true
            for file in files {
                let report: PlistReport
                do {
                    report = try PlistFile.inspect(file, keepingValues: false)
                } catch {
                    clean = false
                    if !quiet { PlistFile.printError("\(file): error: cannot read the file: \(PlistFile.reason(error))") }
                    continue
                }
                clean = clean && report.isClean
                guard !quiet else { continue }
                for finding in report.findings { print(finding.findingText(file: file)) }
                if report.isClean { print("\(file): OK") }
            }
            if !clean { throw ExitCode.failure }
        }
    }
}
