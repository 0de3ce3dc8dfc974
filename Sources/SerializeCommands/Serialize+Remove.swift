/// `serialize remove FILE KEYPATH`: take a value out.

import ArgumentParser
import SerializeCore
import SerializeDocument

extension Serialize {
    /// Removes the value at a key path.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove the value at a key path of a JSON or property-list file, in place.",
            discussion: """
                The value must exist: a missing key or index is refused by name. Later array \
                elements shift down; the file keeps its format, key order and every other value, \
                and is replaced atomically. \(PlistFile.keyPathHelp)

                \(EditRun.statusHelp)
                """
        )

        @Argument(help: "The JSON or property-list file to edit ('-': standard input, result on standard output).")
        var file: String

        @Argument(help: "The value to remove, such as items[3].name, items.3.name or /items/3/name.")
        var keyPath: String

        @OptionGroup var output: EditOutputOptions

        func validate() throws {
            _ = try PlistFile.keyPath(keyPath)
        }

        func run() throws {
            try EditRun.run(file: file, edits: [.remove(at: try PlistFile.keyPath(keyPath))], options: output)
        }
    }
}
