import Foundation
import Testing
import SerializeCoding
import SerializeModels

@Suite("People: keys mapped through CodingKeys and through key strategies")
struct PeopleTests {
    @Test func codingKeysMapSnakeCaseAndRenameLoanAmount() throws {
        let people = try fixture("people.json", as: [Person].self)
        #expect(people.map(\.firstName) == ["Ada", "Grace", "Edsger", "Barbara"])
        #expect(people[0].amount == 2500.5)
        #expect(people[0].profileURL == URL(string: "https://lending.example.com/people/ada"))
        #expect(people[2].profileURL == nil)
        let json = try jsonText(people[0])
        #expect(json.contains(#""first_name":"Ada""#) && json.contains(#""loan_amount":2500.5"#))
        #expect(!json.contains(#""amount""#))
        #expect(!json.contains("firstName"))
    }

    @Test func nicknamesKeepDollarNullAndReadEscapesOnce() throws {
        let people = try fixture("people.json", as: [Person].self)
        // "$null" is read as is; null is absent; "$$null" is our escape for "$null".
        #expect(people.map(\.nickname) == ["Countess", "$null", nil, "$null"])
    }

    @Test func keyStrategiesMapTheTwin() throws {
        let options = Coder.Options(snakeCaseKeys: true)
        let people = try fixture("people_snake_case.json", as: [SnakeCasePerson].self, options: options)
        #expect(people[0] == SnakeCasePerson(
            firstName: "Ada", lastName: "Lovelace", loanAmount: 2500.5,
            profileURL: "https://lending.example.com/people/ada"))
        #expect(people[1].profileURL == nil)
        // Without the strategy the snake_case keys are not found.
        #expect(throws: DecodingError.self) { try fixture("people_snake_case.json", as: [SnakeCasePerson].self) }
    }
}

@Suite("Places: nested payloads flattened and written back nested")
struct PlaceTests {
    @Test func readsNestedFieldsIntoTheFlatModel() throws {
        let places = try fixture("places.json", as: [Place].self)
        #expect(places[0] == Place(
            name: "Blue Door", country: "PT", city: "Lisbon", latitude: 38.7139, longitude: -9.1394,
            grossScore: 4.5, scores: [5, 4, 5, 4]))
        #expect(places[1].scores.isEmpty)
    }

    @Test(arguments: Coder.allCases)
    func writesTheNestedShapeBack(coder: Coder) throws {
        let data = try coder.encode(Samples.places[0])
        let object = coder.isPlist
            ? try PropertyListSerialization.propertyList(from: data, format: nil)
            : try JSONSerialization.jsonObject(with: data)
        let root = try #require(object as? [String: Any])
        let location = try #require(root["location"] as? [String: Any])
        let coordinates = try #require(location["coordinates"] as? [String: Any])
        let meta = try #require(root["meta"] as? [String: Any])
        #expect(location["country"] as? String == "PT")
        #expect(coordinates["lat"] as? Double == 38.7139)
        #expect(coordinates["lng"] as? Double == -9.1394)
        #expect(meta["gross_score"] as? Double == 4.5)
        #expect(meta["scores"] as? [Int] == [5, 4, 5])
        #expect(Set(root.keys) == ["name", "location", "meta"])
    }
}
