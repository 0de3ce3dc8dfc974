/// `SerializeTesting`: the round-trip harness with its Swift Testing integration.
///
/// The harness itself (``RoundTrip``, ``RoundTripFormat``, ``KnownLoss``, ``EncodedValue``,
/// ``DocumentRoundTrip``, ``FidelityMatrix``) lives in `SerializeRoundTrip`, which has no
/// dependency on Swift Testing so the `serialize` command-line tool can use it without loading
/// the test framework. This module re-exports it, so `import SerializeTesting` gives a test
/// target the whole harness, plus what needs Swift Testing: ``expectRoundTrip(_:through:expecting:storedProperties:sourceLocation:)``,
/// ``expectCanonical(_:through:sourceLocation:)`` and the swift-property-based generators
/// (``RoundTripGen``).

@_exported public import SerializeRoundTrip
