import Foundation
import Testing
import SerializeDocument

@Suite struct ScratchTests {
    @Test func scratch() throws {
        let samples = [
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n  <key>a</key>\n  <integer>x1</integer>\n  <foo/>\n  <key>b</key><key>c</key><data>QU!D</data>\n  <key>c</key><true> </true>\n  <key>d.e</key><array><string>s</string><real>1.5</real><date>2020-01-01T00:00:00Z</date></array>\n</dict>\n</plist>\n",
            "<plist><dict/></plist>junk",
            "<plist><dict><key>a</key><strin>x</string></dict></plist>",
            "<!DOCTYPE plist [<!ENTITY a \"aaaa\">]><plist><string>&a;</string></plist>",
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\"><plist><string>&a;&amp;</string></plist>",
            "",
            "<plist/>",
            "<plist><dict><key>a</key><integer>18446744073709551615</integer><key>b</key><integer>-9223372036854775808</integer></dict></plist>",
        ]
        for s in samples {
            let r = XMLPlistReader().inspect(Data(s.utf8))
            print("=== \(s.prefix(60))")
            for d in r.diagnostics { print("  \(d) [\(d.keyPath)] \(d.code) @\(d.byteOffset)") }
            print("  doc: \(String(describing: r.document))")
        }
    }
}
