import Foundation
import SerializeCoding
import SerializeCore
import Testing
@testable import SerializeCSV

/// Numbers and Booleans are read from the fields' bytes, a `String` made only for a field read as
/// text: the values, the errors and the refusals are those of the text.
@Suite struct CSVDecoderFieldBytesTests {
    struct Numbers: Codable, Equatable {
        var i: Int
        var small: Int8
        var big: UInt64
        var d: Double
        var f: Float
        var b: Bool
        var s: String
    }

    @Test(arguments: [
        // Plain, quoted, and quoted with doubled quotes around the text.
        ("1,2,3,1.5,2.5,true,x", Numbers(i: 1, small: 2, big: 3, d: 1.5, f: 2.5, b: true, s: "x")),
        ("\"-7\",\"-128\",\"18446744073709551615\",\"1e-5\",\"0.1\",\"false\",\"\"",
         Numbers(i: -7, small: -128, big: .max, d: 1e-5, f: 0.1, b: false, s: "")),
        ("+4,+0,0,-0,-0,TRUE,\"a\"\"b\"", Numbers(i: 4, small: 0, big: 0, d: -0.0, f: -0.0, b: true, s: "a\"b")),
        ("9223372036854775807,127,1,1.7976931348623157e308,3.4028235e38,False,\"é,\nü\"",
         Numbers(i: .max, small: 127, big: 1, d: .greatestFiniteMagnitude, f: .greatestFiniteMagnitude, b: false, s: "é,\nü")),
    ])
    func fieldsDecodeAsTheirText(line: String, expected: Numbers) throws {
        let rows = try CSVDecoder().decode([Numbers].self, from: "i,small,big,d,f,b,s\n\(line)\n")
        #expect(rows == [expected])
        #expect(rows.first?.d.sign == expected.d.sign)
        #expect(rows.first?.f.sign == expected.f.sign)
    }

    /// A field that is not a number of the type is named by its text (doubled quotes undoubled),
    /// row, column, line and column.
    @Test(arguments: [
        ("\"1\"\"2\",0,0,0,0,true,x", "in.csv:2:1: Expected to decode Int but found \"1\"2\" instead."),
        ("1,128,0,0,0,true,x", "in.csv:2:3: Expected to decode Int8 but found \"128\" instead."),
        ("1,0,-1,0,0,true,x", "in.csv:2:5: Expected to decode UInt64 but found \"-1\" instead."),
        ("1,0,0,1e,0,true,x", "in.csv:2:7: Expected to decode Double but found \"1e\" instead."),
        ("1,0,0,0, 1,true,x", "in.csv:2:9: Expected to decode Float but found \" 1\" instead."),
        ("1,0,0,0,0,ja,x", "in.csv:2:11: Expected to decode Bool but found \"ja\" instead. Booleans are written \"true\" and \"false\"."),
        ("1,0,0,inf,0,true,x", "in.csv:2:7: Found the non-finite number \"inf\"; choose a nonConformingFloatStrategy to read it."),
        ("1,0,0,0,,true,x", "in.csv:2:9: Expected to decode Float but found an empty field instead."),
    ])
    func aFieldThatIsNotANumberIsNamedByItsText(line: String, message: String) {
        let decoder = CSVDecoder { $0.sourceName = "in.csv" }
        let error = #expect(throws: DecodingError.self) {
            try decoder.decode([Numbers].self, from: "i,small,big,d,f,b,s\n\(line)\n")
        }
        #expect(error.map(Self.description) == message)
    }

    static func description(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context),
            let .dataCorrupted(context):
            context.debugDescription
        @unknown default: "\(error)"
        }
    }

    struct Named: Codable, Equatable { var n: Int }

    /// Bad UTF-8 refuses the row wherever it is, as when every field became a `String`: in a
    /// number's field and in a column the type does not read.
    @Test(arguments: [[0x31, 0xFF], [0xC3]] as [[UInt8]])
    func invalidUTF8RefusesTheRowInAnyField(bad: [UInt8]) throws {
        let inNumber = Array("n\n1\n".utf8) + bad + Array("\n2\n".utf8)
        let inIgnored = Array("n,other\n1,a\n2,".utf8) + bad + Array("\n3,c\n".utf8)
        let report = DecodingReport()
        let decoder = CSVDecoder { $0.unmatchedColumns = .ignore }
        decoder.userInfo[.decodingReport] = report
        #expect(try decoder.decode([Named].self, from: Data(inNumber), invalidRows: .skip) == [Named(n: 1), Named(n: 2)])
        #expect(try decoder.decode([Named].self, from: Data(inIgnored), invalidRows: .skip) == [Named(n: 1), Named(n: 3)])
        #expect(report.entries.map { $0.reason }.allSatisfy { $0.contains("UTF-8") })
        #expect(report.entries.count == 2)
    }

    /// Under an escape character the text differs from the bytes: fields are read as strings.
    @Test func anEscapeCharacterStillAppliesToNumbersAndStrings() throws {
        struct Row: Codable, Equatable { var n: Int; var s: String }
        let decoder = CSVDecoder { $0.dialect = CSVDialect(escape: "\\") }
        #expect(try decoder.decode([Row].self, from: "n,s\n\"4\",\"a\\\"b\"\n") == [Row(n: 4, s: "a\"b")])
    }

    /// Every row of a lazy decode is its own: the one row object is handed each row in turn.
    @Test func lazyRowsAreEachTheirOwnRow() throws {
        let rows = try CSVDecoder().rows(Numbers.self, from: Data("i,small,big,d,f,b,s\n1,1,1,1,1,true,a\n2,2,2,2,2,false,\"b\"\"\"\n".utf8))
        let first = try #require(try rows.decodeNext())
        let second = try #require(try rows.decodeNext())
        #expect(first == Numbers(i: 1, small: 1, big: 1, d: 1, f: 1, b: true, s: "a"))
        #expect(second == Numbers(i: 2, small: 2, big: 2, d: 2, f: 2, b: false, s: "b\""))
        #expect(try rows.decodeNext() == nil)
    }
}

/// The row object keeps the record's container, which refers back to it: the cycle is broken
/// when the rows are let go (else every decode would leak its row, context and reader).
@Suite struct CSVDecoderRowLifetimeTests {
    struct Row: Codable, Equatable { var n: Int }

    @Test func theRowObjectIsLetGoWithTheRows() throws {
        weak var row: CSVRowData?
        do {
            let rows = try CSVDecoder().rows(Row.self, from: Data("n\n1\n2\n".utf8))
            #expect(try rows.decodeAll() == [Row(n: 1), Row(n: 2)])
            row = rows.row
            #expect(row != nil)
        }
        #expect(row == nil)
    }
}
