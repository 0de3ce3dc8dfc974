/// The strict CSV paths: the document reader (no type inference), CSVReader's rows with
/// delimiter detection and a flexible field count, and the linter (`serialize lint f.csv`),
/// which reads every record in recovery mode and must report, never trap. The document read is
/// written in every format unless a deep header amplified it (`exerciseWriters(_:readFrom:)`).
import FuzzSupport
import SerializeCSV
import SerializeDocument

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    if let document = try? Format.csv.read(data) { exerciseWriters(document, readFrom: count) }
    let configuration = CSVReader.Configuration(detectsDelimiter: true, fieldCountPolicy: .flexible)
    _ = try? CSVReader(data: data, configuration: configuration).readAllRows()
    let report = CSVLinter().lint(data, sourceName: "fuzz.csv")
    // Every error the linter reports says where: a line and column, never a bare message.
    for finding in report.findings where finding.severity == .error && finding.location == nil {
        fatalError("lint error without a location: \(finding)")
    }
    return 0
}

@_cdecl("FuzzCSV_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
