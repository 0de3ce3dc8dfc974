/// `serialize create FILE [--format json|xml|binary]`: a new file holding an empty dictionary.

import ArgumentParser
import Foundation
import SerializeCore
import SerializeDocument

extension Serialize {
    /// Creates a file holding an empty dictionary, as `plutil -create` does.
    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a JSON or property-list file holding an empty dictionary.",
            discussion: """
                The format comes from --format, else from FILE's extension (.json; .plist is an \
                XML property list), else XML. An existing file is refused unless --force (plutil \
                -create replaces it silently). '-' writes standard output. Add values with \
                serialize insert.
                """
        )

        @Argument(help: "The file to create, or '-' for standard output.")
        var file: String

        @Option(help: "The format: json, xml or binary (default: from the extension, else xml).")
        var format: Format?

        @Flag(help: "Replace FILE if it exists.")
        var force = false

        func validate() throws {
            if let format, !(format == .json || format.isPropertyList) {
                throw ValidationError("create makes JSON and property-list files: use --format json, xml or binary")
            }
        }

        func run() throws {
            let chosen = format ?? Convert.format(ofPath: file).flatMap { $0 == .json || $0.isPropertyList ? $0 : nil } ?? .xmlPlist
            let bytes: Data
            do {
                bytes = try chosen.emptyDocument()
            } catch {
                throw Convert.fail(error.inFile(file).commandLineText, status: 1)
            }
            if file == "-" {
                FileHandle.standardOutput.write(bytes)
                return
            }
            if !force, FileManager.default.fileExists(atPath: file) {
                throw Convert.fail("\(file): error: the file exists; use --force to replace it", status: Convert.Status.cannotCreate)
            }
            do {
                try PosixFileSystem().writeAtomically(bytes, to: URL(fileURLWithPath: file))
            } catch {
                throw Convert.fail("\(file): error: \(error.message)", status: Convert.Status.cannotCreate)
            }
        }
    }
}
