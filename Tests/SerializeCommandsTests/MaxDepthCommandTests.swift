import Foundation
import SerializeCore
import Testing
import TestSupport
@testable import SerializeCommands
@testable import SerializeDocument

/// `--max-depth`: the command line's `FormatOptions.maximumDepth`. Every verb that reads or
/// writes a document takes it; above the default the verb's work runs on a thread whose stack
/// holds the depth (`NestingStack`), so 5,000 levels (past what a debug build's default stack
/// holds) read and write instead of crashing, and deeper input is refused with the flag named.
@Suite struct MaxDepthCommandTests {
    static let depth = 5_000

    /// `depth` containers: an array, then dictionaries under `k` (a shape every format holds,
    /// CSV as the column `k.k.…`), the innermost holding `1`.
    static func nestedJSON(_ depth: Int) -> String {
        "[" + String(repeating: #"{"k":"#, count: depth - 1) + "1" + String(repeating: "}", count: depth - 1) + "]"
    }

    /// The JSON of `depth` levels converted by the library (on a deep stack) to `format`.
    static func file(_ format: Format, depth: Int = depth) throws -> URL {
        let options = FormatOptions(pretty: false, maximumDepth: depth)
        let bytes = try NestingStack.run(depth: depth) {
            try Format.json.convert(Data(nestedJSON(depth).utf8), to: format, reading: options, writing: options)
        }
        let url = try scratchFolder().appendingPathComponent("deep.\(format.fileExtension)")
        try bytes.write(to: url)
        return url
    }

    /// The document in `data` is the nested one, read by the library on a deep stack.
    static func holdsTheNestedDocument(_ data: Data, as format: Format, inferring: Bool = false) throws -> Bool {
        let options = FormatOptions(inferCSVTypes: inferring, maximumDepth: depth)
        return try NestingStack.run(depth: depth) {
            try format.read(data, options: options) == Format.json.read(Data(nestedJSON(depth).utf8), options: options)
        }
    }

    @Test(arguments: ["json", "xml", "binary", "csv"], [[], ["--sort-keys"]])
    func convertReadsAndWritesDeepDocumentsUnderTheFlag(target: String, extra: [String]) throws {
        let input = try Self.file(.json)
        let output = input.deletingLastPathComponent().appendingPathComponent("out")
        let run = try BuiltTool.run(["convert", input.path, output.path, "--to", target, "--compact", "--max-depth", "\(Self.depth)"] + extra)
        #expect(run.status == 0, "\(run.standardError)")
        let format = try #require(Format.all.first { $0.name == target })
        #expect(try Self.holdsTheNestedDocument(try Data(contentsOf: output), as: format, inferring: target == "csv"))

        // Without the flag, the default limit refuses the input by name, with the flag to use.
        let refused = try BuiltTool.run(["convert", input.path, output.path, "--to", target] + extra)
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("nest deeper than 512 levels"))
        #expect(refused.standardError.contains("use --max-depth LEVELS to read and write deeper nesting"))
    }

    @Test(arguments: [Format.xmlPlist, .binaryPlist, .csv])
    func convertReadsEveryFormatThatDeep(source: Format) throws {
        let input = try Self.file(source)
        let run = try BuiltTool.run(["convert", input.path, "-", "--compact", "--max-depth", "\(Self.depth)"] + (source == .csv ? ["--infer"] : []))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == Self.nestedJSON(Self.depth))
    }

    @Test func aLowerLimitRefusesWhatTheDefaultReads() throws {
        let run = try BuiltTool.run(["convert", "-", "-", "--from", "json", "--max-depth", "2"], input: Data("[[[1]]]".utf8))
        #expect(run.status == 65)
        #expect(run.standardError.contains("nest deeper than 2 levels"))
        let fits = try BuiltTool.run(["convert", "-", "-", "--from", "json", "--compact", "--max-depth", "3"], input: Data("[[[1]]]".utf8))
        #expect(fits.standardOutput == "[[[1]]]")
    }

    @Test func aBatchTakesTheFlag() throws {
        let input = try Self.file(.json)
        let out = input.deletingLastPathComponent().appendingPathComponent("out")
        let run = try BuiltTool.run(["convert", input.path, "--to", "binary", "--out-dir", out.path, "--max-depth", "\(Self.depth)"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try Self.holdsTheNestedDocument(try Data(contentsOf: out.appendingPathComponent("deep.plist")), as: .binaryPlist))
        let refused = try BuiltTool.run(["convert", input.path, "--to", "binary", "--out-dir", out.appendingPathComponent("refused").path])
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("--max-depth"))
    }

    /// The inspection verbs read as deep as the flag says, and name it when the default refuses.
    @Test(arguments: [Format.json, .xmlPlist, .binaryPlist])
    func theInspectionVerbsTakeTheFlag(format: Format) throws {
        let file = try Self.file(format).path
        let flag = ["--max-depth", "\(Self.depth)"]
        let lint = try BuiltTool.run(["lint", file] + flag)
        #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
        #expect(lint.standardOutput == "\(file): OK\n")
        let inspect = try BuiltTool.run(["inspect", file] + flag)
        #expect(inspect.status == 0, "\(inspect.standardError)")
        #expect(inspect.standardOutput.contains("depth: \(Self.depth)"), "\(inspect.standardOutput)")
        let type = try BuiltTool.run(["type", file, "0" + String(repeating: ".k", count: Self.depth - 1)] + flag)
        #expect(type.standardOutput == "integer\n", "\(type.standardError)")
        let extract = try BuiltTool.run(["extract", file, "0", "--to", "json"] + flag)
        #expect(extract.status == 0, "\(extract.standardError)")
        #expect(try Self.holdsTheNestedDocument(Data(("[" + extract.standardOutput + "]").utf8), as: .json))
        let print = try BuiltTool.run(["print", file] + flag)
        #expect(print.status == 0, "\(print.standardError)")
        #expect(print.standardOutput.components(separatedBy: "dictionary").count - 1 == Self.depth - 1)

        for verb in [["lint"], ["inspect"], ["print"], ["type"], ["extract"]] {
            let refused = try BuiltTool.run(verb + [file] + (verb.count == 1 && ["type", "extract"].contains(verb[0]) ? ["0"] : []))
            #expect(refused.status == 1, "\(verb)")
            #expect((refused.standardOutput + refused.standardError).contains("--max-depth"), "\(verb): \(refused.standardOutput)\(refused.standardError)")
        }
    }

    @Test func roundtripTakesTheFlag() throws {
        let file = try Self.file(.json).path
        let run = try BuiltTool.run(["roundtrip", file, "--through", "json,xml,binary", "--max-depth", "\(Self.depth)"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.components(separatedBy: "exact").count - 1 == 3, "\(run.standardOutput)")
        // Through CSV the document changes (its text `1` comes back a string): the report of
        // the change, which holds the deep subtrees, is made and let go on the deep stack.
        let csv = try BuiltTool.run(["roundtrip", file, "--through", "csv", "--max-depth", "\(Self.depth)"])
        #expect(csv.status == 1, "\(csv.standardOutput)\(csv.standardError)")
        #expect(csv.standardOutput.contains("csv"), "\(csv.standardOutput)")
        let refused = try BuiltTool.run(["roundtrip", file, "--through", "json"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("(use --max-depth LEVELS"), "\(refused.standardError)")
    }

    /// The edit verbs read and write as deep as the flag says, keeping the file's layout; the
    /// default refuses the file by name and leaves it as it was.
    @Test(arguments: [Format.json, .xmlPlist, .binaryPlist])
    func theEditVerbsTakeTheFlag(format: Format) throws {
        let file = try Self.file(format)
        let before = try Data(contentsOf: file)
        let refused = try BuiltTool.run(["insert", file.path, "1", "--integer", "7"])
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("(use --max-depth LEVELS to read and write deeper nesting"), "\(refused.standardError)")
        #expect(try Data(contentsOf: file) == before)

        let flag = ["--max-depth", "\(Self.depth)"]
        for edit in [["insert", file.path, "1", "--integer", "7"], ["replace", file.path, "1", "--string", "seven"]] {
            let run = try BuiltTool.run(edit + flag)
            #expect(run.status == 0, "\(edit[0]): \(run.standardError)")
        }
        #expect(try BuiltTool.run(["extract", file.path, "1"] + flag).standardOutput == "seven\n")
        #expect(try BuiltTool.run(["type", file.path, "0" + String(repeating: ".k", count: Self.depth - 1)] + flag).standardOutput == "integer\n")
        let removed = try BuiltTool.run(["remove", file.path, "1"] + flag)
        #expect(removed.status == 0, "\(removed.standardError)")
        // Back to the bytes it had: the compact layout kept, nothing else touched.
        #expect(try Data(contentsOf: file) == before)
    }

    /// When the system will not give a thread that much stack (here a 600 MB limit on the
    /// process's address space, under the 789 MiB that 100,000 levels ask for), the verb says so
    /// once, names the flag and exits 71, one file or a batch; nothing crashes and nothing is
    /// written. (`ulimit -v` limits the address space on Linux only.)
    #if os(Linux)
    @Test(arguments: [["IN", "OUT"], ["IN", "--to", "json", "--out-dir", "OUT"], ["lint", "IN"], ["insert", "IN", "k", "v"]])
    func aStackTheSystemRefusesIsReportedByName(arguments: [String]) throws {
        let input = try Self.file(.json, depth: 600)
        let before = try Data(contentsOf: input)
        let output = input.deletingLastPathComponent().appendingPathComponent(arguments.contains("--out-dir") ? "out" : "out.json")
        let verb = ["lint", "insert"].contains(arguments[0]) ? [] : ["convert"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"ulimit -v 600000 && exec "$0" "$@""#, BuiltTool.executable.path] + verb
            + arguments.map { $0 == "IN" ? input.path : $0 == "OUT" ? output.path : $0 } + ["--max-depth", "100000"]
        let standardError = Pipe()
        process.standardError = standardError
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == DepthOption.noStackStatus, "\(message)")
        let refusal = "error: cannot start a thread with the 789 MiB stack that 100000 levels of nesting need"
        #expect(message.components(separatedBy: refusal).count - 1 == 1, "\(message)")
        #expect(message.contains("(use --max-depth to set a limit below 100000, which needs less stack)"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try Data(contentsOf: input) == before)
    }
    #endif

    /// An `--json` VALUE is read to the flag's depth too, on the deep stack; without the flag a
    /// deeper value is bad usage that names the flag.
    @Test func aJSONValueTakesTheFlag() throws {
        let file = try Self.file(.json, depth: 2)
        let value = Self.nestedJSON(Self.depth)
        let refused = try BuiltTool.run(["insert", file.path, "1", "--json", value])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("--max-depth"), "\(refused.standardError)")
        let inserted = try BuiltTool.run(["insert", file.path, "1", "--json", value, "--max-depth", "\(Self.depth + 1)"])
        #expect(inserted.status == 0, "\(inserted.standardError)")
        let replaced = try BuiltTool.run(["replace", file.path, "0", "--json", value, "--max-depth", "\(Self.depth + 1)"])
        #expect(replaced.status == 0, "\(replaced.standardError)")
        let options = FormatOptions(maximumDepth: Self.depth + 1)
        let same = try NestingStack.run(depth: Self.depth + 1) { () throws -> Bool in
            let document = try Format.json.read(try Data(contentsOf: file), options: options)
            let nested = try Format.json.read(Data(value.utf8), options: options)
            return document == .array([nested, nested])
        }
        #expect(same)
    }

    @Test(arguments: ["0", "-1", "100001"])
    func aLimitOutOfRangeIsBadUsage(value: String) throws {
        let run = try BuiltTool.run(["convert", "-", "-", "--from", "json", "--max-depth=\(value)"], input: Data("[]".utf8))
        #expect(run.status == 64)
        #expect(run.standardError.contains("--max-depth must be from 1 to 100000"), "\(run.standardError)")
    }
}
