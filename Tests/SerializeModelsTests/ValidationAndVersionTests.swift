import SerializeCore
import Foundation
import Testing
import SerializeCoding
import SerializeModels

@Suite("Releases: the API version in userInfo chooses the date format")
struct VersionedTests {
    @Test func v1IsUnixSecondsAndV2IsISO8601() throws {
        let v1 = try fixture("releases_v1.json", as: ReleaseList.self, options: .init(apiVersion: .v1))
        let v2 = try fixture("releases_v2.json", as: ReleaseList.self, options: .init(apiVersion: .v2))
        #expect(v1.releases[0].publishedAt == Date(timeIntervalSince1970: 1_714_566_645))
        #expect(v1.releases[2].publishedAt == Date(timeIntervalSince1970: -86_400))
        #expect(v2.releases[0].publishedAt == Date(timeIntervalSince1970: 1_714_566_645.5))
        #expect(v2.releases[2].publishedAt == Date(timeIntervalSince1970: 1_711_922_400.000001))
        let release = Release(name: "1", publishedAt: Date(timeIntervalSince1970: 60))
        #expect(try jsonText(release, options: .init(apiVersion: .v1)) == #"{"name":"1","published_at":60}"#)
        #expect(try jsonText(release, options: .init(apiVersion: .v2)) == #"{"name":"1","published_at":"1970-01-01T00:01:00Z"}"#)
        #expect(try jsonText(release) == #"{"name":"1","published_at":"1970-01-01T00:01:00Z"}"#)
    }

    @Test func theWrongVersionFails() throws {
        let error = try #require(throws: DecodingError.self) {
            try fixture("releases_v2.json", as: ReleaseList.self, options: .init(apiVersion: .v1))
        }
        #expect(decodingErrorPath(error) == "$.releases[0].published_at")
    }

    @Test(arguments: Coder.allCases)
    func v1RefusesAFractionalSecondInsteadOfDroppingIt(coder: Coder) throws {
        let list = ReleaseList(releases: [Release(name: "x", publishedAt: Date(timeIntervalSince1970: 1.5))])
        let error = try #require(throws: EncodingError.self) { try coder.encode(list, options: .init(apiVersion: .v1)) }
        // PropertyListEncoder wraps the error at the root; the model's error is underneath.
        let context = try #require(innermostEncodingContext(error))
        #expect(ValuePath(codingPath: context.codingPath).jsonPathDescription == "$.releases[0].published_at")
        #expect(context.debugDescription.contains("API v1 dates hold whole seconds"))
    }

    @Test func aVersionOfTheWrongTypeIsAnError() throws {
        let decoder = JSONDecoder()
        decoder.userInfo[.apiVersion] = 1
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(Release.self, from: Data(#"{"name":"x","published_at":1}"#.utf8))
        }
        #expect(String(describing: error).contains("expected APIVersion"))
    }
}

@Suite("Restaurants: validation names the bad field")
struct RestaurantTests {
    @Test func fixtureValues() throws {
        let guide = try fixture("restaurants.json", as: RestaurantGuide.self)
        #expect(guide.restaurants[0].meals == [.lunch, .dinner])
        #expect(guide.restaurants[1].latitude == -90 && guide.restaurants[1].longitude == 180)
        #expect(guide.restaurants[2].meals == Set(Meal.allCases))
    }

    @Test func mealsAreWrittenInTheOrderOfTheDay() throws {
        let restaurant = try Restaurant(name: "N", latitude: 0, longitude: 0, meals: Set(Meal.allCases))
        #expect(try jsonText(restaurant).contains(#""meals":["breakfast","brunch","lunch","dinner"]"#))
    }

    static let invalid: [(name: String, latitude: Double, longitude: Double, meals: Set<Meal>, field: String)] = [
        (" ", 0, 0, [.lunch], "name"),
        ("N", 90.0001, 0, [.lunch], "latitude"),
        ("N", .nan, 0, [.lunch], "latitude"),
        ("N", 0, -180.5, [.lunch], "longitude"),
        ("N", 0, .infinity, [.lunch], "longitude"),
        ("N", 0, 0, [], "meals"),
    ]

    @Test(arguments: 0..<invalid.count)
    func theInitializerRefusesInvalidValues(index: Int) {
        let row = Self.invalid[index]
        #expect(throws: RestaurantValidationError.self) {
            try Restaurant(name: row.name, latitude: row.latitude, longitude: row.longitude, meals: row.meals)
        }
        do {
            _ = try Restaurant(name: row.name, latitude: row.latitude, longitude: row.longitude, meals: row.meals)
        } catch let error as RestaurantValidationError {
            #expect(error.field == row.field)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func emptyMealsFailDecodingAtMeals() throws {
        let error = try #require(throws: DecodingError.self) {
            try Coder.json.decode(Restaurant.self, from: Data(#"{"name":"N","latitude":0,"longitude":0,"meals":[]}"#.utf8))
        }
        #expect(decodingErrorPath(error) == "$.meals")
        #expect(String(describing: error).contains("at least one meal"))
    }
}
