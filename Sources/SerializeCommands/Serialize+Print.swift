/// `serialize print FILE`: a stable, typed tree of a property list, JSON or CSV file.

import ArgumentParser
import Foundation
import PlistInspector

extension Serialize {
    /// Prints a file as a typed tree.
    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a property list, JSON or CSV file as a stable tree with the type of every value.",
            discussion: """
                One value per line, indented by depth: `"name": string "Ann"`, `[0]: integer 7`, \
                `dictionary (3 entries)`. Keys keep their document order and strings are quoted \
                with JSON escapes, so the output is the same on every run and platform. --json \
                prints the same tree as JSON for programs.
                """
        )

        @Argument(help: "The file to print: a property list (XML or binary), JSON or CSV; - for standard input.")
        var file: String

        @Flag(help: "Print the typed tree as JSON: {\"type\": …, \"value\": …} per value.")
        var json = false

        @OptionGroup(title: "CSV dialect (default: sniffed)")
        var dialect: CSVDialectOptions

        @OptionGroup var depth: DepthOption

        func run() throws {
            try depth.run {
                let document = try PlistFile.document(file, dialect: dialect, depth: depth)
                print(json ? PlistPrinter.json(document) : PlistPrinter.text(document), terminator: "")
            }
        }
    }
}
