import Foundation
import SerializeCore
import Testing
@testable import SerializeCSV

@Suite struct CSVReaderTests {
    static let headerless = CSVReader.Configuration(dialect: .init(hasHeader: false))

    // MARK: - Line ends and framing

    @Test(arguments: ["\n", "\r\n", "\r"])
    func everyLineEndEndsARow(newline: String) throws {
        let text = ["a,b", "1,2", "3,4"].joined(separator: newline) + newline
        let result = try #require(readAll(text))
        #expect(result.header == ["a", "b"])
        #expect(result.rows == [["1", "2"], ["3", "4"]])
    }

    @Test func mixedLineEndsAndNoFinalNewline() throws {
        let result = try #require(readAll("a,b\r\n1,2\r3,4\n5,6", Self.headerless))
        #expect(result.rows == [["a", "b"], ["1", "2"], ["3", "4"], ["5", "6"]])
    }

    @Test func quotedLineBreaksAreKeptAsWritten() throws {
        let result = try #require(readAll("\"a\r\nb\",\"c\rd\",\"e\nf\"\n", Self.headerless))
        #expect(result.rows == [["a\r\nb", "c\rd", "e\nf"]])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let result = try #require(readAll("\u{FEFF}name,age\nAda,36\n"))
        #expect(result.header == ["name", "age"])
        #expect(result.rows == [["Ada", "36"]])
    }

    @Test func blankLinesAreSkippedAndEmptyFieldsKept() throws {
        let result = try #require(readAll("a,b,c\n\n1,,\n\r\n,2,\n", Self.headerless))
        #expect(result.rows == [["a", "b", "c"], ["1", "", ""], ["", "2", ""]])
    }

    @Test func quotedEmptyFieldIsARow() throws {
        let reader = try CSVReader(string: "x\n\"\"\n", configuration: .init())
        let record = try #require(try reader.readRecord())
        #expect(record.fields == [""])
        #expect(record.quoted == [true])
        #expect(try reader.readRecord() == nil)
    }

    @Test func emptyInputHasNoRows() throws {
        let result = try #require(readAll(""))
        #expect(result.header == nil)
        #expect(result.rows.isEmpty)
    }

    // MARK: - Dialect

    @Test(arguments: [";", "\t", "|", "§"] as [Unicode.Scalar])
    func anyDelimiter(delimiter: Unicode.Scalar) throws {
        let d = String(delimiter)
        let text = "a\(d)b\n\"x\(d)y\"\(d)z\n1\(d)\n"
        let result = try #require(readAll(text, .init(dialect: .init(delimiter: delimiter))))
        #expect(result.rows == [["x\(d)y", "z"], ["1", ""]])
    }

    @Test func customQuoteCharacter() throws {
        let dialect = CSVDialect(quote: "'", hasHeader: false)
        let result = try #require(readAll("'it''s, here',\"plain\"\n", .init(dialect: dialect)))
        #expect(result.rows == [["it's, here", "\"plain\""]])
    }

    @Test func multiByteQuoteCharacter() throws {
        let dialect = CSVDialect(quote: "«", hasHeader: false)
        let result = try #require(readAll("«a,««b»«,c\n", .init(dialect: dialect)))
        #expect(result.rows == [["a,«b»", "c"]])
    }

    @Test func trimmingIsOptional() throws {
        let text = "  a , \"b \" ,c\t\n"
        let trimmed = try #require(
            readAll(text, .init(dialect: .init(hasHeader: false, trimsUnquotedWhitespace: true))))
        #expect(trimmed.rows == [["a", "b ", "c"]])
        #expect(readError(text, Self.headerless)?.code == .quoteInUnquotedField)
        let kept = try #require(readAll("  a , b \n", Self.headerless))
        #expect(kept.rows == [["  a ", " b "]])
    }

    @Test(arguments: [
        ("a;b;c\n1;2;3\n4;\"5;6\";7\n", ";"),
        ("a\tb\n1\t2\n", "\t"),
        ("a|b|c\n1|2,5|3\n", "|"),
        ("a,b\n\"x;y;z\",2\n3,4\n", ","),
    ] as [(String, Unicode.Scalar)])
    func detectsTheDelimiter(text: String, expected: Unicode.Scalar) throws {
        #expect(CSVDialect().detectDelimiter(in: Array(text.utf8)) == expected)
        let reader = try CSVReader(string: text, configuration: .init(detectsDelimiter: true))
        #expect(reader.configuration.dialect.delimiter == expected)
        #expect(try reader.readAllRows().allSatisfy { $0.count == reader.header?.count })
    }

    /// issue 15 bug 9: detection sampled half a buffer from a file but every byte from memory.
    /// These 45 bytes start with three tab-separated lines; the comma-separated ones after them
    /// are more, so all of the bytes say comma while a 16-byte buffer's first read said tab.
    static let tabsThenCommas = "a\tb\nc\td\ne\tf\n" + String(repeating: "1,2,3\n", count: 5) + "7,8"

    @Test(arguments: [16, 17, 32, 64, 64 * 1024])
    func detectionDependsOnTheBytesNotHowTheyArrive(bufferSize: Int) throws {
        let text = Self.tabsThenCommas
        #expect(text.utf8.count == 45)
        let configuration = CSVReader.Configuration(detectsDelimiter: true, fieldCountPolicy: .flexible, bufferSize: bufferSize)
        let memory = try CSVReader(data: Data(text.utf8), configuration: configuration)
        let file = try Self.detectedFromFile(text, configuration)
        #expect(memory.configuration.dialect.delimiter == ",")
        #expect(file.delimiter == ",")
        #expect(try memory.readAllRows() == file.rows)
    }

    /// The sample has a fixed size: lines after it do not count, from memory as from a file.
    /// Here the first 64 KiB are 16 long lines split by `;`, and 40 short comma lines follow.
    @Test func detectionLooksAtTheFirstSampleSizeBytes() throws {
        let long = String(repeating: "x", count: 4093) + ";y\n"
        #expect(16 * long.utf8.count == CSVDialect.delimiterDetectionSampleSize)
        let text = String(repeating: long, count: 16) + String(repeating: "1,2,3\n", count: 40)
        let configuration = CSVReader.Configuration(detectsDelimiter: true, fieldCountPolicy: .flexible)
        #expect(try CSVReader(string: text, configuration: configuration).configuration.dialect.delimiter == ";")
        #expect(try Self.detectedFromFile(text, configuration).delimiter == ";")
    }

    /// The delimiter a reader of a file holding `text` detects, and the rows it reads.
    static func detectedFromFile(_ text: String, _ configuration: CSVReader.Configuration) throws -> (delimiter: Unicode.Scalar, rows: [[String]]) {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("sample.csv")
            try Data(text.utf8).write(to: url)
            let reader = try CSVReader(fileAt: url, configuration: configuration)
            return (reader.configuration.dialect.delimiter, try reader.readAllRows())
        }
    }

    @Test func detectionGivesUpOnASingleColumn() {
        #expect(CSVDialect().detectDelimiter(in: Array("a\nb\nc\n".utf8)) == nil)
    }

    // MARK: - Errors

    @Test func unterminatedQuotePointsAtTheOpeningQuote() throws {
        let error = try #require(readError("a,b\n1,\"never\nclosed\n"))
        #expect(error.code == .unterminatedQuote)
        #expect(error.location?.description == "2:3")
        #expect(error.description.hasPrefix("2:3: error: unterminated quoted field"))
    }

    @Test func quoteInsideAnUnquotedField() throws {
        let error = try #require(readError("a,b\n1,ab\"c\n"))
        #expect(error.code == .quoteInUnquotedField)
        #expect(error.location?.description == "2:5")
    }

    @Test func characterAfterAClosingQuote() throws {
        let error = try #require(readError("a,b\n\"x\"y,2\n"))
        #expect(error.code == .unexpectedCharacterAfterQuote)
        #expect(error.location?.description == "2:4")
    }

    @Test func fieldCountMismatchIsAnErrorByDefault() throws {
        let tooMany = try #require(readError("a,b\n1,2\n3,4,5\n"))
        #expect(tooMany.code == .fieldCountMismatch)
        #expect(tooMany.location?.description == "3:5")
        let tooFew = try #require(readError("a,b\n1\n"))
        #expect(tooFew.code == .fieldCountMismatch)
        #expect(tooFew.location?.description == "2:2")
    }

    @Test func readingGoesOnAfterAFieldCountMismatch() throws {
        let reader = try CSVReader(string: "a,b\n1\n2,3\n")
        #expect(throws: Diagnostic.self) { try reader.readRow() }
        #expect(try reader.readRow() == ["2", "3"])
    }

    @Test func flexibleRowsAreAllowedWhenAsked() throws {
        let result = try #require(readAll("a,b\n1\n3,4,5\n", .init(fieldCountPolicy: .flexible)))
        #expect(result.rows == [["1"], ["3", "4", "5"]])
    }

    @Test func invalidUTF8PointsAtTheByte() throws {
        var bytes = Array("a,b\nok,ab".utf8)
        bytes.append(0xFF)
        bytes += Array("c\n".utf8)
        let reader = try CSVReader(data: Data(bytes), configuration: .init(sourceName: "bad.csv"))
        do {
            _ = try reader.readRow()
            Issue.record("expected invalid UTF-8")
        } catch {
            #expect(error.code == .invalidUTF8)
            #expect(error.location?.description == "2:6")
            #expect(error.description.hasPrefix("bad.csv:2:6: error: field is not valid UTF-8"))
        }
    }

    @Test func missingFileIsAnIOError() {
        #expect(throws: Diagnostic.self) {
            try CSVReader(fileAt: URL(fileURLWithPath: "/nonexistent/none.csv"))
        }
    }

    // MARK: - Streaming

    @Test func streamsAFileThroughASmallBufferWithLongRows() throws {
        let long = String(repeating: "x\"y,z\n", count: 50)
        let rows = (0..<200).map { ["\($0)", long, "é\($0)"] }
        let text = try written([["n", "long", "accent"]] + rows, .init(newline: .crlf))
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("long.csv")
            try Data(text.utf8).write(to: url)
            let reader = try CSVReader(fileAt: url, configuration: .init(bufferSize: 64))
            #expect(reader.header == ["n", "long", "accent"])
            #expect(try reader.readAllRows() == rows)
        }
    }

    @Test func readsFromAFileDescriptor() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let text = "a,b\n1,2\n"
        _ = text.withCString { write(descriptors[1], $0, strlen($0)) }
        close(descriptors[1])
        defer { close(descriptors[0]) }
        let reader = try CSVReader(fileDescriptor: descriptors[0])
        #expect(try reader.readAllRows() == [["1", "2"]])
    }

    @Test func rawRowsGiveTheUnescapedBytes() throws {
        let reader = try CSVReader(string: "a,b\n\"x\"\"y\",z\n")
        var fields: [String] = []
        #expect(
            try reader.withNextRow { row in
                for index in 0..<row.count {
                    fields.append(row.withField(index) { String(decoding: $0, as: UTF8.self) })
                }
            })
        #expect(fields == ["x\"y", "z"])
        #expect(try !reader.withNextRow { _ in })
    }
}

@Suite struct CSVOneColumnTests {
    @Test func blankLinesAreEmptyFieldsInAOneColumnFile() throws {
        let reader = try CSVReader(string: "v\na\n\n\"\"\r\n\rb")
        var rows: [[String]] = []
        var quoted: [[Bool]] = []
        while let record = try reader.readRecord() {
            rows.append(record.fields)
            quoted.append(record.quoted)
        }
        #expect(rows == [["a"], [""], [""], [""], ["b"]])
        #expect(quoted == [[false], [false], [true], [false], [false]])
    }
}
