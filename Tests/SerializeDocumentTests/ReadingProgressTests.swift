import Foundation
import Testing
import SerializeCore
@testable import SerializeDocument

/// What a progress hook was told.
private final class Reports {
    var bytes: [Int] = []
}

/// About 100 KB in each format: 500 records.
private let records: Document = .array(
    (0..<500).map { index in
        ["name": .string("record number \(index) of the progress test"), "value": .integer(Int64(index)), "tags": ["alpha", "beta", .double(Double(index) / 7)]]
    })

/// Reports about every 8 KB, so small inputs show many.
private let step = 1 << 13

@Suite struct ReadingProgressTests {
    /// Increasing byte counts, about a step apart (not one per value), ending at the input's size.
    private func expectProgress(_ reports: [Int], of data: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reports.count >= data.count / step / 2, "\(reports)", sourceLocation: sourceLocation)
        #expect(reports.count <= data.count / (step / 2) + 2, "not per value: \(reports.count)", sourceLocation: sourceLocation)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0 < $1 }, "\(reports)", sourceLocation: sourceLocation)
        #expect(reports.last == data.count, sourceLocation: sourceLocation)
    }

    /// Streaming (to JSON, to an XML plist) and the tree (sorted keys, CSV): every reader reports.
    @Test(arguments: [Format.json, .xmlPlist, .binaryPlist], [(Format.json, false), (.xmlPlist, false), (.json, true), (.csv, false)])
    func convertReportsBytesRead(_ source: Format, _ target: (Format, Bool)) throws {
        let data = try source.write(records)
        #expect(data.count > 40_000)
        let reports = Reports()
        var warnings: [Diagnostic] = []
        let output = try source.convert(
            data, to: target.0, reading: FormatOptions(), writing: FormatOptions(sortKeys: target.1), warnings: &warnings,
            counting: ReadingProgress(total: data.count, step: step) { reports.bytes.append($0) })
        #expect(output == (try source.convert(data, to: target.0, writing: FormatOptions(sortKeys: target.1))))
        expectProgress(reports.bytes, of: data)
    }

    /// One edit (streamed for text, the tree for a binary plist), and several (the tree).
    @Test(arguments: [Format.json, .xmlPlist, .binaryPlist], [1, 2])
    func editReportsBytesRead(_ format: Format, _ count: Int) throws {
        let data = try format.write(records)
        let edits = Array([DocumentEdit.insert("new", at: ValuePath([.index(5)])), .remove(at: ValuePath([.index(0)]))].prefix(count))
        let reports = Reports()
        let edited = try Format.edit(data, applying: edits, options: nil, counting: ReadingProgress(total: data.count, step: step) { reports.bytes.append($0) })
        #expect(edited == (try Format.edit(data, applying: edits)))
        expectProgress(reports.bytes, of: data)
    }

    /// The public hooks report the end (inputs under a megabyte report nothing before it).
    @Test func thePublicHooksReportTheEnd() throws {
        let data = try Format.xmlPlist.write(records)
        let reports = Reports()
        var warnings: [Diagnostic] = []
        _ = try Format.xmlPlist.convert(data, to: .json, reading: FormatOptions(), writing: FormatOptions(), warnings: &warnings) {
            reports.bytes.append($0)
        }
        _ = try Format.edit(data, applying: [.remove(at: ValuePath([.index(0)]))]) { reports.bytes.append($0) }
        #expect(reports.bytes == [data.count, data.count])
    }

    /// A second read (the tree after streaming) never goes back; a failed read reports no end.
    @Test func progressNeverGoesBackAndAFailureHasNoEnd() throws {
        var data = try Format.json.write(records, options: FormatOptions(pretty: false))
        // A duplicate key at the end: streaming stops there, the tree reads it all again.
        data.removeLast()
        data.append(contentsOf: Data(#",{"a": 1, "a": 2}]"#.utf8))
        let reports = Reports()
        var warnings: [Diagnostic] = []
        _ = try Format.json.convert(
            data, to: .xmlPlist, reading: FormatOptions(), writing: FormatOptions(), warnings: &warnings,
            counting: ReadingProgress(total: data.count, step: step) { reports.bytes.append($0) })
        expectProgress(reports.bytes, of: data)
        let failing = Reports()
        data.removeLast()
        #expect(throws: ConversionFailure.self) {
            try Format.json.convert(
                data, to: .xmlPlist, reading: FormatOptions(), writing: FormatOptions(), warnings: &warnings,
                counting: ReadingProgress(total: data.count, step: step) { failing.bytes.append($0) })
        }
        #expect(!failing.bytes.isEmpty && failing.bytes.last != data.count)
    }
}
