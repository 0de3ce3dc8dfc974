import Foundation
import SerializeCoding

/// A record with every shape the coders must carry: nested, arrays, optionals, Either, dates,
/// data, non-finite floats.
struct Landmark: Codable, Equatable {
    struct Coordinate: Codable, Equatable {
        var latitude: Double
        var longitude: Double
    }

    var name: String
    var coordinate: Coordinate
    var tags: [String]
    var population: Int?
    var note: String?
    var founded: Date
    var flag: Data
    var ratio: Double
    var capital: Bool
    var code: Either<Int, String>
    var website: URL?
}

/// A class hierarchy whose subclass encodes its superclass through `superEncoder()`.
class Pet: Codable, Equatable {
    var name: String
    var legs: Int

    init(name: String, legs: Int) {
        self.name = name
        self.legs = legs
    }

    static func == (lhs: Pet, rhs: Pet) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.isEqual(to: rhs)
    }

    func isEqual(to other: Pet) -> Bool { name == other.name && legs == other.legs }
}

final class PetDog: Pet {
    var breed: String
    var owner: String?

    init(name: String, breed: String, owner: String?) {
        self.breed = breed
        self.owner = owner
        super.init(name: name, legs: 4)
    }

    private enum CodingKeys: String, CodingKey {
        case breed, owner, base
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        owner = try container.decodeIfPresent(String.self, forKey: .owner)
        try super.init(from: container.superDecoder(forKey: .base))
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try container.encodeIfPresent(owner, forKey: .owner)
        try super.encode(to: container.superEncoder(forKey: .base))
    }

    override func isEqual(to other: Pet) -> Bool {
        guard let other = other as? PetDog else { return false }
        return super.isEqual(to: other) && breed == other.breed && owner == other.owner
    }
}

/// A subclass that uses the unnamed `superEncoder()` (column prefix `super`).
final class PetCat: Pet {
    var indoor: Bool

    init(name: String, indoor: Bool) {
        self.indoor = indoor
        super.init(name: name, legs: 4)
    }

    private enum CodingKeys: String, CodingKey { case indoor }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        indoor = try container.decode(Bool.self, forKey: .indoor)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(indoor, forKey: .indoor)
        try super.encode(to: container.superEncoder())
    }

    override func isEqual(to other: Pet) -> Bool {
        guard let other = other as? PetCat else { return false }
        return super.isEqual(to: other) && indoor == other.indoor
    }
}

/// A record whose list is read through SerializeCoding's `decodeArray` (which relies on
/// `superDecoder(forKey:)`), dropping scores that do not decode.
struct Scores: Codable, Equatable {
    var player: String
    var scores: [Int]

    private enum CodingKeys: String, CodingKey { case player, scores }

    init(player: String, scores: [Int]) {
        self.player = player
        self.scores = scores
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        player = try container.decode(String.self, forKey: .player)
        scores = try container.decodeArray(Int.self, forKey: .scores, invalidElements: .remove)
    }
}

/// Keys that snake_case mangles in Foundation (`myURLValue`).
struct Keys: Codable, Equatable {
    var myURLValue: String
    var userID: Int
    var plain: Bool
}
