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

        @OptionGroup var target: EditTarget

        @OptionGroup var output: EditOutputOptions

        func validate() throws {
            _ = try target.path
        }

        func run() throws {
            let path = try target.path
            try EditRun.run(file: target.file, edits: { _ in [.remove(at: path)] }, options: output)
        }
    }
}
