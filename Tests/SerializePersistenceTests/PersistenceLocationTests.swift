import Foundation
import SerializeDocument
import Testing
@testable import SerializePersistence

@Suite struct PersistenceLocationTests {
    @Test func formatComesFromTheExtension() throws {
        let location = try #require(PersistenceLocation(url: URL(fileURLWithPath: "/tmp/settings.plist")))
        #expect(location.format == .xmlPlist)
    }

    @Test func unknownExtensionNeedsAnExplicitFormat() {
        #expect(PersistenceLocation(url: URL(fileURLWithPath: "/tmp/settings.yaml")) == nil)
        let explicit = PersistenceLocation(url: URL(fileURLWithPath: "/tmp/settings.yaml"), format: .json)
        #expect(explicit.format == .json)
    }
}
