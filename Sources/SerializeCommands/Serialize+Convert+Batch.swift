/// `serialize convert IN... --to FORMAT --out-dir DIR [-r]`: many files, several at a time,
/// through the library's `BatchConversion`.

import ArgumentParser
import Foundation
import SerializeCore
import SerializeDocument

extension Serialize.Convert {
    /// Converts every input into `folder`; prints each failure, then a summary; exits with the
    /// worst failure's status.
    func runBatch(into folder: String) async throws {
        guard options.to != nil else { return }
        try options.depth.checkStack()
        let target = try options.target(named: nil)
        var batch = BatchConversion(target: target, source: options.from.map { $0.csvDialect.map { .csv(options.dialect.applied(to: $0)) } ?? $0 }, reading: options.formatOptions, writing: options.formatOptions)
        if let jobs { batch.maximumConcurrency = jobs }
        // As for one file: without a dialect flag, each CSV file is read in the dialect it shows.
        batch.sniffsCSVDialect = options.dialect.isEmpty
        let plan = batch.plan(files.map { URL(fileURLWithPath: $0) }, recursive: recursive, into: URL(fileURLWithPath: folder))
        let line = progress.line()
        let outcomes = await batch.run(plan) { state in
            line?.update(ProgressLine.batchText(state, elapsed: line?.elapsed ?? 0), force: state.filesDone == state.filesTotal)
        }
        line?.finish()
        var status: Int32 = 0
        for outcome in outcomes {
            for note in outcome.notes { FileHandle.standardError.write(Data((note.commandLineText + "\n").utf8)) }
            guard let failure = outcome.failure else { continue }
            FileHandle.standardError.write(Data((failure.commandLineText + "\n").utf8))
            let code: Int32 = switch outcome.failedStep {
            case .opening, nil: Status.noInput
            case .reading: Status.invalidInput
            case .converting: Status.unrepresentable
            case .saving: Status.cannotCreate
            }
            status = max(status, code)
        }
        let failed = outcomes.filter { $0.failure != nil }.count
        var summary = "converted \(outcomes.count - failed) of \(outcomes.count) files into \(folder)"
        if failed > 0 { summary += "; \(failed) failed" }
        if !plan.skipped.isEmpty { summary += "; skipped \(plan.skipped.count) files whose extension names no format" }
        if failed > 0 || !progress.quiet { FileHandle.standardError.write(Data((summary + "\n").utf8)) }
        if status != 0 { throw ExitCode(status) }
    }
}
