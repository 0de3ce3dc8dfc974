/// Codable decoding of shared models (lossless, default, lossy and polymorphic wrappers) from the
/// bytes as JSON, XML property list, binary property list and CSV, through the public Persistence
/// API, with Foundation's coders and with serialize's own (`CodableCoder.serialize`): one coder
/// and one model an input, chosen by the input's length. Each value
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
    // One coder and one model an input, chosen by its length (the bytes stay the document, so
    // the seeds are read as they are, and libFuzzer's mutations of the length reach every
    // pair), in every format: text read as a binary plist (and the reverse) fails at the first
    // bytes, so the cost is in the formats the bytes can be. All eight pairs for every input
    // ran at 150–300 executions a second, most of it the CSV reader, which takes almost any
    // bytes; one pair an input runs about eight times as many.
    let persistence = coders[count % 2]
    for format in [Format.json, .xmlPlist, .binaryPlist, .csv] {
        switch count / 2 % 4 {
        case 0: expectDirectMatchesTree(try? persistence.decode([ShopProduct].self, from: data, as: format))
        case 1: expectDirectMatchesTree(try? persistence.decode([Ticket].self, from: data, as: format))
        case 2: expectDirectMatchesTree(try? persistence.decode(Inbox.self, from: data, as: format))
        default: expectDirectMatchesTree(try? persistence.decode(Feed.self, from: data, as: format))
        }
    }
    return 0
}

@_cdecl("FuzzModels_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runLibFuzzer(argc, argv, fuzz)
}
