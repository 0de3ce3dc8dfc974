/// `--max-depth`: the deepest nesting a verb reads and writes, and the stack its work runs on.

import ArgumentParser
import Foundation
import SerializeDocument

/// The `--max-depth` flag of every verb that reads or writes a document: the command line's
/// ``FormatOptions/maximumDepth``. Above the default (512, as plutil), the verb's work runs on a
/// thread whose stack holds that depth (`NestingStack`).
struct DepthOption: ParsableArguments, Sendable {
    /// The deepest limit the flag takes: its stack (`NestingStack.size(forDepth:)`, 789 MiB of
    /// address space) fits any 64-bit machine.
    static let maximumDepth = 100_000

    @Option(help: ArgumentHelp(
        "The deepest nesting of arrays and dictionaries to read or write, as plutil by default; up to 100000 for trusted data.",
        valueName: "levels"))
    var maxDepth: Int = NestingStack.inlineDepth

    init() {}

    func validate() throws {
        guard (1...Self.maximumDepth).contains(maxDepth) else {
            throw ValidationError("--max-depth must be from 1 to \(Self.maximumDepth) (\(maxDepth) given)")
        }
    }

    /// The default options but for the depth.
    var formatOptions: FormatOptions { FormatOptions(maximumDepth: maxDepth) }

    /// The exit status when the system cannot give a thread the stack ``maxDepth`` needs
    /// (`EX_OSERR`), for every verb and a batch alike.
    static let noStackStatus: Int32 = 71

    /// The line the verbs' exit-status help gives ``noStackStatus``.
    static let statusHelp = "71  the system cannot give the stack --max-depth needs (a lower --max-depth may fit)"

    /// Runs `body` on a stack that holds ``maxDepth`` levels, waiting for it.
    ///
    /// - Throws: what `body` throws, or exit status ``noStackStatus``, with the message on
    ///   standard error, when the system cannot give a thread that much stack.
    func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try NestingStack.run(depth: maxDepth, body)
        } catch let error as NestingStack.ThreadUnavailable {
            throw refusal(error)
        }
    }

    /// As ``run(_:)``, without blocking a task's thread while it waits.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        do {
            return try await NestingStack.run(depth: maxDepth, body)
        } catch let error as NestingStack.ThreadUnavailable {
            throw refusal(error)
        }
    }

    /// Whether the system gives a thread the stack ``maxDepth`` needs: a batch asks once,
    /// before its first file, rather than failing every file the same way.
    ///
    /// - Throws: exit status ``noStackStatus``, with the message on standard error.
    func checkStack() throws {
        guard maxDepth > NestingStack.inlineDepth else { return }
        try run {}
    }

    private func refusal(_ error: NestingStack.ThreadUnavailable) -> ExitCode {
        FileHandle.standardError.write(Data((error.diagnostic.commandLineText + "\n").utf8))
        return ExitCode(Self.noStackStatus)
    }
}
