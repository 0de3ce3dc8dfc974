/// Every shared model from SerializeModels, generated and sent through every format.

import SerializeDocument
import SerializeCore
import Foundation
import PropertyBased
import SerializeCoding
import SerializeModels
import SerializeTesting
import Testing

/// Generators of the shared models, from the harness's own value generators.
enum SharedModelGen {
    static let int = RoundTripGen.integer(Int.self)
    static let smallInt = Gen.int(in: -1000...1000)
    static let text = RoundTripGen.string
    static let name = RoundTripGen.identifier
    static let url = RoundTripGen.identifier.map { URL(string: "https://example.com/\($0)?q=1") ?? URL(fileURLWithPath: "/") }
    /// What the models promise to keep: whole microseconds (ISO8601Timestamp).
    static let microsecondDate = Gen.int64(in: -2_208_988_800_000_000...7_258_118_400_000_000)
        .map { Date(timeIntervalSince1970: Double($0) / 1_000_000) }

    static let person = zip(text, text, RoundTripGen.double, RoundTripGen.optional(url), RoundTripGen.optional(text)).map {
        Person(firstName: $0, lastName: $1, amount: $2, profileURL: $3, nickname: $4.map { PlistSafeString($0) })
    }
    static let snakeCasePerson = zip(text, text, RoundTripGen.double, RoundTripGen.optional(text)).map {
        SnakeCasePerson(firstName: $0, lastName: $1, loanAmount: $2, profileURL: $3)
    }
    static let place = zip(text, text, text, RoundTripGen.double, RoundTripGen.double, RoundTripGen.double, RoundTripGen.array(int)).map {
        Place(name: $0, country: $1, city: $2, latitude: $3, longitude: $4, grossScore: $5, scores: $6)
    }
    static let ticket = zip(int, Gen<AccountStatus>.case, Gen<Priority>.case, Gen<PaymentState>.case).map {
        Ticket(id: $0, status: $1, priority: $2, payment: $3)
    }
    static let tickets = RoundTripGen.array(ticket).map { TicketList(tickets: $0) }
    static let eitherIntDouble = Generator<Either<Int, Double>, Shrink.None<Either<Int, Double>>> { rng in
        Bool.random(using: &rng) ? .left(int.run(using: &rng)) : .right(RoundTripGen.double.run(using: &rng))
    }
    static let override = Generator<Either<Int?, String>?, Shrink.None<Either<Int?, String>?>> { rng in
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: nil
        case 1: .left(RoundTripGen.optional(int).run(using: &rng))
        default: .right(text.run(using: &rng))
        }
    }
    static let settings = RoundTripGen.array(zip(text, eitherIntDouble, override).map { Setting(name: $0, value: $1, override: $2) })
        .map { SettingsFile(settings: $0) }
    static let fleet = zip(
        RoundTripGen.array(zip(text, int).map { Vehicle(make: $0, wheels: $1) }, count: 0...3),
        RoundTripGen.array(zip(text, int).map { Car(make: $0, doors: $1) }, count: 0...3),
        RoundTripGen.array(zip(text, RoundTripGen.double).map { SportsCar(make: $0, topSpeed: $1) }, count: 0...3)
    ).map { Fleet(vehicles: $0, cars: $1, sportsCars: $2) }
    static let shelter = zip(
        RoundTripGen.array(zip(text, int).map { Animal(name: $0, legs: $1) }, count: 0...3),
        RoundTripGen.array(zip(text, text).map { Dog(name: $0, breed: $1) }, count: 0...3),
        RoundTripGen.array(zip(text, text, text).map { ServiceDog(name: $0, breed: $1, task: $2) }, count: 0...3)
    ).map { Shelter(animals: $0, dogs: $1, serviceDogs: $2) }
    static let user = zip(int, text).map { User(id: $0, username: $1) }
    static let song = zip(int, text, text, RoundTripGen.optional(int)).map { Song(id: $0, title: $1, artist: $2, durationSeconds: $3) }
    static let playlist = zip(int, text, int).map { Playlist(id: $0, name: $1, songCount: $2) }
    static let comment = zip(int, user, text, Gen.bool, song, user).map {
        PostedComment(id: $0, author: $1, body: $2, target: $3 ? .song($4) : .user($5))
    }
    static let comments = zip(int, int, int, RoundTripGen.array(comment, count: 0...3)).map {
        Page(count: $0, offset: $1, limit: $2, results: $3)
    }
    static let searchResult = zip(Gen.int(in: 0...2), song, user, playlist).map { choice, song, user, playlist -> SearchResult in
        switch choice {
        case 0: .song(song)
        case 1: .user(user)
        default: .playlist(playlist)
        }
    }
    static let search = zip(int, int, int, RoundTripGen.array(searchResult, count: 0...3)).map {
        Page(count: $0, offset: $1, limit: $2, results: $3)
    }
    static let feedContent = zip(Gen.int(in: 0...2), text, int, int, RoundTripGen.optional(text), RoundTripGen.array(text, count: 0...3))
        .map { choice, words, a, b, caption, options -> FeedContent in
            switch choice {
            case 0: .photo(Photo(url: words, width: a, height: b, caption: caption))
            case 1: .article(Article(title: words, summary: caption ?? ""))
            default: .poll(Poll(question: words, options: options))
            }
        }
    static let feed = RoundTripGen.array(zip(int, feedContent).map { FeedItem(id: $0, content: $1) }, count: 0...4).map { Feed(items: $0) }
    static let roster = zip(smallInt.set(ofAtMost: 0...8), text).map { ids, name in
        Roster(students: ids.sorted().map { Student(id: $0, name: name) })
    }
    static let sensorReading = zip(text, microsecondDate, RoundTripGen.data(largeCount: 2048), url, RoundTripGen.float,
                                   RoundTripGen.optional(RoundTripGen.double)).map {
        SensorReading(sensorID: $0, takenAt: $1, raw: $2, source: $3, temperature: $4, humidity: $5)
    }
    static let sensors = RoundTripGen.array(sensorReading, count: 0...3).map { SensorLog(readings: $0) }
    static let releases = RoundTripGen.array(zip(text, microsecondDate).map { Release(name: $0, publishedAt: $1) }, count: 0...3)
        .map { ReleaseList(releases: $0) }
    static let restaurant = zip(name, Gen.double(in: -90...90), Gen.double(in: -180...180), Gen<Meal>.case.set(ofAtMost: 1...4))
        .compactMap { try? Restaurant(name: $0, latitude: $1, longitude: $2, meals: $3) }
    static let restaurants = RoundTripGen.array(restaurant, count: 0...3).map { RestaurantGuide(restaurants: $0) }
}

extension KnownLoss {
    /// Lenient arrays (`Page` results, `LossyArray`, `PolymorphicArray`) remove an element that
    /// fails to decode, and report it. In a property list a required string `"$null"` reads
    /// back as nil and fails, so the element holding it is dropped; no other element may go.
    static let lenientArrayDropsDollarNullElements = KnownLoss(
        name: "lenientArrayDropsDollarNullElements",
        summary: "Lenient arrays remove elements that fail to decode; in a plist, an element with a required \"$null\" string fails.",
        remedy: "Use PlistSafeString for free text in plist-bound models.",
        appliesTo: { $0 == .xmlPlist || $0 == .binaryPlist },
        reshape: { before, after in before.aligned(droppingDollarNullElementsToMatch: after) })
}

extension EncodedValue {
    /// This value with array elements that hold `"$null"` removed wherever `after` lacks them,
    /// matching element by element; other elements are kept, so any other change still shows.
    func aligned(droppingDollarNullElementsToMatch after: EncodedValue) -> EncodedValue {
        switch (self, after) {
        case let (.keyed(sent), .keyed(received)):
            return .keyed(Dictionary(uniqueKeysWithValues: sent.map { key, value in
                (key, received[key].map { value.aligned(droppingDollarNullElementsToMatch: $0) } ?? value)
            }))
        case let (.array(sent), .array(received)):
            var kept: [EncodedValue] = []
            var next = 0
            for element in sent {
                if next < received.count, element.survivesAsIs(received[next]) {
                    kept.append(element.aligned(droppingDollarNullElementsToMatch: received[next]))
                    next += 1
                } else if !element.containsString("$null") {
                    kept.append(element)
                    next += 1
                }
            }
            return .array(kept)
        default:
            return self
        }
    }

    /// Whether `received` is this element up to the string and zero losses of plists.
    private func survivesAsIs(_ received: EncodedValue) -> Bool {
        aligned(droppingDollarNullElementsToMatch: received).differences(to: received, limit: 100).allSatisfy { difference in
            TestLosses.strings.contains { $0.applies(to: .binaryPlist) && $0.explains(difference) }
                || KnownLoss.binaryPlistSignedZeroUniqued.explains(difference)
        }
    }
}

extension EncodedValue {
    /// Whether `text` appears as a string anywhere in this value.
    func containsString(_ text: String) -> Bool {
        switch self {
        case let .string(value): value == text
        case let .array(values): values.contains { $0.containsString(text) }
        case let .keyed(values): values.values.contains { $0.containsString(text) }
        default: false
        }
    }
}

@Suite struct SharedModelPropertyTests {
    /// The losses any model made of strings and floats can meet; each must explain a change exactly.
    static let expected = TestLosses.strings + TestLosses.floats + TestLosses.csvShapes + [
        .lenientArrayDropsDollarNullElements, .xmlPlistDateWholeSeconds,
    ]

    private func check<T: Codable>(
        _ generator: Generator<T, some Sequence>, count: Int = 200, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        var tally = Tally()
        var index = 0
        await propertyCheck(count: count, input: generator) { value in
            // serialize's coder sees one sample in four, which keeps the suite fast.
            let formats = index % 4 == 0 ? TestFormats.every + TestFormats.serialize : TestFormats.every
            index += 1
            tally.check(value, through: formats, expecting: Self.expected, sourceLocation: sourceLocation)
        }
        for format in TestFormats.every {
            #expect(tally.exactCount(in: format) > 0, "\(format.name) never exact", sourceLocation: sourceLocation)
        }
        // One sample in four is too few to demand exactness of each: a model with many strings
        // rarely has none XML cannot carry. serialize's coder must be exact somewhere.
        let serializeExact = TestFormats.serialize.map { tally.exactCount(in: $0) }.reduce(0, +)
        #expect(serializeExact > 0, "serialize's coder never exact", sourceLocation: sourceLocation)
    }

    @Test func people() async { await check(SharedModelGen.person) }
    @Test func snakeCasePeople() async { await check(SharedModelGen.snakeCasePerson) }
    @Test func places() async { await check(SharedModelGen.place) }
    @Test func tickets() async { await check(SharedModelGen.tickets) }
    @Test func settings() async { await check(SharedModelGen.settings) }
    @Test func fleets() async { await check(SharedModelGen.fleet) }
    @Test func shelters() async { await check(SharedModelGen.shelter) }
    @Test func comments() async { await check(SharedModelGen.comments) }
    @Test func searchResults() async { await check(SharedModelGen.search) }
    @Test func feeds() async { await check(SharedModelGen.feed) }
    @Test func rosters() async { await check(SharedModelGen.roster) }
    @Test func sensorLogs() async { await check(SharedModelGen.sensors) }
    @Test func releases() async { await check(SharedModelGen.releases) }
    @Test func restaurants() async { await check(SharedModelGen.restaurants) }
}

@Suite struct SharedModelLossTests {
    /// `Lossless<Double>` reads a Double first, so the sign of zero survives every format
    /// (it once read `-0` as the integer 0).
    @Test func losslessDoubleKeepsTheSignOfZero() {
        let product = ShopProduct(id: 1, inStock: true, price: -0.0, name: "zero")
        let reports = RoundTrip.check(product)
        #expect(reports.map { $0.verdict(expecting: []) } == [.exact, .exact, .exact, .exact])
    }

    /// JSON writes a large whole Double without an exponent; `Lossless<Double>` reads it as a
    /// Double (it once read it as an integer first and refused the inexact conversion).
    @Test func losslessDoubleReadsALargeWholeNumberFromJSON() {
        let product = ShopProduct(id: 1, inStock: true, price: -1.4842840071999365e+18, name: "big")
        #expect(RoundTrip.check(product, through: .json).verdict(expecting: []) == .exact)
    }

    @Test func aPlistDropsALenientArrayElementHoldingDollarNullByName() {
        let page = Page<SearchResult>(
            count: 2, offset: 0, limit: 10,
            results: [.song(Song(id: 1, title: "Naima", artist: "$null")), .user(User(id: 2, username: "ada"))])
        let reports = expectRoundTrip(page, through: TestFormats.every, expecting: SharedModelPropertyTests.expected)
        #expect(reports.map { $0.verdict(expecting: SharedModelPropertyTests.expected) } == [
            .exact, .expectedLoss([.lenientArrayDropsDollarNullElements]), .expectedLoss([.lenientArrayDropsDollarNullElements]), .exact,
        ])
        // Dropping any other element is not this loss.
        let wrong = RoundTripReport(
            format: .xmlPlist, outcome: .changed(path: "$.results[0]", before: "", after: ""),
            differences: [RoundTripDifference(path: ValuePath([.key("results"), .index(0)]), before: .null, after: nil)],
            before: .keyed(["results": .array([.string("kept"), .string("x")])]), after: .keyed(["results": .array([.string("x")])]))
        #expect(!wrong.verdict(expecting: [.lenientArrayDropsDollarNullElements]).isAcceptable)
    }
}

// MARK: - Models added with persistence

extension SharedModelGen {
    static let shopProduct = Generator<ShopProduct, Shrink.None<ShopProduct>> { rng in
        ShopProduct(
            id: int.run(using: &rng), inStock: Bool.random(using: &rng), price: RoundTripGen.double.run(using: &rng),
            name: text.run(using: &rng), tags: RoundTripGen.array(text, count: 0...3).run(using: &rng),
            isFeatured: Bool.random(using: &rng),
            availability: ProductAvailability.allCases.randomElement(using: &rng) ?? .unknown,
            pricesByCurrency: RoundTripGen.dictionary(RoundTripGen.double, keys: name, count: 0...3).run(using: &rng),
            variants: RoundTripGen.array(text.map(ProductVariant.init(sku:)), count: 0...3).run(using: &rng))
    }

    static let inboxMessage = Generator<any InboxMessage, Shrink.None<any InboxMessage>> { rng in
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: InboxText(sender: text.run(using: &rng), body: text.run(using: &rng))
        case 1: InboxImage(sender: text.run(using: &rng), url: text.run(using: &rng), width: int.run(using: &rng), height: int.run(using: &rng))
        default: InboxInvite(sender: text.run(using: &rng), event: text.run(using: &rng), startsAt: RoundTripGen.date.run(using: &rng))
        }
    }

    static let inbox = Generator<Inbox, Shrink.None<Inbox>> { rng in
        Inbox(owner: text.run(using: &rng), pinned: inboxMessage.run(using: &rng),
              messages: RoundTripGen.array(inboxMessage, count: 0...3).run(using: &rng))
    }
}

extension SharedModelPropertyTests {
    @Test func shopProducts() async { await check(SharedModelGen.shopProduct) }
    @Test func inboxes() async { await check(SharedModelGen.inbox) }
}
