/// The CSV document reader with type inference (numbers, booleans, `[]`, `{}`), CSV and TSV.
import FuzzSupport
import SerializeDocument

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    let options = FormatOptions(inferCSVTypes: true)
    for format in [Format.csv, .tsv] {
        if let document = try? format.read(data, options: options) { exerciseWriters(document, readFrom: count) }
    }
    return 0
}

@_cdecl("FuzzCSVInfer_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
