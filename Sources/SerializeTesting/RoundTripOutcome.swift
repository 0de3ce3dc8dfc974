/// The round-trip harness: prove in one line of a test that a value survives every format.
///
/// `SerializeTesting` is a library product for users' own test targets. It encodes a value
/// through a list of formats, decodes it back and reports per format whether the value came
/// back exactly, changed (with the first differing path), or failed (with the error). It also
/// ships swift-property-based generators for the values that break serializers.

public import SerializeDocument

/// What happened to a value sent through one format and back.
public enum RoundTripOutcome: Sendable, Equatable {
    /// The value came back equal.
    case exact
    /// The value came back different: the first differing coding path, before and after.
    case changed(path: String, before: String, after: String)
    /// Encoding or decoding threw.
    case failed(String)
}
