/// The strict CSV paths: the document reader (no type inference) and CSVReader's rows with
/// delimiter detection and a flexible field count.
import FuzzSupport
import SerializeCSV
import SerializeDocument

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    if let document = try? Format.csv.read(data) { exerciseWriters(document) }
    let configuration = CSVReader.Configuration(detectsDelimiter: true, fieldCountPolicy: .flexible)
    _ = try? CSVReader(data: data, configuration: configuration).readAllRows()
    return 0
}

@_cdecl("FuzzCSV_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
