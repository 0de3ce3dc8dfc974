/// Codable decoding of shared models (lossless, default, lossy and polymorphic wrappers) from the
/// bytes as JSON, XML property list, binary property list and CSV, through the public Persistence
/// API, with Foundation's coders and with serialize's own (`CodableCoder.serialize`).
import FuzzSupport
import SerializeModels
import SerializeDocument
import SerializePersistence

private let coders: [Persistence] = [Persistence(coder: .foundation), Persistence(coder: .serialize)]

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    // Every format through both coders: text read as a binary plist (and the reverse) fails at
    // the first bytes, so the cost is in the formats the bytes can be.
    for persistence in coders {
        for format in [Format.json, .xmlPlist, .binaryPlist, .csv] {
            _ = try? persistence.decode([ShopProduct].self, from: data, as: format)
            _ = try? persistence.decode([Ticket].self, from: data, as: format)
            _ = try? persistence.decode(Inbox.self, from: data, as: format)
            _ = try? persistence.decode(Feed.self, from: data, as: format)
        }
    }
    return 0
}

@_cdecl("FuzzModels_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
