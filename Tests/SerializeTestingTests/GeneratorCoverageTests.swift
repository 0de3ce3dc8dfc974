import Foundation
import PropertyBased
import SerializeTesting
import Testing

/// The generators must reach the corners they promise, or the property tests prove little.
@Suite struct GeneratorCoverageTests {
    @Test func doublesReachEveryFloatingPointClass() async {
        var seen: Set<String> = []
        await propertyCheck(count: 1000, input: RoundTripGen.double) { value in
            if value.isNaN { seen.insert("nan") }
            if value == .infinity { seen.insert("+inf") }
            if value == -.infinity { seen.insert("-inf") }
            if value == 0 && value.sign == .minus { seen.insert("-0") }
            if value.isSubnormal { seen.insert("subnormal") }
            if value.isNormal && abs(value) > 1e300 { seen.insert("huge") }
            if value.isNormal && value != value.rounded() { seen.insert("fraction") }
        }
        #expect(seen == ["nan", "+inf", "-inf", "-0", "subnormal", "huge", "fraction"])
    }

    @Test func floatsReachNaNAndSubnormals() async {
        var seen: Set<String> = []
        await propertyCheck(count: 1000, input: RoundTripGen.float) { value in
            if value.isNaN { seen.insert("nan") }
            if value.isSubnormal { seen.insert("subnormal") }
            if value.isInfinite { seen.insert("inf") }
        }
        #expect(seen == ["nan", "subnormal", "inf"])
    }

    @Test func integersReachTheirLimits() async {
        var seen: Set<Int64> = []
        await propertyCheck(count: 500, input: RoundTripGen.integer(Int64.self)) { value in
            if [Int64.min, .max, 0, -1].contains(value) { seen.insert(value) }
        }
        #expect(seen == [.min, .max, 0, -1])
    }

    @Test func stringsReachEveryPlaneAndTheSpecialStrings() async {
        var seen: Set<String> = []
        await propertyCheck(count: 1500, input: RoundTripGen.string) { text in
            if text.isEmpty { seen.insert("empty") }
            if text == "$null" { seen.insert("$null") }
            for scalar in text.unicodeScalars {
                if scalar.value < 0x20 { seen.insert("control") }
                if scalar.value > 0xFFFF { seen.insert("astral") }
                if (0x300...0x36F).contains(scalar.value) { seen.insert("combining") }
            }
        }
        #expect(seen == ["empty", "$null", "control", "astral", "combining"])
    }

    @Test func datesHaveSubSecondPartsAndSpanCenturies() async {
        var seen: Set<String> = []
        await propertyCheck(count: 500, input: RoundTripGen.date) { date in
            let t = date.timeIntervalSince1970
            if t != t.rounded(.down) { seen.insert("fraction") } else { seen.insert("whole") }
            if t < 0 { seen.insert("before 1970") }
            if t > 4_102_444_800 { seen.insert("after 2100") }
        }
        #expect(seen == ["fraction", "whole", "before 1970", "after 2100"])
    }

    @Test func dataIsEmptySmallAndLarge() async {
        var seen: Set<String> = []
        await propertyCheck(count: 300, input: RoundTripGen.data(largeCount: 8192)) { data in
            seen.insert(data.isEmpty ? "empty" : data.count > 1024 ? "large" : "small")
        }
        #expect(seen == ["empty", "small", "large"])
    }

    @Test func containersIncludeNilEmptyAndFull() async {
        var seen: Set<String> = []
        let input = zip(
            RoundTripGen.optional(RoundTripGen.identifier), RoundTripGen.array(RoundTripGen.identifier),
            RoundTripGen.dictionary(RoundTripGen.integer(Int.self)))
        await propertyCheck(count: 300, input: input) { optional, array, dictionary in
            seen.insert(optional == nil ? "nil" : "some")
            seen.insert(array.isEmpty ? "empty array" : "array")
            seen.insert(dictionary.isEmpty ? "empty dictionary" : "dictionary")
        }
        #expect(seen == ["nil", "some", "empty array", "array", "empty dictionary", "dictionary"])
    }
}
