/// Codable building blocks for the payloads real APIs send.
///
/// `SerializeCoding` holds the reusable pieces the shared models and users' own types are built
/// from: `Either`, enums with a fallback case, string-literal coding keys, invalid-element
/// strategies with a report of what was dropped, defaults for missing keys, lossless
/// conversions and polymorphic decoding by a discriminator. Everything here works the same
/// through every format serialize supports and encodes symmetrically.
public enum SerializeCoding {}
