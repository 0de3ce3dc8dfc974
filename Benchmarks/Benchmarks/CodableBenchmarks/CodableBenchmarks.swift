// serialize's own Codable coder (SerializeCodable: DocumentEncoder + writer, reader +
// DocumentDecoder) against Foundation's JSONEncoder/JSONDecoder and PropertyListEncoder/
// PropertyListDecoder (binary), side by side in one run, on the shared models and a large
// array of them. See Benchmarks/README.md.
import Benchmark
import Foundation
import SerializeCodable
import SerializeDocument
import SerializeModels

/// The inputs, built once.
enum CodableInput {
    static let when = Date(timeIntervalSince1970: 1_714_566_645.123456)

    /// One record of each shape the shared models force: nested structs, optionals, dates,
    /// data, enums with payloads, class hierarchies.
    struct Record: Codable {
        var person: Person
        var place: Place
        var tickets: TicketList
        var sensors: SensorLog
        var fleet: Fleet
        var page: Page<SearchResult>
    }

    static func record(_ index: Int) -> Record {
        let ada = User(id: index, username: "ada\(index)")
        return Record(
            person: Person(firstName: "Ada", lastName: "Lovelace \(index)", amount: 2500.5 + Double(index), profileURL: URL(string: "https://example.com/\(index)"), nickname: nil),
            place: Place(name: "Blue Door", country: "PT", city: "Lisbon", latitude: 38.7139, longitude: -9.1394, grossScore: 4.5, scores: [5, 4, index % 5]),
            tickets: TicketList(tickets: [Ticket(id: index, status: .active, priority: .urgent, payment: .failed)]),
            sensors: SensorLog(readings: [
                SensorReading(sensorID: "g\(index)", takenAt: when, raw: Data([0, 1, 255]), source: URL(fileURLWithPath: "/var/log/g3"), temperature: 21.5, humidity: 0.42)
            ]),
            fleet: Fleet(vehicles: [Vehicle(make: "Brompton", wheels: 2)], cars: [Car(make: "Volvo", doors: 5)], sportsCars: [SportsCar(make: "Porsche", topSpeed: 293.5)]),
            page: Page<SearchResult>(count: 2, offset: 0, limit: 10, results: [.user(ada), .playlist(Playlist(id: 11, name: "Late", songCount: 23))]))
    }

    /// A large array: 10,000 records (about 8 MB of compact JSON).
    static let records = (0..<10_000).map(record)
    /// One record of each model (the small case).
    static let one = [record(1)]

    static let jsonEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    static let plistEncoder: PropertyListEncoder = {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return encoder
    }()
    static let ours = DocumentEncoder(options: FormatOptions(pretty: false))
    /// One decoder of each kind, reused by every call (as the encoders are): the per-call rows
    /// compare the decoding, not the making of a decoder. The "a new one per call" rows keep
    /// the earlier measurement, with Foundation's decoder made for every call.
    static let jsonDecoder = JSONDecoder()
    static let plistDecoder = PropertyListDecoder()
    static let decoder = DocumentDecoder()

    static let json = (try? ours.encode(records, as: .json)) ?? Data()
    static let binary = (try? ours.encode(records, as: .binaryPlist)) ?? Data()
    static let foundationJSON = (try? jsonEncoder.encode(records)) ?? Data()
    static let foundationBinary = (try? plistEncoder.encode(records)) ?? Data()
    static let oneJSON = (try? ours.encode(one, as: .json)) ?? Data()
    static let oneBinary = (try? ours.encode(one, as: .binaryPlist)) ?? Data()
    static let oneFoundationJSON = (try? jsonEncoder.encode(one)) ?? Data()
    static let oneFoundationBinary = (try? plistEncoder.encode(one)) ?? Data()
}

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
