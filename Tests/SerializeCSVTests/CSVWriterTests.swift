import Foundation
import Testing
@testable import SerializeCSV

@Suite struct CSVWriterTests {
    @Test func quotesOnlyWhatNeedsIt() throws {
        let text = try written([["plain", "a,b", "say \"hi\"", "two\nlines", "cr\rhere", ""]])
        #expect(text == "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\rhere\",\n")
    }

    @Test func aLoneEmptyFieldIsQuotedSoTheRowSurvives() throws {
        let text = try written([["h"], [""], ["x"]])
        #expect(text == "h\n\"\"\nx\n")
        let again = try #require(readAll(text))
        #expect(again.rows == [[""], ["x"]])
    }

    @Test func newlineByteOrderMarkAndQuoteAll() throws {
        let configuration = CSVWriter.Configuration(newline: .crlf, writesByteOrderMark: true, quoting: .all)
        let text = try written([["a", "b"], ["1", ""]], configuration)
        #expect(Array(text.utf8.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(text.dropFirst() == "\"a\",\"b\"\r\n\"1\",\"\"\r\n")
    }

    @Test func otherDialects() throws {
        let dialect = CSVDialect(delimiter: ";", quote: "'", trimsUnquotedWhitespace: true)
        let text = try written([["a;b", "it's", " pad", "x"]], .init(dialect: dialect))
        #expect(text == "'a;b';'it''s';' pad';x\n")
        let again = try #require(readAll(text, .init(dialect: CSVDialect(delimiter: ";", quote: "'", hasHeader: false, trimsUnquotedWhitespace: true))))
        #expect(again.rows == [["a;b", "it's", " pad", "x"]])
    }

    @Test func fieldByFieldWriting() throws {
        let writer = CSVWriter()
        try writer.write(field: "a")
        try writer.write(field: "", quoted: true)
        try writer.endRow()
        try writer.write(field: "b")
        try writer.finish()
        #expect(String(decoding: writer.data, as: UTF8.self) == "a,\"\"\nb\n")
    }

    @Test func canonicalInputIsReproducedByteForByte() throws {
        let canonical = "id,text\n1,plain\n2,\"with, comma\"\n3,\"say \"\"hi\"\"\"\n4,\"multi\nline\"\n5,\n"
        let reader = try CSVReader(string: canonical)
        let writer = CSVWriter()
        try writer.write(row: try #require(reader.header))
        try reader.forEachRow { try writer.write(row: $0) }
        try writer.finish()
        #expect(String(decoding: writer.data, as: UTF8.self) == canonical)
    }

    @Test func writesAFileThroughATemporaryFile() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("out.csv")
            let writer = try CSVWriter(fileAt: url, configuration: .init(bufferSize: 32))
            for index in 0..<100 { try writer.write(row: ["\(index)", "value \(index), quoted"]) }
            // Nothing at the target until the writer finishes.
            #expect(!FileManager.default.fileExists(atPath: url.path))
            try writer.finish()
            let rows = try CSVReader(fileAt: url, configuration: .init(dialect: .init(hasHeader: false))).readAllRows()
            #expect(rows.count == 100)
            #expect(rows[99] == ["99", "value 99, quoted"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.csv"])
        }
    }

    @Test func anAbandonedFileWriteLeavesNothing() throws {
        try withTemporaryFolder { folder in
            do {
                let writer = try CSVWriter(fileAt: folder.appendingPathComponent("out.csv"))
                try writer.write(row: ["a"])
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }
}

/// Random rows written and read back through files and buffers of many sizes.
@Suite struct CSVWriteReadPropertyTests {
    static let alphabet: [String] = ["a", "Z", "0", " ", ",", ";", "\"", "\n", "\r", "\r\n", "é", "ʤ", "🙂", "\t", "'"]

    static func randomRows(count: Int, width: Int, using generator: inout some RandomNumberGenerator) -> [[String]] {
        (0..<count).map { _ in
            (0..<width).map { _ in
                let length = Int.random(in: 0...6, using: &generator)
                return (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
            }
        }
    }

    @Test(arguments: [
        (CSVDialect(hasHeader: false), CSVWriter.Newline.lf), (CSVDialect(delimiter: ";", hasHeader: false), .crlf),
        (CSVDialect(delimiter: "\t", quote: "'", hasHeader: false), .cr),
        (CSVDialect(delimiter: "§", hasHeader: false), .lf),
    ])
    func randomRowsSurvive(dialect: CSVDialect, newline: CSVWriter.Newline) throws {
        var generator = SystemRandomNumberGenerator()
        for width in [1, 2, 5] {
            let rows = Self.randomRows(count: 60, width: width, using: &generator)
            let writer = CSVWriter(configuration: .init(dialect: dialect, newline: newline))
            try writer.write(rows: rows)
            try writer.finish()
            let data = writer.data
            #expect(try CSVReader(data: data, configuration: .init(dialect: dialect)).readAllRows() == rows)
            try withTemporaryFolder { folder in
                let url = folder.appendingPathComponent("random.csv")
                try data.write(to: url)
                for bufferSize in [16, 17, 64] {
                    let reader = try CSVReader(fileAt: url, configuration: .init(dialect: dialect, bufferSize: bufferSize))
                    let read = try reader.readAllRows()
                    #expect(read == rows, "width \(width), buffer \(bufferSize):\n\(String(decoding: data, as: UTF8.self).debugDescription)")
                }
            }
        }
    }
}

@Suite struct CSVWriterDescriptorTests {
    @Test func writesToAFileDescriptorInChunks() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("fd.csv")
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            let handle = try FileHandle(forWritingTo: url)
            let writer = CSVWriter(fileDescriptor: handle.fileDescriptor, configuration: .init(bufferSize: 64))
            let rows = (0..<50).map { ["\($0)", "line \($0)\nnext", "say \"\($0)\""] }
            try writer.write(rows: rows)
            try writer.finish()
            try handle.close()
            let reader = try CSVReader(fileAt: url, configuration: .init(dialect: .init(hasHeader: false)))
            #expect(try reader.readAllRows() == rows)
        }
    }
}
