/// `serialize replace FILE KEYPATH VALUE`: put a value in place of one that exists.

import ArgumentParser
import SerializeCore
import SerializeDocument

extension Serialize {
    /// Replaces the value at a key path.
    struct Replace: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace the value at a key path of a JSON or property-list file, in place.",
            discussion: """
                The value must exist (unlike plutil -replace, which inserts a missing key): a \
                missing key or index is refused by name. The key keeps its place in the key \
                order; the file keeps its format and every other value, and is replaced \
                atomically. An empty KEYPATH ('') replaces the whole document. \
                \(PlistFile.keyPathHelp)

                \(EditRun.statusHelp)
                """
        )

        @Argument(help: "The JSON or property-list file to edit ('-': standard input, result on standard output).")
        var file: String

        @Argument(help: "The value to replace, such as items[3].name, items.3.name or /items/3/name.")
        var keyPath: String

        @Argument(help: "The new value, read as the type flag says (default --string).")
        var value: String

        @OptionGroup var type: EditValueOptions

        @OptionGroup var output: EditOutputOptions

        func validate() throws {
            _ = try PlistFile.keyPath(keyPath)
            _ = try EditRun.validValue(value, as: type.type)
        }

        func run() throws {
            let edit = DocumentEdit.replace(at: try PlistFile.keyPath(keyPath), with: try EditRun.validValue(value, as: type.type))
            try EditRun.run(file: file, edits: [edit], options: output)
        }
    }
}
