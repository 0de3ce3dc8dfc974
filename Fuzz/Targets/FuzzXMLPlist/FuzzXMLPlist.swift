/// The XML property list reader; a document it reads is written to every format.
import FuzzSupport
import SerializeDocument

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    // Format.read tells property lists apart by content: keep this target on the XML reader.
    guard Format.detect(in: data) != .binaryPlist else { return -1 }
    if let document = try? Format.xmlPlist.read(data) { exerciseWriters(document) }
    return 0
}

@_cdecl("FuzzXMLPlist_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
