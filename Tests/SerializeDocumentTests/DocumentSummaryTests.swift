import Foundation
import Testing
import SerializeCore
import OrderedCollections
import SerializeDocument

/// `serialize inspect`'s summary of a document, whatever format it came from.
@Suite struct DocumentSummaryTests {
    @Test func countsTypesDepthAndTheLargestValues() throws {
        let document = try Format.json.read(Data(#"{"list":[[1,2.5],null,true],"blob":"abcdef"}"#.utf8))
        let summary = DocumentSummary(format: "JSON", size: 42, document: document, limit: 2)
        #expect(summary.rootType == "dictionary")
        #expect(summary.depth == 3)
        #expect(summary.counts == ["dictionary": 1, "array": 2, "integer": 1, "real": 1, "null": 1, "bool": 1, "string": 1])
        #expect(summary.largest.map(\.path.keyPathDescription) == ["root.blob", "root.list"])
        #expect(summary.largest.map(\.sizeDescription) == ["6 bytes", "3 items"])
    }

    /// Values of one size are listed by their paths' exact scalars. `String` comparison calls
    /// `K` and the Kelvin sign (or NFC and NFD) equal, which left their order to the sort.
    @Test(arguments: ExactKeysTests.pairs)
    func equalSizesAreOrderedByExactScalars(first: String, second: String) {
        let (earlier, later) = first.utf8.lexicographicallyPrecedes(second.utf8) ? (first, second) : (second, first)
        for entries in [[(later, "x"), (earlier, "y")], [(earlier, "y"), (later, "x")]] {
            let document = Document.dictionary(.init(uniqueKeysWithValues: entries.map { (DocumentKey($0.0), Document.string($0.1)) }))
            let summary = DocumentSummary(format: "JSON", size: 0, document: document)
            let paths = summary.largest.filter { $0.type == "string" }.map(\.path)
            #expect(paths == [ValuePath([.key(earlier)]), ValuePath([.key(later)])])
        }
    }

    @Test func anUnreadableFileHasNoRoot() {
        let summary = DocumentSummary(format: "JSON", size: 3, document: nil, errors: 1)
        #expect(summary.text == "format: JSON\nsize: 3 bytes\nroot: unreadable (run `serialize lint` for the problems)\nfindings: 1 error, 0 warnings\n")
    }
}
