import Testing
@testable import PlistInspector

@Suite struct PlistFindingTests {
    @Test func describesLikeACompiler() {
        let finding = PlistFinding(
            severity: .error, location: .text(line: 12, column: 7), keyPath: "root.items[3]",
            message: "expected a value after <key>")
        #expect(finding.description == "12:7: error: expected a value after <key>")
    }

    @Test func binaryLocationsAreByteOffsets() {
        #expect(PlistFinding.Location.byteOffset(40).description == "offset 40")
    }
}
