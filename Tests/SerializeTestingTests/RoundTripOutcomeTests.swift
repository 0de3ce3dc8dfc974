import Testing
@testable import SerializeTesting

@Suite struct RoundTripOutcomeTests {
    @Test func outcomesCarryTheirEvidence() {
        let changed = RoundTripOutcome.changed(path: "$.when", before: "1.5", after: "1.0")
        #expect(changed != .exact)
        #expect(changed == .changed(path: "$.when", before: "1.5", after: "1.0"))
        #expect(RoundTripOutcome.failed("boom") != .failed("bang"))
    }
}
