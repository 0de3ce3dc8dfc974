/// Generators of the test types, built from the harness's own generators.

import Foundation
import PropertyBased
import SerializeCoding
import SerializeTesting

enum ModelGen {
    static let int = RoundTripGen.integer(Int.self)

    static let eitherIntDouble = Generator<Either<Int, Double>, Shrink.None<Either<Int, Double>>> { rng in
        Bool.random(using: &rng) ? .left(int.run(using: &rng)) : .right(RoundTripGen.double.run(using: &rng))
    }

    static let eitherStringList = Generator<Either<String, [Int]>, Shrink.None<Either<String, [Int]>>> { rng in
        Bool.random(using: &rng)
            ? .left(RoundTripGen.string.run(using: &rng)) : .right(RoundTripGen.array(int).run(using: &rng))
    }

    static let nested = Generator<
        Either<Either<Int, String>, Either<Bool, Double?>>, Shrink.None<Either<Either<Int, String>, Either<Bool, Double?>>>
    > { rng in
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: .left(.left(int.run(using: &rng)))
        case 1: .left(.right(RoundTripGen.string.run(using: &rng)))
        case 2: .right(.left(Bool.random(using: &rng)))
        default: .right(.right(RoundTripGen.optional(RoundTripGen.double).run(using: &rng)))
        }
    }

    static let optionalSides = Generator<Either<Int?, String?>, Shrink.None<Either<Int?, String?>>> { rng in
        Bool.random(using: &rng)
            ? .left(RoundTripGen.optional(int).run(using: &rng)) : .right(RoundTripGen.optional(RoundTripGen.string).run(using: &rng))
    }

    static let eitherBox = Generator<EitherBox, Shrink.None<EitherBox>> { rng in
        EitherBox(
            number: eitherIntDouble.run(using: &rng),
            textOrList: eitherStringList.run(using: &rng),
            nested: nested.run(using: &rng),
            optionalSides: optionalSides.run(using: &rng),
            optionalEither: Bool.random(using: &rng)
                ? nil : (Bool.random(using: &rng) ? .left(int.run(using: &rng)) : .right(RoundTripGen.string.run(using: &rng))))
    }

    static let circle = zip(int, RoundTripGen.string, RoundTripGen.double).map { Circle(id: $0, label: $1, radius: $2) }
    static let label = zip(int, RoundTripGen.string, RoundTripGen.optional(RoundTripGen.string)).map {
        Label(id: $0, label: $1, text: $2)
    }
    static let square = zip(int, RoundTripGen.string, RoundTripGen.float, RoundTripGen.array(RoundTripGen.double, count: 0...4)).map {
        Square(id: $0, label: $1, side: $2, corners: $3)
    }
    static let polygon = zip(int, RoundTripGen.string, RoundTripGen.integer(Int.self)).map { Polygon(id: $0, label: $1, sides: $2) }
    static let shapeBox = zip(circle, label, square, RoundTripGen.array(polygon, count: 0...3)).map {
        ShapeBox(circle: $0, label: $1, square: $2, polygons: $3)
    }

    static let dataBox = zip(
        RoundTripGen.data(), RoundTripGen.optional(RoundTripGen.data(largeCount: 4096)),
        RoundTripGen.array(RoundTripGen.data(largeCount: 2048), count: 0...3)
    ).map { DataBox(data: $0, optionalData: $1, chunks: $2) }

    static let floatBox = zip(
        RoundTripGen.double, RoundTripGen.float, RoundTripGen.array(RoundTripGen.double, count: 0...4),
        RoundTripGen.optional(RoundTripGen.float)
    ).map { FloatBox(double: $0, float: $1, doubles: $2, optionalFloat: $3) }

    static let dateBox = zip(
        RoundTripGen.date, RoundTripGen.array(RoundTripGen.date, count: 0...3), RoundTripGen.optional(RoundTripGen.date)
    ).map { DateBox(date: $0, dates: $1, optionalDate: $2) }

    static let scalars = Generator<Scalars, Shrink.None<Scalars>> { rng in
        Scalars(
            text: RoundTripGen.string.run(using: &rng),
            optionalText: RoundTripGen.optional(RoundTripGen.string).run(using: &rng),
            int: int.run(using: &rng),
            int8: RoundTripGen.integer(Int8.self).run(using: &rng),
            int64: RoundTripGen.integer(Int64.self).run(using: &rng),
            uint64: RoundTripGen.integer(UInt64.self).run(using: &rng),
            uint8: RoundTripGen.integer(UInt8.self).run(using: &rng),
            flag: Bool.random(using: &rng),
            words: RoundTripGen.array(RoundTripGen.string, count: 0...4).run(using: &rng),
            counts: RoundTripGen.dictionary(int, count: 0...4).run(using: &rng),
            nested: RoundTripGen.array(RoundTripGen.array(int, count: 0...3), count: 0...3).run(using: &rng))
    }
}
