/// `serialize insert FILE KEYPATH VALUE`: add a value, as `plutil -insert` does, keeping the
/// file's format, key order and every other value.

import ArgumentParser
import SerializeCore
import SerializeDocument

extension Serialize {
    /// Inserts a value at a key path.
    struct Insert: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Insert a value at a key path of a JSON or property-list file, in place.",
            discussion: """
                The new key goes at the end of its dictionary's key order; at an array index the \
                elements from that index on shift up (the index may be the array's count); with \
                --append KEYPATH names the array and VALUE goes at its end. The file keeps its \
                format (JSON, XML or binary property list), its key order and every other value; \
                it is replaced atomically. A key that exists is refused (use replace), and so are \
                a missing parent, an index out of range, a path inside a scalar, and a value the \
                format cannot hold (null in a property list). A negative number goes after --: \
                serialize insert f.plist n --integer -- -3. \(PlistFile.keyPathHelp)

                \(EditRun.statusHelp)
                """
        )

        @OptionGroup var target: EditTarget

        @OptionGroup var value: EditValueOptions

        @Flag(help: "KEYPATH names an array: add VALUE at its end.")
        var append = false

        @OptionGroup var output: EditOutputOptions

        func validate() throws {
            _ = try target.path
            try value.validate(depth: output.depth)
        }

        func run() throws {
            let path = try target.path
            try EditRun.run(file: target.file, edits: { depth in
                let value = try value.value(maximumDepth: depth)
                return [append ? .append(value, to: path) : .insert(value, at: path)]
            }, options: output)
        }
    }
}
