import Foundation
import SerializeCSV
import SerializeCore
import SerializeDocument
import Testing
import TestSupport

/// Streaming a file (`Format.convert(fileAt:…)`) gives the tree path's answer byte for byte:
/// the same output, or the same error, and the same `--recover` warnings, for every direction
/// that streams (CSV → CSV, CSV → JSON, JSON → CSV) over the CSV and JSON fixtures, the shared
/// corpora, the pollution corpus and a table of inputs made to stop streaming part way.
@Suite struct CSVStreamingTests {
    /// An input: a name and its bytes.
    struct Input: CustomStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var description: String { name }
    }

    /// Inputs made for the rules: errors after rows were written, conflicting columns, a
    /// one-column null, names the header repeats, nested columns, typed values.
    static let madeCSV: [Input] = [
        ("flat", "a,b\n1,2\n3,\n\"\",x\n"),
        ("late bad quote", "a,b\n1,2\n3,4\"x\n5,6\n"),
        ("late long row", "a,b\n1,2\n3,4\n5,6,7\n8,9\n"),
        ("late short row", "a,b\n1,2\n3\n"),
        ("unterminated", "a,b\n1,\"2\n"),
        ("duplicate header", "a,a\n1,2\n"),
        ("empty header name", "a,,c\n1,2,3\n"),
        ("nested", "id,who.name,who.city,tags[0],tags[1]\n1,Ada,London,x,y\n2,Bo,,z,\n"),
        ("nested conflict late", "a,a.b\n,1\nx,2\n"),
        ("one column null late", "a\nx\n\ny\n"),
        ("one column", "a\nx\ny\n"),
        ("header only", "a,b\n"),
        ("empty", ""),
        ("typed", "n,f,b,e,o\n1,1.50,true,[],{}\n-0,1e400,false,x,\n"),
        ("index gap", "a[1]\nx\n"),
        ("huge index", "a[99999999]\nx\n"),
        ("bad utf8", "a,b\n1,\u{FFFD}\n"),
        ("crlf and quotes", "a,b\r\n\"x\r\ny\",\"q\"\"q\"\r\nz,\r\n"),
        // Repairs, then an error: the warnings come with the error (FuzzCSVStream's first finding).
        ("conflict after repairs", "a,a.b,c\nx,2\n"),
        ("conflict after repairs, fuzzed", "a,a.Bm,1\n\u{0E},2\n\u{05},"),
    ].map { Input(name: $0.0, bytes: Array($0.1.utf8)) } + [
        Input(name: "invalid utf8 byte", bytes: Array("a,b\n1,".utf8) + [0xFF, 0x0A]),
        Input(name: "bom", bytes: [0xEF, 0xBB, 0xBF] + Array("a;b\n1;2\n".utf8)),
    ] + [
        // The streamed UTF-8 check against the strings' own: overlong, surrogate, cut, above U+10FFFF, valid.
        [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBF, 0xBD], [0xDF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
    ].map { (bytes: [UInt8]) in Input(name: "utf8 \(bytes)", bytes: Array("a,b\nxyz,\"q\"\n1,".utf8) + bytes + Array("tail\n".utf8)) }

    static let madeJSON: [Input] = [
        ("records", #"[{"a":1,"b":{"c":[1,2]}},{"b":{"c":[3]},"a":null,"d":"x"}]"#),
        ("missing column", #"[{"a":1},{"a":2,"b":3}]"#),
        ("missing column late", #"[{"a":1,"b":2},{"a":2,"b":3},{"a":4}]"#),
        ("not records", #"{"a":1}"#),
        ("scalar records", #"[1,2]"#),
        ("empty records", #"[{},{}]"#),
        ("no records", #"[]"#),
        ("syntax error late", #"[{"a":1},{"a":2},{"a":]"#),
        ("value error then syntax error", #"[{"a":1},{"b":NaN}]"#),
        ("duplicate key", #"[{"a":1,"b":2,"a":3}]"#),
        ("one column null", #"[{"a":"x"},{"a":null}]"#),
        ("deep", #"[{"a":{"b":{"c":{"d":[[[1]]]}}}}]"#),
        ("empty containers", #"[{"a":[],"b":{}}]"#),
        ("unicode keys", #"[{"K":1,"K":2,"a.b":3,"t[0]":4}]"#),
    ].map { Input(name: $0.0, bytes: Array($0.1.utf8)) }

    static func files(_ folder: URL, extensions: Set<String>) -> [Input] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var inputs: [Input] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
            guard let data = try? Data(contentsOf: url) else { continue }
            inputs.append(Input(name: url.path.replacingOccurrences(of: Fixtures.repositoryRoot.path + "/", with: ""), bytes: Array(data)))
        }
        return inputs.sorted { $0.name < $1.name }
    }

    static let csvInputs: [Input] = madeCSV
        + files(Fixtures.root, extensions: ["csv", "tsv"])
        + files(Fixtures.repositoryRoot.appendingPathComponent("Fuzz/seeds/csv"), extensions: ["csv", "tsv"])
        + (Fixtures.sharedCorpora.map { files($0.appendingPathComponent("csv"), extensions: ["csv", "tsv"]) } ?? [])
        + CSVPollution.corpus.map { Input(name: "pollution " + $0.name, bytes: $0.bytes) }

    static let jsonInputs: [Input] = madeJSON
        + files(Fixtures.root.appendingPathComponent("json"), extensions: ["json"])
        + (Fixtures.sharedCorpora.map { files($0.appendingPathComponent("csv"), extensions: ["json"]) } ?? [])

    /// The answer of a conversion: output bytes or the error, and the warnings.
    struct Outcome: Equatable, CustomStringConvertible {
        var output: Result<[UInt8], ConversionFailure>
        var warnings: [Diagnostic]
        var description: String {
            switch output {
            case let .success(bytes): "output \(String(decoding: bytes.prefix(300), as: UTF8.self)) warnings \(warnings)"
            case let .failure(error): "error \(error) warnings \(warnings)"
            }
        }
    }

    /// The tree's answer and the streamed answer for `input`.
    static func outcomes(_ input: Input, from source: Format, to target: Format, options: FormatOptions) throws -> (tree: Outcome, streamed: Outcome) {
        let data = Data(input.bytes)
        var treeWarnings: [Diagnostic] = []
        let tree = Result { () throws(ConversionFailure) -> [UInt8] in
            [UInt8](try source.convert(data, to: target, reading: options, writing: options, warnings: &treeWarnings))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("csv-streaming-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputURL = folder.appendingPathComponent("in")
        let outputURL = folder.appendingPathComponent("out")
        try data.write(to: inputURL)
        var streamedWarnings: [Diagnostic] = []
        let streamed = Result { () throws(ConversionFailure) -> [UInt8] in
            try source.convert(fileAt: inputURL, to: target, writingTo: .file(outputURL), reading: options, writing: options, warnings: &streamedWarnings)
            return [UInt8]((try? Data(contentsOf: outputURL)) ?? Data())
        }
        // A failed conversion leaves no output file.
        if case .failure = streamed { #expect(!FileManager.default.fileExists(atPath: outputURL.path), "\(input.name)") }
        return (Outcome(output: tree, warnings: treeWarnings), Outcome(output: streamed, warnings: streamedWarnings))
    }

    static let csvOptions: [(String, FormatOptions)] = [
        ("strict", FormatOptions()),
        ("recover", FormatOptions(recoverCSV: true)),
        ("infer compact sorted", FormatOptions(pretty: false, sortKeys: true, inferCSVTypes: true, recoverCSV: true)),
    ]

    @Test(arguments: csvInputs)
    func csvStreamsAsTheTreeConverts(input: Input) throws {
        let source = Format.csv(CSVDialect.sniff(input.bytes).dialect)
        for (name, options) in Self.csvOptions {
            for target in name == "strict" ? [Format.json, .csv, .tsv] : [.json, .csv] {
                let (tree, streamed) = try Self.outcomes(input, from: source, to: target, options: options)
                #expect(streamed == tree, "\(name) to \(target)")
            }
        }
    }

    @Test(arguments: jsonInputs)
    func jsonRecordsStreamAsTheTreeConverts(input: Input) throws {
        for options in [FormatOptions(), FormatOptions(nonFinite: .string, missing: .null)] {
            for target in [Format.csv, .tsv] {
                let (tree, streamed) = try Self.outcomes(input, from: .json, to: target, options: options)
                #expect(streamed == tree, "to \(target)")
            }
        }
    }
}
