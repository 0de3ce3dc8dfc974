import SerializeCore
import Foundation
import Testing
import SerializeCoding
import SerializeDocument

/// The model and payload of SerializeCoding.docc/GettingStarted.md, so the article stays true.
@Suite struct GettingStartedTests {
    enum Plan: String, DefaultCaseCodable {
        case free, pro, unknown
        static let defaultCase = Plan.unknown
    }

    struct Image: Attachment { var url: String; var width: Int }
    struct File: Attachment { var url: String }

    enum Attachments: PolymorphicTypes {
        static let registry = TypeRegistry<any Attachment>(discriminator: "kind", [
            .type(Image.self, as: "image"),
            .type(File.self, as: "file"),
        ])
    }

    struct Account: Codable {
        @Lossless var id: Int
        @Lossless var isActive: Bool
        var plan: Plan
        @Default<DefaultEmpty<String>> var nickname: String
        @PolymorphicArray<Attachments> var attachments: [any Attachment]
        @LossyDictionary var scores: [String: Int]
    }

    let payload: Raw = [
        "id": "1042",
        "isActive": 1,
        "plan": "enterprise-plus",
        "attachments": [
            ["kind": "image", "url": "https://example.com/a.png", "width": 640],
            ["kind": "video"],
            ["kind": "file", "url": "https://example.com/b.pdf"],
        ],
        "scores": ["alice": 3, "bob": "n/a"],
    ]

    @Test(arguments: CodingFormat.allCases)
    func theArticlesPayloadDecodesWithAReport(format: CodingFormat) throws {
        let report = DecodingReport()
        let account = try format.decode(
            Account.self, fromRaw: payload,
            userInfo: [.decodingReport: report, .invalidElementStrategy: InvalidElementDefault.remove])
        #expect(account.id == 1042 && account.isActive && account.plan == .unknown && account.nickname == "")
        #expect(account.attachments.count == 2)
        #expect((account.attachments[0] as? Image)?.width == 640)
        #expect(account.scores == ["alice": 3])
        #expect(report.entries.map(\.path.description) == ["attachments[1]", "scores.bob"].map(format.path))
        #expect(report.entries.first?.reason == #"Unknown Attachment type "video"; registered types are "image", "file"."#)
        if format != .csv {
            #expect(report.entries.last?.reason == "Expected to decode Int but found a string instead.")
        }
    }

    @Test(arguments: CodingFormat.allCases)
    func withoutTheRemoveDefaultTheUnknownAttachmentFails(format: CodingFormat) {
        #expect {
            try format.decode(Account.self, fromRaw: payload)
        } throws: { error in
            format.isPath(codingPath(of: error), "attachments[1].kind")
        }
    }

    @Test func originalFormWritesTheScalarsBackAsTheyCame() throws {
        let account = try CodingFormat.json.decode(Account.self, fromRaw: payload,
                                                   userInfo: [.invalidElementStrategy: InvalidElementDefault.remove])
        struct Scalars: Decodable { var id: String; var isActive: Int }
        let canonical = try CodingFormat.json.encode(account)
        #expect(String(decoding: canonical, as: UTF8.self).contains(#""id":1042"#))
        let original = try CodingFormat.json.encode(account, userInfo: [.losslessEncoding: LosslessEncoding.originalForm])
        let scalars = try CodingFormat.json.decode(Scalars.self, from: original)
        #expect(scalars.id == "1042" && scalars.isActive == 1)
    }
}

protocol Attachment: Codable, Sendable {}
