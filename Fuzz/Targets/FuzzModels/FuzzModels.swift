/// Codable decoding of shared models (lossless, default, lossy and polymorphic wrappers) from the
/// same bytes as JSON, property list and CSV, through the public Persistence API.
import FuzzSupport
import SerializeModels
import SerializeDocument
import SerializePersistence

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    let persistence = Persistence()
    for format in [Format.json, .xmlPlist, .csv] {
        _ = try? persistence.decode([ShopProduct].self, from: data, as: format)
        _ = try? persistence.decode([Ticket].self, from: data, as: format)
        _ = try? persistence.decode(Inbox.self, from: data, as: format)
        _ = try? persistence.decode(Feed.self, from: data, as: format)
    }
    return 0
}

@_cdecl("FuzzModels_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
