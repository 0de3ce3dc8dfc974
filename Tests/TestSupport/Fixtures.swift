/// Support shared by the test targets: locating fixtures and the shared corpora.

public import Foundation

/// Paths to the repository's `Fixtures/` folder and to `../shared/corpora` when present.
public enum Fixtures {
    /// The repository root, found from this source file's location.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // root

    /// `Fixtures/` inside the repository.
    public static let root = repositoryRoot.appendingPathComponent("Fixtures")

    /// `../shared/corpora` beside the repository, or `nil` when it is not there.
    public static var sharedCorpora: URL? {
        let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The URL of a fixture, such as `url("json/users.json")`.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The bytes of a fixture.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// The files of a fixture folder, sorted by name.
    public static func files(in relativeFolder: String, withExtension ext: String? = nil) throws -> [URL] {
        let folder = url(relativeFolder)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ext == nil || $0.pathExtension == ext }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
