import Foundation
import Testing
import SerializeCore
import SerializeCSV
@testable import SerializeDocument

/// A fresh folder holding `files` (relative path → contents), removed by the caller.
private func folder(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("serialize-batch-\(UUID().uuidString)")
    for (relative, text) in files {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}

private let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>p</key><integer>2</integer></dict></plist>
    """

@Suite struct BatchConversionTests {
    /// Output names relative to the output folder, in input order.
    private func names(_ plan: BatchConversion.Plan, in out: URL) -> [String] {
        plan.jobs.map { String($0.output.path.dropFirst(out.path.count + 1)) }
    }

    @Test(arguments: [
        // No collision: the extension is replaced.
        (["x/a.json", "x/b.plist"], Format.csv, ["a.csv", "b.csv"]),
        // Two inputs that would both be a.csv keep their own extensions.
        (["x/a.json", "x/a.plist"], .csv, ["a.json.csv", "a.plist.csv"]),
        // The same name from two folders: the second in input order gets -2.
        (["x/a.json", "y/a.json"], .csv, ["a.json.csv", "a-2.json.csv"]),
        // Both rules at once; a number already taken is skipped.
        (["x/a.json", "y/a.json", "x/a.plist", "x/a-2.json"], .json, ["a.json.json", "a-2.json.json", "a.plist.json", "a-2.json"]),
        // The binary and XML property lists both get .plist.
        (["x/a.json", "x/b.csv"], .binaryPlist, ["a.plist", "b.plist"]),
    ])
    func collidingOutputNamesFollowTheRule(_ inputs: [String], _ target: Format, _ expected: [String]) throws {
        let root = try folder([:])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let plan = BatchConversion(target: target).plan(inputs.map { root.appendingPathComponent($0) }, recursive: false, into: out)
        #expect(names(plan, in: out) == expected)
        #expect(Set(plan.jobs.map(\.output)).count == plan.jobs.count)
    }

    @Test func recursiveKeepsSubfoldersSkipsUnknownFilesAndRefusesAFolderWithoutIt() throws {
        let root = try folder([
            "in/a.json": "{}", "in/sub/b.json": "[1]", "in/sub/deeper/c.plist": plist, "in/notes.txt": "hi", "in/.hidden.json": "{}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let batch = BatchConversion(target: .json)
        let plan = batch.plan([root.appendingPathComponent("in")], recursive: true, into: out)
        #expect(names(plan, in: out) == ["a.json", "sub/b.json", "sub/deeper/c.json"])
        #expect(plan.skipped.map(\.lastPathComponent) == ["notes.txt"])
        let flat = batch.plan([root.appendingPathComponent("in")], recursive: false, into: out)
        #expect(flat.jobs.count == 1 && flat.jobs[0].refusal?.message.contains("-r") == true)
    }

    /// A CSV file without a stated dialect is sniffed, and the guess is in the outcome's notes;
    /// a stated dialect is used as it is unless `sniffsCSVDialect` says it names the format only.
    @Test func csvFilesAreReadInTheDialectTheyShow() async throws {
        let root = try folder(["in/semi.csv": "Export\nname;price\nTea;1,50\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let inputs = [root.appendingPathComponent("in/semi.csv")]
        let batch = BatchConversion(target: .json, maximumConcurrency: 1)
        let sniffed = await batch.run(batch.plan(inputs, recursive: false, into: out))
        #expect(sniffed.map(\.failure) == [nil])
        #expect(try Format.json.read(Data(contentsOf: out.appendingPathComponent("semi.json"))) == [["name": "Tea", "price": "1,50"]])
        #expect(sniffed.first?.notes.map(\.code) == [.csvPreamble])
        #expect(sniffed.first?.notes.first?.file == inputs[0].path)
        var stated = BatchConversion(target: .json, source: .csv, maximumConcurrency: 1)
        #expect(await stated.run(stated.plan(inputs, recursive: false, into: out)).first?.failure?.code == .fieldCountMismatch)
        stated.sniffsCSVDialect = true
        #expect(await stated.run(stated.plan(inputs, recursive: false, into: out)).first?.failure == nil)
    }

    @Test func anOutputThatWouldReplaceAnInputIsRefused() throws {
        let root = try folder(["a.json": "{}"])
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = BatchConversion(target: .json).plan([root.appendingPathComponent("a.json")], recursive: false, into: root)
        #expect(plan.jobs.first?.refusal != nil)
    }

    /// One bad file, one null a plist cannot hold, one missing file: the others are converted,
    /// each failure is reported at its step, and no partial output is left.
    @Test(arguments: [1, 4])
    func partialFailureConvertsTheRest(concurrency: Int) async throws {
        var files = ["in/bad.json": "{\"a\": ", "in/null.json": "{\"n\": null}", "in/sub/p.plist": plist]
        for index in 0..<6 { files["in/ok\(index).json"] = "{\"i\": \(index), \"z\": [true]}" }
        let root = try folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let batch = BatchConversion(target: .binaryPlist, maximumConcurrency: concurrency)
        var plan = batch.plan([root.appendingPathComponent("in")], recursive: true, into: out)
        plan.jobs += batch.plan([root.appendingPathComponent("missing.json")], recursive: false, into: out).jobs
        let seen = Counter()
        let outcomes = await batch.run(plan) { progress in seen.record(progress) }
        #expect(outcomes.map(\.job) == plan.jobs)
        let failures = Dictionary(uniqueKeysWithValues: outcomes.compactMap { outcome in
            outcome.failedStep.map { (outcome.job.input.lastPathComponent, $0) }
        })
        #expect(failures == ["bad.json": .reading, "null.json": .converting, "missing.json": .opening])
        #expect(outcomes.first { $0.job.input.lastPathComponent == "null.json" }?.failure?.code == .nullNotRepresentable)
        #expect(outcomes.allSatisfy { ($0.failure == nil) == ($0.failedStep == nil) })
        for index in 0..<6 {
            let data = try Data(contentsOf: out.appendingPathComponent("ok\(index).plist"))
            #expect(try Format.binaryPlist.read(data) == Format.json.read(Data("{\"i\": \(index), \"z\": [true]}".utf8)))
        }
        #expect(try Format.binaryPlist.read(Data(contentsOf: out.appendingPathComponent("sub/p.plist"))) == ["p": 2])
        let written = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".plist") }
        #expect(written.count == 7)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).allSatisfy { !$0.hasPrefix(".") })
        let last = try #require(seen.all.last)
        #expect(last.filesDone == 10 && last.filesTotal == 10 && last.filesFailed == 3 && last.bytesDone == last.bytesTotal)
        #expect(seen.all.map(\.filesDone) == Array(1...10))
    }
}

/// Progress reports, collected from the progress closure.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [BatchConversion.Progress] = []
    func record(_ progress: BatchConversion.Progress) {
        lock.lock()
        reports.append(progress)
        lock.unlock()
    }
    var all: [BatchConversion.Progress] {
        lock.lock()
        defer { lock.unlock() }
        return reports
    }
}
