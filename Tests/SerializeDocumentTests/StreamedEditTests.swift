import Foundation
import OrderedCollections
import Testing
import TestSupport
import SerializeCore
@testable import SerializeDocument

/// The answer of an edit on the tree path: read, apply, write in the file's layout.
private func treeAnswer(_ data: Data, _ edits: [DocumentEdit]) -> Result<Data, EditFailure> {
    let format = Format.detect(in: data)
    var document: Document
    do { document = try format.read(data) } catch { return .failure(.reading(error)) }
    do { try document.apply(edits) } catch { return .failure(.editing(error)) }
    do {
        return .success(try format.write(document, options: FormatOptions(pretty: Format.looksPretty(data, format: format))))
    } catch {
        return .failure(.writing(error))
    }
}

/// The answer of ``Format/edit(_:applying:options:progress:)``.
private func editAnswer(_ data: Data, _ edits: [DocumentEdit]) -> Result<Data, EditFailure> {
    Result { () throws(EditFailure) in try Format.edit(data, applying: edits).data }
}

/// What streaming alone gives: bytes, nil (the tree decides), or a reading error.
private func streamedAnswer(_ data: Data, _ edit: DocumentEdit) throws(Diagnostic) -> Data? {
    let format = Format.detect(in: data)
    return try Format.streamed(
        data, from: format, to: format, reading: FormatOptions(), writing: FormatOptions(pretty: Format.looksPretty(data, format: format)),
        edit: edit, progress: nil)
}

private func path(_ text: String) -> ValuePath {
    ValuePath(parsing: text) ?? ValuePath()
}

/// Keys out of order, nested containers, an empty array and dictionary, an integer only
/// `UInt64` holds, a key that differs from another only by canonical equivalence (K, U+212A).
private let sample: Document = (try? JSONReader().read(Data(#"""
    {"zeta": 1, "alpha": ["x", {"y": [true, 2.5]}], "big": 18446744073709551615, "empty": [], "none": {},
     "nested": {"inner": {"k": true, "K": "kelvin"}}, "list": [[1, 2], [3], []]}
    """#.utf8))) ?? "unreadable test JSON"

@Suite struct StreamedEditTests {
    /// JSON and XML plists pretty and compact, and a binary plist.
    static let layouts: [(Format, Bool)] = [(.json, true), (.json, false), (.xmlPlist, true), (.xmlPlist, false), (.binaryPlist, false)]

    /// Edits that fit: every verb, at the top level, in arrays (first, middle, past the end) and
    /// in nested dictionaries and arrays, with scalars and containers.
    static let fitting: [DocumentEdit] = [
        .insert("v", at: path("new")), .insert(["a": [1, 2]], at: path("nested.inner.new")),
        .insert(-1, at: path("alpha[0]")), .insert(-1, at: path("alpha.1")), .insert(-1, at: path("alpha[2]")),
        .insert([[]], at: path("list[1][0]")), .insert("e", at: path("empty[0]")), .insert("n", at: path("none.n")),
        .append(.date(Date(timeIntervalSince1970: 0)), to: path("empty")), .append([:], to: path("list[2]")),
        .append(7, to: path("alpha[1].y")),
        .replace(at: path("zeta"), with: ["deep": [1]]), .replace(at: path("alpha[1]"), with: "flat"),
        .replace(at: path("alpha[1].y[0]"), with: false), .replace(at: path("nested.inner.K"), with: .data(Data([1, 2]))),
        .replace(at: path("list"), with: []),
        .remove(at: path("alpha[0]")), .remove(at: path("big")), .remove(at: path("nested.inner.k")),
        .remove(at: path("list[0]")), .remove(at: path("list[2]")), .remove(at: path("alpha[1].y[1]")),
    ]

    /// Edits that do not fit, and the edits of the top value: the tree's to decide.
    static let treeDecided: [DocumentEdit] = [
        .insert(1, at: path("a.b.c")), .insert(1, at: path("alpha[5].x")), .replace(at: path("nope.x"), with: 1),
        .append(1, to: path("nope")), .insert(1, at: path("zeta")), .insert(1, at: path("nested.inner.K")),
        .replace(at: path("nope"), with: 1), .remove(at: path("nested.inner.nope")), .insert(1, at: path("alpha[3]")),
        .replace(at: path("alpha[2]"), with: 1), .remove(at: path("empty[0]")), .insert(1, at: path("zeta.x")),
        .replace(at: path("big[0]"), with: 1), .append(1, to: path("zeta")), .append(1, to: path("nested")),
        .insert(1, at: path("nested[0]")), .insert(1, at: path("alpha.x")), .insert(1, at: path("")),
        .remove(at: path("$")), .replace(at: path(""), with: [1]),
    ]

    @Test(arguments: layouts, fitting)
    func aFittingEditStreamsToTheTreesBytes(_ layout: (Format, Bool), _ edit: DocumentEdit) throws {
        let data = try layout.0.write(sample, options: FormatOptions(pretty: layout.1))
        let tree = try treeAnswer(data, [edit]).get()
        #expect(try editAnswer(data, [edit]).get() == tree)
        #expect(try streamedAnswer(data, edit) == tree)
    }

    /// A binary plist's object references are as wide as its object count needs: an edit that
    /// takes the count across 256 writes them again at the new width, as the tree does.
    @Test(arguments: [
        // 254 objects (1-byte references) and 101 more.
        (200, DocumentEdit.insert(.array((0..<100).map { .integer(Int64($0)) }), at: path("[0]")), true),
        (200, .append(.array((0..<100).map { .integer(Int64($0)) }), to: path("")), true),
        // 252 objects and 6 more.
        (198, .replace(at: path("[3]"), with: ["a": 1, "b": [2, 3]]), true),
        // 294 objects (2-byte references) and 51 fewer.
        (240, .remove(at: path("[1]")), true),
        (300, .remove(at: path("[0]")), false),
        (100, .insert("x", at: path("[1][0]")), false),
    ])
    func aBinaryPlistEditKeepsTheTreesReferenceWidth(_ count: Int, _ edit: DocumentEdit, _ crosses: Bool) throws {
        let document: Document = .array([.integer(-1), .array((0..<50).map { .integer(Int64($0)) })] + (0..<count).map { .integer(Int64($0 % 7)) })
        let data = try Format.binaryPlist.write(document)
        let tree = try treeAnswer(data, [edit]).get()
        #expect((BinaryPlistReader.referenceSize(in: tree) != BinaryPlistReader.referenceSize(in: data)) == crosses)
        #expect(try streamedAnswer(data, edit) == tree)
    }

    @Test(arguments: layouts, treeDecided)
    func whatStreamingCannotDecideIsTheTrees(_ layout: (Format, Bool), _ edit: DocumentEdit) throws {
        let data = try layout.0.write(sample, options: FormatOptions(pretty: layout.1))
        #expect(editAnswer(data, [edit]) == treeAnswer(data, [edit]))
        #expect(try streamedAnswer(data, edit) == nil)
    }

    /// A value the format cannot hold is the writer's refusal on the tree path, at its path.
    @Test(arguments: [true, false]) func nullIntoAnXMLPlistIsTheTreesRefusal(pretty: Bool) throws {
        let data = try Format.xmlPlist.write(sample, options: FormatOptions(pretty: pretty))
        for edit: DocumentEdit in [.insert(.null, at: path("n")), .replace(at: path("alpha[1].y"), with: [.null]), .append(.null, to: path("empty"))] {
            let answer = editAnswer(data, [edit])
            #expect(answer == treeAnswer(data, [edit]))
            guard case .failure(.writing) = answer else {
                Issue.record("expected the writer's refusal, got \(answer)")
                continue
            }
            #expect(try streamedAnswer(data, edit) == nil)
        }
    }

    /// Several edits, and the layouts streaming does not write (sorted keys), are the tree's.
    @Test func severalEditsAreAllOrNone() throws {
        let data = try Format.json.write(sample)
        let edits: [DocumentEdit] = [.insert("a", at: path("b")), .replace(at: path("b"), with: "c"), .remove(at: path("zeta"))]
        #expect(editAnswer(data, edits) == treeAnswer(data, edits))
        let failing: [DocumentEdit] = [.remove(at: path("zeta")), .remove(at: path("zeta"))]
        #expect(editAnswer(data, failing) == treeAnswer(data, failing))
        #expect(throws: EditFailure.self) { try editAnswer(data, failing).get() }
    }

    /// A duplicate key (the last value at the first key's place) is the tree's: the edit is made
    /// on the merged dictionary, in JSON and XML alike.
    @Test(arguments: [
        (#"{"a": 1, "b": 2, "a": 3}"#, DocumentEdit.remove(at: path("a"))),
        (#"{"a": 1, "b": 2, "a": 3}"#, .replace(at: path("a"), with: 4)),
        (#"{"a": 1, "b": {"c": 1, "c": 2}}"#, .insert(5, at: path("z"))),
        (#"{"a": [1], "b": {"c": 1, "c": 2}}"#, .remove(at: path("a[0]"))),
        ("<plist><dict><key>a</key><integer>1</integer><key>b</key><true/><key>a</key><integer>3</integer></dict></plist>", .remove(at: path("a"))),
        ("<plist><dict><key>a</key><integer>1</integer><key>b</key><true/><key>a</key><integer>3</integer></dict></plist>", .insert(2, at: path("c"))),
    ])
    func duplicateKeysAreTheTrees(_ text: String, _ edit: DocumentEdit) throws {
        let data = Data(text.utf8)
        #expect(editAnswer(data, [edit]) == treeAnswer(data, [edit]))
        #expect(try editAnswer(data, [edit]).get() != data)
        #expect(try streamedAnswer(data, edit) == nil)
    }

    /// A reading error after the edit's place, or after a failing edit's, is the answer, as on the
    /// tree path (which reads everything first).
    @Test(arguments: [
        (#"{"a": 1, "b": [1, 2, }"#, DocumentEdit.remove(at: path("a"))),
        (#"{"a": 1, "b": [1, 2, }"#, .insert(1, at: path("a"))),
        ("<plist><dict><key>a</key><integer>1</integer><key>b</key><integer>x</integer></dict></plist>", .remove(at: path("a"))),
        ("<plist><dict><key>a</key><integer>1</integer><key>b</key><integer>x</integer></dict></plist>", .insert(1, at: path("a"))),
    ])
    func aLaterReadingErrorComesFirst(_ text: String, _ edit: DocumentEdit) {
        let data = Data(text.utf8)
        let answer = editAnswer(data, [edit])
        #expect(answer == treeAnswer(data, [edit]))
        guard case .failure(.reading) = answer else {
            Issue.record("expected a reading error, got \(answer)")
            return
        }
    }

    /// Every path of random documents, every verb, every format: streaming and the tree agree.
    @Test func randomDocumentsStreamAsTheTreeEdits() throws {
        var plists = 0
        for seed in UInt64(1)...40 {
            var generator = DocumentGenerator(random: SeededGenerator(state: seed), json: true)
            // No null, which a property list cannot hold (the writer's refusal is tested above).
            let document = Self.withoutNull(generator.document())
            let value = Self.withoutNull(generator.document(depth: 3))
            for (format, pretty) in [(Format.json, seed % 2 == 0), (.xmlPlist, seed % 2 == 1), (.binaryPlist, false)] {
                // Text an XML plist cannot hold (U+0000) is the writer's refusal: no document to edit.
                guard let data = try? format.write(document, options: FormatOptions(pretty: pretty)) else { continue }
                if format == .xmlPlist { plists += 1 }
                for path in Self.paths(in: document) {
                    var edits: [DocumentEdit] = [.replace(at: path, with: value), .remove(at: path), .insert(value, at: path)]
                    edits.append(.append(value, to: path))
                    if case .index = path.components.last { edits.append(.insert(value, at: path.appending(.key("0")))) }
                    for edit in edits {
                        #expect(editAnswer(data, [edit]) == treeAnswer(data, [edit]), "seed \(seed) \(format) \(edit)")
                    }
                }
            }
        }
        #expect(plists >= 10, "enough random documents are XML plists too")
    }

    private static func withoutNull(_ document: Document) -> Document {
        switch document {
        case .null: .bool(false)
        case let .array(items): .array(items.map(withoutNull))
        case let .dictionary(entries): .dictionary(entries.mapValues(withoutNull))
        default: document
        }
    }

    /// Every path of `document`, parents before children, and one past the end of each array.
    private static func paths(in document: Document, at path: ValuePath = ValuePath()) -> [ValuePath] {
        switch document {
        case let .array(items):
            let inside = items.indices.flatMap { [path.appending(.index($0))] + paths(in: items[$0], at: path.appending(.index($0))) }
            return inside + [path.appending(.index(items.count))]
        case let .dictionary(entries):
            return entries.flatMap { [path.appending(.key($0.key))] + paths(in: $0.value, at: path.appending(.key($0.key))) }
        default:
            return []
        }
    }
}
