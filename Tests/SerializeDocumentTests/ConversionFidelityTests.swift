import Foundation
import Testing
import SerializeCore
import TestSupport
@testable import SerializeDocument

/// Whether the XML property list reader (the inspector's, on libxml2) is in place yet.
let xmlPlistReaderAvailable: Bool = {
    let minimal = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><integer>1</integer></plist>"#.utf8)
    return (try? XMLPlistReader().read(minimal)) == .integer(1)
}()

/// One test per loss the issue lists for plutil: each value is kept, or refused by name.
@Suite struct ConversionFidelityTests {
    let canonical = FormatOptions(pretty: true)

    // MARK: - Round trips

    @Test func jsonToBinaryPlistToJSONIsByteForByte() throws {
        let original = try Fixtures.data("convert/catalog.json")
        let canonicalJSON = try Format.json.write(try Format.json.read(original), options: canonical)
        let binary = try Format.binaryPlist.write(try Format.json.read(canonicalJSON))
        let back = try Format.json.write(try Format.binaryPlist.read(binary), options: canonical)
        #expect(back == canonicalJSON)
    }

    @Test(.enabled(if: xmlPlistReaderAvailable)) func jsonToXMLToBinaryToJSONIsByteForByte() throws {
        let original = try Fixtures.data("convert/catalog.json")
        let canonicalJSON = try Format.json.write(try Format.json.read(original), options: canonical)
        let xml = try Format.xmlPlist.write(try Format.json.read(canonicalJSON))
        let binary = try Format.binaryPlist.write(try Format.xmlPlist.read(xml))
        let back = try Format.json.write(try Format.binaryPlist.read(binary), options: canonical)
        #expect(back == canonicalJSON)
    }

    @Test(.enabled(if: xmlPlistReaderAvailable)) func everyPlistValueSurvivesXML() throws {
        let xml = try Format.xmlPlist.write(everyPlistValue)
        #expect(try Format.xmlPlist.read(xml) == everyPlistValue)
    }

    // MARK: - Streaming and trees agree

    static let streamingInputs = [
        #"{"b": [1, -2.5e-7, true, null, {}, []], "a": {"x": "y\u0000\n", "z": [[]]}, "big": 18446744073709551615}"#,
        #"[]"#, #"{}"#, #""top""#, #"[{"CF$UID": 3}, {"CF$UID": -1}]"#,
    ]

    @Test(arguments: streamingInputs)
    func streamingJSONWritesWhatTheTreeWrites(json: String) throws {
        let data = Data(json.utf8)
        let tree = try Format.json.read(data)
        for options in [FormatOptions(), FormatOptions(pretty: false), FormatOptions(null: .omit), FormatOptions(pretty: false, null: .string("-"))] {
            #expect(try Format.json.convert(data, to: .json, writing: options) == Format.json.write(tree, options: options))
            let xml = Result { () throws(Diagnostic) in try Format.xmlPlist.write(tree, options: options) }
            let streamedXML = Result { () throws(ConversionFailure) in try Format.json.convert(data, to: .xmlPlist, writing: options) }
            switch (xml, streamedXML) {
            case let (.success(a), .success(b)): #expect(a == b, "\(json)")
            case let (.failure(a), .failure(b)): #expect(b == .writing(a))
            default: Issue.record("tree \(xml) but streaming \(streamedXML) for \(json)")
            }
            let binary = Result { () throws(Diagnostic) in try BinaryPlistReader().read(try Format.binaryPlist.write(tree, options: options)) }
            let streamedBinary = Result { () throws(any Error) in try BinaryPlistReader().read(try Format.json.convert(data, to: .binaryPlist, writing: options)) }
            switch (binary, streamedBinary) {
            case let (.success(a), .success(b)): #expect(a == b, "\(json)")
            case (.failure, .failure): break
            default: Issue.record("tree \(binary) but streaming \(streamedBinary) for \(json)")
            }
        }
    }

    @Test func streamingBinaryPlistsAgreeWithTheTree() throws {
        let binary = try Format.binaryPlist.write(everyPlistValue)
        #expect(try Format.binaryPlist.read(try Format.binaryPlist.convert(binary, to: .binaryPlist)) == everyPlistValue)
        #expect(try Format.binaryPlist.convert(binary, to: .xmlPlist) == Format.xmlPlist.write(everyPlistValue))
        let options = FormatOptions(nonFinite: .string)
        #expect(try Format.binaryPlist.convert(binary, to: .json, writing: options) == Format.json.write(everyPlistValue, options: options))
        // Invalid input fails the same way streaming or not.
        for file in try Fixtures.files(in: "convert/bplist-invalid", withExtension: "bplist") {
            let data = try Data(contentsOf: file)
            #expect(throws: ConversionFailure.self) { try Format.binaryPlist.convert(data, to: .json) }
        }
    }

    /// A binary plist whose top object is `levels` nested arrays, each holding the one below it
    /// twice, over the one-byte integer `leaf`: every object is shared, so the file stays tiny.
    static func doublingArrays(levels: Int, leaf: UInt8) -> [UInt8] {
        var objects: [[UInt8]] = [[0x10, leaf]]
        for index in 1...levels { objects.append([0xA2, UInt8(index - 1), UInt8(index - 1)]) }
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        // Trailer: 1-byte offsets and references, the object count, the top object, the table.
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count - 1)]
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        return bytes
    }

    @Test func sharedContainersCannotExpandWithoutBound() throws {
        // 30 arrays, each holding the previous one twice: 2^30 values from a few hundred bytes.
        let bytes = Self.doublingArrays(levels: 30, leaf: 1)
        #expect {
            try Format.binaryPlist.convert(Data(bytes), to: .json)
        } throws: { error in
            (error as? ConversionFailure)?.error.code == .expansionLimit
        }
        // A tree would share what the file shares, but every later walk of it (lint, print,
        // sorting keys) would expand it, so the tree is refused too.
        let error = try #require(readingError(Data(bytes), with: BinaryPlistReader().read))
        #expect(error.code == .expansionLimit)
    }

    @Test func aTreeSharingWithinTheBudgetReadsAndCountsEveryReference() throws {
        // Object i is [i-1, i-1]; three levels expand to 15 values, well within 4 per byte.
        let bytes = Self.doublingArrays(levels: 3, leaf: 7)
        let pair: Document = [7, 7]
        #expect(try BinaryPlistReader().read(Data(bytes)) == [[pair, pair], [pair, pair]])
    }

    /// `{"a": 1, "b": 0, "a": 2}` as a binary property list, by hand: writers never repeat a key.
    static let binaryWithDuplicateKey: Data = {
        let objects: [[UInt8]] = [[0x51, 0x61], [0x51, 0x62], [0x10, 1], [0x10, 0], [0x10, 2], [0xD3, 0, 1, 0, 2, 3, 4]]
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count - 1)]
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        return Data(bytes)
    }()

    @Test(arguments: [Format.json, .xmlPlist, .binaryPlist])
    func aDuplicateKeyConvertsAsThroughTheTree(target: Format) throws {
        let inputs: [(Format, Data)] = [(.json, Data(#"{"a":1,"b":0,"a":2}"#.utf8)), (.binaryPlist, Self.binaryWithDuplicateKey)]
        for (source, data) in inputs {
            let tree = try source.read(data, options: FormatOptions())
            #expect(tree == ["a": 2, "b": 0], "\(source)")
            #expect(try Format.stream(data, from: source, to: target, reading: FormatOptions(), writing: FormatOptions()) == nil, "\(source)")
            #expect(try source.convert(data, to: target) == (try target.write(tree, options: FormatOptions())), "\(source)")
        }
    }

    @Test func foundationReadsStreamedBinaryPlists() throws {
        // Streaming picks reference widths from the input size; any width is valid bplist00.
        let binary = try Format.json.convert(try Fixtures.data("convert/catalog.json"), to: .binaryPlist)
        let records = try #require(try PropertyListSerialization.propertyList(from: binary, format: nil) as? [[String: Any]])
        #expect(records.count == 5)
        #expect(records.first?["sku"] as? String == "TEA-0001")
        #expect((records.first?["supplier"] as? [String: Any])?["rating"] as? Double == 4.8)
    }

    @Test func streamingSaysWhichSideFailed() throws {
        #expect(throws: ConversionFailure.reading(Diagnostic(.syntax, "unexpected end of input, expected ',' or ']' after array element", at: InputLocation(line: 1, column: 3, byteOffset: 2)))) {
            try Format.json.convert(Data("[1".utf8), to: .xmlPlist)
        }
        #expect {
            try Format.json.convert(Data(#"{"a": [null]}"#.utf8), to: .binaryPlist)
        } throws: { error in
            guard case let .writing(error) = error as? ConversionFailure else { return false }
            return error.path?.description == "$.a[0]"
        }
    }

    // MARK: - plutil's losses

    @Test func minInt64StaysAnInteger() throws {
        let document = try Format.json.read(Data("[-9223372036854775808]".utf8))
        #expect(document == [.integer(.min)])
        #expect(try Format.binaryPlist.read(try Format.binaryPlist.write(document)) == document)
        #expect(String(decoding: try Format.xmlPlist.write(document), as: UTF8.self).contains("<integer>-9223372036854775808</integer>"))
    }

    @Test func integersUpToUInt64MaxStayExactAndBeyondKeepTheirText() throws {
        let document = try Format.json.read(Data("[18446744073709551615]".utf8))
        #expect(document == [.unsignedInteger(.max)])
        #expect(try Format.binaryPlist.read(try Format.binaryPlist.write(document)) == document)
        #expect(String(decoding: try Format.xmlPlist.write(document), as: UTF8.self).contains("<integer>18446744073709551615</integer>"))
        // Beyond 64 bits: read as written, refused by name only where the format has no such number.
        #expect(try Format.json.read(Data("[18446744073709551616]".utf8)) == [.number(NumberText("18446744073709551616")!)])
    }

    @Test func doublesComeBackToTheSameBits() throws {
        var generator = SeededGenerator(state: 7)
        var values: [Double] = [0.1, 0.2, 0.30000000000000004, 1e23, 9007199254740992, 2.2250738585072014e-308, .leastNonzeroMagnitude, 1.7976931348623157e308]
        for _ in 0..<500 { values.append(Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &generator))) }
        let document = Document.array(values.map(Document.double))
        // JSON text, binary plist bits and XML plist text all give back the same doubles.
        #expect(try Format.json.read(try Format.json.write(document)) == document)
        #expect(try Format.binaryPlist.read(try Format.binaryPlist.write(document)) == document)
        let xml = String(decoding: try Format.xmlPlist.write(document), as: UTF8.self)
        let reals = xml.components(separatedBy: "<real>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(reals.compactMap { Double(String($0)) } == values)
    }

    @Test func nulCharactersNeverGoRawIntoXML() throws {
        let document = try Format.json.read(Data(#"{"s": "a\u0000b"}"#.utf8))
        #expect {
            try Format.xmlPlist.write(document)
        } throws: { error in
            (error as? Diagnostic)?.code == .characterNotRepresentable && (error as? Diagnostic)?.path?.description == "$.s"
        }
        // A binary property list holds it.
        #expect(try Format.binaryPlist.read(try Format.binaryPlist.write(document)) == document)
    }

    @Test func keyOrderIsKeptThroughEveryWriter() throws {
        let document = try Format.json.read(Data(#"{"zebra": 1, "apple": 2, "mango": {"z": 1, "a": 2}}"#.utf8))
        #expect(try Format.binaryPlist.read(try Format.binaryPlist.write(document)) == document)
        let xml = String(decoding: try Format.xmlPlist.write(document), as: UTF8.self)
        let keys = xml.components(separatedBy: "<key>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(keys == ["zebra", "apple", "mango", "z", "a"])
    }

    /// The library names the option that gets the value through (the CLI turns it into a flag).
    @Test func jsonNullIsRefusedWithItsPathAndTheRemedy() throws {
        let document = try Format.json.read(Data(#"{"users": [{}, {}, {}, {"email": null}]}"#.utf8))
        for format in [Format.xmlPlist, .binaryPlist] {
            #expect {
                try format.write(document)
            } throws: { error in
                guard let error = error as? Diagnostic else { return false }
                return error.code == .nullNotRepresentable && error.path?.description == "$.users[3].email"
                    && error.remedy?.option == "null" && error.remedy?.value == "omit"
                    && error.description.contains("set null to omit")
            }
        }
    }

    @Test func datesAndDataGoToJSON() throws {
        let date = Date(timeIntervalSinceReferenceDate: 737_000_000.5)
        let plist = try Format.binaryPlist.write(["when": .date(date), "blob": .data(Data("hi".utf8))])
        let json = String(decoding: try Format.json.write(try Format.binaryPlist.read(plist), options: FormatOptions(pretty: false)), as: UTF8.self)
        #expect(json == #"{"when":"2024-05-10T02:13:20.5Z","blob":"aGk="}"#)
        let epoch = String(decoding: try Format.json.write(try Format.binaryPlist.read(plist), options: FormatOptions(pretty: false, dates: .secondsSince1970, data: .hex)), as: UTF8.self)
        #expect(epoch == #"{"when":1715307200.5,"blob":"6869"}"#)
    }

    @Test func binaryPlistErrorsSayWhatAndWhere() throws {
        let error = try #require(readingError(try Fixtures.data("convert/bplist-invalid/13_too_large_offset.bplist"), with: BinaryPlistReader().read))
        #expect(error.inFile("x.plist").description.hasPrefix("x.plist:offset "))
        #expect(!error.description.contains("Unexpected character b"))
    }

    @Test func plistsAreDetectedByContent() throws {
        let binary = try Format.binaryPlist.write(["a": 1])
        #expect(Format.detect(in: binary) == .binaryPlist)
        #expect(try Format.xmlPlist.read(binary) == ["a": 1])
        #expect(try Format.binaryPlist.read(try Format.xmlPlist.write(["a": 1])) == ["a": 1])
    }
}
