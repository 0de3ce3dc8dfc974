import PropertyBased
import SerializeCoding
import SerializeDocument
import SerializeTesting
import Testing

@Suite struct EitherPropertyTests {
    @Test func eitherShapesSurviveEveryFormat() async {
        var tally = Tally()
        await propertyCheck(count: 500, input: ModelGen.eitherBox) { box in
            tally.check(box, expecting: TestLosses.floats + TestLosses.strings + TestLosses.csvShapes)
        }
        #expect(tally.count(.jsonNonFiniteFloatRefused, in: .json) > 0)
        for format in TestFormats.every { #expect(tally.exactCount(in: format) > 150, "\(format.name)") }
    }

    @Test func eitherIntDoubleKeepsItsSide() async {
        await propertyCheck(count: 500, input: ModelGen.eitherIntDouble) { value in
            // Whole doubles (`.right(1.0)`) are written as `1`: the key keeps the side.
            expectRoundTrip(
                value, through: [.json(FormatOptions(nonFinite: .string)), .xmlPlist, .binaryPlist, .csv],
                expecting: [.binaryPlistSignedZeroUniqued, .csvNonFiniteFloatRefused])
        }
    }

    @Test func eitherStringOrListSurvives() async {
        await propertyCheck(count: 500, input: ModelGen.eitherStringList) { value in
            expectRoundTrip(value, through: TestFormats.every, expecting: TestLosses.strings + TestLosses.csvShapes)
        }
    }

    @Test(arguments: [
        Either<Int?, String?>.left(nil), .right(nil), .left(0), .right(""),
    ])
    func eitherWithNilSidesSurvives(value: Either<Int?, String?>) {
        expectRoundTrip(value, through: TestFormats.every, expecting: [.csvNilKeyReadsAsAbsent])
    }

    @Test func aRealDollarNullStringIsTheNamedPlistLoss() {
        let value = Either<Int?, String?>.right("$null")
        let reports = expectRoundTrip(value, through: TestFormats.every, expecting: TestLosses.strings)
        for report in reports {
            let expected: RoundTripVerdict = [.json, .csv].contains(report.format) ? .exact : .expectedLoss([.plistNilAsDollarNull])
            #expect(report.verdict(expecting: [.plistNilAsDollarNull]) == expected, "\(report)")
        }
    }
}
