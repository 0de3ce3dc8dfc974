/// SerializeCoding GettingStarted: the documentation's Swift samples, verbatim, compiled (and some run) so the docs
/// cannot rot. DocumentationSamplesTests checks every ```swift block appears here.

import Foundation
import SerializeCoding
import Testing

enum CodingSamples {
    enum Plan: String, DefaultCaseCodable {
        case free, pro, unknown
        static let defaultCase = Plan.unknown
    }

    protocol Attachment: Codable, Sendable {}
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

    static func decode(_ data: Data) throws -> (Account, DecodingReport) {
        let report = DecodingReport()
        let decoder = JSONDecoder()
        decoder.userInfo[.decodingReport] = report
        decoder.userInfo[.invalidElementStrategy] = InvalidElementDefault.remove
        let account = try decoder.decode(Account.self, from: data)
        for entry in report.entries { print(entry) }
        // $.attachments[1]: removed: Unknown Attachment type "video"; registered types are "image", "file".
        // $.scores.bob: removed: Expected to decode Int but found a string instead.
        return (account, report)
    }
}

@Suite struct CodingSampleTests {
    @Test func theReportNamesWhatWasRemoved() throws {
        let json = #"{"id": "7", "isActive": 1, "plan": "gold", "attachments": [{"kind": "image", "url": "u", "width": 1}, {"kind": "video"}], "scores": {"ada": 1, "bob": "x"}}"#
        let (account, report) = try CodingSamples.decode(Data(json.utf8))
        #expect(account.id == 7 && account.plan == .unknown && account.attachments.count == 1 && account.scores == ["ada": 1])
        #expect(report.entries.map { "\($0.path)" }.sorted() == ["$.attachments[1]", "$.scores.bob"])
    }
}
