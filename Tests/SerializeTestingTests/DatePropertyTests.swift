import Foundation
import PropertyBased
import SerializeDocument
import SerializeTesting
import Testing

@Suite struct DatePropertyTests {
    /// Every JSON date strategy and both plist formats, each with exactly its stated loss.
    @Test(arguments: DateStrategy.allCases)
    func everyDateStrategyKeepsExactlyItsStatedPrecision(strategy: DateStrategy) async {
        let json = RoundTripFormat.json(FormatOptions(dates: strategy))
        let expected = [strategy.expectedLoss, .xmlPlistDateWholeSeconds].compactMap { $0 }
        var tally = Tally()
        await propertyCheck(count: 300, input: ModelGen.dateBox) { box in
            tally.check(box, through: [json, .xmlPlist, .binaryPlist, .csv], expecting: expected)
        }
        if let loss = strategy.expectedLoss {
            #expect(tally.count(loss, in: json) > 0, "\(strategy) never showed \(loss)")
        } else {
            #expect(tally.exactCount(in: json) == 300)
        }
        #expect(tally.count(.xmlPlistDateWholeSeconds, in: .xmlPlist) > 0)
        #expect(tally.exactCount(in: .binaryPlist) == 300)
        // CSVEncoder's default ISO 8601 writes the fraction to the nanosecond.
        #expect(tally.exactCount(in: .csv) > 0)
        #expect(tally.exactCount(in: .csv) == 300)
    }

    @Test func wholeSecondDatesSurviveXMLPlists() async {
        await propertyCheck(count: 300, input: RoundTripGen.date) { date in
            let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
            expectRoundTrip(DateBox(date: whole, dates: [whole], optionalDate: nil), through: [.xmlPlist])
        }
    }
}
