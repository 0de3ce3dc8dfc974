/// Codable decoding of shared models (lossless, default, lossy and polymorphic wrappers) from the
/// bytes as JSON, XML property list, binary property list and CSV, through the public Persistence
/// API, with Foundation's coders and with serialize's own (`CodableCoder.serialize`). Each value
/// decoded is encoded again by `DocumentEncoder`'s direct path (`encode(_:as:)`, straight into
/// the writer) and by its tree (`encode(_:)`, then the writer): a difference traps.
import Foundation
import FuzzSupport
import SerializeCodable
import SerializeModels
import SerializeDocument
import SerializePersistence

private let coders: [Persistence] = [Persistence(coder: .foundation), Persistence(coder: .serialize)]
private let encoder = DocumentEncoder(options: FormatOptions(null: .omit, nonFinite: .string))

/// Traps unless the direct path and the tree give the same bytes in JSON and both property
/// lists, or both refuse.
private func expectDirectMatchesTree<T: Encodable>(_ value: T?) {
    guard let value else { return }
    for format in [Format.json, .xmlPlist, .binaryPlist] {
        let direct = try? encoder.encode(value, as: format)
        let tree = try? format.write(encoder.encode(value), options: encoder.options)
        if direct != tree { fatalError("DocumentEncoder's direct path differs from the tree in \(format)") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = fuzzInput(bytes, count)
    // Every format through both coders: text read as a binary plist (and the reverse) fails at
    // the first bytes, so the cost is in the formats the bytes can be.
    for persistence in coders {
        for format in [Format.json, .xmlPlist, .binaryPlist, .csv] {
            expectDirectMatchesTree(try? persistence.decode([ShopProduct].self, from: data, as: format))
            expectDirectMatchesTree(try? persistence.decode([Ticket].self, from: data, as: format))
            expectDirectMatchesTree(try? persistence.decode(Inbox.self, from: data, as: format))
            expectDirectMatchesTree(try? persistence.decode(Feed.self, from: data, as: format))
        }
    }
    return 0
}

@_cdecl("FuzzModels_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
