/// A class hierarchy coded through `superEncoder(forKey:)`: each level nests its superclass.

// Sendable: see Vehicles.swift; every stored property is an immutable Sendable `let`.

/// An animal: the base of a hierarchy where each subclass nests its superclass's fields.
///
/// ```json
/// {"task": "guide", "dog": {"breed": "labrador", "animal": {"name": "Rex", "legs": 4}}}
/// ```
///
/// A subclass writes its own keys and hands `superEncoder(forKey:)` to `super.encode(to:)`, so
/// the superclass's fields live in a nested container of their own and can never clash with a
/// subclass key of the same name. Decoding mirrors it with `superDecoder(forKey:)`.
public class Animal: Codable, Equatable, @unchecked Sendable, CustomStringConvertible {
    /// The animal's name.
    public let name: String
    /// The number of legs.
    public let legs: Int

    /// Creates an ``Animal`` from its fields.
    public init(name: String, legs: Int) {
        self.name = name
        self.legs = legs
    }

    private enum CodingKeys: String, CodingKey {
        case name, legs
    }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        legs = try container.decode(Int.self, forKey: .legs)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(legs, forKey: .legs)
    }

    /// Compares the fields this level and its superclasses declare; subclasses extend it.
    public func isEqual(to other: Animal) -> Bool {
        name == other.name && legs == other.legs
    }

    public static func == (lhs: Animal, rhs: Animal) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.isEqual(to: rhs)
    }

    public var description: String { "\(type(of: self))(name: \(name), legs: \(legs))" }
}

/// A dog: an ``Animal`` with a breed; the animal's fields sit under `animal`.
public class Dog: Animal, @unchecked Sendable {
    /// The breed.
    public let breed: String

    /// Creates a ``Dog`` from its fields.
    public init(name: String, legs: Int = 4, breed: String) {
        self.breed = breed
        super.init(name: name, legs: legs)
    }

    private enum CodingKeys: String, CodingKey {
        case breed, animal
    }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: container.superDecoder(forKey: .animal))
    }

    public override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: container.superEncoder(forKey: .animal))
    }

    public override func isEqual(to other: Animal) -> Bool {
        guard let other = other as? Dog else { return false }
        return breed == other.breed && super.isEqual(to: other)
    }

    public override var description: String { "\(super.description.dropLast()), breed: \(breed))" }
}

/// A service dog: a ``Dog`` with a task; the dog's fields sit under `dog`.
public final class ServiceDog: Dog, @unchecked Sendable {
    /// What the dog is trained to do.
    public let task: String

    /// Creates a ``ServiceDog`` from its fields.
    public init(name: String, breed: String, task: String) {
        self.task = task
        super.init(name: name, legs: 4, breed: breed)
    }

    private enum CodingKeys: String, CodingKey {
        case task, dog
    }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        task = try container.decode(String.self, forKey: .task)
        try super.init(from: container.superDecoder(forKey: .dog))
    }

    public override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(task, forKey: .task)
        try super.encode(to: container.superEncoder(forKey: .dog))
    }

    public override func isEqual(to other: Animal) -> Bool {
        guard let other = other as? ServiceDog else { return false }
        return task == other.task && super.isEqual(to: other)
    }

    public override var description: String { "\(super.description.dropLast()), task: \(task))" }
}

/// A shelter holding each level of the hierarchy in its own typed list.
public struct Shelter: Codable, Equatable, Sendable {
    /// Animals of no particular kind.
    public var animals: [Animal]
    /// Dogs.
    public var dogs: [Dog]
    /// Service dogs.
    public var serviceDogs: [ServiceDog]

    /// Creates a ``Shelter`` from its fields.
    public init(animals: [Animal], dogs: [Dog], serviceDogs: [ServiceDog]) {
        self.animals = animals
        self.dogs = dogs
        self.serviceDogs = serviceDogs
    }

    enum CodingKeys: String, CodingKey {
        case animals, dogs
        case serviceDogs = "service_dogs"
    }
}
