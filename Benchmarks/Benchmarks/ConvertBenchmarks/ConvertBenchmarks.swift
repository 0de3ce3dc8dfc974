// Conversion between JSON and property lists on a generated ~30 MB document.
//
// The side-by-side run against plutil and Python is Benchmarks/Scripts/convert-compare.sh (it
// needs the external tools and a file on disk); these benchmarks measure our own readers and
// writers in process, with wall clock and peak resident memory. See Benchmarks/README.md.
import Benchmark
import Foundation
import SerializeDocument

/// The benchmark input, built once: an array of records shaped like the compare script's.
enum ConvertInput {
    static let recordCount = 51_000

    /// The document; only the encoded inputs below are kept, so peak memory measures the
    /// conversion and not the generator.
    static func makeDocument() -> Document {
        var state: UInt64 = 42
        func next() -> UInt64 {  // SplitMix64: deterministic and fast
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        let words = ["alpha", "bravo", "café", "delta", "echo", "foxtrot", "golf", "hôtel", "india", "juliett"]
        let cities = ["Berlin", "Zürich", "São Paulo", "Tōkyō", "Paris", "Lagos", "Reykjavík", "Montréal"]
        func word() -> String { words[Int(next() % UInt64(words.count))] }
        var records: [Document] = []
        records.reserveCapacity(recordCount)
        for index in 0..<recordCount {
            var orders: [Document] = []
            for _ in 0..<Int(next() % 4) {
                orders.append([
                    "sku": .string("SKU-\(next() % 1_000_000)"), "quantity": .integer(Int64(next() % 20 + 1)),
                    "price": .double((unit() * 50_000).rounded() / 100), "gift": .bool(next() % 10 == 0),
                ])
            }
            records.append([
                "id": .integer(Int64(index)),
                "uuid": .string(String(next(), radix: 16) + String(next(), radix: 16)),
                "name": .string("\(word()) \(word()) \(word())"),
                "email": .string("user\(index)@example.com"),
                "active": .bool(unit() < 0.7),
                "score": .double(unit() * 100),
                "balance": .integer(Int64(bitPattern: next()) >> 23),
                "tags": .array((0...Int(next() % 4)).map { _ in .string(word()) }),
                "address": [
                    "street": .string("\(next() % 999 + 1) \(word()) Street"),
                    "city": .string(cities[Int(next() % UInt64(cities.count))]),
                    "zip": .string(String(next() % 100_000)),
                    "geo": ["lat": .double(unit() * 180 - 90), "lon": .double(unit() * 360 - 180)],
                ],
                "orders": .array(orders),
            ])
        }
        return .array(records)
    }

    static let json: Data = encoded { try JSONWriter().write(makeDocument()) }
    static let binaryPlist: Data = encoded { try BinaryPlistWriter().write(makeDocument()) }

    /// The generated input always encodes; a failure is a bug in the generator, not bad input.
    static func encoded(_ write: () throws -> Data) -> Data {
        do {
            return try write()
        } catch {
            fatalError("the generated benchmark input does not encode: \(error)")
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(20),
        maxIterations: 5
    )

    // What `serialize convert` does: the reader drives the target's writer, no tree.
    Benchmark("convert JSON → XML plist (30 MB)", configuration: .init(setup: { _ = ConvertInput.json })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Format.json.convert(ConvertInput.json, to: .xmlPlist))
        }
    }

    Benchmark("convert JSON → binary plist (30 MB)", configuration: .init(setup: { _ = ConvertInput.json })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Format.json.convert(ConvertInput.json, to: .binaryPlist))
        }
    }

    Benchmark("convert binary plist → JSON", configuration: .init(setup: { _ = ConvertInput.binaryPlist })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Format.binaryPlist.convert(ConvertInput.binaryPlist, to: .json))
        }
    }

    // Through the Document tree, as --sort-keys, CSV and the Codable side do.
    Benchmark("JSON → Document (30 MB)", configuration: .init(setup: { _ = ConvertInput.json })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONReader().read(ConvertInput.json))
        }
    }

    Benchmark("JSON → Document → XML plist, sorted keys", configuration: .init(setup: { _ = ConvertInput.json })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Format.json.convert(ConvertInput.json, to: .xmlPlist, writing: FormatOptions(sortKeys: true)))
        }
    }
}
