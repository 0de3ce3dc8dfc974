import PropertyBased
import SerializeTesting
import Testing

@Suite struct ClassHierarchyPropertyTests {
    @Test func hierarchiesOfTwoAndThreeLevelsSurvive() async {
        var tally = Tally()
        await propertyCheck(count: 400, input: ModelGen.shapeBox) { box in
            tally.check(box, expecting: TestLosses.floats + TestLosses.strings)
        }
        #expect(tally.count(.jsonNonFiniteFloatRefused, in: .json) > 0)
        for format in TestFormats.every { #expect(tally.exactCount(in: format) > 100, "\(format.name)") }
    }

    @Test func bothSuperEncoderStylesNestTheBaseFields() throws {
        let circle = try EncodedValue(encoding: Circle(id: 1, label: "c", radius: 2))
        #expect(circle == .keyed(["radius": .double(2), "super": .keyed(["id": .signed(1), "label": .string("c")])]))
        let square = try EncodedValue(encoding: Square(id: 7, label: "s", side: 1.5, corners: []))
        #expect(
            square == .keyed([
                "side": .float(1.5), "corners": .array([]),
                "polygon": .keyed(["sides": .signed(4), "super": .keyed(["id": .signed(7), "label": .string("s")])]),
            ]))
    }

    @Test func instancesCompareByTheirCodedFieldsNotIdentity() {
        let reports = expectRoundTrip(Square(id: 3, label: "q", side: .nan, corners: [-0.0, .infinity]), through: [.xmlPlist, .binaryPlist])
        #expect(reports.allSatisfy { $0.outcome == .exact })
    }

    @Test func aSubclassWithoutItsOwnEncodeLosesItsFieldsBeforeAnyFormat() throws {
        // The coded form of `Forgetful` has no `extra`: no format can lose what was never
        // written, so the harness compares equal. Only the model's own tree shows the gap.
        let tree = try EncodedValue(encoding: Forgetful(id: 1, label: "f", extra: 42))
        #expect(tree == .keyed(["id": .signed(1), "label": .string("f")]))
    }
}
