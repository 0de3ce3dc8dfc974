/// Differential: converting a file (`Format.convert(fileAt:…)`), which streams CSV → JSON,
/// CSV → CSV and JSON records → CSV a row at a time, gives the tree's answer for the same bytes
/// (`Format.convert(_:to:…)`): the same output bytes or the same error, and the same `--recover`
/// warnings; a failed file conversion leaves no output file. The streamed reader is the CSV
/// document reader the command line runs on files, strict and under recovery (`recoverCSV`:
/// renamed header names, padded and long rows, footnotes), with and without type inference.
///
/// The input's last byte chooses the direction and the options; the bytes before it are the file.
/// `CSVStreamingTests` checks the same rule on the fixtures and corpora.
import Foundation
import FuzzSupport
import SerializeCSV
import SerializeCore
import SerializeDocument

/// A folder of this process's own (in memory where the system has `/dev/shm`).
let folder: URL = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    let url = base.appendingPathComponent("FuzzCSVStream-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()
let inputURL = folder.appendingPathComponent("in")
let outputURL = folder.appendingPathComponent("out")

/// A conversion's answer: the output or the failure, and the warnings.
struct Outcome: Equatable {
    var output: Result<Data, ConversionFailure>
    var warnings: [Diagnostic]
}

/// The direction and the options the control byte chooses.
func choice(_ control: UInt8, _ data: Data) -> (source: Format, target: Format, options: FormatOptions) {
    var options = FormatOptions(pretty: control & 0x10 != 0, sortKeys: control & 0x20 != 0)
    if control & 0x40 != 0 {
        options.nonFinite = .string
        options.missing = .null
    }
    if control & 0x80 != 0 { options.null = .string("null") }
    let csv = Format.csv(CSVDialect.sniff(data).dialect)
    switch control & 0x3 {
    case 0: return (csv, .json, withReading(options, control))
    case 1: return (csv, .csv, withReading(options, control))
    case 2: return (csv, .tsv, withReading(options, control))
    default: return (.json, control & 0x4 != 0 ? .tsv : .csv, options)
    }
}

/// `options` with the CSV reading switches of `control`: recovery and type inference.
func withReading(_ options: FormatOptions, _ control: UInt8) -> FormatOptions {
    var options = options
    options.recoverCSV = control & 0x4 != 0
    options.inferCSVTypes = control & 0x8 != 0
    return options
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let bytes, count > 0 else { return 0 }
    let data = Data(bytes: bytes, count: count - 1)
    let (source, target, options) = choice(bytes[count - 1], data)

    var treeWarnings: [Diagnostic] = []
    let tree = Result { () throws(ConversionFailure) -> Data in
        try source.convert(data, to: target, reading: options, writing: options, warnings: &treeWarnings)
    }

    guard (try? data.write(to: inputURL)) != nil else { mismatch("cannot write \(inputURL.path)") }
    try? FileManager.default.removeItem(at: outputURL)
    var streamedWarnings: [Diagnostic] = []
    let streamed = Result { () throws(ConversionFailure) -> Data in
        try source.convert(fileAt: inputURL, to: target, writingTo: .file(outputURL), reading: options, writing: options, warnings: &streamedWarnings)
        guard let written = try? Data(contentsOf: outputURL) else { mismatch("\(source) → \(target): succeeded but wrote no file") }
        return written
    }
    if case .failure = streamed, FileManager.default.fileExists(atPath: outputURL.path) {
        mismatch("\(source) → \(target): a failed conversion left an output file")
    }

    let a = Outcome(output: tree, warnings: treeWarnings)
    let b = Outcome(output: streamed, warnings: streamedWarnings)
    if a != b {
        mismatch("\(source) → \(target) \(options):\n  tree     \(describe(a))\n  streamed \(describe(b))")
    }
    return 0
}

/// An outcome for the mismatch report, non-ASCII escaped.
func describe(_ outcome: Outcome) -> String {
    let output: String
    switch outcome.output {
    case let .success(bytes): output = "output \(String(decoding: bytes.prefix(400), as: UTF8.self).debugDescription)"
    case let .failure(error): output = "error \(String(describing: error).debugDescription)"
    }
    return "\(output) warnings \(outcome.warnings.map { String(describing: $0) })"
}

@_cdecl("FuzzCSVStream_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    // libFuzzer ends with exit(): the folder goes with the process.
    atexit { try? FileManager.default.removeItem(at: folder) }
    return runLibFuzzer(argc, argv, fuzz)
}
