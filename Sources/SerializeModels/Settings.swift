/// `Either`: a value that is one of two types, kept apart on the wire.

public import SerializeCoding

/// A configuration setting whose value may be one of two types.
///
/// ```json
/// {"name": "retry.delay", "value": {"right": 1.0}, "override": {"left": null}}
/// ```
///
/// ``value`` is `Either<Int, Double>`: `.right(1.0)` is written under `right` and decodes back
/// as `.right(1.0)`, never as `.left(1)` although the number is whole. ``override`` is
/// `Either<Int?, String>`: `.left(nil)` ("explicitly no override") is written as
/// `{"left": null}` in JSON and as `{"left": "$null"}` in property lists, and survives both.
public struct Setting: Codable, Equatable, Hashable, Sendable {
    /// The setting's dotted name.
    public var name: String
    /// A whole-number or fractional value.
    public var value: Either<Int, Double>
    /// An override: a number (possibly explicitly none) or a symbolic name.
    public var override: Either<Int?, String>?

    /// Creates a ``Setting`` from its fields.
    public init(name: String, value: Either<Int, Double>, override: Either<Int?, String>? = nil) {
        self.name = name
        self.value = value
        self.override = override
    }
}

/// A group of settings, the fixture's top level.
public struct SettingsFile: Codable, Equatable, Hashable, Sendable {
    /// The settings, in file order.
    public var settings: [Setting]

    /// Creates a ``SettingsFile`` from its fields.
    public init(settings: [Setting]) {
        self.settings = settings
    }
}
