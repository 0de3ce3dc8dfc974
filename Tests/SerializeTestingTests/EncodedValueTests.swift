import Foundation
import Testing
@testable import SerializeTesting

@Suite struct EncodedValueTests {
    @Test func nanEqualsNanAndTheSignOfZeroCounts() {
        #expect(EncodedValue.double(.nan) == .double(.nan))
        #expect(EncodedValue.float(.nan) == .float(-.nan))
        #expect(EncodedValue.double(-0.0) != .double(0.0))
        #expect(EncodedValue.double(1) != .float(1))
        #expect(EncodedValue.keyed(["a": .double(.nan)]).hashValue == EncodedValue.keyed(["a": .double(.nan)]).hashValue)
    }

    @Test func datesAndDataStayLeaves() throws {
        let tree = try EncodedValue(encoding: DataBox(data: Data([1, 2]), optionalData: nil, chunks: []))
        #expect(tree == .keyed(["data": .data(Data([1, 2])), "chunks": .array([])]))
    }

    @Test func differencesAreFoundAtTheDeepestPathInStableOrder() {
        let before = EncodedValue.keyed([
            "b": .array([.signed(1), .signed(2)]), "a": .keyed(["x y": .string("é")]), "c": .null,
        ])
        let after = EncodedValue.keyed(["b": .array([.signed(1)]), "a": .keyed(["x y": .string("e\u{301}")]), "d": .bool(true)])
        #expect(before.differences(to: after).map(\.description) == [
            #"$.a["x y"]: "é" became "é""#,
            "$.b[1]: 2 became (absent)",
            "$.c: null became (absent)",
            "$.d: (absent) became true",
        ])
    }

    @Test func stringsWithInvisibleScalarsPrintEscaped() {
        #expect(EncodedValue.string("a\u{0}b\r\u{200B}").description == #""a\u{0}b\r\u{200B}""#)
    }
}
