/// SerializeModels GettingStarted: the documentation's Swift samples, verbatim, compiled (and some run) so the docs
/// cannot rot. DocumentationSamplesTests checks every ```swift block appears here.

import Foundation
import SerializeCoding
import SerializeModels

enum ModelSamples {
    static func decodePage(_ data: Data) throws -> Page<SearchResult> {
        let report = DecodingReport()
        let decoder = JSONDecoder()
        decoder.userInfo[.decodingReport] = report
        let page = try decoder.decode(Page<SearchResult>.self, from: data)
        for entry in report.entries {
            print(entry)   // $.results[2]: removed: Unknown type "podcast"; expected one of "song", "user", "playlist".
        }
        return page
    }

    static func binary(_ page: Page<SearchResult>) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let plist = try encoder.encode(page)
        let again = try PropertyListDecoder().decode(Page<SearchResult>.self, from: plist)
        assert(again == page)
    }

    static func versions(_ data: Data) throws -> ReleaseList {
        let decoder = JSONDecoder()
        decoder.userInfo[.apiVersion] = APIVersion.v1   // Unix seconds
        let releases = try decoder.decode(ReleaseList.self, from: data)
        return releases
    }
}
