/// The shared Codable models: the shapes real APIs force on Swift developers.
///
/// `SerializeModels` holds one file per domain: key mapping (`People.swift`), flattening
/// (`Locations.swift`), enums with and without a fallback (`Statuses.swift`), `Either`
/// (`Settings.swift`), class hierarchies through one shared container (`Vehicles.swift`) and
/// through `superEncoder(forKey:)` (`Animals.swift`), payloads chosen by a `type` discriminator
/// (`Comments.swift`) and the generic `Page` that skips bad elements (`Page.swift`), a
/// template-driven feed (`Feed.swift`), dynamic keys (`Students.swift`), dates, Base64 data,
/// URLs and non-finite numbers (`Measurements.swift`), API versions through `userInfo`
/// (`Versioned.swift`) and validation (`Restaurant.swift`). The coders, the converter, the
/// benchmarks and the round-trip tests all exercise them, so each is `Codable`, `Equatable`
/// and `Sendable`, and each survives JSON, XML and binary property lists.
public enum SerializeModels {}
