/// A validated model: decoding checks ranges and uniqueness and names the bad field.

import SerializeCoding

/// A meal a restaurant serves, in the order of the day.
public enum Meal: String, Codable, CaseIterable, Comparable, Hashable, Sendable {
    case breakfast, brunch, lunch, dinner

    public static func < (lhs: Self, rhs: Self) -> Bool {
        let order = allCases
        return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }
}

/// Why a ``Restaurant`` could not be made.
public struct RestaurantValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field that failed: `name`, `latitude`, `longitude` or `meals`.
    public var field: String
    /// What is wrong with it.
    public var message: String

    /// Creates a ``RestaurantValidationError`` from its fields.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

/// A restaurant whose values are checked whenever one is made, by hand or by decoding.
///
/// ```json
/// {"name": "Blue Door", "latitude": 38.7139, "longitude": -9.1394,
///  "meals": ["lunch", "dinner"]}
/// ```
///
/// The rules: a non-empty name; latitude within -90...90 and longitude within -180...180
/// (finite); at least one meal, none twice. ``init(name:latitude:longitude:meals:)`` throws a
/// ``RestaurantValidationError``; decoding throws `DecodingError.dataCorrupted` whose coding
/// path ends at the bad field (`restaurants[2].latitude`) and whose description says what is
/// wrong, such as "latitude 123.4 is outside -90...90". ``meals`` is a `Set`, written in the
/// order of the day (breakfast, brunch, lunch, dinner) so the output does not depend on hashing.
public struct Restaurant: Codable, Equatable, Hashable, Sendable {
    /// The restaurant's name.
    public let name: String
    /// Latitude in degrees, -90...90.
    public let latitude: Double
    /// Longitude in degrees, -180...180.
    public let longitude: Double
    /// The meals served; never empty.
    public let meals: Set<Meal>

    /// Makes a restaurant, checking every field.
    ///
    /// - Throws: ``RestaurantValidationError`` naming the first field that breaks a rule.
    public init(name: String, latitude: Double, longitude: Double, meals: Set<Meal>) throws {
        if let error = Self.validate(name: name, latitude: latitude, longitude: longitude) { throw error }
        guard !meals.isEmpty else {
            throw RestaurantValidationError(field: "meals", message: "a restaurant serves at least one meal")
        }
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.meals = meals
    }

    /// The first rule `name`, `latitude` and `longitude` break, or `nil`.
    private static func validate(name: String, latitude: Double, longitude: Double) -> RestaurantValidationError? {
        if name.allSatisfy(\.isWhitespace) {
            return .init(field: "name", message: "name is empty")
        }
        if !(latitude.isFinite && (-90...90).contains(latitude)) {
            return .init(field: "latitude", message: "latitude \(latitude) is outside -90...90")
        }
        if !(longitude.isFinite && (-180...180).contains(longitude)) {
            return .init(field: "longitude", message: "longitude \(longitude) is outside -180...180")
        }
        return nil
    }

    // MARK: - Coding

    enum CodingKeys: String, CodingKey {
        case name, latitude, longitude, meals
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        if let error = Self.validate(name: name, latitude: latitude, longitude: longitude) {
            let key = CodingKeys(rawValue: error.field) ?? .name
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.message)
        }
        var list = try container.nestedUnkeyedContainer(forKey: .meals)
        var meals: Set<Meal> = []
        while !list.isAtEnd {
            let index = list.currentIndex
            let meal = try list.decode(Meal.self)
            guard meals.insert(meal).inserted else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: list.codingPath + [AnyCodingKey(intValue: index)],
                        debugDescription: "meal \"\(meal.rawValue)\" is listed twice"))
            }
        }
        guard !meals.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .meals, in: container, debugDescription: "a restaurant serves at least one meal")
        }
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.meals = meals
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(meals.sorted(), forKey: .meals)
    }
}

/// A restaurant guide, the fixture's top level.
public struct RestaurantGuide: Codable, Equatable, Hashable, Sendable {
    /// The restaurants, in guide order.
    public var restaurants: [Restaurant]

    /// Creates a ``RestaurantGuide`` from its fields.
    public init(restaurants: [Restaurant]) {
        self.restaurants = restaurants
    }
}
