/// `serialize extract FILE KEYPATH [--to FORMAT]`: one value, on standard output.

import ArgumentParser
import Foundation
import SerializeCore
import PlistInspector
import SerializeDocument

extension Serialize {
    /// Writes the value at a key path to standard output.
    struct Extract: ParsableCommand {
        /// How `extract` writes the value.
        enum Output: String, ExpressibleByArgument, CaseIterable {
            case raw, typed, json, xml, binary
        }

        static let configuration = CommandConfiguration(
            abstract: "Write the value at a key path to standard output.",
            discussion: """
                --to raw writes a scalar as it is: a string's text, a number, true or false, a \
                date as YYYY-MM-DDTHH:MM:SSZ (each followed by a newline), data as its bytes. \
                --to typed writes the value as `serialize print` does. --to json, xml and binary \
                write the value as a document of that format. \(PlistFile.keyPathHelp)
                """
        )

        @Argument(help: "The file: a property list (XML or binary), JSON or CSV; - for standard input.")
        var file: String

        @Argument(help: "The key path, such as items[3].name, items.3.name or /items/3/name.")
        var keyPath: String

        @Option(name: .customLong("to"), help: "The output: raw, typed, json, xml or binary.")
        var output: Output = .raw

        @OptionGroup(title: "CSV dialect (default: sniffed)")
        var dialect: CSVDialectOptions

        @OptionGroup var depth: DepthOption

        func validate() throws {
            _ = try PlistFile.keyPath(keyPath)
        }

        func run() throws {
            try depth.run { try extract() }
        }

        /// Writes the value at ``keyPath`` on standard output.
        func extract() throws {
            let path = try PlistFile.keyPath(keyPath)
            let value = try PlistFile.value(at: path, in: PlistFile.document(file, dialect: dialect, depth: depth))
            let bytes: Data
            switch output {
            case .raw:
                guard let raw = Self.raw(value) else {
                    PlistFile.printError("error: \(path.keyPathDescription) is \(value.typeName.withArticle); --to raw writes scalars only, use --to typed or --to json")
                    throw ExitCode.failure
                }
                bytes = raw
            case .typed:
                bytes = Data(PlistPrinter.text(value).utf8)
            case .json: bytes = try PlistFile.encode(value, as: .json, depth: depth)
            case .xml: bytes = try PlistFile.encode(value, as: .xmlPlist, depth: depth)
            case .binary: bytes = try PlistFile.encode(value, as: .binaryPlist, depth: depth)
            }
            FileHandle.standardOutput.write(bytes)
        }

        /// A scalar's raw bytes, or nil for a container.
        static func raw(_ value: Document) -> Data? {
            let text: String
            switch value {
            case .null: text = "null"
            case let .bool(flag): text = "\(flag)"
            case let .integer(number): text = "\(number)"
            case let .unsignedInteger(number): text = "\(number)"
            case let .double(number): text = "\(number)"
            case let .number(number): text = number.text
            case let .string(string): text = string
            case let .date(date): text = PlistPrinter.iso8601(date)
            case let .data(bytes): return bytes
            case .array, .dictionary: return nil
            }
            return Data((text + "\n").utf8)
        }
    }
}
