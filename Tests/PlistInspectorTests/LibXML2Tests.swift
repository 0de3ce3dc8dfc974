import Testing
import SerializeXML

@Suite struct LibXML2LinkTests {
    @Test func linksLibXML2Two() {
        // Debian bookworm ships 2.9.14; any 2.x is fine, "unknown" means the link is broken.
        #expect(LibXML2.version.hasPrefix("2."))
    }
}
