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

    @Test(arguments: keyedStorageFormats)
    func integersDoublesAndBooleansStayApart(format: StorageFormat) throws {
        let event = Event(name: "e", payload: Self.scalars)
        let loaded = try Persistence().decode(Event.self, from: Persistence().encode(event, as: format), as: format)
        #expect(loaded == event)
    }

    @Test(arguments: [StorageFormat.xmlPlist, .binaryPlist])
    func plistDatesAndDataKeepTheirTypes(format: StorageFormat) throws {
        let event = Event(name: "e", payload: [.date(Date(timeIntervalSince1970: 1_700_000_000)), .data(Data([0, 255]))])
        let loaded = try Persistence().decode(Event.self, from: Persistence().encode(event, as: format), as: format)
        #expect(loaded == event)
    }

    @Test func jsonWritesDatesAndDataThroughItsStrategies() throws {
        let event = Event(name: "e", payload: [.date(Date(timeIntervalSince1970: 0)), .data(Data([1, 2, 3]))])
        let data = try Persistence().encode(event, as: .json(.init(dates: .iso8601)))
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
