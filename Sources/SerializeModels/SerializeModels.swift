/// The shared Codable models: the shapes real APIs force on Swift developers.
///
/// `SerializeModels` holds one file per domain (key mapping, flattening, enums with a fallback,
/// `Either`, class hierarchies, polymorphic payloads, dynamic keys, dates and data, API
/// versions, validation). The coders, the converter, the benchmarks and the round-trip tests
/// all exercise them, so each is `Codable`, `Equatable` and `Sendable`.
public enum SerializeModels {}
