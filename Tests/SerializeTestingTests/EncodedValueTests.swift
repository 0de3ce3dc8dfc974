import SerializeDocument
import Foundation
import PropertyBased
import Testing
@testable import SerializeDocument
import SerializeTesting

@Suite struct EncodedValueTests {
    @Test func nanEqualsNanAndTheSignOfZeroCounts() {
        #expect(EncodedValue.double(.nan) == .double(.nan))
        #expect(EncodedValue.float(.nan) == .float(-.nan))
        #expect(EncodedValue.double(-0.0) != .double(0.0))
        #expect(EncodedValue.double(1) != .float(1))
        #expect(EncodedValue.keyed(["a": .double(.nan)]).hashValue == EncodedValue.keyed(["a": .double(.nan)]).hashValue)
    }

    @Test func datesAndDataStayLeaves() throws {
        let tree = try EncodedValue(encoding: DataBox(data: Data([1, 2]), optionalData: nil, chunks: []))
        #expect(tree == .keyed(["data": .data(Data([1, 2])), "chunks": .array([])]))
    }

    @Test func differencesAreFoundAtTheDeepestPathInStableOrder() {
        let before = EncodedValue.keyed([
            "b": .array([.signed(1), .signed(2)]), "a": .keyed(["x y": .string("é")]), "c": .null,
        ])
        let after = EncodedValue.keyed(["b": .array([.signed(1)]), "a": .keyed(["x y": .string("e\u{301}")]), "d": .bool(true)])
        #expect(before.differences(to: after).map(\.description) == [
            #"$.a["x y"]: "é" became "é""#,
            "$.b[1]: 2 became (absent)",
            "$.c: null became (absent)",
            "$.d: (absent) became true",
        ])
    }

    @Test func stringsWithInvisibleScalarsPrintEscaped() {
        #expect(EncodedValue.string("a\u{0}b\r\u{200B}").description == #""a\u{0}b\r\u{200B}""#)
    }
}

/// The structural encoder must see the same containers and keys Foundation's encoders do.
@Suite struct TreeEncoderAgreementTests {
    /// A rendering of the container structure and string leaves, comparable across trees.
    static func shape(_ value: EncodedValue) -> String {
        switch value {
        case let .keyed(fields):
            "{" + fields.keys.map { (withoutBOM($0.string), $0) }.sorted { $0.0 < $1.0 }.map { "\($0.0):\(shape(fields[$0.1]!))" }
                .joined(separator: ",") + "}"
        case let .array(values): "[" + values.map(shape).joined(separator: ",") + "]"
        case let .string(text): nonFinite.contains(text) ? "leaf" : "s"
        case .null: "null"
        default: "leaf"
        }
    }

    /// JSONSerialization drops a U+FEFF that starts a string or key, and one that follows a
    /// `\uXXXX` escape (seen on Linux: `"R\u0002\u{FEFF}x"` reads back as `"R\u{2}x"`), so keys
    /// are compared without any.
    static func withoutBOM(_ key: String) -> String {
        String(String.UnicodeScalarView(key.unicodeScalars.filter { $0 != "\u{FEFF}" }))
    }

    /// What `.convertToString` writes for NaN and ±∞: a leaf either way.
    static let nonFinite: Set<String> = ["NaN", "Infinity", "-Infinity"]

    static func shape(_ object: Any) -> String {
        switch object {
        case let fields as [String: Any]:
            "{" + fields.keys.map { (withoutBOM($0), $0) }.sorted { $0.0 < $1.0 }.map { "\($0.0):\(shape(fields[$0.1]!))" }
                .joined(separator: ",") + "}"
        case let values as [Any]: "[" + values.map(shape).joined(separator: ",") + "]"
        // Not the text itself: JSONSerialization drops a leading U+FEFF from strings.
        case let text as String: nonFinite.contains(text) ? "leaf" : "s"
        case is NSNull: "null"
        default: "leaf"
        }
    }

    @Test func shapesAgreeWithJSONEncoder() async {
        let json = RoundTripFormat.json(FormatOptions(nonFinite: .string))
        await propertyCheck(count: 200, input: ModelGen.shapeBox) { box in
            let tree = try EncodedValue(encoding: box)
            let object = try JSONSerialization.jsonObject(with: json.encode(box))
            #expect(Self.shape(tree) == Self.shape(object))
        }
    }

    @Test func shapesAgreeForEitherAndScalars() async {
        await propertyCheck(count: 200, input: ModelGen.eitherBox, ModelGen.scalars) { either, scalars in
            let pairs: [(EncodedValue, Data)] = [
                (try EncodedValue(encoding: either), try RoundTripFormat.json(FormatOptions(nonFinite: .string)).encode(either)),
                (try EncodedValue(encoding: scalars), try RoundTripFormat.json.encode(scalars)),
            ]
            for (tree, data) in pairs {
                #expect(Self.shape(tree) == Self.shape(try JSONSerialization.jsonObject(with: data)))
            }
        }
    }
}
