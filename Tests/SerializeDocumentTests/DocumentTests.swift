import Foundation
import OrderedCollections
import Testing
@testable import SerializeDocument

@Suite struct DocumentEqualityTests {
    @Test func nanEqualsNaNSoARoundTripCompares() {
        #expect(Document.double(.nan) == .double(.nan))
        #expect(Document.double(.nan) != .double(0))
        #expect(Document.double(-0.0) == .double(0.0))
    }

    @Test func dictionaryKeyOrderIsPartOfEquality() {
        let ab: Document = ["a": 1, "b": 2]
        let ba: Document = ["b": 2, "a": 1]
        #expect(ab != ba)
        #expect(ab == ["a": 1, "b": 2])
    }

    @Test func integersOfDifferentWidthAreDistinctCases() {
        #expect(Document.integer(1) != .unsignedInteger(1))
        #expect(Document.integer(1) != .double(1))
    }

    @Test(arguments: [
        ("json", Format.json), ("plist", .xmlPlist), ("PLIST", .xmlPlist), ("csv", .csv), ("tsv", .tsv),
    ])
    func formatFromFileExtension(ext: String, format: Format) {
        #expect(Format(fileExtension: ext) == format)
    }

    @Test func unknownExtensionHasNoFormat() {
        #expect(Format(fileExtension: "yaml") == nil)
    }
}
