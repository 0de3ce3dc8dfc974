/// Runs the built `serialize` executable, for tests that exercise the real command line.

public import Foundation

/// The result of one run of the built tool.
public struct ToolRun: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

/// The `serialize` executable that `swift build`/`swift test` put beside the test bundle.
public enum BuiltTool {
    /// The products folder (`.build/debug`), found from the running test binary.
    public static var productsDirectory: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // On macOS the runner lives inside `X.xctest/Contents/MacOS`; walk up to the folder
        // that holds the bundle.
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if !url.path.contains(".xctest") { break }
        }
        return url
    }

    /// The path of the `serialize` binary.
    public static var executable: URL { productsDirectory.appendingPathComponent("serialize") }

    /// Runs `serialize` with `arguments`, feeding `input` on standard input.
    public static func run(_ arguments: [String], input: Data? = nil, in directory: URL? = nil) throws -> ToolRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting so a large output cannot block the child.
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus,
            standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self)
        )
    }
}
