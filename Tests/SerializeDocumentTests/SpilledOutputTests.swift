import Foundation
import SerializeCore
import SerializeDocument
import Testing

/// A conversion to a file hands a streamed output over a megabyte at a time (`OutputSpill`): the
/// file still holds exactly the bytes the in-memory conversion gives, or nothing when it fails,
/// also when the stream gives way to the tree after it wrote several megabytes (a duplicate
/// key, a value the writer refuses) or meets a reading error there.
@Suite struct SpilledOutputTests {
    /// About 2.5 MB of JSON records (long text with escapes, Greek, emoji; reals), then `tail`,
    /// then `]`: few values, so that the suite stays fast.
    static func records(tail: String) -> [UInt8] {
        let long = String(repeating: "plain text, ", count: 100) + String(repeating: "Ωμέγα 🎈 ", count: 20)
        var text = "["
        for index in 0..<1_400 {
            text += #"{"id":\#(index),"name":"\#(long) <&> \"q\" \#(index)","x":\#(Double(index) / 7),"tags":["a"]},"#
        }
        text += tail + "]"
        return Array(text.utf8)
    }

    static let inputs: [CSVStreamingTests.Input] = [
        ("clean", #"{"last":1}"#),
        ("duplicate key late", #"{"a":1,"b":2,"a":3}"#),
        ("null late", #"{"a":null}"#),
        ("syntax error late", #"{"a":}"#),
    ].map { CSVStreamingTests.Input(name: $0.0, bytes: records(tail: $0.1)) }

    @Test(arguments: inputs)
    func aSpilledFileHoldsTheInMemoryAnswer(input: CSVStreamingTests.Input) throws {
        for (target, options) in [(Format.xmlPlist, FormatOptions()), (.xmlPlist, FormatOptions(pretty: false)), (.json, FormatOptions()), (.binaryPlist, FormatOptions())] {
            let (tree, streamed) = try CSVStreamingTests.outcomes(input, from: .json, to: target, options: options)
            #expect(streamed == tree, "\(input.name) to \(target), pretty: \(options.pretty)")
            if input.name == "clean", case let .success(bytes) = streamed.output { #expect(bytes.count > 2 << 20) }
        }
    }

    @Test func anXMLPlistSpillsToJSON() throws {
        let xml = try Format.json.convert(Data(Self.records(tail: "1")), to: .xmlPlist)
        let input = CSVStreamingTests.Input(name: "xml", bytes: [UInt8](xml))
        let (tree, streamed) = try CSVStreamingTests.outcomes(input, from: .xmlPlist, to: .json, options: FormatOptions())
        #expect(streamed == tree)
    }

    /// A binary plist keeps the bytes it handed over (`ByteBuffer.keepsSpilled`): strings
    /// written in the first megabyte and met again megabytes later are still found and shared,
    /// and the file holds the in-memory answer.
    @Test func aBinaryPlistSharesStringsAcrossHandedOverMegabytes() throws {
        let shared = (0..<4).map { String(repeating: "long shared Ωμέγα 🎈 text \($0) ", count: 8) }
        var text = "["
        for index in 0..<15_000 {
            text += #"{"id":\#(index),"s":"\#(shared[index % 4])","u":"unique \#(index) \#(shared[0].prefix(40))"},"#
        }
        text += "{}]"
        let input = CSVStreamingTests.Input(name: "repeats", bytes: Array(text.utf8))
        let (tree, streamed) = try CSVStreamingTests.outcomes(input, from: .json, to: .binaryPlist, options: FormatOptions())
        #expect(streamed == tree)
        guard case let .success(bytes) = streamed.output else { Issue.record("\(streamed)"); return }
        #expect(bytes.count > 2 << 20)
        // Each shared string is written once, as UTF-16 big-endian.
        let units = shared[3].utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        var found = 0
        var from = bytes.startIndex
        while let range = bytes[from...].firstRange(of: units) {
            found += 1
            from = range.upperBound
        }
        #expect(found == 1)
        #expect(try BinaryPlistReader().read(Data(bytes)) == JSONReader().read(Data(input.bytes)))
    }

    /// An XML plist to a binary plist: the stream writes references as wide as the file's size
    /// allows, then writes again with the exact count's width, after megabytes were handed
    /// over: the file holds the second writing alone.
    @Test func anXMLPlistSpillsToABinaryPlistWrittenTwice() throws {
        let xml = try Format.json.convert(Data(Self.records(tail: "1")), to: .xmlPlist)
        let input = CSVStreamingTests.Input(name: "xml to binary", bytes: [UInt8](xml))
        let (tree, streamed) = try CSVStreamingTests.outcomes(input, from: .xmlPlist, to: .binaryPlist, options: FormatOptions())
        #expect(streamed == tree)
        guard case let .success(bytes) = streamed.output else { Issue.record("\(streamed)"); return }
        #expect(bytes.count > 2 << 20)
        // The first writing's references were three bytes wide (a value per six bytes of XML
        // at most, over 65,536); the file's are two: it is the second writing.
        #expect(xml.count / 6 > 1 << 16)
        #expect(bytes[bytes.count - 25] == 2)
        #expect(try BinaryPlistReader().read(Data(bytes)) == XMLPlistReader().read(xml))
    }

    /// The XML plist scanner declines late (a comment after megabytes of values; a CR line end):
    /// libxml2 and the walk start again, and the file holds their answer alone, not the
    /// scanner's spilled megabytes before it.
    @Test(arguments: ["<!-- late -->", "\r\n"])
    func anXMLPlistTheScannerDeclinesLateSpillsOnlyTheSecondReading(late: String) throws {
        var xml = try String(decoding: Format.json.convert(Data(Self.records(tail: "1")), to: .xmlPlist), as: UTF8.self)
        let end = try #require(xml.range(of: "</array>", options: .backwards))
        xml.insert(contentsOf: late, at: end.lowerBound)
        let input = CSVStreamingTests.Input(name: "xml declined late", bytes: Array(xml.utf8))
        let (tree, streamed) = try CSVStreamingTests.outcomes(input, from: .xmlPlist, to: .json, options: FormatOptions())
        #expect(streamed == tree)
        if case let .success(bytes) = streamed.output { #expect(bytes.count > 2 << 20) } else { Issue.record("\(streamed)") }
    }

    /// A reading error after megabytes were handed over: the error, no file, no temporary file.
    @Test func aLateReadingErrorLeavesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputURL = folder.appendingPathComponent("in.json")
        try Data(Self.records(tail: #"{"a":}"#)).write(to: inputURL)
        var warnings: [Diagnostic] = []
        #expect {
            try Format.json.convert(fileAt: inputURL, to: .xmlPlist, writingTo: .file(folder.appendingPathComponent("out.plist")), warnings: &warnings)
        } throws: { error in
            guard case let .reading(diagnostic) = error as? ConversionFailure else { return false }
            return diagnostic.location != nil
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["in.json"])
    }

    /// The output's folder is missing: a reading error found after the first megabyte still
    /// comes first; a clean input fails to write.
    @Test func aMissingFolderFailsOnlyAfterTheInputIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("missing/out.plist")
        for (tail, reading) in [(#"{"a":}"#, true), ("1", false)] {
            let inputURL = folder.appendingPathComponent("in.json")
            try Data(Self.records(tail: tail)).write(to: inputURL)
            var warnings: [Diagnostic] = []
            #expect {
                try Format.json.convert(fileAt: inputURL, to: .xmlPlist, writingTo: .file(output), warnings: &warnings)
            } throws: { error in
                switch error as? ConversionFailure {
                case .reading: reading
                case let .writing(diagnostic): !reading && diagnostic.code == .io
                case nil: false
                }
            }
        }
    }
}
