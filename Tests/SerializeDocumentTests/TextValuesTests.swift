import Foundation
import Testing
@testable import SerializeDocument

@Suite struct TextValuesTests {
    @Test(arguments: [
        (0.0, "2001-01-01T00:00:00Z"), (-978_307_200.0, "1970-01-01T00:00:00Z"), (0.5, "2001-01-01T00:00:00.5Z"),
        (-0.25, "2000-12-31T23:59:59.75Z"), (1e-5, "2001-01-01T00:00:00.00001Z"), (-63_113_904_000.0, "0001-01-01T00:00:00Z"),
        (252_423_993_599.0, "9999-12-31T23:59:59Z"),
    ])
    func iso8601PrintsAndParsesBack(interval: Double, text: String) throws {
        let date = Date(timeIntervalSinceReferenceDate: interval)
        #expect(TextValues.iso8601(date) == text)
        #expect(TextValues.parseISO8601(text) == date)
    }

    @Test func fractionalSecondsSurviveExactly() {
        for interval in [737_000_000.123456789, -1.1, 0.1, 1e-9, 123.000001] {
            let date = Date(timeIntervalSinceReferenceDate: interval)
            let text = TextValues.iso8601(date)
            #expect(text.flatMap(TextValues.parseISO8601) == date, "\(interval) -> \(text ?? "nil")")
        }
    }

    @Test func datesOutsideFourDigitYearsHaveNoText() {
        #expect(TextValues.iso8601(Date(timeIntervalSinceReferenceDate: 1e15)) == nil)
        #expect(TextValues.iso8601(Date(timeIntervalSinceReferenceDate: .nan)) == nil)
    }

    @Test func offsetsParse() {
        #expect(TextValues.parseISO8601("2001-01-01T02:00:00+02:00") == Date(timeIntervalSinceReferenceDate: 0))
        #expect(TextValues.parseISO8601("2001-01-01 00:00:00Z") == nil)
    }
}
