/// PlistInspector GettingStarted: the documentation's Swift samples, verbatim, compiled (and some run) so the docs
/// cannot rot. DocumentationSamplesTests checks every ```swift block appears here.

import Foundation
import PlistInspector
import SerializeCore
import SerializeDocument
import Testing

enum PlistInspectorSamples {
    static func lintAFile() throws {
        let report = try PlistLinter().lint(contentsOf: URL(fileURLWithPath: "Info.plist"),
                                          keepingValues: false)
        for finding in report.findings {                          // each a SerializeCore `Diagnostic`
            let place = finding.location.map(\.description) ?? ""
            print("Info.plist:\(place): \(finding.severity): \(finding.message) [\(finding.path?.keyPathDescription ?? "root")]")
        }
        // Info.plist:6:12: error: <integer> "3x" is not a whole number: unexpected 'x' [root.count]
    }

    static func printAndLookUp(_ data: Data) throws -> PlistReport {
        let report = PlistLinter().lint(data)
        if let document = report.document {
            print(PlistPrinter.text(document))                 // typed, stable tree
            let path = try ValuePath(validating: "items[3].name") // or "/items/3/name"
            print(try document.value(at: path).typeName)
        }
        return report
    }

    static func summarize(_ report: PlistReport) {
        print(DocumentSummary(report).text)  // format, size, counts per type, depth, largest values
    }
}

@Suite struct PlistInspectorSampleTests {
    @Test func printAndLookUpFindsTheName() throws {
        let xml = "<plist><dict><key>items</key><array><string>a</string><string>b</string><string>c</string>"
            + "<dict><key>name</key><string>d</string></dict></array></dict></plist>"
        let report = try PlistInspectorSamples.printAndLookUp(Data(xml.utf8))
        #expect(report.findings.isEmpty)
        PlistInspectorSamples.summarize(report)
    }
}
