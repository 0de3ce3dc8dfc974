import Foundation
import SerializeCSV
import SerializeCore
import SerializeDocument
import Testing

/// `FormatOptions.csvByteOrderMark`: CSV output starts with `EF BB BF` (Excel's sign of UTF-8)
/// on every path that writes CSV, in memory and streamed, and every reader skips it.
@Suite struct CSVByteOrderMarkTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let withMark = FormatOptions(csvByteOrderMark: true)

    /// The conversion of `bytes` from `source` to `target` through a file (streaming where it
    /// can), with the byte-order mark.
    func convertedFile(_ bytes: String, from source: Format, to target: Format) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("csv-bom-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in"), output = folder.appendingPathComponent("out")
        try Data(bytes.utf8).write(to: input)
        var warnings: [Diagnostic] = []
        try source.convert(fileAt: input, to: target, writingTo: .file(output), reading: Self.withMark, writing: Self.withMark, warnings: &warnings)
        return try Data(contentsOf: output)
    }

    @Test(arguments: [Format.csv, .tsv, .csv(CSVDialect(delimiter: ";"))])
    func everyWriterStartsWithTheMarkAndEveryReaderSkipsIt(format: Format) throws {
        let document: Document = [["name": "Zoë", "city": "Málaga"], ["name": "Bo", "city": "Oslo"]]
        let written = try format.write(document, options: Self.withMark)
        #expect(Array(written.prefix(3)) == Self.bom)
        #expect(written.dropFirst(3) == (try format.write(document)))
        #expect(try format.read(written) == document)
        #expect(try Format.csv(CSVDialect.sniff(written).dialect).read(written) == document)
        // Other formats are written as before: no mark in JSON or a property list.
        #expect(try Format.json.write(document, options: Self.withMark) == (try Format.json.write(document)))
    }

    /// JSON records to CSV and CSV to CSV stream; the streamed file is the tree's bytes.
    @Test(arguments: [
        (Format.json, #"[{"a":"é","b":1},{"a":"x","b":2}]"#),
        (Format.csv, "a,b\nx,1\n"),
        (Format.csv, "a,b\n"),  // header only: the header is kept, after the mark
    ])
    func streamedOutputHasTheMarkToo(source: Format, input: String) throws {
        let streamed = try convertedFile(input, from: source, to: .csv)
        #expect(Array(streamed.prefix(3)) == Self.bom, "\(String(decoding: streamed, as: UTF8.self))")
        let tree = try source.convert(Data(input.utf8), to: .csv, reading: FormatOptions(), writing: Self.withMark)
        #expect(streamed == tree)
    }
}
