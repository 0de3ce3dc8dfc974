import SerializeCore
import Foundation
import PropertyBased
import SerializeDocument
import SerializeTesting
import Testing

@Suite struct DataPropertyTests {
    @Test func dataSurvivesAsBase64AndAsPlistData() async {
        var tally = Tally()
        await propertyCheck(count: 300, input: ModelGen.dataBox) { box in
            tally.check(box, expecting: [])
        }
        for format in TestFormats.every { #expect(tally.exactCount(in: format) == 300, "\(format.name)") }
    }

    @Test(arguments: [0, 1, 2, 3, 1 << 20])
    func dataOfEdgeSizesSurvives(count: Int) {
        let bytes = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        expectRoundTrip(DataBox(data: bytes, optionalData: count == 0 ? nil : Data(), chunks: [bytes.prefix(3)]), through: TestFormats.every)
    }
}

@Suite struct FloatPropertyTests {
    @Test func nonFiniteFloatsAreTheNamedJSONRefusalAndSurvivePlists() async {
        var tally = Tally()
        await propertyCheck(count: 1000, input: ModelGen.floatBox) { box in
            tally.check(box, expecting: TestLosses.floats)
        }
        #expect(tally.count(.jsonNonFiniteFloatRefused, in: .json) > 0)
        #expect(tally.exactCount(in: .json) > 0)
        #expect(tally.exactCount(in: .xmlPlist) == 1000)
        #expect(tally.exactCount(in: .binaryPlist) > 800)
    }

    @Test func binaryPlistsGiveALaterZeroTheSignOfTheFirst() {
        let box = FloatBox(double: -0.0, float: 0, doubles: [0.0, -0.0], optionalFloat: -0.0)
        let reports = expectRoundTrip(box, through: TestFormats.every, expecting: [.binaryPlistSignedZeroUniqued])
        let binary = reports.first { $0.format == .binaryPlist }
        #expect(binary?.differences.isEmpty == false)
        #expect(binary?.verdict(expecting: [.binaryPlistSignedZeroUniqued]) == .expectedLoss([.binaryPlistSignedZeroUniqued]))
        #expect(reports.filter { $0.format != .binaryPlist }.map(\.outcome) == [.exact, .exact, .exact])
    }

    @Test func nonFiniteFloatsSurviveJSONAsStrings() async {
        let json = RoundTripFormat.json(FormatOptions(nonFinite: .string))
        await propertyCheck(count: 500, input: ModelGen.floatBox) { box in
            expectRoundTrip(box, through: [json])
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, -.leastNormalMagnitude.nextDown])
    func specialDoublesKeepTheirClass(value: Double) {
        let reports = expectRoundTrip(FloatBox(double: value, float: Float(value), doubles: [value], optionalFloat: nil),
                                      through: TestFormats.every, expecting: TestLosses.floats)
        #expect(reports.first?.outcome == (value.isFinite ? .exact : reports.first?.outcome))
    }
}

@Suite struct ScalarPropertyTests {
    @Test func unicodeStringsIntegersAtLimitsAndContainersSurvive() async {
        var tally = Tally()
        await propertyCheck(count: 600, input: ModelGen.scalars) { value in
            tally.check(value, expecting: TestLosses.strings + TestLosses.csvShapes)
        }
        // CSV loses empty nested arrays, which a third of the values hold.
        for format in TestFormats.every { #expect(tally.exactCount(in: format) > (format == .csv ? 250 : 500), "\(format.name)") }
    }

    @Test func aTopLevelScalarIsTheNamedPlistRefusal() async {
        await propertyCheck(count: 200, input: RoundTripGen.integer(Int.self)) { value in
            let reports = expectRoundTrip(value, through: TestFormats.every, expecting: [.plistTopLevelFragmentRefused])
            #expect(reports.map { $0.verdict(expecting: [.plistTopLevelFragmentRefused]) } == [
                .exact, .expectedLoss([.plistTopLevelFragmentRefused]), .expectedLoss([.plistTopLevelFragmentRefused]), .exact,
            ])
        }
    }

    @Test func binaryPlistsMergeCanonicallyEqualStrings() {
        let words = ["\u{E9}", "e\u{301}"]
        let reports = expectRoundTrip(words, through: TestFormats.every, expecting: TestLosses.strings)
        #expect(reports.map { $0.verdict(expecting: TestLosses.strings) } == [
            .exact, .exact, .expectedLoss([.binaryPlistEquivalentStringsUniqued]), .exact,
        ])
        #expect(reports.first { $0.format == .binaryPlist }?.differences.map(\.path) == [ValuePath([.index(1)])])
    }

    @Test func snakeCaseLosesAcronymKeys() {
        let value = AcronymKeys(myURLValue: "https://example.com", plainValue: 1)
        let snake = RoundTripFormat.json(FormatOptions(keys: .convertToSnakeCase))
        let reports = expectRoundTrip(value, through: [.json, snake], expecting: [.snakeCaseKeyNotRestored])
        #expect(reports.map { $0.verdict(expecting: [.snakeCaseKeyNotRestored]) } == [
            .exact, .expectedLoss([.snakeCaseKeyNotRestored]),
        ])
    }
}
