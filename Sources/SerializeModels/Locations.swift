/// Flattening: nested payloads read into a flat model and written back nested.

/// A place as a review API sends it, flattened.
///
/// The wire form nests the address, the coordinates and the review metadata:
///
/// ```json
/// {"name": "Blue Door", "location": {"country": "PT", "city": "Lisbon",
///  "coordinates": {"lat": 38.71, "lng": -9.14}},
///  "meta": {"gross_score": 4.5, "scores": [5, 4, 5]}}
/// ```
///
/// The model keeps one flat level (``country``, ``grossScore``, …) and encoding writes the
/// nested shape back, so decode(encode(place)) == place and a document keeps its structure.
public struct Place: Codable, Equatable, Hashable, Sendable {
    /// The place's name.
    public var name: String
    /// ISO 3166 country code (`location.country`).
    public var country: String
    /// City (`location.city`).
    public var city: String
    /// Latitude in degrees (`location.coordinates.lat`).
    public var latitude: Double
    /// Longitude in degrees (`location.coordinates.lng`).
    public var longitude: Double
    /// The overall score (`meta.gross_score`).
    public var grossScore: Double
    /// The individual review scores (`meta.scores`).
    public var scores: [Int]

    /// Creates a ``Place`` from its fields.
    public init(
        name: String, country: String, city: String, latitude: Double, longitude: Double,
        grossScore: Double, scores: [Int]
    ) {
        self.name = name
        self.country = country
        self.city = city
        self.latitude = latitude
        self.longitude = longitude
        self.grossScore = grossScore
        self.scores = scores
    }

    // MARK: - Coding

    enum CodingKeys: String, CodingKey {
        case name, location, meta
    }

    enum LocationKeys: String, CodingKey {
        case country, city, coordinates
    }

    enum CoordinateKeys: String, CodingKey {
        case latitude = "lat"
        case longitude = "lng"
    }

    enum MetaKeys: String, CodingKey {
        case grossScore = "gross_score"
        case scores
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
        country = try location.decode(String.self, forKey: .country)
        city = try location.decode(String.self, forKey: .city)
        let coordinates = try location.nestedContainer(keyedBy: CoordinateKeys.self, forKey: .coordinates)
        latitude = try coordinates.decode(Double.self, forKey: .latitude)
        longitude = try coordinates.decode(Double.self, forKey: .longitude)
        let meta = try container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
        grossScore = try meta.decode(Double.self, forKey: .grossScore)
        scores = try meta.decode([Int].self, forKey: .scores)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        var location = container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
        try location.encode(country, forKey: .country)
        try location.encode(city, forKey: .city)
        var coordinates = location.nestedContainer(keyedBy: CoordinateKeys.self, forKey: .coordinates)
        try coordinates.encode(latitude, forKey: .latitude)
        try coordinates.encode(longitude, forKey: .longitude)
        var meta = container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
        try meta.encode(grossScore, forKey: .grossScore)
        try meta.encode(scores, forKey: .scores)
    }
}
