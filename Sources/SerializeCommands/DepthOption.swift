/// `--max-depth`: the deepest nesting a verb reads and writes, and the stack its work runs on.

import ArgumentParser
import SerializeDocument

/// The `--max-depth` flag of every verb that reads or writes a document: the command line's
/// ``FormatOptions/maximumDepth``. Above the default (512, as plutil), the verb's work runs on a
/// thread whose stack holds that depth (`NestingStack`).
struct DepthOption: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp(
        "The deepest nesting of arrays and dictionaries to read or write, as plutil by default; up to 100000 for trusted data.",
        valueName: "levels"))
    var maxDepth: Int = NestingStack.inlineDepth

    init() {}

    func validate() throws {
        guard (1...NestingStack.maximumDepth).contains(maxDepth) else {
            throw ValidationError("--max-depth must be from 1 to \(NestingStack.maximumDepth) (\(maxDepth) given)")
        }
    }

    /// The default options but for the depth.
    var formatOptions: FormatOptions { FormatOptions(maximumDepth: maxDepth) }

    /// Runs `body` on a stack that holds ``maxDepth`` levels, waiting for it.
    func run<T>(_ body: () throws -> T) throws -> T {
        try NestingStack.run(depth: maxDepth, body)
    }
}
