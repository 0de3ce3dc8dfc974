import Foundation
import PlistInspector
import SerializeCSV
import SerializeCoding
import SerializeCore
import SerializeDocument
import Testing

/// The same date texts through every place in the package that reads date text: each must give
/// the same verdict and, when it reads the text, the same `Date`, bit for bit.
///
/// The readers: ``DateText`` itself; the XML property-list reader on `<date>` (directly, through
/// `Format.read`, through the streamed XML → binary conversion, and through the inspector);
/// `CSVDecoder` decoding a `Date` with its `.iso8601` strategy; ``ISO8601Timestamp`` and its
/// `JSONDecoder` strategy. (JSON and CSV documents have no date type: their readers keep date
/// text as a string, so they read no date text.)
@Suite struct DateTextAgreementTests {
    /// A text and the seconds since 2001 it names, or `nil` when every reader must refuse it.
    static let table: [(text: String, interval: Double?)] = [
        // Valid: the edges of the range, leap days, offsets.
        ("2001-01-01T00:00:00Z", 0),
        ("1970-01-01T00:00:00Z", -978_307_200),
        ("2024-02-29T00:00:00Z", 730_857_600),
        ("2000-02-29T12:00:00Z", -26_481_600),
        ("0001-01-01T00:00:00Z", -63_113_904_000),
        ("9999-12-31T23:59:59Z", 252_423_993_599),
        ("2001-01-01T02:00:00+02:00", 0),
        ("2000-12-31T19:00:00-05:00", 0),
        ("2001-01-01T00:00:00-00:00", 0),
        ("2001-01-01T23:59:00+23:59", 0),
        ("0001-01-01T00:30:00-00:30", -63_113_904_000 + 3600),
        // Fractions of many lengths, before and after 2001.
        ("2001-01-01T00:00:00.5Z", 0.5),
        ("2001-01-01T00:00:00.1Z", 0.1),
        ("2001-01-01T00:00:00.0Z", 0),
        ("2001-01-01T00:00:00.000000000000Z", 0),
        ("2001-01-01T00:00:00.000001Z", 1e-6),
        ("2001-01-01T00:00:00.123456789012345678901234567890Z", 0.123456789012345678901234567890),
        ("2001-01-01T00:00:00.0000000000000000000000000000001Z", 1e-31),
        ("2000-12-31T23:59:59.75Z", -0.25),
        ("2000-12-31T23:59:59.999999Z", -1e-6),
        ("2000-12-31T23:59:59.9Z", -0.1),
        ("2024-05-01T12:30:45.123456789Z", 736_259_445.123456789),
        ("2024-05-01T14:30:45.25+02:00", 736_259_445.25),
        ("1969-12-31T23:59:59.999999Z", -978_307_200.000001),
        ("9999-12-31T23:59:59.99996Z", 252_423_993_599.99996),
        // Invalid calendar dates and times.
        ("2024-02-31T00:00:00Z", nil),
        ("2023-02-29T00:00:00Z", nil),
        ("1900-02-29T00:00:00Z", nil),
        ("2024-04-31T00:00:00Z", nil),
        ("2024-13-01T00:00:00Z", nil),
        ("2024-00-10T00:00:00Z", nil),
        ("2024-01-00T00:00:00Z", nil),
        ("2024-01-01T24:00:00Z", nil),
        ("2024-01-01T23:60:00Z", nil),
        ("2024-01-01T23:59:61Z", nil),
        ("2016-12-31T23:59:60Z", nil),  // a leap second
        // Years outside 0001–9999, directly, through an offset, or through rounding.
        ("0000-01-01T00:00:00Z", nil),
        ("0000-12-31T23:59:59Z", nil),
        ("10000-01-01T00:00:00Z", nil),
        ("-0001-01-01T00:00:00Z", nil),
        ("+2024-01-01T00:00:00Z", nil),
        ("0001-01-01T00:30:00+01:00", nil),
        ("9999-12-31T23:30:00-01:00", nil),
        ("9999-12-31T23:59:59.999999999Z", nil),
        // Offsets.
        ("2001-01-01T00:00:00+24:00", nil),
        ("2001-01-01T00:00:00+02:60", nil),
        ("2001-01-01T00:00:00+0200", nil),
        ("2001-01-01T00:00:00+02", nil),
        ("2001-01-01T00:00:00+2:00", nil),
        ("2001-01-01T00:00:00Z+02:00", nil),
        // Fractions.
        ("2001-01-01T00:00:00.Z", nil),
        ("2001-01-01T00:00:00,5Z", nil),
        ("2001-01-01T00:00:00.5", nil),
        ("2001-01-01T00:00:00..5Z", nil),
        ("2001-01-01T00:00:00.5.5Z", nil),
        // Leading and trailing junk, other shapes.
        ("", nil),
        (" 2001-01-01T00:00:00Z", nil),
        ("2001-01-01T00:00:00Z ", nil),
        ("2001-01-01T00:00:00Zx", nil),
        ("x2001-01-01T00:00:00Z", nil),
        ("2001-01-01T00:00:00Z\n", nil),
        ("2001-01-01 00:00:00Z", nil),
        ("2001-01-01t00:00:00z", nil),
        ("2001-01-01T00:00:00", nil),
        ("2001-01-01", nil),
        ("2001-1-01T00:00:00Z", nil),
        ("20010101T000000Z", nil),
        ("２００１-01-01T00:00:00Z", nil),
        ("yesterday", nil),
    ]

    /// What one reader made of a text: the seconds since 2001, or nil when it refused it.
    typealias Reader = @Sendable (String) -> Double?

    static let readers: [(name: String, read: Reader)] = [
        ("DateText", { DateText.date(from: $0)?.timeIntervalSinceReferenceDate }),
        ("XMLPlistReader", { text in
            guard case let .date(date)? = try? XMLPlistReader().read(plist(text)) else { return nil }
            return date.timeIntervalSinceReferenceDate
        }),
        ("Format.xmlPlist.read", { text in
            guard case let .date(date)? = try? Format.xmlPlist.read(plist(text)) else { return nil }
            return date.timeIntervalSinceReferenceDate
        }),
        ("XML → binary plist (streamed)", { text in
            guard let binary = try? Format.xmlPlist.convert(plist(text), to: .binaryPlist),
                case let .date(date)? = try? Format.binaryPlist.read(binary)
            else { return nil }
            return date.timeIntervalSinceReferenceDate
        }),
        ("PlistLinter", { text in
            guard case let .date(date)? = PlistLinter().lint(plist(text)).document else { return nil }
            return date.timeIntervalSinceReferenceDate
        }),
        ("CSVDecoder .iso8601", { text in
            let field = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let decoder = CSVDecoder { $0.dateStrategy = .iso8601 }
            return (try? decoder.decode([Stamp].self, from: "d\n\(field)\n"))?.first?.d.timeIntervalSinceReferenceDate
        }),
        ("ISO8601Timestamp.date", { ISO8601Timestamp.date(from: $0)?.timeIntervalSinceReferenceDate }),
        ("JSONDecoder .iso8601Microseconds", { text in
            guard let json = try? JSONEncoder().encode([text]) else { return nil }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601Microseconds
            return (try? decoder.decode([Date].self, from: json))?.first?.timeIntervalSinceReferenceDate
        }),
    ]

    struct Stamp: Codable { var d: Date }

    static func plist(_ text: String) -> Data {
        Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><date>\(text)</date></plist>".utf8)
    }

    @Test(arguments: 0..<table.count)
    func everyReaderAgrees(row: Int) {
        let (text, interval) = Self.table[row]
        for reader in Self.readers {
            let got = reader.read(text)
            #expect(
                got?.bitPattern == interval?.bitPattern,
                "\(reader.name) read \(text.debugDescription) as \(got.map { "\($0)" } ?? "refused"), expected \(interval.map { "\($0)" } ?? "refused")")
        }
    }

    /// What the writers print reads back through every reader to the same `Date`.
    @Test(arguments: [0.0, -5e-324, -1e-6, 736_259_445.123456, -63_113_904_000, Double(252_423_993_600).nextDown, 1e-300])
    func whatTheWritersPrintEveryReaderReadsBack(interval: Double) throws {
        let date = Date(timeIntervalSinceReferenceDate: interval)
        let text = try #require(DateText.string(date))
        for reader in Self.readers {
            #expect(reader.read(text)?.bitPattern == interval.bitPattern, "\(reader.name): \(text)")
        }
        // The XML and JSON writers, the inspector and the JSONEncoder strategy print that same text.
        let xml = try Format.xmlPlist.write(.date(date))
        #expect(String(decoding: xml, as: UTF8.self).contains("<date>\(text)</date>"))
        let json = try Format.json.write(.array([.date(date)]), options: FormatOptions(pretty: false))
        #expect(String(decoding: json, as: UTF8.self) == "[\"\(text)\"]")
        #expect(PlistPrinter.iso8601(date) == text)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .dateText(.exact)
        #expect(String(decoding: try encoder.encode([date]), as: UTF8.self) == "[\"\(text)\"]")
    }

    /// Issue 15, bug 7, through the public API: a binary plist date of −5e-324 s and −1e-6 s
    /// converts to XML and back (and to JSON text) without moving.
    @Test(arguments: [-5e-324, -1e-6, -0.25, -978_307_200.000001])
    func binaryPlistDatesBefore2001ConvertWithoutMoving(interval: Double) throws {
        let binary = try Format.binaryPlist.write(.date(Date(timeIntervalSinceReferenceDate: interval)))
        let xml = try Format.binaryPlist.convert(binary, to: .xmlPlist)
        #expect(!String(decoding: xml, as: UTF8.self).contains(".0Z"))
        let back = try Format.xmlPlist.convert(xml, to: .binaryPlist)
        guard case let .date(date) = try Format.binaryPlist.read(back) else {
            Issue.record("not a date")
            return
        }
        #expect(date.timeIntervalSinceReferenceDate.bitPattern == interval.bitPattern)
    }
}
