/// `serialize type FILE KEYPATH`: the type of one value.

import ArgumentParser
import Foundation
import PlistInspector
import SerializeDocument

extension Serialize {
    /// Prints the type of the value at a key path.
    struct TypeOf: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "type",
            abstract: "Print the type of the value at a key path.",
            discussion: """
                Prints one of dictionary, array, string, integer, real, bool, date, data, or null (JSON). \
                \(PlistFile.keyPathHelp)
                """
        )

        @Argument(help: "The file: a property list (XML or binary), JSON or CSV; - for standard input.")
        var file: String

        @Argument(help: "The key path, such as items[3].name, items.3.name or /items/3/name.")
        var keyPath: String

        @OptionGroup(title: "CSV dialect (default: sniffed)")
        var dialect: CSVDialectOptions

        @OptionGroup var depth: DepthOption

        func validate() throws {
            _ = try PlistFile.keyPath(keyPath)
        }

        func run() throws {
            try depth.run {
                let value = try PlistFile.value(at: PlistFile.keyPath(keyPath), in: PlistFile.document(file, dialect: dialect, depth: depth))
                print(value.typeName)
            }
        }
    }
}
