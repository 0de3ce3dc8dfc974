import Testing
import SerializeModels

@Suite struct ModelsModuleTests {
    @Test func moduleLinks() {
        // Replaced by the per-domain round-trip suites.
        #expect(String(describing: SerializeModels.self) == "SerializeModels")
    }
}
