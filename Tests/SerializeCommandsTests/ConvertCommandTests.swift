import ArgumentParser
import Foundation
import Testing
import TestSupport
import SerializeCodable
@testable import SerializeCommands
@testable import SerializeDocument

/// A fresh folder for one test's files.
func scratchFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("serialize-convert-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite struct ConvertParsingTests {
    func parse(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Serialize.Convert {
        let command = try Serialize.parseAsRoot(["convert"] + arguments)
        return try #require(command as? Serialize.Convert, sourceLocation: sourceLocation)
    }

    @Test func defaultsRefuseEveryLoss() throws {
        let command = try parse(["in.json", "out.plist"])
        #expect(command.options.formatOptions == FormatOptions())
        #expect(command.options.from == nil && command.options.to == nil)
    }

    @Test func everyStrategyFlagParses() throws {
        let command = try parse([
            "in.json", "out.csv", "--compact", "--sort-keys", "--null", "N/A", "--dates", "epoch", "--data", "hex",
            "--non-finite", "string", "--missing", "null", "--to", "tsv", "--from", "json", "--infer",
        ])
        #expect(command.options.formatOptions == FormatOptions(
            pretty: false, sortKeys: true, null: .string("N/A"), dates: .secondsSince1970, data: .hex, nonFinite: .string, missing: .null,
            inferCSVTypes: true))
        #expect(command.options.to == .tsv)
        #expect(command.options.infer)
        #expect(try parse(["a.json", "b.plist", "--null", "omit"]).options.formatOptions.null == .omit)
    }

    @Test(arguments: [
        ["in.json", "out.plist", "--to", "yaml"],
        ["in.json", "out.plist", "--dates", "rfc822"],
        ["in.json", "out.txt"],
        ["in.json"],
    ])
    func badUsageIsRefused(arguments: [String]) {
        #expect(throws: (any Error).self) { try Serialize.parseAsRoot(["convert"] + arguments) }
    }
}

@Suite struct ConvertToolTests {
    @Test func quickStartConvertsTheCatalogToAnXMLPlist() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("catalog.plist")
        let run = try BuiltTool.run(["convert", Fixtures.url("convert/catalog.json").path, output.path])
        #expect(run.status == 0, "\(run.standardError)")
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        #expect(text.contains("<key>sku</key>\n\t\t<string>TEA-0001</string>"))
        let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: output), format: nil)
        #expect((object as? [Any])?.count == 5)
    }

    /// `serialize convert` to a binary plist of several megabytes hands the file its output a
    /// megabyte at a time while keeping it for the string table: the file is whole, its long
    /// strings shared across the megabytes, and both Codable decoders read every record back.
    @Test func aLargeBinaryPlistFromTheCLIDecodesThroughBothCoders() throws {
        struct Record: Codable, Equatable {
            var id: Int
            var text: String
            var note: String
            var tags: [String]
        }
        let shared = (0..<4).map { String(repeating: "shared Ωμέγα 🎈 text \($0), ", count: 6) }
        let records = (0..<20_000).map { Record(id: $0, text: shared[$0 % 4], note: "note \($0) 日本, a text of its own for every record", tags: ["a", "b\($0 % 3)"]) }
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try JSONEncoder().encode(records).write(to: folder.appendingPathComponent("in.json"))
        let run = try BuiltTool.run(["convert", "in.json", "out.plist", "--to", "binary"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let bytes = try Data(contentsOf: folder.appendingPathComponent("out.plist"))
        #expect(bytes.count > 2 << 20)
        #expect(try DocumentDecoder().decode([Record].self, from: bytes, as: .binaryPlist) == records)
        #expect(try PropertyListDecoder().decode([Record].self, from: bytes) == records)
        // Each long shared string is one object, however many megabytes apart its uses are.
        let units = shared[2].utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(bytes.ranges(of: units).count == 1)
    }

    @Test func binaryAndBackThroughStandardInputAndOutput() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("catalog.plist")
        let toBinary = try BuiltTool.run(["convert", Fixtures.url("convert/catalog.json").path, binary.path, "--to", "binary"])
        #expect(toBinary.status == 0, "\(toBinary.standardError)")
        #expect(try Data(contentsOf: binary).starts(with: Array("bplist00".utf8)))
        // A .plist is told apart by content; standard output is JSON.
        let back = try BuiltTool.run(["convert", binary.path, "-"])
        #expect(back.status == 0, "\(back.standardError)")
        let original = try Format.json.read(try Fixtures.data("convert/catalog.json"))
        #expect(try Format.json.read(Data(back.standardOutput.utf8)) == original)
        // Standard input, told apart by content.
        let piped = try BuiltTool.run(["convert", "-", "-", "--compact", "--sort-keys"], input: try Data(contentsOf: binary))
        #expect(piped.status == 0)
        #expect(piped.standardOutput.hasPrefix(#"[{"currency":"EUR","dimensions":{"packaging":"tin","weightGrams":100},"#))
    }

    /// `plist` (as the extension: XML out, either kind in) and plutil's `xml1` and `binary1` are
    /// format names too, so a plutil user's `--to binary1` works; the file written is read back
    /// by the library as the same document.
    @Test func plistAndPlutilsFormatNamesAreAccepted() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Format.json.read(try Fixtures.data("convert/catalog.json"))
        for (name, magic) in [("binary1", "bplist00"), ("xml1", "<?xml"), ("plist", "<?xml")] {
            let out = folder.appendingPathComponent("out-\(name).data")
            let run = try BuiltTool.run(["convert", Fixtures.url("convert/catalog.json").path, out.path, "--to", name])
            #expect(run.status == 0, "\(run.standardError)")
            let bytes = try Data(contentsOf: out)
            #expect(bytes.starts(with: Array(magic.utf8)), "--to \(name)")
            #expect(try Format.detect(in: bytes).read(bytes) == original, "--to \(name)")
            let back = try BuiltTool.run(["convert", "--from", "plist", out.path, "-"])
            #expect(back.status == 0, "\(back.standardError)")
            #expect(try Format.json.read(Data(back.standardOutput.utf8)) == original, "--from plist of --to \(name)")
        }
        #expect(Format(name: "plist") == .xmlPlist && Format(name: "binary1") == .binaryPlist)
        #expect(Format(name: "yaml") == nil)
    }

    @Test func csvRoundTripWithInfer() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("catalog.csv")
        #expect(try BuiltTool.run(["convert", Fixtures.url("convert/catalog.json").path, csv.path]).status == 0)
        #expect(try String(contentsOf: csv, encoding: .utf8).hasPrefix("sku,name,price,currency,inStock,quantity,tags[0],tags[1],tags[2],dimensions.weightGrams"))
        let back = try BuiltTool.run(["convert", csv.path, "-", "--infer"])
        #expect(back.status == 0, "\(back.standardError)")
        #expect(try Format.json.read(Data(back.standardOutput.utf8)) == Format.json.read(try Fixtures.data("convert/catalog.json")))
    }

    @Test func datesAndDataFromAPlistToJSONThroughTheFlags() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = try BinaryPlistWriter().write(["when": .date(Date(timeIntervalSinceReferenceDate: 0.5)), "blob": .data(Data([1, 255]))])
        try plist.write(to: folder.appendingPathComponent("in.plist"))
        let iso = try BuiltTool.run(["convert", "in.plist", "-", "--compact"], in: folder)
        #expect(iso.standardOutput == #"{"when":"2001-01-01T00:00:00.5Z","blob":"Af8="}"#)
        let epoch = try BuiltTool.run(["convert", "in.plist", "-", "--compact", "--dates", "epoch", "--data", "hex"], in: folder)
        #expect(epoch.standardOutput == #"{"when":978307200.5,"blob":"01ff"}"#)
    }

    @Test func tsvAndNonFiniteStrategies() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try BinaryPlistWriter().write([["a": .double(.nan), "b": "x\ty"]]).write(to: folder.appendingPathComponent("in.plist"))
        let refused = try BuiltTool.run(["convert", "in.plist", "out.tsv"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("$[0].a") && refused.standardError.contains("--non-finite string"))
        let written = try BuiltTool.run(["convert", "in.plist", "out.tsv", "--non-finite", "string"], in: folder)
        #expect(written.status == 0, "\(written.standardError)")
        #expect(try String(contentsOf: folder.appendingPathComponent("out.tsv"), encoding: .utf8) == "a\tb\r\nNaN\t\"x\ty\"\r\n")
    }

    /// Issue 15: a number beyond 64 bits converts JSON → JSON as written; a plist refuses it by
    /// name with the path and the flag that gets it through.
    @Test func bigNumbersKeepTheirTextOrAreRefusedByName() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"[{"id":18446744073709551616,"r":1e400}]"#.utf8).write(to: folder.appendingPathComponent("in.json"))
        let json = try BuiltTool.run(["convert", "in.json", "-", "--compact"], in: folder)
        #expect(json.standardOutput == #"[{"id":18446744073709551616,"r":1e400}]"#)
        let refused = try BuiltTool.run(["convert", "in.json", "out.plist"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("$[0].id") && refused.standardError.contains("--big-numbers string"), "\(refused.standardError)")
        let written = try BuiltTool.run(["convert", "in.json", "out.plist", "--big-numbers", "string"], in: folder)
        #expect(written.status == 0, "\(written.standardError)")
        let plist = try String(contentsOf: folder.appendingPathComponent("out.plist"), encoding: .utf8)
        #expect(plist.contains("<string>18446744073709551616</string>") && plist.contains("<string>1e400</string>"))
    }

    /// Behaviour unified (issue 10): standard input goes through the one sniffer, which knows CSV.
    @Test func csvOnStandardInputIsDetected() throws {
        let csv = Data("a,b\n1,2\n".utf8)
        let guessed = try BuiltTool.run(["convert", "-", "-", "--compact"], input: csv)
        #expect(guessed.status == 0, "\(guessed.standardError)")
        #expect(guessed.standardOutput == #"[{"a":"1","b":"2"}]"#)
        let told = try BuiltTool.run(["convert", "-", "-", "--from", "csv", "--infer", "--compact"], input: csv)
        #expect(told.standardOutput == #"[{"a":1,"b":2}]"#)
    }

    /// An input whose extension names no format is told by its content, as standard input and
    /// batch conversion are (plutil reads by content too): files as people have them, such as
    /// Foundation's `.bad` test plists or an export saved as `.txt`.
    @Test(arguments: [
        ("export.txt", Data("id;name\n1;Ann\n2;Bo\n".utf8), #"[{"id":"1","name":"Ann"},{"id":"2","name":"Bo"}]"#),
        ("settings.data", Data(#"<?xml version="1.0"?><plist><dict><key>a</key><integer>1</integer></dict></plist>"#.utf8), #"{"a":1}"#),
        ("response", Data(#"{"a":[1,true]}"#.utf8), #"{"a":[1,true]}"#),
        ("archive.bin", Data([  // plistlib.dumps({"a": 1}, fmt=FMT_BINARY)
            0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xD1, 0x01, 0x02, 0x51, 0x61, 0x10, 0x01, 0x08, 0x0B, 0x0D, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0F]), #"{"a":1}"#),
    ])
    func inputWithoutAKnownExtensionIsToldByContent(name: String, content: Data, json: String) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent(name)
        try content.write(to: input)
        let run = try BuiltTool.run(["convert", input.path, "-", "--compact"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == json)
        // What convert reads, roundtrip reads the same way.
        let roundtrip = try BuiltTool.run(["roundtrip", input.path, "--through", "json"])
        #expect(roundtrip.status == 0, "\(roundtrip.standardOutput)\(roundtrip.standardError)")
    }

    /// A file whose extension names a format serialize does not read is read by its content too;
    /// when that content has no signature, the CSV guess is said on standard error, never silent.
    @Test func aGuessOfCSVForAnUnknownExtensionIsSaid() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("notes.yaml")
        try Data("name: Ann\nage: 3\n".utf8).write(to: input)
        let run = try BuiltTool.run(["convert", input.path, "-", "--compact"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("\(input.path): note: read as CSV: encoding utf-8, delimiter"), "\(run.standardError)")
        let named = try BuiltTool.run(["convert", input.path, "-", "--compact", "--from", "csv"])
        #expect(named.standardError.isEmpty)
    }

    /// The input is mapped, not copied: truncated by another program mid-conversion, it ends in
    /// one error line and status 74 (`InputTruncationGuard`), not a crash report, and the output
    /// is not replaced.
    @Test func anInputTruncatedMidConversionIsOneErrorLine() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("big.json"), output = folder.appendingPathComponent("big.plist")
        let record = #"{"name":"Ωμέγα \"quoted\" 🎈","value":-734521.1234567891,"tags":["a","b"]},"#
        try Data(("[" + String(repeating: record, count: 200_000) + "1]").utf8).write(to: input)  // 16 MB
        let process = Process()
        process.executableURL = BuiltTool.executable
        process.arguments = ["convert", input.path, output.path]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        // The conversion has begun once its temporary output file exists (its first megabyte).
        let started = Date()
        while process.isRunning, Date().timeIntervalSince(started) < 60,
              !((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains(where: { $0.hasSuffix(".tmp") }) {
            usleep(2_000)
        }
        #expect(process.isRunning, "the conversion ended before the input could be truncated")
        #expect(truncate(input.path, 0) == 0)
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == InputTruncationGuard.status)
        #expect(message == "serialize: error: an input file became shorter while it was being read (another program changed it); "
            + "the output was not replaced: run the command again once the file is complete\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// Read as JSON by its content and refused: the error says how to read it as CSV instead.
    @Test func aFileReadAsJSONByContentNamesFromCSV() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("list.txt")
        try Data("[1,2\n".utf8).write(to: input)
        let run = try BuiltTool.run(["convert", input.path, "-"])
        #expect(run.status == 65)
        #expect(run.standardError.hasPrefix("\(input.path):"))
        #expect(run.standardError.contains("(use --from csv to read CSV (the file, whose extension names no format, was read as JSON by its content; --from tsv reads TSV))"), "\(run.standardError)")
    }

    /// Streaming (issue 12): standard input is spilled to a file, so the conversions that read
    /// twice (JSON records to CSV; CSV under --recover) work from a pipe too, and an error part
    /// way through a file leaves no output file.
    @Test func streamedConversionsReadStandardInputAndLeaveNoHalfFile() throws {
        let records = try BuiltTool.run(["convert", "-", "-", "--to", "csv"], input: Data(#"[{"a":1},{"a":2,"b":{"c":"x, y"}}]"#.utf8))
        #expect(records.status == 1, "a record lacks b.c: \(records.standardError)")
        #expect(records.standardError.contains("--missing null"), "\(records.standardError)")
        let filled = try BuiltTool.run(["convert", "-", "-", "--to", "csv", "--missing", "null"], input: Data(#"[{"a":1},{"a":2,"b":{"c":"x, y"}}]"#.utf8))
        #expect(filled.standardOutput == "a,b.c\r\n1,\r\n2,\"x, y\"\r\n", "\(filled.standardError)")
        let recovered = try BuiltTool.run(["convert", "-", "-", "--recover", "--compact"], input: Data("a,b\n1,2\n3,4,5\n".utf8))
        #expect(recovered.standardOutput == #"[{"a":"1","b":"2","extra1":null},{"a":"3","b":"4","extra1":"5"}]"#, "\(recovered.standardError)")
        #expect(recovered.standardError.contains("<stdin>:3:5: warning:"), "\(recovered.standardError)")
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = (0..<50_000).map { "\($0),x" }.joined(separator: "\n")
        try Data(("a,b\n" + rows + "\n1,\"bad\n").utf8).write(to: folder.appendingPathComponent("in.csv"))
        let failed = try BuiltTool.run(["convert", "in.csv", "out.csv"], in: folder)
        #expect(failed.status == 65, "\(failed.standardError)")
        #expect(failed.standardError.hasPrefix("in.csv:50002:3: error: unterminated quoted field"), "\(failed.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["in.csv"])
    }

    @Test func invalidInputIsLocatedLikeACompilerAndExits65() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.json")
        try Data("{\n  \"a\": 1\n  \"b\": 2\n}\n".utf8).write(to: input)
        let run = try BuiltTool.run(["convert", "in.json", "out.plist"], in: folder)
        #expect(run.status == 65)
        #expect(run.standardError == "in.json:3:3: error: expected ',' or '}' after object member, found '\"'\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.plist").path))
    }

    @Test func nullNamesThePathAndTheFlagAndNeverClobbersTheTarget() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("users.json")
        try Data(#"{"users": [{"email": "a"}, {"email": "b"}, {"email": "c"}, {"email": null}]}"#.utf8).write(to: input)
        let output = folder.appendingPathComponent("users.plist")
        try Data("previous contents".utf8).write(to: output)
        let refused = try BuiltTool.run(["convert", "users.json", "users.plist"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("users.json:$.users[3].email: error: null cannot be written to a property list"))
        #expect(refused.standardError.contains("--null omit"))
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous contents")

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: output.path)
        let omitted = try BuiltTool.run(["convert", "users.json", "users.plist", "--null", "omit"], in: folder)
        #expect(omitted.status == 0, "\(omitted.standardError)")
        #expect(try !String(contentsOf: output, encoding: .utf8).contains("previous"))
        #expect(try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int == 0o600)
        // Only the target is left: the temporary file was renamed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["users.json", "users.plist"])
    }

    @Test func missingInputAndUnwritableOutputHaveTheirOwnCodes() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try BuiltTool.run(["convert", "nope.json", "out.plist"], in: folder)
        #expect(missing.status == 66)
        #expect(missing.standardError == "nope.json: error: cannot read the input: no such file: check the path\n")
        // A folder named as the input: every verb says so, in the same words.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.json"), withIntermediateDirectories: false)
        for arguments in [["convert", "folder.json", "out.plist"], ["print", "folder.json"], ["lint", "folder.json"], ["replace", "folder.json", "a", "--string", "x"], ["roundtrip", "folder.json"]] {
            let run = try BuiltTool.run(arguments, in: folder)
            #expect(run.status != 0)
            #expect(run.standardError.contains("folder.json: error: cannot read the ") && run.standardError.contains(": it is a folder, not a file: name a file in it"), "\(arguments): \(run.standardError)")
        }
        try Data("[1]".utf8).write(to: folder.appendingPathComponent("in.json"))
        let unwritable = try BuiltTool.run(["convert", "in.json", "no/such/folder/out.plist"], in: folder)
        #expect(unwritable.status == 73)
        #expect(unwritable.standardError.hasPrefix(
            "no/such/folder/out.plist: error: cannot create a temporary file beside it: its folder does not exist: create it first (mkdir -p), or write somewhere else"),
            "\(unwritable.standardError)")
        let underAFile = try BuiltTool.run(["convert", "in.json", "in.json/out.plist"], in: folder)
        #expect(underAFile.status == 73)
        #expect(underAFile.standardError.contains("a part of its path is not a folder: check the path"), "\(underAFile.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["folder.json", "in.json"])
    }

    @Test func helpDocumentsTheExitCodes() throws {
        let run = try BuiltTool.run(["convert", "--help"])
        #expect(run.status == 0)
        for line in ["0   converted", "1   the target format cannot hold a value", "65  the input is not valid", "66  the input cannot be opened", "73  the output cannot be written"] {
            #expect(run.standardOutput.contains(line), "\(line)")
        }
    }

    @Test func badUsageExits64() throws {
        let run = try BuiltTool.run(["convert", "in.json", "out.txt"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--to"))
    }
}
