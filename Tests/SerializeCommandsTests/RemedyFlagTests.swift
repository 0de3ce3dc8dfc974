import ArgumentParser
import SerializeCSV
import Foundation
import Testing
import SerializeCore
import SerializeDocument
@testable import SerializeCommands

/// The CLI is the one place a library's remedy becomes flag text.
@Suite struct RemedyFlagTests {
    @Test(arguments: [
        (Remedy(option: "null", value: "omit", effect: "leave it out"), "use --null omit to leave it out"),
        (Remedy(option: "nonFinite", value: "string", effect: "write it as the string \"NaN\""), "use --non-finite string to write it as the string \"NaN\""),
        (Remedy(option: "dates", value: "epoch", effect: "write seconds"), "use --dates epoch to write seconds"),
        (Remedy(option: "missing", value: "null", effect: "write an empty field"), "use --missing null to write an empty field"),
        (Remedy(option: "bigNumbers", value: "string", effect: "write its digits"), "use --big-numbers string to write its digits"),
        (Remedy(option: "format", value: "binaryPlist", effect: "write a binary property list"), "use --to binary to write a binary property list"),
        (Remedy(option: "from", value: "csv", effect: "read CSV"), "use --from csv to read CSV"),
        (Remedy(option: "sortKeys", effect: "sort the keys"), "use --sort-keys to sort the keys"),
        (Remedy(option: "inferCSVTypes", effect: "read typed values"), "use --infer to read typed values"),
        (Remedy(option: "delimiter", value: ";", effect: "split at ;"), "use --delimiter ';' to split at ;"),
        (Remedy(option: "quote", value: "\"", effect: "quote"), "use --quote '\"' to quote"),
        (Remedy(option: "delimiter", value: "tab", effect: "split at tabs"), "use --delimiter tab to split at tabs"),
        (Remedy(option: "noHeader", effect: "read the first row as data"), "use --no-header to read the first row as data"),
        (Remedy(option: "skipLines", value: "2", effect: "skip"), "use --skip-lines 2 to skip"),
    ])
    func remediesBecomeFlags(_ remedy: Remedy, _ text: String) {
        #expect(remedy.commandLineText == text)
    }

    /// Every remedy the writers give names an option that `convert` takes as a flag.
    @Test func everyWriterRemedyIsAConvertFlag() throws {
        var remedies: [Remedy] = []
        func collect(_ body: () throws(Diagnostic) -> Data) {
            do { _ = try body() } catch { if let remedy = error.remedy { remedies.append(remedy) } }
        }
        collect { () throws(Diagnostic) in try Format.xmlPlist.write(["a": nil]) }
        collect { () throws(Diagnostic) in try Format.json.write(["a": .double(.nan)]) }
        collect { () throws(Diagnostic) in try Format.csv.write([["a": 1], ["b": 2]]) }
        collect { () throws(Diagnostic) in try Format.xmlPlist.write(["a": "\u{0}"]) }
        collect { () throws(Diagnostic) in try Format.xmlPlist.write(["a": .date(Date(timeIntervalSinceReferenceDate: 1e15))]) }
        // The CSV reader's dialect remedies (`--delimiter ';'`, `--encoding latin1`, `--no-header`, …).
        let rfc = CSVDialect()
        for other in [CSVDialect(delimiter: ";"), CSVDialect(delimiter: "\t"), CSVDialect(quote: "'"), CSVDialect(hasHeader: false),
                      CSVDialect(skipLines: 2), CSVDialect(encoding: .latin1)] {
            if let remedy = rfc.remedy(towards: other) { remedies.append(remedy) }
        }
        #expect(remedies.count == 11)
        for remedy in remedies {
            var arguments = ["convert", "in.json", "out.json", remedy.flag]
            if let value = remedy.flagValue { arguments.append(value) }
            #expect(throws: Never.self, "\(arguments)") { _ = try Serialize.parseAsRoot(arguments) }
        }
    }

    @Test func writerErrorsPrintThePathWhereTheLocationWouldBe() {
        let error = Diagnostic(
            .nullNotRepresentable, "null cannot be written to a property list", path: ValuePath([.key("users"), .index(3)]),
            remedy: Remedy(option: "null", value: "omit", effect: "leave it out"))
        #expect(error.inFile("in.json").commandLineText == "in.json:$.users[3]: error: null cannot be written to a property list (use --null omit to leave it out)")
    }

    @Test func readerErrorsPrintLineColumnAndPath() {
        let error = Diagnostic(
            .badInteger, "not a whole number", at: InputLocation(line: 3, column: 7, byteOffset: 40),
            path: ValuePath([.key("count")]), file: "in.plist")
        #expect(error.commandLineText == "in.plist:3:7: error: not a whole number [$.count]")
        #expect(error.findingText(file: "in.plist") == "in.plist:3:7: error: not a whole number [root.count]")
    }
}
