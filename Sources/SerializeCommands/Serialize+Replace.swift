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

        @OptionGroup var target: EditTarget

        @OptionGroup var value: EditValueOptions

        @OptionGroup var output: EditOutputOptions

        func validate() throws {
            _ = try target.path
            try value.validate(depth: output.depth)
        }

        func run() throws {
            let path = try target.path
            try EditRun.run(file: target.file, edits: { depth in [.replace(at: path, with: try value.value(maximumDepth: depth))] }, options: output)
        }
    }
}
