import SerializeCore
import Foundation
import Testing
import SerializeCoding
import SerializeDocument

protocol Shape: Codable, Sendable {
    var area: Double { get }
}

struct Circle: Shape, Equatable {
    var radius: Double
    var area: Double { .pi * radius * radius }
}

struct Square: Shape, Equatable {
    var side: Double
    var area: Double { side * side }
}

struct NotAShape: Codable {}

enum Shapes: PolymorphicTypes {
    static let registry = TypeRegistry<any Shape>(discriminator: "kind", [
        .type(Circle.self, as: "circle"),
        .type(Square.self, as: "square"),
    ])
}

enum BrokenShapes: PolymorphicTypes {
    static let registry = TypeRegistry<any Shape>([.type(NotAShape.self, as: "nothing")])
}

struct Drawing: Codable, Equatable {
    @Polymorphic<Shapes> var background: any Shape
    @PolymorphicArray<Shapes> var shapes: [any Shape]

    static func == (lhs: Drawing, rhs: Drawing) -> Bool {
        func same(_ a: any Shape, _ b: any Shape) -> Bool {
            switch (a, b) {
            case let (a as Circle, b as Circle): a == b
            case let (a as Square, b as Square): a == b
            default: false
            }
        }
        return same(lhs.background, rhs.background) && lhs.shapes.count == rhs.shapes.count
            && zip(lhs.shapes, rhs.shapes).allSatisfy(same)
    }
}

@Suite struct PolymorphicTests {
    let raw: Raw = [
        "background": ["kind": "square", "side": 2],
        "shapes": [["kind": "circle", "radius": 1], ["radius": 3, "kind": "circle"], ["kind": "square", "side": 4]],
    ]

    @Test(arguments: CodingFormat.allCases)
    func decodesTheRegisteredTypes(format: CodingFormat) throws {
        let drawing = try format.decode(Drawing.self, fromRaw: raw)
        #expect((drawing.background as? Square)?.side == 2)
        #expect(drawing.shapes.map(\.area) == [.pi, .pi * 9, 16])
        #expect(drawing.shapes.map { String(describing: type(of: $0)) } == ["Circle", "Circle", "Square"])
    }

    @Test(arguments: CodingFormat.allCases)
    func encodesTheDiscriminatorBack(format: CodingFormat) throws {
        let drawing = Drawing(background: Square(side: 2), shapes: [Circle(radius: 1)])
        let data = try format.encode(drawing)
        struct Tagged: Decodable { var kind: String }
        struct Peek: Decodable { var background: Tagged; var shapes: [Tagged] }
        let peek = try format.decode(Peek.self, from: data)
        #expect(peek.background.kind == "square")
        #expect(peek.shapes.map(\.kind) == ["circle"])
    }

    @Test func roundTripsInEveryFormat() {
        expectRoundTripInEveryFormat(
            Drawing(background: Circle(radius: 0.5), shapes: [Square(side: 1), Circle(radius: 2)]))
        expectRoundTripInEveryFormat(Drawing(background: Square(side: 3), shapes: []))
    }

    @Test(arguments: CodingFormat.allCases)
    func unknownTypeListsTheRegisteredOnes(format: CodingFormat) {
        let bad: Raw = ["background": ["kind": "square", "side": 2], "shapes": [["kind": "triangle"]]]
        #expect {
            try format.decode(Drawing.self, fromRaw: bad)
        } throws: { error in
            guard case let .dataCorrupted(context) = error as? DecodingError else { return false }
            return format.isPath(codingPath(of: error), "shapes[0].kind")
                && context.debugDescription.contains(#"Unknown Shape type "triangle""#)
                && context.debugDescription.contains(#""circle", "square""#)
        }
    }

    @Test(arguments: CodingFormat.allCases)
    func missingDiscriminatorIsKeyNotFound(format: CodingFormat) {
        let bad: Raw = ["background": ["side": 2], "shapes": []]
        #expect {
            try format.decode(Drawing.self, fromRaw: bad)
        } throws: { error in
            guard case let .keyNotFound(key, _) = error as? DecodingError else { return false }
            return key.stringValue == "kind" && format.isPath(codingPath(of: error), "background")
        }
    }

    @Test(arguments: CodingFormat.allCases)
    func unknownElementsCanBeRemovedWithAStrategy(format: CodingFormat) throws {
        struct Lenient: Decodable {
            var shapes: [any Shape]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyCodingKey.self)
                let boxes = try [Polymorphic<Shapes>](
                    from: container.superDecoder(forKey: "shapes"), invalidElements: .remove)
                shapes = boxes.map(\.wrappedValue)
            }
        }
        let report = DecodingReport()
        let decoded = try format.decode(
            Lenient.self, fromRaw: ["shapes": [["kind": "triangle"], ["kind": "circle", "radius": 1]]],
            userInfo: [.decodingReport: report])
        #expect(decoded.shapes.count == 1)
        #expect(report.entries.map(\.path.description) == [format.path("shapes[0]")])
    }

    @Test func unregisteredTypeFailsToEncode() {
        struct Hexagon: Shape { var area: Double { 1 } }
        #expect {
            try CodingFormat.json.encode(Drawing(background: Hexagon(), shapes: []))
        } throws: { error in
            guard case let .invalidValue(_, context) = error as? EncodingError else { return false }
            return context.debugDescription.contains("Hexagon is not registered")
                && ValuePath(codingPath: context.codingPath).jsonPathDescription == "$.background"
        }
    }

    @Test func registeredTypeThatIsNotTheBaseFailsClearly() {
        struct Holder: Decodable { @Polymorphic<BrokenShapes> var shape: any Shape }
        #expect {
            try CodingFormat.json.decode(Holder.self, fromRaw: ["shape": ["type": "nothing"]])
        } throws: { error in
            guard case let .dataCorrupted(context) = error as? DecodingError else { return false }
            return context.debugDescription.contains("NotAShape")
        }
    }
}
