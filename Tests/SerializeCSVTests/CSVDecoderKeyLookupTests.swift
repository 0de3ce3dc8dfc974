import Foundation
import Testing
@testable import SerializeCSV

/// The record's keys are remembered per lookup: a key of another type at the same place, with
/// the same bits, is looked up again, and so is a kept container of another key type.
@Suite struct CSVDecoderKeyLookupTests {
    /// Reads `first` or `second` by the row's `kind`, each through its own key type; both key
    /// types' only case has the same bits.
    struct Either: Decodable, Equatable {
        var value: Int

        enum KindKeys: String, CodingKey { case kind }
        enum FirstKeys: String, CodingKey { case first }
        enum SecondKeys: String, CodingKey { case second }

        init(value: Int) { self.value = value }

        init(from decoder: any Decoder) throws {
            let kind = try decoder.container(keyedBy: KindKeys.self).decode(String.self, forKey: .kind)
            if kind == "a" {
                value = try decoder.container(keyedBy: FirstKeys.self).decode(Int.self, forKey: .first)
            } else {
                value = try decoder.container(keyedBy: SecondKeys.self).decode(Int.self, forKey: .second)
            }
        }
    }

    @Test func keysOfAnotherTypeWithTheSameBitsAreLookedUpAgain() throws {
        #expect(CSVDecodingContext.bits(of: Either.FirstKeys.first) == CSVDecodingContext.bits(of: Either.SecondKeys.second))
        let text = "kind,first,second\na,1,2\nb,3,4\na,5,6\nb,7,8\nb,9,10\n"
        // Each row leaves one column unread.
        let decoder = CSVDecoder { $0.unmatchedColumns = .ignore }
        let values = try decoder.decode([Either].self, from: text)
        #expect(values.map(\.value) == [1, 4, 5, 8, 10])
        let rows = try decoder.rows(Either.self, from: Data(text.utf8))
        var streamed: [Int] = []
        while let row = try rows.decodeNext() { streamed.append(row.value) }
        #expect(streamed == [1, 4, 5, 8, 10])
    }

    /// A key type holding a string is not plain data: compared by its name every time.
    struct NamedKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct ByName: Decodable, Equatable {
        var total = 0
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NamedKey.self)
            // Another column each row, at the same place of the lookups.
            let which = try container.decode(Int.self, forKey: NamedKey(stringValue: "which"))
            total = try container.decode(Int.self, forKey: NamedKey(stringValue: which == 1 ? "one" : "two"))
        }
    }

    @Test func keysThatAreNotPlainDataAreComparedByName() throws {
        #expect(CSVDecodingContext.bits(of: NamedKey(stringValue: "one")) == nil)
        let values = try CSVDecoder { $0.unmatchedColumns = .ignore }
            .decode([ByName].self, from: "which,one,two\n1,10,20\n2,30,40\n1,50,60\n")
        #expect(values.map(\.total) == [10, 40, 50])
    }
}
