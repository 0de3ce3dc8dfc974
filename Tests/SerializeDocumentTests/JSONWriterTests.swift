import Foundation
import Testing
import SerializeCore
@testable import SerializeDocument

@Suite struct JSONWriterTests {
    @Test func compactAndPrettyLayouts() throws {
        let document: Document = ["b": [1, 2.5, true, nil], "a": ["x": "y"], "e": [], "f": [:]]
        #expect(try compactJSON(document) == #"{"b":[1,2.5,true,null],"a":{"x":"y"},"e":[],"f":{}}"#)
        let pretty = String(decoding: try JSONWriter().write(document), as: UTF8.self)
        #expect(pretty == """
            {
              "b": [
                1,
                2.5,
                true,
                null
              ],
              "a": {
                "x": "y"
              },
              "e": [],
              "f": {}
            }

            """)
    }

    @Test func sortedKeysOnRequestAtEveryLevel() throws {
        let document: Document = ["b": ["z": 1, "a": 2], "a": 1]
        #expect(try compactJSON(document, options: FormatOptions(pretty: false, sortKeys: true)) == #"{"a":1,"b":{"a":2,"z":1}}"#)
    }

    @Test(arguments: [
        (0.1, "0.1"), (1.0, "1.0"), (-0.0, "-0.0"), (1e-5, "1e-05"), (1.7976931348623157e308, "1.7976931348623157e+308"),
        (.leastNonzeroMagnitude, "5e-324"), (0.30000000000000004, "0.30000000000000004"), (123456789012345680, "1.2345678901234568e+17"),
    ])
    func realsAreShortestAndRoundTrip(value: Double, text: String) throws {
        #expect(try compactJSON(.double(value)) == text)
        #expect(try JSONReader().read(Data(text.utf8)) == .double(value))
    }

    @Test func integersAreExact() throws {
        #expect(try compactJSON([.integer(.min), .unsignedInteger(.max)]) == "[-9223372036854775808,18446744073709551615]")
    }

    @Test func stringsEscapeQuotesBackslashesAndControls() throws {
        let text = try compactJSON("q\"b\\n\n\t\u{0}\u{1F}é𝄞/")
        #expect(text == #""q\"b\\n\n\t\u0000\u001fé𝄞/""#)
        #expect(try JSONReader().read(Data(text.utf8)) == "q\"b\\n\n\t\u{0}\u{1F}é𝄞/")
    }

    @Test func nonFiniteIsRefusedWithPathAndFlagOrWrittenAsString() throws {
        let document: Document = ["values": [1.0, .double(.nan)]]
        #expect {
            try compactJSON(document)
        } throws: { error in
            let error = error as? Diagnostic
            return error?.code == .nonFiniteNumber && error?.path?.description == "$.values[1]"
                && error?.remedy?.option == "nonFinite" && error?.remedy?.value == "string"
        }
        let options = FormatOptions(pretty: false, nonFinite: .string)
        #expect(try compactJSON([.double(.nan), .double(.infinity), .double(-.infinity)], options: options) == #"["NaN","Infinity","-Infinity"]"#)
    }

    @Test func datesAndDataThroughStrategies() throws {
        let date = Date(timeIntervalSince1970: 1_714_566_600.25)
        let document: Document = [.date(date), .data(Data([0xDE, 0xAD, 0xBE, 0xEF]))]
        #expect(try compactJSON(document) == #"["2024-05-01T12:30:00.25Z","3q2+7w=="]"#)
        let epoch = FormatOptions(pretty: false, dates: .secondsSince1970, data: .hex)
        #expect(try compactJSON(document, options: epoch) == #"[1714566600.25,"deadbeef"]"#)
    }
}
