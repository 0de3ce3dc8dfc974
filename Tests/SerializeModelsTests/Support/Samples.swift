import Foundation
import SerializeCoding
import SerializeModels

/// One sample value of every model, with the awkward values each domain must survive.
enum Samples {
    static let people: [Person] = [
        Person(
            firstName: "Ada", lastName: "Lovelace", amount: 2500.5,
            profileURL: URL(string: "https://lending.example.com/people/ada?tab=loans"), nickname: "Countess"),
        Person(firstName: "Grace", lastName: "Hopper", amount: 0.1 + 0.2, nickname: "$null"),
        Person(firstName: "Barbara", lastName: "Liskov", amount: -0.0, nickname: "$$null"),
        Person(firstName: "", lastName: "Ünïcødé 🚀", amount: 1e300, nickname: nil),
    ]

    static let snakeCasePeople: [SnakeCasePerson] = [
        SnakeCasePerson(firstName: "Ada", lastName: "Lovelace", loanAmount: 2500.5, profileURL: "https://x.example/ada"),
        SnakeCasePerson(firstName: "Alan", lastName: "Turing", loanAmount: 800),
    ]

    static let places: [Place] = [
        Place(
            name: "Blue Door", country: "PT", city: "Lisbon", latitude: 38.7139, longitude: -9.1394,
            grossScore: 4.5, scores: [5, 4, 5]),
        Place(name: "Nowhere", country: "", city: "", latitude: 0, longitude: 0, grossScore: 0, scores: []),
    ]

    static let tickets = TicketList(
        tickets: AccountStatus.allCases.enumerated().map { index, status in
            Ticket(
                id: index, status: status, priority: Priority.allCases[index % Priority.allCases.count],
                payment: PaymentState.allCases[index % PaymentState.allCases.count])
        } + [Ticket(id: 99, status: .unknown, priority: .urgent, payment: .failed)])

    static let settings = SettingsFile(settings: [
        Setting(name: "retry.count", value: .left(3)),
        Setting(name: "retry.delay", value: .right(1.0), override: .left(nil)),
        Setting(name: "cache.ratio", value: .right(-0.25), override: .right("auto")),
        Setting(name: "pool.size", value: .left(Int.max), override: .left(Int.min)),
    ])

    static let fleet = Fleet(
        vehicles: [Vehicle(make: "Brompton", wheels: 2)],
        cars: [Car(make: "Volvo", doors: 5)],
        sportsCars: [SportsCar(make: "Porsche", topSpeed: 293.5)])

    static let shelter = Shelter(
        animals: [Animal(name: "Tripod", legs: 3)],
        dogs: [Dog(name: "Lassie", breed: "collie")],
        serviceDogs: [ServiceDog(name: "Rex", breed: "labrador", task: "guide")])

    static let ada = User(id: 42, username: "ada")
    static let blueTrain = Song(id: 7, title: "Blue Train", artist: "John Coltrane", durationSeconds: 643)

    static let comments = Page(
        count: 57, offset: 20, limit: 5,
        results: [
            PostedComment(id: 1, author: ada, body: "Love the bridge.", target: .song(blueTrain)),
            PostedComment(id: 2, author: User(id: 43, username: "grace"), body: "", target: .user(ada)),
        ])

    static let search = Page<SearchResult>(
        count: 3, offset: 0, limit: 10,
        results: [
            .song(Song(id: 8, title: "Naima", artist: "John Coltrane")), .user(ada),
            .playlist(Playlist(id: 11, name: "Late night", songCount: 23)),
        ])

    static let feed = Feed(items: [
        FeedItem(id: 1, content: .photo(Photo(url: "https://cdn.example.com/1.jpg", width: 800, height: 600))),
        FeedItem(id: 2, content: .article(Article(title: "Codable", summary: "What APIs send."))),
        FeedItem(id: 3, content: .poll(Poll(question: "Tabs?", options: []))),
    ])

    static let roster = Roster(students: [
        Student(id: 10, name: "Edsger"), Student(id: 2, name: "Grace"), Student(id: 1, name: "Ada"),
        Student(id: -3, name: "Negative"),
    ])

    static let sensors = SensorLog(readings: [
        SensorReading(
            sensorID: "greenhouse-3", takenAt: Date(timeIntervalSince1970: 1_714_566_645.123456),
            raw: Data([0, 1, 2, 255]), source: URL(string: "https://sensors.example.com/g3")!,
            temperature: 21.5, humidity: 0.42),
        SensorReading(
            sensorID: "broken", takenAt: Date(timeIntervalSince1970: 1_714_566_705.5), raw: Data(),
            source: URL(string: "https://sensors.example.com/b?x=1&y=2")!, temperature: .nan, humidity: .nan),
        SensorReading(
            sensorID: "furnace", takenAt: Date(timeIntervalSince1970: -0.000001), raw: Data(repeating: 0xAB, count: 300),
            source: URL(string: "file:///var/log/furnace")!, temperature: .infinity, humidity: -.infinity),
        SensorReading(
            sensorID: "freezer", takenAt: Date(timeIntervalSince1970: 0), raw: Data([0xFF]),
            source: URL(string: "https://sensors.example.com/f")!, temperature: -.infinity, humidity: nil),
    ])

    static let releasesV1 = ReleaseList(releases: [
        Release(name: "2.4.1", publishedAt: Date(timeIntervalSince1970: 1_714_566_645)),
        Release(name: "0.1.0", publishedAt: Date(timeIntervalSince1970: -86_400)),
    ])

    static let releasesV2 = ReleaseList(releases: [
        Release(name: "2.4.1", publishedAt: Date(timeIntervalSince1970: 1_714_566_645.5)),
        Release(name: "2.4.0", publishedAt: Date(timeIntervalSince1970: 1_711_929_600.000001)),
    ])

    static var restaurants: RestaurantGuide {
        get throws {
            RestaurantGuide(restaurants: [
                try Restaurant(name: "Blue Door", latitude: 38.7139, longitude: -9.1394, meals: [.dinner, .lunch]),
                try Restaurant(name: "Pole Café", latitude: -90, longitude: 180, meals: Set(Meal.allCases)),
            ])
        }
    }
}
