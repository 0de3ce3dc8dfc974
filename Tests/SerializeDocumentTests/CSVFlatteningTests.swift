import Foundation
import OrderedCollections
import SerializeCSV
import SerializeCore
import Testing
import TestSupport
@testable import SerializeDocument

@Suite struct CSVFlatteningTests {
    let records: Document = [
        ["id": 1, "name": "Ada", "tags": ["x", "y"], "address": ["city": "London", "zip": nil], "score": 9.5, "ok": true],
        ["id": 2, "name": "", "tags": ["z", "w"], "address": ["city": "Paris, FR", "zip": "F-75001"], "score": -0.25, "ok": false],
    ]

    func csv(_ document: Document, options: FormatOptions = FormatOptions()) throws -> String {
        String(decoding: try Format.csv.write(document, options: options), as: UTF8.self)
    }

    @Test func nestedValuesBecomeDottedAndIndexedColumnsInFirstSeenOrder() throws {
        #expect(try csv(records) == """
            id,name,tags[0],tags[1],address.city,address.zip,score,ok\r
            1,Ada,x,y,London,,9.5,true\r
            2,"",z,w,"Paris, FR",F-75001,-0.25,false\r

            """)
    }

    @Test func inferRestoresTypesNestingAndNullsExactly() throws {
        let bytes = try Format.csv.write(records)
        #expect(try Format.csv.read(bytes, options: FormatOptions(inferCSVTypes: true)) == records)
    }

    @Test func withoutInferValuesStayStringsButNullsAndNestingAreRestored() throws {
        let back = try Format.csv.read(try Format.csv.write(records))
        guard case let .array(rows) = back, case let .dictionary(first) = rows.first else {
            Issue.record("not an array of dictionaries: \(back)")
            return
        }
        #expect(first["id"] == "1")
        #expect(first["tags"] == ["x", "y"])
        #expect(first["address"] == ["city": "London", "zip": nil])
        #expect(first["ok"] == "true")
    }

    @Test func emptyContainersAndOddKeysSurvive() throws {
        let document: Document = [["a.b": 1, "c[0]": 2, "back\\slash": 3, "": 4, "e": [], "f": [:], "g": [[1, 2], ["k": [:]]]]]
        let table = try CSVFlattening.flatten(document)
        #expect(table.header == ["a\\.b", "c\\[0\\]", "back\\\\slash", "", "e", "f", "g[0][0]", "g[0][1]", "g[1].k"])
        #expect(try CSVFlattening.restore(table, infer: true) == document)
    }

    @Test func aRecordWithoutAColumnIsRefusedByNameOrWrittenAsNull() throws {
        let ragged: Document = [["a": 1, "tags": ["x"]], ["a": 2, "tags": ["x", "y"]]]
        #expect {
            try csv(ragged)
        } throws: { error in
            let error = error as? Diagnostic
            return error?.code == .missingValue && error?.path?.description == "$[0]" && error?.message.contains("tags[1]") == true
                && error?.remedy?.option == "missing" && error?.remedy?.value == "null"
        }
        let text = try csv(ragged, options: FormatOptions(missing: .null))
        #expect(text == "a,tags[0],tags[1]\r\n1,x,\r\n2,x,y\r\n")
    }

    static let badShapes: [(Document, String)] = [(["a": 1], "$"), (["x"], "$[0]"), ([["a": 1], 5], "$[1]"), ([[:], [:]], "$"), ([[:]], "$")]

    @Test(arguments: badShapes)
    func onlyArraysOfDictionariesFlatten(document: Document, path: String) throws {
        #expect {
            try csv(document)
        } throws: { error in
            (error as? Diagnostic)?.code == .shapeNotRepresentable && (error as? Diagnostic)?.path?.description == path
        }
    }

    @Test func datesDataAndNonFiniteGoThroughStrategies() throws {
        let document: Document = [["when": .date(Date(timeIntervalSinceReferenceDate: 0)), "bytes": .data(Data([255])), "r": .double(.nan)]]
        #expect(throws: Diagnostic.self) { try csv(document) }
        let text = try csv(document, options: FormatOptions(data: .hex, nonFinite: .string))
        #expect(text == "when,bytes,r\r\n2001-01-01T00:00:00Z,ff,NaN\r\n")
    }

    @Test(arguments: ["0", "-12", "18446744073709551615", "99999999999999999999", "1e400", "1.5", "1e3", "true", "[]", "{}"])
    func inferTypesJSONLiterals(text: String) throws {
        #expect(CSVFlattening.inferred(text) != .string(text))
    }

    @Test(arguments: ["007", "1 ", " 1", "1.", "True", "NaN", "-", "12abc", "[1]", "+99999999999999999999"])
    func inferKeepsEverythingElseAsText(text: String) throws {
        #expect(CSVFlattening.inferred(text) == .string(text))
    }

    @Test func emptyAndFilledArraysOfRecordsRoundTripWithMissingNull() throws {
        let document: Document = [
            ["id": 1, "orders": [["sku": "A", "n": 2]], "tags": []],
            ["id": 2, "orders": [], "tags": ["x", "y"]],
            ["id": 3, "orders": [["sku": "B", "n": 1], ["sku": "C", "n": 5]], "tags": ["z"]],
        ]
        let options = FormatOptions(missing: .null)
        let table = try CSVFlattening.flatten(document, options: options)
        #expect(table.header == ["id", "orders[0].sku", "orders[0].n", "tags", "orders", "tags[0]", "tags[1]", "orders[1].sku", "orders[1].n"])
        let back = try CSVFlattening.restore(try CSVTable(csvData: table.csvData()), infer: true)
        // Arrays shorter than the longest come back padded with nulls: CSV cannot say "absent".
        #expect(back == [
            ["id": 1, "orders": [["sku": "A", "n": 2], ["sku": nil, "n": nil]], "tags": []],
            ["id": 2, "orders": [], "tags": ["x", "y"]],
            ["id": 3, "orders": [["sku": "B", "n": 1], ["sku": "C", "n": 5]], "tags": ["z", nil]],
        ])
    }

    @Test func hostileHeadersAreRefusedNotExpanded() throws {
        // A billion-element array from one column, and nesting deep enough to exhaust the stack.
        let sparse = CSVTable(header: ["a[999999999]"], rows: [["x"]])
        #expect {
            try CSVFlattening.restore(sparse)
        } throws: { error in
            (error as? Diagnostic)?.code == .columnIndexOutOfRange
        }
        let gappy = CSVTable(header: ["a[9999]"], rows: [["x"]])
        #expect {
            try CSVFlattening.restore(gappy)
        } throws: { error in
            (error as? Diagnostic)?.code == .shapeNotRepresentable
        }
        let deep = CSVTable(header: [Array(repeating: "a", count: 100_000).joined(separator: ".")], rows: [["x"]])
        #expect {
            try CSVFlattening.restore(deep)
        } throws: { error in
            (error as? Diagnostic)?.code == .tooDeep
        }
        // Small gaps from another writer's CSV are filled with null.
        #expect(try CSVFlattening.restore(CSVTable(header: ["a[2]", "b"], rows: [["x", "y"]])) == [["a": [nil, nil, "x"], "b": "y"]])
    }

    @Test func aHugeColumnIndexIsRefusedByNameNotACrash() throws {
        // issue 15, bug 1: this 25-byte CSV crashed convert with an arithmetic overflow.
        let data = Data("a[9223372036854775807]\nx\n".utf8)
        let error = try #require(readingError(data) { data throws(Diagnostic) in try Format.csv.read(data) })
        #expect(error.code.rawValue == "columnIndexOutOfRange")
        #expect(error.location?.line == 1 && error.location?.column == 1)
        #expect(error.message.contains("a[9223372036854775807]"))
    }

    @Test func conflictingColumnsAreRefused() throws {
        let table = CSVTable(header: ["a", "a.b"], rows: [["x", "y"]])
        #expect(throws: Diagnostic.self) { try CSVFlattening.restore(table) }
    }

    @Test func emptyArrayIsAnEmptyFile() throws {
        #expect(try csv([]) == "\r\n")
        #expect(try Format.csv.read(Data()) == [])
    }
}

@Suite struct CSVTableTests {
    @Test func quotedFieldsCRLFAndEmbeddedLineBreaks() throws {
        let text = "a,b\r\n\"x, \"\"quoted\"\"\",\"line\nbreak\"\n,\"\"\n"
        let table = try CSVTable(csvData: Data(text.utf8))
        #expect(table == CSVTable(header: ["a", "b"], rows: [["x, \"quoted\"", "line\nbreak"], [nil, ""]]))
        #expect(try CSVTable(csvData: table.csvData()) == table)
    }

    @Test func oneColumnNullsAreRefusedByNameNotTurnedIntoEmptyStrings() throws {
        let table = CSVTable(header: ["a"], rows: [["x"], [nil]])
        #expect(throws: Diagnostic.self) { try table.csvData() }
        #expect(try CSVTable(csvData: try CSVTable(header: ["a"], rows: [["x"], [""]]).csvData()) == CSVTable(header: ["a"], rows: [["x"], [""]]))
        // What another writer puts there, a blank line, reads back as null.
        #expect(try CSVTable(csvData: Data("a\nx\n\ny\n".utf8)) == CSVTable(header: ["a"], rows: [["x"], [nil], ["y"]]))
    }

    @Test func tabSeparated() throws {
        let table = CSVTable(header: ["a", "b"], rows: [["1\t2", "3"]])
        let data = try table.csvData(dialect: .tsv)
        #expect(String(decoding: data, as: UTF8.self) == "a\tb\r\n\"1\t2\"\t3\r\n")
        #expect(try CSVTable(csvData: data, dialect: .tsv) == table)
    }

    @Test(arguments: [
        ("a,b\n1,\"open\n", 2, 3, "unterminated quoted field"),
        ("a,b\n1,x\"y\n", 2, 4, "quote inside an unquoted field"),
        ("a,b\n\"q\"x,1\n", 2, 4, "after a closing quote"),
        ("a\n1,2\n", 2, 3, "2 fields but the header names 1"),
    ])
    func malformedCSVIsLocated(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(readingError(Data(text.utf8)) { data throws(Diagnostic) in try Format.csv.read(data) })
        #expect(error.location?.line == line && error.location?.column == column, "\(error)")
        #expect(error.message.contains(message), "\(error)")
    }
}

@Suite struct CSVSpectrumTests {
    @Test(.enabled(if: Fixtures.sharedCorpora != nil)) func csvSpectrumReadsAsItsJSON() throws {
        let root = try #require(Fixtures.sharedCorpora).appendingPathComponent("csv/csv-spectrum")
        let files = try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent("csvs"), includingPropertiesForKeys: nil)
        #expect(files.count >= 10)
        // This copy of newlines_crlf.csv has LF line ends, while its JSON still expects "\r\n".
        for file in files where file.lastPathComponent != "newlines_crlf.csv" {
            let expected = try JSONReader().read(try Data(contentsOf: root.appendingPathComponent("json/\(file.deletingPathExtension().lastPathComponent).json")))
            #expect(try Format.csv.read(try Data(contentsOf: file)) == expected, "\(file.lastPathComponent)")
            // Sniffing (no dialect flag) reads it the same.
            let data = try Data(contentsOf: file)
            #expect(try Format.csv(CSVDialect.sniff(data).dialect).read(data) == expected, "\(file.lastPathComponent) sniffed")
        }
    }

    /// Every CSV file of the shared corpus, sniffed, reads or is refused by name, strictly and
    /// with recovery, and the linter reports on it: no crash, no hang.
    @Test(.enabled(if: Fixtures.sharedCorpora != nil)) func everyCorpusFileReadsOrIsRefusedByName() throws {
        let root = try #require(Fixtures.sharedCorpora).appendingPathComponent("csv")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var count = 0
        while let url = walker?.nextObject() as? URL {
            guard ["csv", "tsv", "txt"].contains(url.pathExtension), let data = try? Data(contentsOf: url) else { continue }
            count += 1
            let format = Format.csv(CSVDialect.sniff(data).dialect)
            for options in [FormatOptions(), FormatOptions(recoverCSV: true)] {
                do {
                    var warnings: [Diagnostic] = []
                    _ = try format.read(data, options: options, warnings: &warnings)
                } catch {
                    #expect(!error.code.rawValue.isEmpty && error.location != nil, "\(url.lastPathComponent): \(error)")
                }
            }
            #expect(!CSVLinter().lint(data).findings.isEmpty, "\(url.lastPathComponent)")
        }
        #expect(count >= 11)
    }
}
