/// The JSON reader; a document it reads is written to every format.
import FuzzSupport
import SerializeDocument

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    if let document = try? Format.json.read(fuzzInput(bytes, count)) { exerciseWriters(document) }
    return 0
}

@_cdecl("FuzzJSON_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
