import Foundation
import SerializeCSV
import SerializeDocument
import Testing

/// The one sniffer, `Format.detect(in:)`, that `convert`, `roundtrip` and the inspector use.
@Suite struct FormatDetectionTests {
    static let table: [(String, [UInt8], Format)] = [
        ("binary plist", Array("bplist00".utf8) + [0xD0], .binaryPlist),
        ("XML declaration", Array("<?xml version=\"1.0\"?><plist/>".utf8), .xmlPlist),
        ("bare plist element", Array("<plist version=\"1.0\"><dict/></plist>".utf8), .xmlPlist),
        ("doctype", Array("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x\"><plist/>".utf8), .xmlPlist),
        ("BOM then XML", [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?>".utf8), .xmlPlist),
        ("UTF-16 XML", [0xFF, 0xFE, 0x3C, 0x00], .xmlPlist),
        ("whitespace then XML", Array(" \n\t<plist/>".utf8), .xmlPlist),
        ("object", Array("{\"a\": 1}".utf8), .json),
        ("array after whitespace", Array("\r\n  [1, 2]".utf8), .json),
        ("BOM then JSON", [0xEF, 0xBB, 0xBF] + Array("{}".utf8), .json),
        ("string", Array("\"text\"".utf8), .json),
        ("lone number", Array("-12.5\n".utf8), .json),
        ("lone literal", Array("true".utf8), .json),
        ("null", Array(" null ".utf8), .json),
        ("CSV header", Array("name,city\nAda,London\n".utf8), .csv),
        ("CSV whose first cell is a number", Array("1,2\n3,4\n".utf8), .csv(CSVDialect(hasHeader: false))),
        ("one-column CSV of numbers", Array("1\n2\n".utf8), .csv(CSVDialect(hasHeader: false))),
        ("BOM then CSV", [0xEF, 0xBB, 0xBF] + Array("a,b\n".utf8), .csv),
        ("TSV", Array("a\tb\n1\t2\n".utf8), .tsv),
        ("semicolons", Array("a;b\n1;\"x;y\"\n".utf8), .csv(CSVDialect(delimiter: ";"))),
        ("commas win a tie", Array("a,b;c\n1,2;3\n".utf8), .csv),
        ("empty", [], .csv),
        ("a word", Array("truthy".utf8), .csv),
    ]

    @Test(arguments: table)
    func detects(name: String, bytes: [UInt8], expected: Format) {
        #expect(Format.detect(in: Data(bytes)) == expected, "\(name)")
    }

    @Test func namesAndExtensionsRoundTrip() {
        for format in Format.all {
            #expect(Format(name: format.name) == format)
            #expect(Format(fileExtension: format.fileExtension).map { $0.isPropertyList ? .xmlPlist : $0 }
                == (format.isPropertyList ? .xmlPlist : format))
        }
        #expect(Format.tsv.fileExtension == "tsv" && Format.tsv.name == "tsv" && Format.csv.fileExtension == "csv")
        #expect(Format.csv != Format.tsv)
        #expect(Format(name: "yaml") == nil)
    }
}
