import Foundation
import OrderedCollections
import Testing
import SerializeCore
import TestSupport
@testable import SerializeDocument

/// A document with every kind of value a property list holds, keys deliberately unsorted.
let everyPlistValue: Document = [
    "zeta": "last key first",
    "ints": [0, 1, 255, 256, 65_535, 65_536, .integer(Int64(UInt32.max)), .integer(Int64(UInt32.max) + 1), -1, .integer(.min), .integer(.max), .unsignedInteger(UInt64(Int64.max) + 1), .unsignedInteger(.max)],
    "reals": [0.1, 1.0, -0.0, Document.double(.leastNonzeroMagnitude), 1.7976931348623157e308, .double(.infinity), .double(-.infinity)],
    "bools": [true, false],
    "strings": ["", "ascii", "naïve café", "𝄞 clef", "tab\tnew\nline\r\nreturn", "<&>\"'"],
    "date": .date(Date(timeIntervalSinceReferenceDate: 737_000_000.125)),
    "old": .date(Date(timeIntervalSinceReferenceDate: -63_113_904_000)),
    "data": .data(Data((0..<40).map { UInt8($0 * 7 % 256) })),
    "empty": ["array": [], "dict": [:], "data": .data(Data())],
    "long": .array((0..<300).map { .integer(Int64($0)) }),
    "alpha": ["nested": ["deeper": ["deepest": "value"]]],
]

@Suite struct BinaryPlistTests {
    func roundTrip(_ document: Document, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Document {
        let bytes = try BinaryPlistWriter().write(document)
        #expect(bytes.starts(with: Array("bplist00".utf8)), sourceLocation: sourceLocation)
        return try BinaryPlistReader().read(bytes)
    }

    @Test func everyValueRoundTripsWithOrderAndExactIntegers() throws {
        #expect(try roundTrip(everyPlistValue) == everyPlistValue)
    }

    @Test func nanRoundTrips() throws {
        let back = try roundTrip([.double(.nan)])
        guard case let .array(elements) = back, case let .double(value) = elements.first else {
            Issue.record("not an array of one real: \(back)")
            return
        }
        #expect(value.isNaN)
    }

    @Test func topLevelScalarsAndManyObjectsNeedingWideReferences() throws {
        #expect(try roundTrip("just a string") == "just a string")
        #expect(try roundTrip(.unsignedInteger(.max)) == .unsignedInteger(.max))
        // More than 256 distinct objects: 2-byte references, and more than 65536 bytes: wider offsets.
        let many = Document.array((0..<70_000).map { .string("s\($0)") })
        #expect(try roundTrip(many) == many)
    }

    @Test func equalStringsAreStoredOnce() throws {
        let records = Document.array((0..<3000).map { ["name": .string("n\($0 % 7)"), "city": "Zürich", "kind": "x"] })
        let bytes = try BinaryPlistWriter().write(records)
        #expect(bytes.ranges(of: Data([0x51, UInt8(ascii: "x")])).count == 1)
        #expect(bytes.ranges(of: Data("name".utf8)).count == 1)
        #expect(bytes.ranges(of: Data([0x00, UInt8(ascii: "Z"), 0x00, 0xFC])).count == 1)
        #expect(try BinaryPlistReader().read(bytes) == records)
    }

    /// A string met again as the same `String` value is found by that value's two words
    /// (`BinaryPlistKnownStrings`), not its bytes: the bytes must be those written for distinct
    /// copies of every string, with more keys than that cache holds, canonically equivalent keys
    /// kept apart, and `CF$UID` met again as a known key still making a UID.
    @Test func sharedStringValuesWriteWhatDistinctCopiesWrite() throws {
        let keys = (0..<600).map { "a key long enough to live on the heap \($0)" } + ["\u{E9}", "e\u{301}", "K", "\u{212A}", "x"]
        func copy(_ string: String) -> String { String(decoding: Array(string.utf8), as: UTF8.self) }
        func document(_ spell: (String) -> String) -> Document {
            let rounds: [Document] = (0..<3).map { round in
                .dictionary(OrderedDictionary(uniqueKeysWithValues: keys.indices.map { index in
                    (DocumentKey(spell(keys[index])), Document.string(spell(keys[(index + round) % keys.count])))
                }))
            }
            let uids: [Document] = (0..<3).map { .dictionary([DocumentKey(spell("CF$UID")): .integer(Int64($0))]) }
            return .array(rounds + uids + [.dictionary([DocumentKey(spell("x")): .null, DocumentKey(spell("CF$UID")): 9])])
        }
        let options = FormatOptions(null: .omit)
        let shared = try BinaryPlistWriter(options: options).write(document { $0 })
        let copies = try BinaryPlistWriter(options: options).write(document(copy))
        #expect(shared == copies)
        guard case var .array(expected) = document({ $0 }) else { return }
        expected[expected.count - 1] = ["CF$UID": 9]
        #expect(try BinaryPlistReader().read(shared) == .array(expected))
        #expect(shared.ranges(of: Data("a key long enough to live on the heap 599".utf8)).count == 1)
        // Foundation reads a UID object as something other than a dictionary: each `CF$UID`
        // dictionary, its key met before, is one.
        let objects = try PropertyListSerialization.propertyList(from: shared, format: nil) as? [Any] ?? []
        #expect(objects.count == 7)
        #expect(objects.prefix(3).allSatisfy { $0 is [String: Any] })
        #expect(objects.suffix(4).allSatisfy { !($0 is [String: Any]) })
    }

    /// The string table compares a candidate's first eight bytes (zero-padded) before the rest:
    /// strings equal there but not in their length or later bytes stay apart.
    @Test func stringsAlikeInTheirFirstEightBytesStayApart() throws {
        let strings = ["ab", "ab\u{0}", "ab\u{0}\u{0}", "\u{0}", "", "abcdefgh", "abcdefghX", "abcdefghY", "abcdefghX", "ééééé", "ééééé\u{0}", "éééééX", "éééééY"]
        let document = Document.array(strings.map { .string($0) })
        let bytes = try BinaryPlistWriter().write(document)
        #expect(try BinaryPlistReader().read(bytes) == document)
        #expect(bytes.ranges(of: Data("abcdefghX".utf8)).count == 1)
        let object = try PropertyListSerialization.propertyList(from: bytes, format: nil)
        #expect((object as? [String])?.map { Array($0.unicodeScalars) } == strings.map { Array($0.unicodeScalars) })
    }

    /// Strings shorter than a word are read by two overlapping loads (`shortWord`): every byte
    /// of every length counts, so strings differing in any one byte stay apart and a repeat of
    /// each is shared.
    @Test(arguments: 0...17)
    func stringsDifferingInAnyOneByteStayApart(length: Int) throws {
        let base = Array("abcdefghijklmnopq".utf8.prefix(length))
        let variants = [base] + base.indices.map { index in
            var bytes = base
            bytes[index] = UInt8(ascii: "Z")
            return bytes
        }
        let strings = variants.map { String(decoding: $0, as: UTF8.self) }
        let document = Document.array((strings + strings.map { String(decoding: Array($0.utf8), as: UTF8.self) }).map { .string($0) })
        let bytes = try BinaryPlistWriter().write(document)
        #expect(try BinaryPlistReader().read(bytes) == document)
        // One object per distinct string, then the array: 0xA0 + count, references one byte each.
        let objects = try #require(PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String])
        #expect(objects == strings + strings)
        // The trailer's object count (eight bytes big-endian, 24 from the end): each distinct
        // string once, and the array.
        let objectCount = bytes.suffix(24).prefix(8).reduce(0) { $0 << 8 | Int($1) }
        #expect(objectCount == Set(variants).count + 1)
        base.withUnsafeBytes { raw in
            for count in 0...min(length, 7) {
                let expected = base.prefix(count).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                #expect(ByteScanning.shortWord(raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: count) == expected)
            }
        }
    }

    /// Non-ASCII strings are written as UTF-16 big-endian, ASCII runs of eight bytes widened at
    /// once: the bytes are those of `String.utf16`, wherever the runs start and end.
    @Test(arguments: ["€abcdefgh", "abcdefgh€", "abcdefghijklmnop𝄞", "a€bcdefghijklmnopqrstuvwxyz0123456789é", "日本語 text with spaces 😀 and more ascii!", "\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}ü"])
    func nonASCIIStringsAreTheirUTF16(_ string: String) throws {
        let bytes = [UInt8](try BinaryPlistWriter().write(.string(string)))
        let units = string.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        // The one object follows `bplist00`: its marker, its count's integer when 15 or more, the units.
        let count = string.utf16.count
        let start = count < 15 ? 9 : count <= 0xFF ? 11 : 12
        #expect(Array(bytes[start..<start + units.count]) == units)
        #expect(try BinaryPlistReader().read(Data(bytes)) == .string(string))
    }

    @Test func uidDictionariesBecomeUIDObjectsAndBack() throws {
        let archive: Document = ["$top": ["root": ["CF$UID": 1]], "$objects": ["$null", ["CF$UID": 7]]]
        let bytes = try BinaryPlistWriter().write(archive)
        #expect(bytes.contains(0x80))  // a one-byte UID marker
        #expect(try BinaryPlistReader().read(bytes) == archive)
    }

    @Test func anOmittedCFUIDMemberDoesNotMakeAUID() throws {
        let options = FormatOptions(null: .omit)
        for document: Document in [["x": 5, "CF$UID": nil], ["CF$UID": nil, "x": 5]] {
            let written = try BinaryPlistWriter(options: options).write(document)
            #expect(try BinaryPlistReader().read(written) == ["x": 5])
        }
        let streamed = try Format.json.convert(Data(#"{"x":5,"CF$UID":null}"#.utf8), to: .binaryPlist, writing: options)
        #expect(try BinaryPlistReader().read(streamed) == ["x": 5])
        let uid = try BinaryPlistWriter(options: options).write(["x": nil, "CF$UID": 5])
        #expect(uid.contains(0x80))
        #expect(try BinaryPlistReader().read(uid) == ["CF$UID": 5])
    }

    @Test func foundationReadsWhatWeWrite() throws {
        let document: Document = ["name": "x", "n": -5, "r": 2.5, "ok": true, "d": .data(Data([1, 2])), "list": ["a", "b"]]
        let bytes = try BinaryPlistWriter().write(document)
        let object = try PropertyListSerialization.propertyList(from: bytes, format: nil)
        let dictionary = try #require(object as? [String: Any])
        #expect(dictionary["name"] as? String == "x")
        #expect(dictionary["n"] as? Int == -5)
        #expect(dictionary["r"] as? Double == 2.5)
        #expect(dictionary["ok"] as? Bool == true)
        #expect(dictionary["d"] as? Data == Data([1, 2]))
        #expect(dictionary["list"] as? [String] == ["a", "b"])
    }

    @Test func weReadWhatFoundationWrites() throws {
        let date = Date(timeIntervalSinceReferenceDate: 12345)
        let bytes = try PropertyListSerialization.data(
            fromPropertyList: ["when": date, "items": [1, 2, 3], "big": Int64.min] as [String: Any], format: .binary, options: 0)
        guard case let .dictionary(members) = try BinaryPlistReader().read(bytes) else {
            Issue.record("not a dictionary")
            return
        }
        #expect(members["when"] == .date(date))
        #expect(members["items"] == [1, 2, 3])
        #expect(members["big"] == .integer(.min))
    }

    @Test func nullGoesThroughTheNamedStrategy() throws {
        let document: Document = ["users": [["email": "a@b"], ["email": nil]]]
        #expect {
            try BinaryPlistWriter().write(document)
        } throws: { error in
            let error = error as? Diagnostic
            return error?.code == .nullNotRepresentable && error?.path?.description == "$.users[1].email"
                && error?.remedy?.option == "null" && error?.remedy?.value == "omit"
        }
        let omitted = try BinaryPlistWriter(options: FormatOptions(null: .omit)).write(document)
        #expect(try BinaryPlistReader().read(omitted) == ["users": [["email": "a@b"], [:]]])
        let replaced = try BinaryPlistWriter(options: FormatOptions(null: .string("NULL"))).write(document)
        #expect(try BinaryPlistReader().read(replaced) == ["users": [["email": "a@b"], ["email": "NULL"]]])
    }

    // MARK: - libplist's test data

    static let libplistSamples: [(String, Document?)] = [
        ("signedunsigned.bplist", nil as Document?),
        ("order.bplist", ["test": [1, 1], "foo": [[1], ["test": "foo"], [1], [1]]]),
        ("uid.bplist", ["CF$UID": 7]),
        ("dictref3bytes.bplist", ["A": "B"]),
        ("off8bytes.bplist", ["A": "B"]),
        ("unsigned.bplist", Document.unsignedInteger(.max)),
        ("signed.bplist", -1),
    ]

    @Test(arguments: libplistSamples)
    func libplistSamplesRead(name: String, expected: Document?) throws {
        let document = try BinaryPlistReader().read(try Fixtures.data("convert/bplist-valid/\(name)"))
        if let expected { #expect(document == expected) }
        if name == "signedunsigned.bplist" {
            guard case let .array(elements) = document else {
                Issue.record("not an array")
                return
            }
            #expect(Array(elements.prefix(4)) == [-1, .unsignedInteger(.max), .integer(.max), .integer(.min)])
        }
        // Whatever we read, we write back and read the same.
        #expect(try roundTrip(document) == document)
    }

    // MARK: - Refusing bad input by name

    @Test(arguments: [
        ("00_too_short_data.bplist", Diagnostic.Code.notBinaryPlist),
        ("03_integer_overflow_in_offset_table_offset.bplist", .badTrailer),
        ("09_extremally_large_num_objects_64_bit.bplist", .badTrailer),
        ("11_offset_size_0.bplist", .badTrailer),
        ("13_too_large_offset.bplist", .offsetOutOfRange),
        ("17_extremally_large_array_size_64_bit.bplist", .truncated),
        ("19_too_large_reference_index.bplist", .offsetOutOfRange),
        ("29_invalid_ascii.bplist", .invalidString),
        ("34_invalid_utf_16.bplist", .invalidString),
        ("35_non_hashable_key.bplist", .nonStringKey),
        ("38_invalid_datetime_infinity.bplist", .invalidDate),
        // libplist's recursion.bplist has a cycle, but its offset table also overlaps the trailer.
        ("recursion.bplist", .badTrailer),
    ])
    func invalidInputIsRefusedByNameWithAnOffset(name: String, code: Diagnostic.Code) throws {
        let error = try #require(readingError(try Fixtures.data("convert/bplist-invalid/\(name)"), with: BinaryPlistReader().read))
        #expect(error.code == code, "\(error)")
        guard error.location?.line == nil, error.location?.byteOffset != nil else {
            Issue.record("no byte offset: \(error)")
            return
        }
    }

    @Test func aContainerContainingItselfIsACycle() throws {
        // ["k": ["x"]] is written children first: 0 "x", 1 the array, 2 "k", 3 the dictionary at
        // offset 14; point the array at the dictionary.
        var bytes = try BinaryPlistWriter().write(["k": ["x"]])
        let array = try #require(bytes.firstRange(of: Data([0xA1, 0x00])))
        bytes[array.lowerBound + 1] = 0x03
        let error = try #require(readingError(bytes, with: BinaryPlistReader().read))
        #expect(error.code == .cycle)
        #expect(error.location?.byteOffset == 14)
    }

    @Test func everyShippedInvalidInputIsRefused() throws {
        for file in try Fixtures.files(in: "convert/bplist-invalid", withExtension: "bplist") {
            #expect(throws: Diagnostic.self, "\(file.lastPathComponent)") { try BinaryPlistReader().read(try Data(contentsOf: file)) }
        }
    }

    @Test func textIsNotABinaryPlist() throws {
        let error = try #require(readingError(Data("<plist/>".utf8), with: BinaryPlistReader().read))
        #expect(error.code == .notBinaryPlist)
        #expect(error.description == "offset 0: error: not a binary property list: it does not start with 'bplist00'")
    }

    @Test func theDeepestJSONIsTheDeepestBinaryPlist() throws {
        let json = Data((String(repeating: "[", count: 512) + "1" + String(repeating: "]", count: 512)).utf8)
        let binary = try Format.json.convert(json, to: .binaryPlist)
        #expect(try Format.binaryPlist.convert(binary, to: .json, writing: FormatOptions(pretty: false)) == json)
        #expect(try JSONWriter(options: FormatOptions(pretty: false)).write(try BinaryPlistReader().read(binary)) == json)
        let deeper = Data(("[" + String(decoding: json, as: UTF8.self) + "]").utf8)
        #expect(throws: Diagnostic.self) { try JSONReader().read(deeper) }
    }

    @Test func deepNestingIsRefused() throws {
        var document: Document = 1
        for _ in 0..<600 { document = [document] }
        // The writer refuses it too (one depth rule): write it under a larger limit to read it.
        #expect(throws: Diagnostic.self) { try BinaryPlistWriter().write(document) }
        let bytes = try BinaryPlistWriter(options: FormatOptions(maximumDepth: 600)).write(document)
        let error = try #require(readingError(bytes, with: BinaryPlistReader().read))
        #expect(error.code == .tooDeep)
    }

    @Test func truncationAnywhereIsRefusedNotCrashed() throws {
        let bytes = try BinaryPlistWriter().write(everyPlistValue)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: Diagnostic.self) { try BinaryPlistReader().read(bytes.prefix(length)) }
        }
    }

    @Test func flippedBytesNeverCrash() throws {
        let bytes = try BinaryPlistWriter().write(everyPlistValue)
        // Seeded, so a crash found here replays.
        var generator = SeededGenerator(state: 2026)
        for _ in 0..<2000 {
            var mutated = bytes
            for _ in 0..<3 {
                mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? BinaryPlistReader().read(mutated)
        }
    }

    @Test(.enabled(if: Fixtures.sharedCorpora != nil)) func sharedCorporaNeverCrash() throws {
        let root = try #require(Fixtures.sharedCorpora).appendingPathComponent("plist")
        let pyinvalid = try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent("pyinvalid"), includingPropertiesForKeys: nil)
        #expect(pyinvalid.count == 40)
        for file in pyinvalid {
            let error = readingError(try Data(contentsOf: file), with: BinaryPlistReader().read)
            if let error, error.location?.line == nil, error.location?.byteOffset != nil {} else {
                Issue.record("\(file.lastPathComponent): expected an error with a byte offset, got \(String(describing: error))")
            }
        }
        // Every other file: refused or read, never a crash; what is read writes back the same.
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var count = 0
        while let file = enumerator?.nextObject() as? URL {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            count += 1
            let data = try Data(contentsOf: file)
            // Streaming straight to a writer never crashes either.
            _ = try? Format.binaryPlist.convert(data, to: .xmlPlist, writing: FormatOptions(null: .omit))
            if let document = try? BinaryPlistReader().read(data) {
                if let bytes = try? BinaryPlistWriter(options: FormatOptions(null: .omit)).write(document) {
                    #expect(try BinaryPlistReader().read(bytes) == document, "\(file.path)")
                }
            }
        }
        #expect(count > 100)
    }
}
