// serialize's own Codable coder (SerializeCodable: DocumentEncoder + writer, reader +
// DocumentDecoder) against Foundation's JSONEncoder/JSONDecoder and PropertyListEncoder/
// PropertyListDecoder (binary), side by side in one run, on the shared models and a large
// array of them. See Benchmarks/README.md.
import Benchmark
import CodableBenchmarkSupport
import Foundation
import SerializeCodable
import SerializeDocument
import SerializeModels

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        maxDuration: .seconds(10),
        maxIterations: 5
    )

    // MARK: - Encoding 10,000 records

    Benchmark("encode 10k records: JSONEncoder", configuration: .init(setup: { _ = CodableInput.records })) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try CodableInput.jsonEncoder.encode(CodableInput.records)) }
    }
    Benchmark("encode 10k records: DocumentEncoder → JSON", configuration: .init(setup: { _ = CodableInput.records })) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try CodableInput.ours.encode(CodableInput.records, as: .json)) }
    }
    Benchmark("encode 10k records: PropertyListEncoder (binary)", configuration: .init(setup: { _ = CodableInput.records })) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try CodableInput.plistEncoder.encode(CodableInput.records)) }
    }
    Benchmark("encode 10k records: DocumentEncoder → binary plist", configuration: .init(setup: { _ = CodableInput.records })) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try CodableInput.ours.encode(CodableInput.records, as: .binaryPlist)) }
    }

    // The floor under any encoder: the Codable traversal alone (DiscardingEncoder.swift).
    Benchmark("encode 10k records: the Codable floor (an Encoder that keeps nothing)", configuration: .init(setup: { _ = CodableInput.records })) { benchmark in
        for _ in benchmark.scaledIterations {
            let encoder = DiscardingEncoder()
            try CodableInput.records.encode(to: encoder)
            blackHole(encoder.seen)
        }
    }

    // MARK: - Decoding 10,000 records

    Benchmark("decode 10k records: JSONDecoder", configuration: .init(setup: { _ = CodableInput.foundationJSON })) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try CodableInput.jsonDecoder.decode([CodableInput.Record].self, from: CodableInput.foundationJSON)) }
    }
    Benchmark("decode 10k records: JSON → DocumentDecoder", configuration: .init(setup: { _ = CodableInput.json })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try CodableInput.decoder.decode([CodableInput.Record].self, from: CodableInput.json, as: .json))
        }
    }
    Benchmark("decode 10k records: PropertyListDecoder (binary)", configuration: .init(setup: { _ = CodableInput.foundationBinary })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try CodableInput.plistDecoder.decode([CodableInput.Record].self, from: CodableInput.foundationBinary))
        }
    }
    Benchmark("decode 10k records: binary plist → DocumentDecoder", configuration: .init(setup: { _ = CodableInput.binary })) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try CodableInput.decoder.decode([CodableInput.Record].self, from: CodableInput.binary, as: .binaryPlist))
        }
    }

    // MARK: - One record of each shared model, 10,000 times (the per-call cost)

    // 10,000 calls rather than 1,000: cpuTotal counts in 10 ms steps.
    Benchmark("encode shared models ×10k: JSONEncoder") { benchmark in
        for _ in benchmark.scaledIterations { for _ in 0..<10_000 { blackHole(try CodableInput.jsonEncoder.encode(CodableInput.one)) } }
    }
    Benchmark("encode shared models ×10k: DocumentEncoder → JSON") { benchmark in
        for _ in benchmark.scaledIterations { for _ in 0..<10_000 { blackHole(try CodableInput.ours.encode(CodableInput.one, as: .json)) } }
    }
    Benchmark("encode shared models ×10k: PropertyListEncoder (binary)") { benchmark in
        for _ in benchmark.scaledIterations { for _ in 0..<10_000 { blackHole(try CodableInput.plistEncoder.encode(CodableInput.one)) } }
    }
    Benchmark("encode shared models ×10k: DocumentEncoder → binary plist") { benchmark in
        for _ in benchmark.scaledIterations { for _ in 0..<10_000 { blackHole(try CodableInput.ours.encode(CodableInput.one, as: .binaryPlist)) } }
    }
    Benchmark("decode shared models ×10k: JSONDecoder", configuration: .init(setup: { _ = CodableInput.oneFoundationJSON })) { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<10_000 { blackHole(try CodableInput.jsonDecoder.decode([CodableInput.Record].self, from: CodableInput.oneFoundationJSON)) }
        }
    }
    Benchmark("decode shared models ×10k: JSONDecoder, a new one per call", configuration: .init(setup: { _ = CodableInput.oneFoundationJSON })) { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<10_000 { blackHole(try JSONDecoder().decode([CodableInput.Record].self, from: CodableInput.oneFoundationJSON)) }
        }
    }
    Benchmark("decode shared models ×10k: JSON → DocumentDecoder", configuration: .init(setup: { _ = CodableInput.oneJSON })) { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<10_000 { blackHole(try CodableInput.decoder.decode([CodableInput.Record].self, from: CodableInput.oneJSON, as: .json)) }
        }
    }
    Benchmark("decode shared models ×10k: PropertyListDecoder (binary)", configuration: .init(setup: { _ = CodableInput.oneFoundationBinary })) { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<10_000 { blackHole(try CodableInput.plistDecoder.decode([CodableInput.Record].self, from: CodableInput.oneFoundationBinary)) }
        }
    }
    Benchmark("decode shared models ×10k: PropertyListDecoder (binary), a new one per call", configuration: .init(setup: { _ = CodableInput.oneFoundationBinary })) { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<10_000 { blackHole(try PropertyListDecoder().decode([CodableInput.Record].self, from: CodableInput.oneFoundationBinary)) }
        }
    }
    Benchmark("decode shared models ×10k: binary plist → DocumentDecoder", configuration: .init(setup: { _ = CodableInput.oneBinary })) { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<10_000 { blackHole(try CodableInput.decoder.decode([CodableInput.Record].self, from: CodableInput.oneBinary, as: .binaryPlist)) }
        }
    }
}
