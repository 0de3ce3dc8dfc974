import SerializeCore
import Foundation
import SerializeCoding
import Testing
@testable import SerializeCSV

/// decode(encode(v)) == v for every shape.
@Suite struct CSVCoderRoundTripTests {
    static let places: [Landmark] = [
        Landmark(
            name: "Zürich, \"ZH\"", coordinate: .init(latitude: 47.3769, longitude: 8.5417), tags: ["lake", "banks"],
            population: 421_878, note: "", founded: Date(timeIntervalSince1970: -1_000_000_000.25),
            flag: Data([0, 1, 2, 255]), ratio: .nan, capital: false, code: .left(8001),
            website: URL(string: "https://zuerich.ch/a?b=c,d")),
        Landmark(
            name: "Multi\nline", coordinate: .init(latitude: -33.8688, longitude: 151.2093), tags: [],
            population: nil, note: nil, founded: Date(timeIntervalSinceReferenceDate: 750_000_000.123456),
            flag: Data(), ratio: -.infinity, capital: true, code: .right("NSW"), website: nil),
        Landmark(
            name: "", coordinate: .init(latitude: 0, longitude: -0.5), tags: ["a", "", "c,d", "e"],
            population: 0, note: "null", founded: Date(timeIntervalSince1970: 0),
            flag: Data("hello".utf8), ratio: 1e-300, capital: false, code: .left(-1), website: nil),
    ]

    static func coders(_ configure: @escaping (inout CSVEncoder.Configuration, inout CSVDecoder.Configuration) -> Void)
        -> (CSVEncoder, CSVDecoder)
    {
        var encoding = CSVEncoder.Configuration()
        var decoding = CSVDecoder.Configuration()
        encoding.nonConformingFloatStrategy = .named
        decoding.nonConformingFloatStrategy = .named
        configure(&encoding, &decoding)
        return (CSVEncoder(configuration: encoding), CSVDecoder(configuration: decoding))
    }

    func roundTrip<T: Codable & Equatable>(
        _ values: [T], _ coders: (CSVEncoder, CSVDecoder), sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let data = try coders.0.encode(values)
        let decoded = try coders.1.decode([T].self, from: data)
        #expect(decoded.count == values.count, sourceLocation: sourceLocation)
        for (a, b) in zip(decoded, values) {
            // NaN != NaN: compare the encoded forms of a value with NaN instead.
            if a != b {
                let again = try coders.0.encode([a])
                let original = try coders.0.encode([b])
                #expect(again == original, "\(a) != \(b)", sourceLocation: sourceLocation)
            }
        }
        return String(decoding: data, as: UTF8.self)
    }

    struct KeyedScores: Codable, Equatable {
        var name: String
        var scores: [String: Int]
    }

    @Test func aKeyStartingWithACombiningMarkIsStillItsOwnColumn() throws {
        // "." followed by U+0301 is one Character; the column path must still split there.
        let rows = [KeyedScores(name: "a", scores: ["\u{301}x": 1, "plain": 2])]
        let text = try roundTrip(rows, Self.coders { _, _ in })
        #expect(text.unicodeScalars.contains("\u{301}"))
        #expect(try CSVDecoder().decode([KeyedScores].self, from: text) == rows)
    }

    @Test func everyShapeSurvives() throws {
        let text = try roundTrip(Self.places, Self.coders { _, _ in })
        let header = try #require(text.split(separator: "\n").first)
        #expect(
            header
                == "name,coordinate.latitude,coordinate.longitude,tags[0],tags[1],population,note,founded,flag,ratio,capital,code.left,website,code.right,tags[2],tags[3]"
        )
        // The empty string is quoted, nil is not, and the string "null" is just text.
        let decoded = try CSVDecoder { $0.nonConformingFloatStrategy = .named }.decode([Landmark].self, from: text)
        #expect(decoded[0].note == "")
        #expect(decoded[1].note == nil)
        #expect(decoded[2].note == "null")
        #expect(decoded[2].tags == ["a", "", "c,d", "e"])
        #expect(decoded[1].tags == [])
        #expect(decoded[0].ratio.isNaN)
        #expect(decoded[1].founded == Self.places[1].founded)
    }

    @Test func everyShapeSurvivesWithEveryOtherStrategy() throws {
        _ = try roundTrip(
            Self.places,
            Self.coders { e, d in
                e.nilStrategy = .literal("NULL")
                d.nilStrategy = .literal("NULL")
                e.boolStrategy = .yesNo
                d.boolStrategy = .yesNo
                e.dateStrategy = .secondsSince1970
                d.dateStrategy = .secondsSince1970
                e.dataStrategy = .hex
                d.dataStrategy = .hex
                e.keyStrategy = .snakeCase
                d.keyStrategy = .snakeCase
                e.dialect = .init(delimiter: ";")
                d.dialect = .init(delimiter: ";")
                e.newline = .crlf
            })
    }

    @Test func streamingEncodingWithAFixedHeader() throws {
        let (encoder, decoder) = Self.coders { e, _ in e.bufferingStrategy = .sequential }
        // The first row has every column (arrays of the longest length), so streaming works.
        var first = Self.places[2]
        first.website = URL(string: "https://x.org")
        first.code = .left(1)
        let rows = [first]
        let data = try encoder.encode(rows)
        #expect(try decoder.decode([Landmark].self, from: data) == rows)
        // A later row with a column the first lacked is refused, naming the column.
        #expect {
            try encoder.encode([Self.places[2], Self.places[1]])
        } throws: { error in
            guard case let .invalidValue(_, context) = error as? EncodingError else { return false }
            return context.debugDescription.contains("code.right")
        }
    }

    @Test func classHierarchiesSurviveThroughSuperEncoder() throws {
        let dogs = [PetDog(name: "Rex", breed: "Collie", owner: "Ann"), PetDog(name: "Fido", breed: "Pug", owner: nil)]
        let text = try roundTrip(dogs, Self.coders { _, _ in })
        #expect(text.hasPrefix("breed,owner,base.name,base.legs\n"))
        let cats = [PetCat(name: "Tom", indoor: true)]
        #expect(try roundTrip(cats, Self.coders { _, _ in }) == "indoor,super.name,super.legs\ntrue,Tom,4\n")
    }

    @Test func decodeArrayWorksThroughSuperDecoder() throws {
        let text = "player,scores[0],scores[1],scores[2]\nAda,1,x,3\nBob,4,,\n"
        let decoder = CSVDecoder()
        let report = DecodingReport()
        decoder.userInfo[.decodingReport] = report
        let rows = try decoder.decode([Scores].self, from: text)
        #expect(rows == [Scores(player: "Ada", scores: [1, 3]), Scores(player: "Bob", scores: [4])])
        #expect(report.entries.map(\.path.description) == ["$[0].scores[1]"])
        _ = try roundTrip(rows, Self.coders { _, _ in })
    }

    @Test func snakeCaseKeysRoundTripUnlikeFoundation() throws {
        let text = try roundTrip([Keys(myURLValue: "u", userID: 7, plain: true)], Self.coders { e, d in
            e.keyStrategy = .snakeCase
            d.keyStrategy = .snakeCase
        })
        #expect(text == "my_url_value,user_id,plain\nu,7,true\n")
    }

    @Test func customKeysRoundTrip() throws {
        let text = try roundTrip([Keys(myURLValue: "u", userID: 7, plain: false)], Self.coders { e, d in
            e.keyStrategy = .custom { $0.uppercased() }
            d.keyStrategy = .custom { $0.uppercased() }
        })
        #expect(text == "MYURLVALUE,USERID,PLAIN\nu,7,false\n")
    }

    @Test func rowsAsArraysWithoutAHeader() throws {
        let rows = [["a", "b,c"], ["", "d"]]
        let (encoder, decoder) = Self.coders { e, d in
            e.dialect.hasHeader = false
            d.dialect.hasHeader = false
        }
        let data = try encoder.encode(rows)
        #expect(String(decoding: data, as: UTF8.self) == "a,\"b,c\"\n\"\",d\n")
        #expect(try decoder.decode([[String]].self, from: data) == rows)
    }

    struct Indexed: Codable, Equatable {
        var id: Int
        var name: String
        enum CodingKeys: Int, CodingKey { case id = 0, name = 1 }
    }

    @Test func headerlessRowsByIntegerKeys() throws {
        let decoder = CSVDecoder { $0.dialect.hasHeader = false }
        #expect(try decoder.decode([Indexed].self, from: "1,Ada\n2,Bob\n") == [.init(id: 1, name: "Ada"), .init(id: 2, name: "Bob")])
    }

    @Test func writesAndStreamsFiles() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("places.csv")
            let (encoder, decoder) = Self.coders { _, _ in }
            try encoder.encode(Self.places, toFileAt: url)
            var seen = 0
            for row in try decoder.rows(Landmark.self, fromFileAt: url) {
                let place = try row.get()
                #expect(place.name == Self.places[seen].name)
                seen += 1
            }
            #expect(seen == 3)
            decoder.configuration.bufferingStrategy = .keepAll
            #expect(try decoder.decode([Landmark].self, fromFileAt: url).count == 3)
        }
    }

    @Test func oneRowAtATime() throws {
        let writer = CSVWriter()
        let rows = CSVEncoder { $0.header = ["player", "scores[0]", "scores[1]"] }.rowWriter(to: writer)
        try rows.encode(Scores(player: "A", scores: [1]))
        try rows.encode(Scores(player: "B", scores: [2, 3]))
        try rows.finish()
        #expect(String(decoding: writer.data, as: UTF8.self) == "player,scores[0],scores[1]\nA,1,\nB,2,3\n")
    }
}

/// Present `nil`s against missing keys: the literal nil strategy keeps them apart.
@Suite struct CSVNilPresenceTests {
    struct Row: Codable, Equatable {
        var choice: Either<Int?, String>?
        var list: [Int?]
    }

    static let rows = [
        Row(choice: .left(nil), list: [1, nil]),
        Row(choice: nil, list: [nil, nil, nil]),
        Row(choice: .right("x"), list: []),
    ]

    @Test func aNullLiteralKeepsPresentNilsAndTrailingNils() throws {
        let encoder = CSVEncoder { $0.nilStrategy = .literal("null") }
        let decoder = CSVDecoder { $0.nilStrategy = .literal("null") }
        let text = try encoder.encodeToString(Self.rows)
        #expect(text == "choice.left,list[0],list[1],list[2],choice.right\nnull,1,null,,\n,null,null,null,\n,,,,x\n")
        #expect(try decoder.decode([Row].self, from: text) == Self.rows)
    }

    @Test func theEmptyStrategyCannotTellThemApart() throws {
        let rows = [Row(choice: .left(nil), list: [1]), Row(choice: .right("x"), list: [])]
        let text = try CSVEncoder().encodeToString(rows)
        let decoded = try CSVDecoder().decode([Row].self, from: text)
        // Documented loss: `.left(nil)` reads as `nil`.
        #expect(decoded[0].choice == nil)
        #expect(decoded[0].list == [1])
        #expect(decoded[1] == rows[1])
        // Trailing `nil`s of an array would drop: refused instead.
        #expect(throws: EncodingError.self) { try CSVEncoder().encodeToString(Self.rows) }
    }
}

/// Random values with awkward strings survive encode and decode.
@Suite struct CSVCoderRandomTests {
    struct Item: Codable, Equatable {
        var text: String
        var maybe: String?
        var words: [String]
        var number: Double
        var nested: Inner?

        struct Inner: Codable, Equatable {
            var flag: Bool
            var label: String
        }
    }

    static func text(_ generator: inout some RandomNumberGenerator) -> String {
        let pieces = ["", "a", " ", ",", "\"", "\n", "\r\n", "null", "é", ".", "0"]
        return (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
            .joined()
    }

    @Test func randomItemsSurvive() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let items = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                Item(
                    text: Self.text(&generator), maybe: Bool.random(using: &generator) ? Self.text(&generator) : nil,
                    words: (0..<Int.random(in: 0...3, using: &generator)).map { _ in Self.text(&generator) },
                    number: Double.random(in: -1e6...1e6, using: &generator),
                    nested: Bool.random(using: &generator)
                        ? Item.Inner(flag: Bool.random(using: &generator), label: Self.text(&generator)) : nil)
            }
            let data = try CSVEncoder().encode(items)
            let decoded = try CSVDecoder().decode([Item].self, from: data)
            #expect(decoded == items, "\(String(decoding: data, as: UTF8.self).debugDescription)")
        }
    }
}
