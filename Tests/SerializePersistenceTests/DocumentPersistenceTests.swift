import Foundation
import Testing
import SerializeDocument
@testable import SerializePersistence

/// `Document` (SerializeDocument) as the dynamic value of an `Any`-like field, carried through
/// persistence in every format.
@Suite struct DocumentPersistenceTests {
    /// A model with a field of any shape.
    struct Event: Codable, Equatable {
        var name: String
        var payload: Document
    }

    /// Every dictionary has one key, so the decoders' key order (which Foundation does not keep)
    /// cannot matter.
    static let scalars: Document = [
        "values": [42, -7, .integer(.max), .integer(.min), 2.5, -0.125, true, false, "héllo", "",
                   [1, "two", false, 3.25], ["deep": ["deeper": [1, 2]]]],
    ]

    @Test(arguments: keyedFormats)
    func integersDoublesAndBooleansStayApart(format: Format) throws {
        let event = Event(name: "e", payload: Self.scalars)
        let loaded = try Persistence().decode(Event.self, from: Persistence().encode(event, as: format), as: format)
        #expect(loaded == event)
    }

    @Test(arguments: [Format.xmlPlist, .binaryPlist])
    func plistDatesAndDataKeepTheirTypes(format: Format) throws {
        let event = Event(name: "e", payload: [.date(Date(timeIntervalSince1970: 1_700_000_000)), .data(Data([0, 255]))])
        let loaded = try Persistence().decode(Event.self, from: Persistence().encode(event, as: format), as: format)
        #expect(loaded == event)
    }

    @Test func jsonWritesDatesAndDataThroughItsStrategies() throws {
        let event = Event(name: "e", payload: [.date(Date(timeIntervalSince1970: 0)), .data(Data([1, 2, 3]))])
        let data = try Persistence(options: FormatOptions(pretty: false, dates: .iso8601)).encode(event, as: .json)
        #expect(String(decoding: data, as: UTF8.self) == #"{"name":"e","payload":["1970-01-01T00:00:00Z","AQID"]}"#)
    }

    @Test func jsonKeepsNull() throws {
        let event = Event(name: "e", payload: [nil, 1, ["gone": nil]])
        #expect(try Persistence().decode(Event.self, from: Persistence().encode(event, as: .json), as: .json) == event)
    }

    @Test func aStoreOfDocuments() async throws {
        try await withScratchFolder { folder in
            let store = RecordStore<Document>(folder: folder, format: .binaryPlist)
            try await store.save(Self.scalars, id: "doc")
            #expect(try await store.load(id: "doc") == Self.scalars)
        }
    }
}

/// `Document` through CSV, where every row can be read both as named columns and as a list of
/// fields: the named columns must win, and indexed columns must come back as arrays.
@Suite struct DocumentThroughCSVTests {
    struct Event: Codable, Equatable {
        var name: String
        var payload: Document
    }

    @Test func nestedDictionariesAndArraysComeBack() throws {
        let events = [
            Event(name: "a", payload: ["kind": "click", "at": ["x": 3, "y": 4], "tags": ["red", "blue"]]),
            Event(name: "b", payload: ["kind": "key", "at": ["x": 5, "y": 6], "tags": ["green", "gold"]]),
        ]
        let data = try Persistence().encode(events, as: .csv)
        #expect(try Persistence().decode([Event].self, from: data, as: .csv) == events)
    }

    @Test func aWholeRowAsADocumentIsADictionaryOfItsColumns() throws {
        let rows: [Document] = [["id": 1, "name": "Ada", "tags": ["x", "y"]], ["id": 2, "name": "Bo", "tags": ["z", "w"]]]
        let data = try Persistence().encode(rows, as: .csv)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("id,name,tags[0],tags[1]"))
        #expect(try Persistence().decode([Document].self, from: data, as: .csv) == rows)
    }
}
