/// Converting many files at once, in parallel: the library side of
/// `serialize convert IN... --to FORMAT --out-dir DIR [-r]`.

public import Foundation
public import SerializeCore
internal import SerializeCSV

/// Converts many files to one format, several at a time; a file that fails does not stop the
/// others.
///
/// ```swift
/// let batch = BatchConversion(target: .json)
/// let plan = batch.plan([URL(fileURLWithPath: "plists")], recursive: true, into: URL(fileURLWithPath: "out"))
/// let outcomes = await batch.run(plan) { progress in print(progress.filesDone) }
/// ```
///
/// **Output names.** Each input's output is in the output folder, named after the input with
/// its extension replaced by the target's (``Format/fileExtension``): a file named directly
/// keeps only its name (`in/a.json` → `out/a.csv`), a file found in a folder with `recursive`
/// keeps its path below that folder (`in/sub/a.json` → `out/sub/a.csv`). When several inputs
/// would get the same output, the rule is:
/// 1. each of them keeps its own extension before the target's: `a.json` and `a.plist` →
///    `a.json.csv` and `a.plist.csv`;
/// 2. if names still collide (the same name in two folders), the second and later in input
///    order get `-2`, `-3`, … after the name: `x/a.json`, `y/a.json` → `a.json.csv`,
///    `a-2.json.csv`; a number already taken is skipped.
///
/// An output that would replace one of the inputs is refused for that file. Every output is
/// written atomically (`FileSystem.writeAtomically`), so a failed file leaves no partial output.
/// With a ``FormatOptions/maximumDepth`` above the default, each file is converted on a thread
/// whose stack holds that depth (``NestingStack``).
public struct BatchConversion: Sendable {
    /// The format every output is written in.
    public var target: Format
    /// The inputs' format, or `nil` to take it from each file's extension (property lists by
    /// content) or, for an unknown extension, from its bytes (``Format/detect(in:)``). A CSV
    /// file read without a stated format is read in the dialect its bytes show
    /// (`CSVDialect.sniff(_:)`), as `serialize convert` reads one file; ``Outcome/notes`` say
    /// what was guessed.
    public var source: Format?
    /// The options for reading the inputs.
    public var reading: FormatOptions
    /// The options for writing the outputs.
    public var writing: FormatOptions
    /// How many files are converted at the same time; at least 1.
    public var maximumConcurrency: Int
    /// Whether a ``source`` of CSV names the format only, its dialect to be sniffed from each
    /// file as for a file without a stated format (`serialize convert --from csv` without a
    /// dialect flag); `false` reads every file in `source`'s dialect.
    public var sniffsCSVDialect = false

    /// A batch converting to `target`, as many files at a time as the machine has active cores.
    public init(
        target: Format, source: Format? = nil, reading: FormatOptions = FormatOptions(), writing: FormatOptions = FormatOptions(),
        maximumConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.target = target
        self.source = source
        self.reading = reading
        self.writing = writing
        self.maximumConcurrency = max(1, maximumConcurrency)
    }

    /// One file to convert.
    public struct Job: Sendable, Hashable {
        /// The input file.
        public var input: URL
        /// Where its output goes.
        public var output: URL
        /// Why the file is refused before it is read (a folder without `recursive`, an output
        /// that would replace an input), or `nil`.
        public var refusal: Diagnostic?
    }

    /// What ``plan(_:recursive:into:)`` found to do.
    public struct Plan: Sendable {
        /// The files to convert, in input order (folders' files sorted by path).
        public var jobs: [Job]
        /// Files in folders skipped because their extension names no format (or they are hidden).
        public var skipped: [URL]
    }

    /// How far a batch has got; handed to the progress closure after each file.
    public struct Progress: Sendable, Hashable {
        /// Files finished, converted or failed.
        public var filesDone: Int
        /// Files that failed so far.
        public var filesFailed: Int
        /// All files of the batch.
        public var filesTotal: Int
        /// The input bytes of the finished files.
        public var bytesDone: Int
        /// The input bytes of all files.
        public var bytesTotal: Int
    }

    /// The step at which a file failed.
    public enum Step: Sendable, Hashable {
        /// The input could not be opened, or was refused before (a folder, an output that would
        /// replace an input).
        case opening
        /// The input is not valid in its format.
        case reading
        /// The target format cannot hold a value of it.
        case converting
        /// The output could not be written.
        case saving
    }

    /// The result for one file.
    public struct Outcome: Sendable {
        /// The file and its output.
        public var job: Job
        /// Why it failed, with the input's name as ``Diagnostic/file``; `nil` when converted.
        public var failure: Diagnostic?
        /// Where it failed; `nil` when converted.
        public var failedStep: Step?
        /// What reading guessed, with the input's name: sniffing's notes for a CSV file whose
        /// dialect no one stated (a Latin-1 fallback, skipped preamble lines).
        public var notes: [Diagnostic] = []
    }

    // MARK: - Planning

    /// The jobs for `inputs`: files, and with `recursive` the files in folders (and below).
    ///
    /// Output names follow the rule in the type's discussion. Nothing is read or written.
    public func plan(_ inputs: [URL], recursive: Bool, into folder: URL) -> Plan {
        var found: [(input: URL, relative: String, refusal: Diagnostic?)] = []
        var skipped: [URL] = []
        let manager = FileManager.default
        for input in inputs {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: input.path, isDirectory: &isFolder), isFolder.boolValue else {
                found.append((input, input.lastPathComponent, nil))
                continue
            }
            guard recursive else {
                found.append((input, input.lastPathComponent, Diagnostic(.io, "is a folder; convert its files with -r (recursive)", file: input.path)))
                continue
            }
            let root = input.standardizedFileURL.resolvingSymlinksInPath()
            let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
            var files: [(URL, String)] = []
            if let walker = manager.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) {
                for case let file as URL in walker {
                    guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                    let path = file.standardizedFileURL.resolvingSymlinksInPath().path
                    let relative = path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : file.lastPathComponent
                    // Named below the folder as given, so messages show the path the user typed.
                    let named = input.appendingPathComponent(relative)
                    if Format(fileExtension: file.pathExtension) == nil || isTemporaryFileName(file.lastPathComponent) {
                        skipped.append(named)
                    } else {
                        files.append((named, relative))
                    }
                }
            }
            for (file, relative) in files.sorted(by: { $0.1.utf8.lexicographicallyPrecedes($1.1.utf8) }) {
                found.append((file, relative, nil))
            }
        }
        return Plan(jobs: Self.name(found, target: target, into: folder), skipped: skipped)
    }

    /// Output paths by the collision rule.
    private static func name(_ found: [(input: URL, relative: String, refusal: Diagnostic?)], target: Format, into folder: URL) -> [Job] {
        /// `relative` without its extension, and the extension (may be empty).
        func split(_ relative: String) -> (stem: String, ext: String) {
            let url = URL(fileURLWithPath: relative)
            let ext = url.pathExtension
            return (ext.isEmpty ? relative : String(relative.dropLast(ext.count + 1)), ext)
        }
        let plain = found.map { split($0.relative).stem + "." + target.fileExtension }
        var counts: [String: Int] = [:]
        for name in plain { counts[name, default: 0] += 1 }
        let inputs = Set(found.map { $0.input.standardizedFileURL.path })
        var taken = Set<String>()
        var jobs: [Job] = []
        for (position, item) in found.enumerated() {
            let (stem, ext) = split(item.relative)
            let middle = counts[plain[position], default: 0] > 1 && !ext.isEmpty ? "." + ext : ""
            var name = stem + middle + "." + target.fileExtension
            var number = 2
            while taken.contains(name) {
                name = "\(stem)-\(number)\(middle).\(target.fileExtension)"
                number += 1
            }
            taken.insert(name)
            let output = folder.appendingPathComponent(name)
            var refusal = item.refusal
            if refusal == nil, inputs.contains(output.standardizedFileURL.path) {
                refusal = Diagnostic(
                    .io, "its output \(output.path) would replace an input; choose another output folder", file: item.input.path)
            }
            jobs.append(Job(input: item.input, output: output, refusal: refusal))
        }
        return jobs
    }

    // MARK: - Running

    /// Converts every job, ``maximumConcurrency`` at a time, and returns one outcome per job
    /// in the jobs' order. A file that fails is reported in its outcome; the others go on.
    ///
    /// - Parameter progress: Called after each file, one call at a time.
    public func run(_ plan: Plan, progress: @Sendable (Progress) -> Void = { _ in }) async -> [Outcome] {
        let jobs = plan.jobs
        let sizes = jobs.map { job in
            (try? FileManager.default.attributesOfItem(atPath: job.input.path)[.size] as? Int) ?? 0
        }
        var state = Progress(filesDone: 0, filesFailed: 0, filesTotal: jobs.count, bytesDone: 0, bytesTotal: sizes.reduce(0, +))
        var outcomes = jobs.map { Outcome(job: $0, failure: nil, failedStep: nil) }
        await withTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            func startNext() {
                guard next < jobs.count else { return }
                let index = next
                next += 1
                // A limit above the default needs a thread whose stack holds it (NestingStack).
                group.addTask { [self] in
                    do {
                        return (index, try await NestingStack.run(depth: max(reading.maximumDepth, writing.maximumDepth)) { convert(jobs[index]) })
                    } catch {
                        // `convert` reports its own errors: only the thread can fail here.
                        let diagnostic = (error as? NestingStack.ThreadUnavailable)?.diagnostic ?? Diagnostic(.io, "\(error)")
                        let failure = diagnostic.inFile(jobs[index].input.path)
                        return (index, Outcome(job: jobs[index], failure: failure, failedStep: .opening))
                    }
                }
            }
            for _ in 0..<min(maximumConcurrency, jobs.count) { startNext() }
            for await (index, outcome) in group {
                outcomes[index] = outcome
                state.filesDone += 1
                state.bytesDone += sizes[index]
                if outcome.failure != nil { state.filesFailed += 1 }
                progress(state)
                startNext()
            }
        }
        return outcomes
    }

    /// Reads, converts and writes one file.
    func convert(_ job: Job) -> Outcome {
        var notes: [Diagnostic] = []
        func failed(_ diagnostic: Diagnostic, _ step: Step) -> Outcome {
            Outcome(job: job, failure: diagnostic.inFile(job.input.path), failedStep: step, notes: notes)
        }
        if let refusal = job.refusal { return failed(refusal, .opening) }
        let data: Data
        do {
            data = try FileContents.read(job.input)
        } catch {
            return failed(Diagnostic(.io, "cannot read the file: \(FileReadFailure.reason(error, reading: job.input))"), .opening)
        }
        var format = source ?? Format(fileExtension: job.input.pathExtension) ?? Format.detect(in: data)
        if format.csvDialect != nil, source == nil || sniffsCSVDialect {
            let sniff = CSVDialect.sniff(data)
            format = .csv(sniff.dialect)
            notes = sniff.notes.map { $0.inFile(job.input.path) }
        }
        let bytes: Data
        do {
            bytes = try format.convert(data, to: target, reading: reading, writing: writing)
        } catch {
            switch error {
            case let .reading(error): return failed(error, .reading)
            case let .writing(error): return failed(error, .converting)
            }
        }
        do {
            try FileManager.default.createDirectory(at: job.output.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PosixFileSystem().writeAtomically(bytes, to: job.output)
        } catch {
            return failed(Diagnostic(.io, "cannot write \(job.output.path): \(PosixFileSystem.reason(error))"), .saving)
        }
        return Outcome(job: job, failure: nil, failedStep: nil, notes: notes)
    }
}
