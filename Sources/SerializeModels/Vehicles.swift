/// A class hierarchy coded through one shared keyed container.

// Sendable: `Vehicle` and `Car` cannot be `final` (they have subclasses), so the compiler
// cannot check their Sendable conformance; every stored property in the hierarchy is an
// immutable `let` of a Sendable type, which is what `@unchecked Sendable` asserts here.

/// A vehicle: the base of a hierarchy whose levels all write into the same keyed container.
///
/// ```json
/// {"make": "Porsche", "wheels": 4, "doors": 2, "top_speed": 293.5}
/// ```
///
/// Each level reads and writes its own keys in the encoder's one keyed container and then
/// calls `super`. A subclass that did not override `encode(to:)` would lose its fields
/// (Foundation then runs only the base class's implementation); every class here overrides
/// both `init(from:)` and `encode(to:)`, so ``Car/doors`` and ``SportsCar/topSpeed`` survive.
///
/// Equality compares the dynamic types first, so a ``Car`` never equals a ``SportsCar`` with
/// the same doors.
public class Vehicle: Codable, Equatable, @unchecked Sendable, CustomStringConvertible {
    /// The manufacturer.
    public let make: String
    /// The number of wheels.
    public let wheels: Int

    /// Creates a ``Vehicle`` from its fields.
    public init(make: String, wheels: Int) {
        self.make = make
        self.wheels = wheels
    }

    private enum CodingKeys: String, CodingKey {
        case make, wheels
    }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        make = try container.decode(String.self, forKey: .make)
        wheels = try container.decode(Int.self, forKey: .wheels)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(make, forKey: .make)
        try container.encode(wheels, forKey: .wheels)
    }

    /// Compares the fields this level and its superclasses declare; subclasses extend it.
    public func isEqual(to other: Vehicle) -> Bool {
        make == other.make && wheels == other.wheels
    }

    public static func == (lhs: Vehicle, rhs: Vehicle) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.isEqual(to: rhs)
    }

    public var description: String { "\(type(of: self))(make: \(make), wheels: \(wheels))" }
}

/// A car: a ``Vehicle`` with doors, in the same container as its superclass's fields.
public class Car: Vehicle, @unchecked Sendable {
    /// The number of doors.
    public let doors: Int

    /// Creates a ``Car`` from its fields.
    public init(make: String, wheels: Int = 4, doors: Int) {
        self.doors = doors
        super.init(make: make, wheels: wheels)
    }

    private enum CodingKeys: String, CodingKey {
        case doors
    }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        doors = try container.decode(Int.self, forKey: .doors)
        try super.init(from: decoder)
    }

    public override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(doors, forKey: .doors)
    }

    public override func isEqual(to other: Vehicle) -> Bool {
        guard let other = other as? Car else { return false }
        return doors == other.doors && super.isEqual(to: other)
    }

    public override var description: String { "\(super.description.dropLast()), doors: \(doors))" }
}

/// A sports car: a ``Car`` with a top speed, the leaf of the hierarchy.
public final class SportsCar: Car, @unchecked Sendable {
    /// The top speed in km/h.
    public let topSpeed: Double

    /// Creates a ``SportsCar`` from its fields.
    public init(make: String, doors: Int = 2, topSpeed: Double) {
        self.topSpeed = topSpeed
        super.init(make: make, wheels: 4, doors: doors)
    }

    private enum CodingKeys: String, CodingKey {
        case topSpeed = "top_speed"
    }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        topSpeed = try container.decode(Double.self, forKey: .topSpeed)
        try super.init(from: decoder)
    }

    public override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(topSpeed, forKey: .topSpeed)
    }

    public override func isEqual(to other: Vehicle) -> Bool {
        guard let other = other as? SportsCar else { return false }
        return topSpeed == other.topSpeed && super.isEqual(to: other)
    }

    public override var description: String { "\(super.description.dropLast()), topSpeed: \(topSpeed))" }
}

/// A fleet holding each level of the hierarchy in its own typed list.
public struct Fleet: Codable, Equatable, Sendable {
    /// Plain vehicles (bikes, trailers).
    public var vehicles: [Vehicle]
    /// Cars.
    public var cars: [Car]
    /// Sports cars.
    public var sportsCars: [SportsCar]

    /// Creates a ``Fleet`` from its fields.
    public init(vehicles: [Vehicle], cars: [Car], sportsCars: [SportsCar]) {
        self.vehicles = vehicles
        self.cars = cars
        self.sportsCars = sportsCars
    }

    enum CodingKeys: String, CodingKey {
        case vehicles, cars
        case sportsCars = "sports_cars"
    }
}
