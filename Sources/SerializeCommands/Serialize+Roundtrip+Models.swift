/// The shared models' rows of the fidelity matrix `serialize roundtrip --matrix` prints.

import Foundation
import SerializeCoding
import SerializeModels
import SerializeRoundTrip

enum ModelMatrix {
    /// The harness's standard tables, then one row per shared model with its awkward samples.
    static var full: FidelityMatrix {
        FidelityMatrix(tables: FidelityMatrix.standard.tables + [table])
    }

    static var table: FidelityMatrix.Table {
        FidelityMatrix.Table(title: "Shared models × formats", rows: rows, columns: FidelityMatrix.valueColumns)
    }

    private static let when = Date(timeIntervalSince1970: 1_714_566_645.123456)
    private static let ada = User(id: 42, username: "ada")
    private static let song = Song(id: 7, title: "Blue Train", artist: "John Coltrane", durationSeconds: 643)

    static var rows: [FidelityMatrix.Row] {
        var rows: [FidelityMatrix.Row] = [
            .init("`Person` (key mapping, `PlistSafeString` nickname `\"$null\"`, `-0.0`)", samples: [
                Person(firstName: "Ada", lastName: "Lovelace", amount: 2500.5, profileURL: URL(string: "https://example.com/ada?tab=1"), nickname: "$null"),
                Person(firstName: "", lastName: "Ünïcødé 🚀", amount: -0.0, nickname: nil),
            ]),
            .init("`SnakeCasePerson`", samples: [SnakeCasePerson(firstName: "Alan", lastName: "Turing", loanAmount: 800, profileURL: "https://x.example/a")]),
            .init("`Place` (flattened containers)", samples: [
                Place(name: "Blue Door", country: "PT", city: "Lisbon", latitude: 38.7139, longitude: -9.1394, grossScore: 4.5, scores: [5, 4])
            ]),
            .init("`TicketList` (fallback enums)", samples: [
                TicketList(tickets: [Ticket(id: 1, status: .unknown, priority: .urgent, payment: .failed)])
            ]),
            .init("`SettingsFile` (`Either`)", samples: [
                SettingsFile(settings: [
                    Setting(name: "retry.delay", value: .right(1.0), override: .left(nil)),
                    Setting(name: "pool.size", value: .left(Int.max), override: .right("auto")),
                ])
            ]),
            .init("`Fleet` (3-level class hierarchy)", samples: [
                Fleet(vehicles: [Vehicle(make: "Brompton", wheels: 2)], cars: [Car(make: "Volvo", doors: 5)], sportsCars: [SportsCar(make: "Porsche", topSpeed: 293.5)])
            ]),
            .init("`Shelter` (3-level class hierarchy)", samples: [
                Shelter(animals: [Animal(name: "Tripod", legs: 3)], dogs: [Dog(name: "Lassie", breed: "collie")], serviceDogs: [ServiceDog(name: "Rex", breed: "lab", task: "guide")])
            ]),
            .init("`Page<PostedComment>` (discriminator)", samples: [
                Page(count: 57, offset: 20, limit: 5, results: [PostedComment(id: 1, author: ada, body: "Love it.", target: .song(song))])
            ]),
            .init("`Page<SearchResult>`", samples: [
                Page<SearchResult>(count: 2, offset: 0, limit: 10, results: [.user(ada), .playlist(Playlist(id: 11, name: "Late", songCount: 23))])
            ]),
            .init("`Feed` (template-driven)", samples: [
                Feed(items: [
                    FeedItem(id: 1, content: .photo(Photo(url: "https://cdn.example.com/1.jpg", width: 800, height: 600))),
                    FeedItem(id: 3, content: .poll(Poll(question: "Tabs?", options: []))),
                ])
            ]),
            .init("`Roster` (dynamic keys)", samples: [Roster(students: [Student(id: 10, name: "Edsger"), Student(id: -3, name: "Negative")])]),
            .init("`SensorLog` (µs dates, Base64, URL, NaN, ±∞)", samples: [
                SensorLog(readings: [
                    SensorReading(sensorID: "g3", takenAt: when, raw: Data([0, 1, 255]), source: URL(fileURLWithPath: "/var/log/g3"), temperature: .nan, humidity: -.infinity),
                    SensorReading(sensorID: "g4", takenAt: when, raw: Data(), source: URL(fileURLWithPath: "/var/log/g4"), temperature: 21.5, humidity: 0.42),
                ])
            ]),
            .init("`ReleaseList` (API v2, µs dates)", samples: [ReleaseList(releases: [Release(name: "2.4.1", publishedAt: when)])]),
        ]
        rows.append(contentsOf: [
            .init("`ShopProduct` (`Lossless`, `Default`, lossy containers)", samples: [
                ShopProduct(
                    id: 7, inStock: true, price: 19.99, name: "Mug", tags: ["kitchen"], isFeatured: true, availability: .preorder,
                    pricesByCurrency: ["EUR": 18.5], variants: [ProductVariant(sku: "MUG-1")])
            ]),
            .init("`Inbox` (type registry)", samples: [
                Inbox(
                    owner: "ada", pinned: InboxText(sender: "bo", body: "hi"),
                    messages: [InboxImage(sender: "cy", url: "a.png", width: 2, height: 1), InboxInvite(sender: "di", event: "tea", startsAt: when)])
            ]),
        ])
        if let restaurant = try? Restaurant(name: "Blue Door", latitude: -90, longitude: 180, meals: [.dinner, .lunch]) {
            rows.append(.init("`RestaurantGuide` (validated)", samples: [RestaurantGuide(restaurants: [restaurant])]))
        }
        return rows
    }
}
