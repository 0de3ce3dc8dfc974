/// Every Swift sample in README.md and the DocC articles is compiled: each block must appear,
/// line for line (surrounding space trimmed), in one of this target's sample files, which the
/// build compiles. A block's `import` lines need only appear somewhere in the samples (imports
/// live at the top of a file), and a package manifest fragment (a block starting with
/// `// Package.swift`) is not Swift this target can compile.

import Foundation
import Testing

@Suite struct DocumentationSamplesTests {
    /// The repository root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The documents whose Swift samples must compile.
    static var documents: [URL] {
        var urls = [root.appendingPathComponent("README.md")]
        let sources = root.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "md", url.path.contains(".docc/") { urls.append(url) }
        }
        return urls.sorted { $0.path < $1.path }
    }

    /// The ```swift blocks of a Markdown text, each as its lines with surrounding space trimmed.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current ?? [])
                current = nil
            } else if current != nil {
                current?.append(trimmed)
            }
        }
        return blocks.map { $0.filter { !$0.isEmpty } }.filter { !$0.isEmpty && $0.first != "// Package.swift" }
    }

    /// The trimmed, non-empty lines of every sample file in this target.
    static var compiledLines: [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Samples")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }.flatMap { url in
            ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        }
    }

    @Test func theCheckerFindsBlocks() {
        let text = "intro\n```swift\nlet a = 1\n\n  let b = 2\n```\n```sh\nls\n```\n```swift\n// Package.swift\n.target()\n```\n"
        #expect(Self.swiftBlocks(in: text) == [["let a = 1", "let b = 2"]])
    }

    @Test(arguments: documents) func everySwiftSampleIsCompiled(document: URL) throws {
        let text = try String(contentsOf: document, encoding: .utf8)
        let compiled = Self.compiledLines
        #expect(!compiled.isEmpty, "no sample files found")
        for whole in Self.swiftBlocks(in: text) {
            let imports = whole.filter { $0.hasPrefix("import ") }
            for line in imports {
                #expect(compiled.contains(line), "\(document.lastPathComponent): no sample file has `\(line)`")
            }
            let block = whole.filter { !$0.hasPrefix("import ") }
            let found = compiled.indices.contains { start in
                start + block.count <= compiled.count && Array(compiled[start..<start + block.count]) == block
            }
            #expect(found, "\(document.lastPathComponent): this sample is not in Tests/DocumentationTests/Samples, so it is not compiled:\n\(block.joined(separator: "\n"))")
        }
    }
}
