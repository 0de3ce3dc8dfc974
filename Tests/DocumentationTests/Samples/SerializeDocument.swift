/// SerializeDocument GettingStarted: the documentation's Swift samples, verbatim, compiled (and some run) so the docs
/// cannot rot. DocumentationSamplesTests checks every ```swift block appears here.

import Foundation
import OrderedCollections  // only for this package's MemberImportVisibility: members["id"]
import SerializeDocument
import Testing

enum DocumentSamples {
    static func convert() throws -> (Data, Data, Format) {
        let json = Data(#"{"id": 9223372036854775807, "tags": ["a", "b"], "ratio": 1.0}"#.utf8)
        let plist = try Format.json.convert(json, to: .binaryPlist)
        let back = try Format.binaryPlist.convert(plist, to: .json)   // the same text, key order kept
        let format = Format.detect(in: plist)                          // .binaryPlist, from the bytes
        return (json, back, format)
    }

    static func tree(_ json: Data) throws -> Data {
        let document = try JSONReader().read(json)
        if case let .dictionary(members) = document, case let .integer(id)? = members["id"] {
            print(id)  // exact: 9223372036854775807
        }
        let xml = try XMLPlistWriter().write(document)
        return xml
    }

    static func refusals() throws -> Data {
        let users = try JSONReader().read(Data(#"{"users": [{"email": null}]}"#.utf8))
        do {
            _ = try XMLPlistWriter().write(users)
        } catch {
            // $.users[0].email: error: null cannot be written to a property list, which has no null
            // (set null to omit to leave the member or element out)
            print(error)   // a Diagnostic: error.path, error.remedy (option "null", value "omit")
        }
        let omitted = try XMLPlistWriter(options: FormatOptions(null: .omit)).write(users)
        return omitted
    }
}

@Suite struct DocumentSampleTests {
    @Test func theSamplesDoWhatTheyPromise() throws {
        let (json, back, format) = try DocumentSamples.convert()
        #expect(format == .binaryPlist)
        #expect(try Format.json.read(back) == (try Format.json.read(json)))
        _ = try DocumentSamples.tree(json)
        #expect(try Format.xmlPlist.read(try DocumentSamples.refusals()) == ["users": [[:]]])
    }
}
