// The Codable workload shared by the benchmark (CodableBenchmarks) and the timing runner
// (CodableTiming): one record of each shape the shared models force, 10,000 of them, the
// encoders and decoders, and each document encoded once by each coder.
import Foundation
import SerializeCodable
import SerializeDocument
import SerializeModels

/// The inputs, built once.
package enum CodableInput {
    package static let when = Date(timeIntervalSince1970: 1_714_566_645.123456)

    /// One record of each shape the shared models force: nested structs, optionals, dates,
    /// data, enums with payloads, class hierarchies.
    package struct Record: Codable {
        package var person: Person
        package var place: Place
        package var tickets: TicketList
        package var sensors: SensorLog
        package var fleet: Fleet
        package var page: Page<SearchResult>
    }

    package static func record(_ index: Int) -> Record {
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
    package static let records = (0..<10_000).map(record)
    /// One record of each model (the small case).
    package static let one = [record(1)]

    package static let jsonEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    package static let plistEncoder: PropertyListEncoder = {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return encoder
    }()
    package static let ours = DocumentEncoder(options: FormatOptions(pretty: false))
    /// One decoder of each kind, reused by every call (as the encoders are): the per-call rows
    /// compare the decoding, not the making of a decoder. The "a new one per call" rows keep
    /// the earlier measurement, with Foundation's decoder made for every call.
    package static let jsonDecoder = JSONDecoder()
    package static let plistDecoder = PropertyListDecoder()
    package static let decoder = DocumentDecoder()

    package static let json = (try? ours.encode(records, as: .json)) ?? Data()
    package static let binary = (try? ours.encode(records, as: .binaryPlist)) ?? Data()
    package static let foundationJSON = (try? jsonEncoder.encode(records)) ?? Data()
    package static let foundationBinary = (try? plistEncoder.encode(records)) ?? Data()
    package static let oneJSON = (try? ours.encode(one, as: .json)) ?? Data()
    package static let oneBinary = (try? ours.encode(one, as: .binaryPlist)) ?? Data()
    package static let oneFoundationJSON = (try? jsonEncoder.encode(one)) ?? Data()
    package static let oneFoundationBinary = (try? plistEncoder.encode(one)) ?? Data()
}

