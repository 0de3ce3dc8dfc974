import SerializeCore
import Foundation
import Testing
import SerializeCoding
import SerializeDocument
import SerializeModels
@testable import SerializePersistence

/// The shared models that use the SerializeCoding helpers, stored in every format.
@Suite struct ModelPersistenceTests {
    /// A JSON payload rewritten in `format` (plists through `PropertyListSerialization`), so one
    /// messy payload is fed to every format. The payload must hold no null.
    func payload(_ json: String, as format: Format) throws -> Data {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        switch format {
        case .xmlPlist: return try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        case .binaryPlist: return try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        default: return Data(json.utf8)
        }
    }

    static let product = #"""
        {"id": "1042", "inStock": 1, "price": "19.5", "name": "Kettle",
         "availability": "backordered",
         "pricesByCurrency": {"EUR": 19.5, "USD": "call us"},
         "variants": [{"sku": "K-1"}, {"sku": ["bad"]}, {"sku": "K-3"}]}
        """#

    @Test(arguments: keyedFormats)
    func aMessyProductDecodesWithAReport(format: Format) throws {
        let report = DecodingReport()
        let persistence = Persistence(userInfo: [.decodingReport: report])
        let product = try persistence.decode(ShopProduct.self, from: payload(Self.product, as: format), as: format)
        #expect(product == ShopProduct(
            id: 1042, inStock: true, price: 19.5, name: "Kettle", tags: [], isFeatured: false, availability: .unknown,
            pricesByCurrency: ["EUR": 19.5], variants: [ProductVariant(sku: "K-1"), ProductVariant(sku: "K-3")]))
        #expect(report.entries.map(\.path.description) == ["$.pricesByCurrency.USD", "$.variants[1]"])
    }

    @Test(arguments: keyedFormats)
    func aProductIsWrittenBackInItsOriginalForm(format: Format) throws {
        let persistence = Persistence(userInfo: [.losslessEncoding: LosslessEncoding.originalForm])
        let product = try persistence.decode(ShopProduct.self, from: payload(Self.product, as: format), as: format)
        struct Scalars: Decodable { var id: String; var inStock: Int; var price: String }
        let scalars = try persistence.decode(Scalars.self, from: persistence.encode(product, as: format), as: format)
        #expect(scalars.id == "1042" && scalars.inStock == 1 && scalars.price == "19.5")
    }

    @Test func productsAndInboxesRoundTripInEveryFormat() async {
        await withScratchFolder { folder in
            expectRoundTripInEveryFormat(
                ShopProduct(id: 7, inStock: false, price: 2.25, name: "Cup", tags: ["kitchen"], isFeatured: true,
                            availability: .preorder, pricesByCurrency: ["EUR": 2.25, "GBP": 2],
                            variants: [ProductVariant(sku: "C")]),
                in: folder)
            expectRoundTripInEveryFormat(
                Inbox(owner: "ada", pinned: InboxText(sender: "bo", body: "hi"),
                      messages: [InboxImage(sender: "cy", url: "a.png", width: 2, height: 1),
                                 InboxInvite(sender: "di", event: "launch", startsAt: Date(timeIntervalSince1970: 1e9))]),
                in: folder)
        }
    }

    static let inbox = #"""
        {"owner": "ada", "pinned": {"type": "text", "sender": "bo", "body": "hi"},
         "messages": [{"type": "image", "sender": "cy", "url": "a.png", "width": 2, "height": 1},
                      {"type": "poll", "sender": "ed"},
                      {"type": "text", "sender": "fa", "body": "bye"}]}
        """#

    @Test(arguments: keyedFormats)
    func anInboxWithAnUnknownMessageType(format: Format) throws {
        let data = try payload(Self.inbox, as: format)
        #expect {
            try Persistence().decode(Inbox.self, from: data, as: format)
        } throws: { error in
            guard let error = error as? PersistenceError else { return false }
            return error.codingPath?.description == "$.messages[1].type" && error.message.contains(#"Unknown InboxMessage type "poll""#)
        }

        let report = DecodingReport()
        let lenient = Persistence(userInfo: [.decodingReport: report, .invalidElementStrategy: InvalidElementDefault.remove])
        let inbox = try lenient.decode(Inbox.self, from: data, as: format)
        #expect(inbox.messages.map(\.sender) == ["cy", "fa"])
        #expect(report.entries.map(\.path.description) == ["$.messages[1]"])
    }

    @Test func aRecordStoreOfProducts() async throws {
        try await withScratchFolder { folder in
            let store = RecordStore<ShopProduct>(folder: folder, format: .binaryPlist)
            let kettle = ShopProduct(id: 1, inStock: true, price: 20, name: "Kettle")
            try await store.save(kettle, id: "kettle")
            #expect(try await store.load(id: "kettle") == kettle)
        }
    }
}
