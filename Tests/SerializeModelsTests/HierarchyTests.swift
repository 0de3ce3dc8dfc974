import Foundation
import Testing
import SerializeCoding
import SerializeModels

@Suite("Class hierarchies: subclass fields survive, shared container and superEncoder")
struct HierarchyTests {
    @Test(arguments: Coder.allCases)
    func everyLevelSurvivesThroughTheSharedContainer(coder: Coder) throws {
        let fleet = try fixture("fleet.json", as: Fleet.self)
        let sports = try #require(fleet.sportsCars.first)
        #expect(sports.make == "Porsche" && sports.wheels == 4 && sports.doors == 2 && sports.topSpeed == 293.5)
        let again = try expectRoundTrip(fleet, through: coder)
        #expect(again.sportsCars.first?.topSpeed == 293.5)
        #expect(again.cars.first?.doors == 5)
        #expect(again.vehicles.map(\.wheels) == [2, 3])
    }

    @Test(arguments: Coder.allCases)
    func everyLevelSurvivesThroughSuperEncoder(coder: Coder) throws {
        let shelter = try fixture("shelter.json", as: Shelter.self)
        let dog = try #require(shelter.serviceDogs.first)
        #expect(dog.task == "guide" && dog.breed == "labrador" && dog.name == "Rex" && dog.legs == 4)
        let again = try expectRoundTrip(shelter, through: coder)
        #expect(again.serviceDogs.first?.name == "Rex")
    }

    @Test func sharedContainerIsFlatAndSuperEncoderNests() throws {
        #expect(try jsonText(Car(make: "Volvo", doors: 5)) == #"{"doors":5,"make":"Volvo","wheels":4}"#)
        #expect(try jsonText(ServiceDog(name: "Rex", breed: "lab", task: "guide"))
            == #"{"dog":{"animal":{"legs":4,"name":"Rex"},"breed":"lab"},"task":"guide"}"#)
    }

    @Test func equalityComparesTheDynamicTypeAndEveryLevel() {
        #expect(Car(make: "A", doors: 2) as Vehicle != SportsCar(make: "A", doors: 2, topSpeed: 1) as Vehicle)
        #expect(Vehicle(make: "A", wheels: 4) != Car(make: "A", wheels: 4, doors: 2) as Vehicle)
        #expect(SportsCar(make: "A", topSpeed: 1) != SportsCar(make: "A", topSpeed: 2))
        #expect(SportsCar(make: "A", topSpeed: 1) == SportsCar(make: "A", topSpeed: 1))
        #expect(Dog(name: "R", breed: "x") != Dog(name: "R", breed: "y"))
        #expect(ServiceDog(name: "R", breed: "x", task: "a") != ServiceDog(name: "S", breed: "x", task: "a"))
    }

    @Test func aSubclassFieldMissingFailsWithItsPath() throws {
        let data = Data(#"{"sports_cars":[{"make":"P","wheels":4,"doors":2}],"cars":[],"vehicles":[]}"#.utf8)
        let error = try #require(throws: DecodingError.self) { try Coder.json.decode(Fleet.self, from: data) }
        #expect(decodingErrorPath(error) == "$.sports_cars[0].top_speed")
    }
}
