import Foundation
import PropertyBased
import SerializeCore
import Testing
@testable import SerializeCSV

/// The parser's eight-bytes-at-a-time search for a field's stops against a byte-at-a-time
/// reference, and the parser on random CSV text against the fields and places it was made from.
@Suite struct CSVStopScannerTests {
    /// Text with every stop and its neighbours at every position: delimiters (`,` `;` tab),
    /// the quote, CR, LF, plain ASCII and the bytes of `é`.
    static let alphabet: [UInt8] = [0x2C, 0x3B, 0x09, 0x22, 0x0D, 0x0A, 0x61, 0x62, 0x20, 0x21, 0x23, 0xC3, 0xA9]

    /// The first index at or after `start` whose byte stops a field, one byte at a time.
    static func reference(_ bytes: [UInt8], from start: Int, delimiter: UInt8, quoted: Bool) -> Int {
        bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || (!quoted && $0 == delimiter) } ?? bytes.count
    }

    /// Walks random text as the parser does (each search starts past the last stop, in quoted
    /// or unquoted text at random), from every starting point, the words at every alignment:
    /// stops among a field's first bytes, in the words after them and in the buffer's last bytes.
    @Test func stopsAgreeWithTheByteAtATimeRule() async {
        let bytes = Gen.element(of: Self.alphabet).compactMap { $0 }.array(of: 0...64)
        let modes = Gen.bool.array(of: 64)
        await propertyCheck(count: 400, input: bytes, modes, Gen.int(in: 0...7)) { bytes, modes, shift in
            let padded = [UInt8](repeating: 0x2C, count: shift) + bytes + [0x2C, 0x22]
            padded.withUnsafeBufferPointer { whole in
                guard let base = whole.baseAddress?.advanced(by: shift) else { return }
                for delimiter: UInt8 in [0x2C, 0x3B, 0x09] {
                    // The parser's byte classes: 1 delimiter, 2 quote, 3 line end.
                    var classes = [UInt8](repeating: 0, count: 256)
                    classes[Int(delimiter)] = 1
                    classes[0x22] = 2
                    classes[0x0A] = 3
                    classes[0x0D] = 3
                    for start in 0...bytes.count {
                        let scanner = CSVStopScanner(base: base, end: bytes.count, classes: classes, delimiter: delimiter, quote: 0x22)
                        var index = start
                        var step = 0
                        while true {
                            let quoted = modes[step % modes.count]
                            let found = quoted ? scanner.nextInQuoted(from: index) : scanner.nextInUnquoted(from: index)
                            let expected = Self.reference(bytes, from: index, delimiter: delimiter, quoted: quoted)
                            guard found == expected else {
                                Issue.record("from \(index) (\(quoted ? "quoted" : "unquoted"), delimiter \(delimiter)): \(found), expected \(expected) in \(bytes)")
                                return
                            }
                            if found == bytes.count { break }
                            index = found + 1 + step % 3
                            if index > bytes.count { break }
                            step += 1
                        }
                    }
                }
            }
        }
    }

    // MARK: - The parser on random CSV

    /// A field's text: plain, or with delimiters, quotes, CR, LF, CRLF, spaces and non-ASCII.
    static let fieldText = Gen.element(of: ["a", "bc", "1234567", ",", ";", "\"", "\r", "\n", "\r\n", " ", "é", "日本", "🙂", ""])
        .compactMap { $0 }.array(of: 0...6).map { $0.joined() }

    /// Writes `rows` as CSV (quoted where needed, or always when `quoteAll`), and the line and
    /// column (in Unicode scalars) each field starts at, with `lineEnd` after each row.
    static func write(_ rows: [[String]], delimiter: Unicode.Scalar, lineEnd: String, quoteAll: Bool) -> (String, [[(Int, Int)]]) {
        var text = ""
        var places: [[(Int, Int)]] = []
        var line = 1, column = 1
        func append(_ piece: String) {
            text += piece
            var previousCR = false
            for scalar in piece.unicodeScalars {
                if scalar == "\n" {
                    if !previousCR { line += 1 }
                    column = 1
                } else if scalar == "\r" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                previousCR = scalar == "\r"
            }
        }
        for row in rows {
            var rowPlaces: [(Int, Int)] = []
            for (index, field) in row.enumerated() {
                if index > 0 { append(String(delimiter)) }
                rowPlaces.append((line, column))
                let needsQuotes = quoteAll || field.isEmpty && row.count == 1
                    || field.unicodeScalars.contains { $0 == delimiter || $0 == "\"" || $0 == "\r" || $0 == "\n" }
                append(needsQuotes ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field)
            }
            places.append(rowPlaces)
            append(lineEnd)
        }
        return (text, places)
    }

    /// Random rows written as CSV and read back, from memory and through a pipe in small reads
    /// (so rows and fields end at every place of the buffer): the same fields, each at its place.
    @Test func randomCSVReadsBackWithItsFieldsAndPlaces() async throws {
        let table = Self.fieldText.array(of: 3).array(of: 1...6)
        let settings = zip(Gen.element(of: [",", ";", "\t"] as [Unicode.Scalar]).compactMap { $0 }, Gen.element(of: ["\n", "\r\n"]).compactMap { $0 }, Gen.bool, Gen.int(in: 16...40))
        await propertyCheck(count: 120, input: table, settings) { rows, settings in
            let (delimiter, lineEnd, quoteAll, bufferSize) = settings
            let (text, places) = Self.write(rows, delimiter: delimiter, lineEnd: lineEnd, quoteAll: quoteAll)
            let configuration = CSVReader.Configuration(
                dialect: CSVDialect(delimiter: delimiter, hasHeader: false), bufferSize: bufferSize)
            for fromPipe in [false, true] {
                do {
                    let reader = try fromPipe ? Self.pipeReader(text, configuration) : CSVReader(string: text, configuration: configuration)
                    var read: [[String]] = []
                    var readPlaces: [[(Int, Int)]] = []
                    while let record = try reader.readRecord() {
                        read.append(record.fields)
                        readPlaces.append(record.locations.map { ($0.line ?? 0, $0.column ?? 0) })
                    }
                    #expect(read == rows, "\(fromPipe ? "pipe" : "memory"): \(text.debugDescription)")
                    #expect(readPlaces.map { $0.map { "\($0.0):\($0.1)" } } == places.map { $0.map { "\($0.0):\($0.1)" } },
                            "\(fromPipe ? "pipe" : "memory"): \(text.debugDescription)")
                } catch {
                    Issue.record("\(error) reading \(text.debugDescription)")
                }
            }
        }
    }

    /// A reader over `text` written into a pipe (read in `bufferSize` pieces).
    static func pipeReader(_ text: String, _ configuration: CSVReader.Configuration) throws -> CSVReader {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(text.utf8))
        try pipe.fileHandleForWriting.close()
        // A copy of the read end, which the reader closes when it goes.
        return try CSVReader(source: .descriptor(dup(pipe.fileHandleForReading.fileDescriptor), closes: true), configuration: configuration)
    }
}
