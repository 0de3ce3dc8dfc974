import Foundation
import OrderedCollections
import Testing
import TestSupport
import SerializeCore
@testable import SerializeDocument

/// The document every edit test starts from: key order that is not sorted, an array, a scalar,
/// an integer only `UInt64` holds.
private let sampleText = #"{"zeta": 1, "alpha": ["x", "y"], "big": 18446744073709551615, "empty": [], "nested": {"inner": {"k": true}}}"#
private let sample: Document = json(sampleText)

/// `text` read as JSON (tables hold JSON text: literal `Document` trees are slow to type-check).
private func json(_ text: String) -> Document {
    (try? JSONReader().read(Data(text.utf8))) ?? "unreadable test JSON"
}

private func path(_ text: String) -> ValuePath {
    ValuePath(parsing: text) ?? ValuePath()
}

@Suite struct DocumentEditTests {
    // MARK: - Success

    @Test(arguments: [
        // A new key goes at the end of the key order.
        (DocumentEdit.insert("v", at: path("new")), #"{"zeta": 1, "alpha": ["x", "y"], "big": 18446744073709551615, "empty": [], "nested": {"inner": {"k": true}}, "new": "v"}"#),
        // An index shifts the elements from it on; the dotted digits are an index in an array.
        (.insert("m", at: path("alpha.1")), #"{"zeta": 1, "alpha": ["x", "m", "y"], "big": 18446744073709551615, "empty": [], "nested": {"inner": {"k": true}}}"#),
        (.insert("a", at: path("alpha[0]")), #"{"zeta": 1, "alpha": ["a", "x", "y"], "big": 18446744073709551615, "empty": [], "nested": {"inner": {"k": true}}}"#),
        // The count itself appends.
        (.insert("e", at: path("alpha[2]")), #"{"zeta": 1, "alpha": ["x", "y", "e"], "big": 18446744073709551615, "empty": [], "nested": {"inner": {"k": true}}}"#),
        (.append("e", to: path("empty")), #"{"zeta": 1, "alpha": ["x", "y"], "big": 18446744073709551615, "empty": ["e"], "nested": {"inner": {"k": true}}}"#),
        (.insert(2, at: path("/nested/inner/j")), #"{"zeta": 1, "alpha": ["x", "y"], "big": 18446744073709551615, "empty": [], "nested": {"inner": {"k": true, "j": 2}}}"#),
        // A replaced key keeps its place.
        (.replace(at: path("zeta"), with: json(#"{"deep": [1]}"#)), #"{"zeta": {"deep": [1]}, "alpha": ["x", "y"], "big": 18446744073709551615, "empty": [], "nested": {"inner": {"k": true}}}"#),
        (.replace(at: path("alpha[1]"), with: .null), #"{"zeta": 1, "alpha": ["x", null], "big": 18446744073709551615, "empty": [], "nested": {"inner": {"k": true}}}"#),
        (.replace(at: path(""), with: json("[1, 2]")), "[1, 2]"),
        (.remove(at: path("alpha")), #"{"zeta": 1, "big": 18446744073709551615, "empty": [], "nested": {"inner": {"k": true}}}"#),
        (.remove(at: path("alpha.0")), #"{"zeta": 1, "alpha": ["y"], "big": 18446744073709551615, "empty": [], "nested": {"inner": {"k": true}}}"#),
        (.remove(at: path("nested.inner.k")), #"{"zeta": 1, "alpha": ["x", "y"], "big": 18446744073709551615, "empty": [], "nested": {"inner": {}}}"#),
    ])
    func editsKeepEverythingElse(_ edit: DocumentEdit, _ expected: String) throws {
        var document = sample
        try document.apply(edit)
        #expect(document == json(expected))
    }

    @Test func editsApplyInOrderAndAllOrNone() throws {
        var document = sample
        try document.apply([.insert("a", at: path("b")), .replace(at: path("b"), with: "c"), .remove(at: path("zeta"))])
        #expect(document[path("b")] == "c" && document[path("zeta")] == nil)
        let before = document
        #expect(throws: Diagnostic.self) { try document.apply([.remove(at: path("b")), .remove(at: path("b"))]) }
        #expect(document == before)
    }

    // MARK: - Named errors

    @Test(arguments: [
        (DocumentEdit.insert(1, at: path("a.b.c")), Diagnostic.Code.missingParent, "$"),
        (.insert(1, at: path("alpha[5].x")), .missingParent, "$.alpha"),
        (.replace(at: path("nope.x"), with: 1), .missingParent, "$"),
        (.append(1, to: path("nope")), .missingParent, "$"),
        (.insert(1, at: path("zeta")), .keyExists, "$.zeta"),
        (.replace(at: path("nope"), with: 1), .noSuchKey, "$"),
        (.remove(at: path("nested.inner.nope")), .noSuchKey, "$.nested.inner"),
        (.insert(1, at: path("alpha[3]")), .indexOutOfRange, "$.alpha"),
        (.replace(at: path("alpha[2]"), with: 1), .indexOutOfRange, "$.alpha"),
        (.remove(at: path("empty[0]")), .indexOutOfRange, "$.empty"),
        (.insert(1, at: path("zeta.x")), .notAContainer, "$.zeta"),
        (.replace(at: path("big[0]"), with: 1), .notAContainer, "$.big"),
        (.append(1, to: path("zeta")), .notAContainer, "$.zeta"),
        (.append(1, to: path("nested")), .wrongContainer, "$.nested"),
        (.insert(1, at: path("nested[0]")), .wrongContainer, "$.nested"),
        (.insert(1, at: path("alpha.x")), .wrongContainer, "$.alpha"),
        (.insert(1, at: path("")), .editAtRoot, "$"),
        (.remove(at: path("$")), .editAtRoot, "$"),
    ])
    func failuresAreNamedLocatedAndChangeNothing(_ edit: DocumentEdit, _ code: Diagnostic.Code, _ where: String) {
        var document = sample
        do {
            try document.apply(edit)
            Issue.record("expected \(code)")
        } catch {
            #expect(error.code == code)
            #expect(error.path?.description == `where`)
            #expect(!error.message.isEmpty)
        }
        #expect(document == sample)
    }

    // MARK: - Typed text

    @Test(arguments: [
        ("hi", Document.TextType.string, Document.string("hi")),
        ("-3", .integer, .integer(-3)),
        ("18446744073709551615", .integer, .unsignedInteger(.max)),
        ("2.5", .real, .double(2.5)),
        ("inf", .real, .double(.infinity)),
        ("YES", .bool, .bool(true)),
        ("0", .bool, .bool(false)),
        ("2024-05-01T12:30:45Z", .date, .date(Date(timeIntervalSince1970: 1_714_566_645))),
        ("AAEC/w==", .data, .data(Data([0, 1, 2, 255]))),
        (#"{"b": [1, null], "a": 1.5}"#, .json, json(#"{"b": [1, null], "a": 1.5}"#)),
    ])
    func typedTextReadsLikePlutil(_ text: String, _ type: Document.TextType, _ expected: Document) throws {
        #expect(try Document(text: text, as: type) == expected)
    }

    @Test(arguments: [
        ("1.5", Document.TextType.integer), ("18446744073709551616", .integer), ("x", .real), ("maybe", .bool),
        ("2024-13-01T00:00:00Z", .date), ("not base64!", .data),
    ])
    func badTypedTextIsRefusedByName(_ text: String, _ type: Document.TextType) {
        #expect { try Document(text: text, as: type) } throws: { ($0 as? Diagnostic)?.code == .invalidValue }
    }

    @Test func badJSONTextCarriesTheReadersLocation() {
        #expect { try Document(text: "{\"a\": }", as: .json) } throws: { ($0 as? Diagnostic)?.location?.column == 7 }
    }
}

@Suite struct FormatEditTests {
    static let formats: [(Format, Bool)] = [(.json, true), (.json, false), (.xmlPlist, true), (.xmlPlist, false), (.binaryPlist, true)]

    static let edits: [DocumentEdit] = [
        .insert("v", at: path("new")), .insert(-1, at: path("alpha.1")), .append(.date(Date(timeIntervalSince1970: 0)), to: path("empty")),
        .replace(at: path("nested.inner"), with: .data(Data([1, 2]))), .remove(at: path("alpha[0]")), .remove(at: path("big")),
    ]

    /// A file serialize wrote comes back byte for byte as the writer writes the edited document:
    /// untouched content, key order and the 64-bit unsigned integer are stable, and the format
    /// and layout are kept.
    @Test(arguments: formats, edits)
    func untouchedContentIsByteForByteStable(_ format: (Format, Bool), _ edit: DocumentEdit) throws {
        let options = FormatOptions(pretty: format.1)
        let original = try format.0.write(sample, options: options)
        let edited = try Format.edit(original, applying: [edit])
        var expected = sample
        try expected.apply(edit)
        #expect(edited.format == format.0)
        #expect(edited.data == (try format.0.write(expected, options: options)))
        // The inverse edit gives the original bytes back where there is one.
        if case let .insert(_, at) = edit {
            #expect(try Format.edit(edited.data, applying: [.remove(at: at)]).data == original)
        }
    }

    @Test func nullIntoAPropertyListIsTheWritersRefusal() throws {
        let plist = try Format.xmlPlist.write(sample)
        #expect { try Format.edit(plist, applying: [.insert(.null, at: path("n"))]) } throws: { error in
            guard case let .writing(diagnostic) = error as? EditFailure else { return false }
            return diagnostic.code == .nullNotRepresentable && diagnostic.path?.description == "$.n"
        }
        let json = try Format.json.write(sample)
        #expect(try Format.json.read(Format.edit(json, applying: [.insert(.null, at: path("n"))]).data)[path("n")] == .null)
    }

    @Test func readingAndEditingFailuresAreTold() throws {
        #expect { try Format.edit(Data("a,b\n1,2\n".utf8), applying: [.remove(at: path("a"))]) } throws: { error in
            if case let .reading(diagnostic) = error as? EditFailure { return diagnostic.code == .unsupported }
            return false
        }
        #expect { try Format.edit(Data("{\"a\": }".utf8), applying: [.remove(at: path("a"))]) } throws: { error in
            if case let .reading(diagnostic) = error as? EditFailure { return diagnostic.location != nil }
            return false
        }
        #expect { try Format.edit(Data("{}".utf8), applying: [.remove(at: path("a"))]) } throws: { error in
            if case let .editing(diagnostic) = error as? EditFailure { return diagnostic.code == .noSuchKey }
            return false
        }
    }

    @Test(arguments: [Format.json, .xmlPlist, .binaryPlist])
    func emptyDocumentIsAnEmptyDictionary(_ format: Format) throws {
        let data = try format.emptyDocument()
        #expect(Format.detect(in: data) == format)
        #expect(try format.read(data) == [:])
    }
}

@Suite struct RandomEditTests {
    /// Every path of `document`, parents before children.
    private func paths(in document: Document, at path: ValuePath = ValuePath()) -> [ValuePath] {
        switch document {
        case let .array(items):
            return items.indices.flatMap { [path.appending(.index($0))] + paths(in: items[$0], at: path.appending(.index($0))) }
        case let .dictionary(entries):
            return entries.flatMap { [path.appending(.key($0.key))] + paths(in: $0.value, at: path.appending(.key($0.key))) }
        default:
            return []
        }
    }

    /// At every path of random documents: replacing a value by itself changes nothing (in the
    /// tree and in the JSON bytes); removing an array element and inserting it back at its index
    /// gives the document back; removing a key leaves the other keys in their order.
    @Test func editsAtEveryPathOfRandomDocuments() throws {
        for seed in UInt64(1)...120 {
            var generator = DocumentGenerator(random: SeededGenerator(state: seed), json: true)
            let document = generator.document()
            let text = try JSONWriter(options: FormatOptions()).write(document)
            for path in paths(in: document) {
                let value = try document.value(at: path)
                var same = document
                try same.apply(.replace(at: path, with: value))
                #expect(same == document, "seed \(seed) \(path)")
                #expect(try Format.edit(text, applying: [.replace(at: path, with: value)]).data == text, "seed \(seed) \(path)")
                var removed = document
                try removed.apply(.remove(at: path))
                guard let last = path.components.last else { continue }
                let parent = ValuePath(Array(path.components.dropLast()))
                switch (last, try document.value(at: parent), try removed.value(at: parent)) {
                case let (.index, .array(before), .array(after)):
                    #expect(after.count == before.count - 1, "seed \(seed) \(path)")
                    try removed.apply(.insert(value, at: path))
                    #expect(removed == document, "seed \(seed) \(path)")
                case let (.key(key), .dictionary(before), .dictionary(after)):
                    #expect(Array(after.keys) == before.keys.filter { $0 != DocumentKey(key) }, "seed \(seed) \(path)")
                default:
                    Issue.record("seed \(seed) \(path): the parent changed kind")
                }
            }
        }
    }
}
