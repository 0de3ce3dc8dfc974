/// The harness's own test types: the shapes the issue names, built to meet Foundation's corners.

import Foundation
import SerializeCoding

// MARK: - Either

/// `Either` in every shape the property tests send through the formats.
struct EitherBox: Codable, Sendable {
    var number: Either<Int, Double>
    var textOrList: Either<String, [Int]>
    var nested: Either<Either<Int, String>, Either<Bool, Double?>>
    var optionalSides: Either<Int?, String?>
    var optionalEither: Either<Int, String>?
}

// MARK: - Class hierarchies

/// The base of the two-level hierarchy.
class Shape: Codable, @unchecked Sendable {
    var id: Int
    var label: String

    init(id: Int, label: String) {
        self.id = id
        self.label = label
    }
}

/// Two levels, `superEncoder()` style: the base's fields live under the key `super`.
final class Circle: Shape, @unchecked Sendable {
    var radius: Double

    init(id: Int, label: String, radius: Double) {
        self.radius = radius
        super.init(id: id, label: label)
    }

    private enum CodingKeys: String, CodingKey { case radius }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        radius = try container.decode(Double.self, forKey: .radius)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(radius, forKey: .radius)
        try super.encode(to: container.superEncoder())
    }
}

/// Two levels, `superEncoder(forKey:)` style: the base's fields live under the key `shape`.
final class Label: Shape, @unchecked Sendable {
    var text: String?

    init(id: Int, label: String, text: String?) {
        self.text = text
        super.init(id: id, label: label)
    }

    private enum CodingKeys: String, CodingKey { case text, shape }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        try super.init(from: container.superDecoder(forKey: .shape))
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(text, forKey: .text)
        try super.encode(to: container.superEncoder(forKey: .shape))
    }
}

/// The middle of the three-level hierarchy, `superEncoder()` style.
class Polygon: Shape, @unchecked Sendable {
    var sides: Int

    init(id: Int, label: String, sides: Int) {
        self.sides = sides
        super.init(id: id, label: label)
    }

    private enum CodingKeys: String, CodingKey { case sides }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sides = try container.decode(Int.self, forKey: .sides)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sides, forKey: .sides)
        try super.encode(to: container.superEncoder())
    }
}

/// Three levels, the top in `superEncoder(forKey:)` style over a `superEncoder()` middle.
final class Square: Polygon, @unchecked Sendable {
    var side: Float
    var corners: [Double]

    init(id: Int, label: String, side: Float, corners: [Double]) {
        self.side = side
        self.corners = corners
        super.init(id: id, label: label, sides: 4)
    }

    private enum CodingKeys: String, CodingKey { case side, corners, polygon }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        side = try container.decode(Float.self, forKey: .side)
        corners = try container.decode([Double].self, forKey: .corners)
        try super.init(from: container.superDecoder(forKey: .polygon))
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(side, forKey: .side)
        try container.encode(corners, forKey: .corners)
        try super.encode(to: container.superEncoder(forKey: .polygon))
    }
}

/// A subclass that forgot its own `encode(to:)`: its field is never written.
final class Forgetful: Shape, @unchecked Sendable {
    var extra: Int = 0

    init(id: Int, label: String, extra: Int) {
        self.extra = extra
        super.init(id: id, label: label)
    }

    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
    }
}

/// Every hierarchy in one value.
struct ShapeBox: Codable, Sendable {
    var circle: Circle
    var label: Label
    var square: Square
    var polygons: [Polygon]
}

// MARK: - Data, floats, dates, scalars

struct DataBox: Codable, Sendable {
    var data: Data
    var optionalData: Data?
    var chunks: [Data]
}

struct FloatBox: Codable, Sendable {
    var double: Double
    var float: Float
    var doubles: [Double]
    var optionalFloat: Float?
}

struct DateBox: Codable, Sendable {
    var date: Date
    var dates: [Date]
    var optionalDate: Date?
}

struct Scalars: Codable, Sendable {
    var text: String
    var optionalText: String?
    var int: Int
    var int8: Int8
    var int64: Int64
    var uint64: UInt64
    var uint8: UInt8
    var flag: Bool
    var words: [String]
    var counts: [String: Int]
    var nested: [[Int]]
}

/// A key with an acronym, the `.convertToSnakeCase` trap.
struct AcronymKeys: Codable, Sendable, Equatable {
    var myURLValue: String
    var plainValue: Int
}
