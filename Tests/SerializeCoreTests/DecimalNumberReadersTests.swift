import Foundation
import SerializeCSV
import SerializeDocument
import Testing

/// Every reader of number text goes through `DecimalNumber`: the JSON reader, the XML plist
/// reader and the CSV decoder read the hard cases and random decimal text exactly as Swift's
/// `Double(String)` does.
@Suite struct DecimalNumberReadersTests {
    struct Row: Decodable { var x: Double }

    static let texts: [String] = {
        var samples = DecimalNumberSamples(seed: 14)
        return DecimalNumberTests.hardCases.map(\.0) + (0..<300).map { _ in samples.next() }
    }()

    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    @Test func jsonReaderReadsRealsAsSwiftDoes() throws {
        var reals = 0
        for text in Self.texts {
            guard case let .double(value)? = try? JSONReader().read(Data(text.utf8)) else { continue }
            reals += 1
            let expected = try #require(Double(text), "\(text)")
            #expect(Self.same(value, expected), "\(text): \(value), Swift \(expected)")
        }
        #expect(reals > 200)
    }

    @Test func xmlPlistReaderReadsRealsAsSwiftDoes() throws {
        for text in Self.texts {
            let data = Data("<plist version=\"1.0\"><real>\(text)</real></plist>".utf8)
            let read = try? XMLPlistReader().read(data)
            guard let expected = Double(text), !text.contains(" ") else {
                #expect(read == nil, "\(text)")
                continue
            }
            guard case let .double(value)? = read else {
                Issue.record("\(text): \(String(describing: read))")
                continue
            }
            #expect(Self.same(value, expected), "\(text): \(value), Swift \(expected)")
        }
    }

    @Test func csvDecoderReadsDoublesAsSwiftDoes() throws {
        for text in Self.texts where !text.isEmpty && !text.contains(" ") {
            let rows = try? CSVDecoder().decode([Row].self, from: "x\n\(text)\n")
            guard let expected = Double(text), expected.isFinite else {
                #expect(rows == nil, "\(text)")
                continue
            }
            let value = try #require(rows?.first?.x, "\(text)")
            #expect(Self.same(value, expected), "\(text): \(value), Swift \(expected)")
        }
    }
}
