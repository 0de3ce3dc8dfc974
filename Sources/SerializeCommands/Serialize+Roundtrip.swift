/// `serialize roundtrip`: send a document through formats and back, and say what survived.

public import ArgumentParser
import Foundation
import SerializeCore
internal import SerializeDocument
import SerializeRoundTrip

extension Serialize {
    /// Converts a document through each format and back, and prints what survived, what
    /// changed (with paths) and why; or prints the fidelity matrix.
    public struct Roundtrip: AsyncParsableCommand, Sendable {
        public static let configuration = CommandConfiguration(
            commandName: "roundtrip",
            abstract: "Convert a document through formats and back; print what survived, what changed and why.",
            discussion: """
                For each format in --through, FILE is written in that format with serialize's own \
                writers and read back, then compared path by path with the original. Each format \
                reports `exact`, the paths that changed with the reason (`csv keeps only text: the \
                type is gone`), or the named error that refused it (null in a property list). NaN \
                and infinities are written as their names where a format has none. The exit status is 0 when every format was exact, 1 when a format \
                changed or refused the document, 2 when FILE cannot be read.

                --matrix prints the fidelity matrix instead: which Codable value survives which \
                format, measured by the round-trip harness (Docs/FidelityMatrix.md is its output).
                """
        )

        @Argument(help: "The document to check (.json, .plist, .bplist, .csv); omit with --matrix.")
        public var file: String?

        @Option(
            help: ArgumentHelp(
                "The formats to go through, comma-separated: json, xml, binary, csv, tsv.", valueName: "formats"))
        public var through: String = "json,xml,binary,csv"

        @Option(help: ArgumentHelp("The format of FILE when its extension does not say: json, xml, binary, csv, tsv.", valueName: "format"))
        public var from: String?

        @Flag(help: "Print the fidelity matrix (Markdown) instead of checking a file.")
        public var matrix = false

        @OptionGroup var depth: DepthOption

        public init() {}

        /// The formats `--through` names, in order.
        var throughFormats: [Format] {
            get throws {
                try through.split(separator: ",").map { name in
                    let trimmed = name.trimmingCharacters(in: .whitespaces)
                    guard let format = Format(name: trimmed) else {
                        throw ValidationError("unknown format '\(trimmed)' in --through; use json, xml, binary, csv or tsv")
                    }
                    return format
                }
            }
        }

        public func validate() throws {
            if matrix {
                if file != nil { throw ValidationError("--matrix takes no FILE") }
                return
            }
            guard file != nil else { throw ValidationError("give a FILE to check, or --matrix") }
            if try throughFormats.isEmpty { throw ValidationError("--through names no format") }
            if let from, Format(name: from) == nil {
                throw ValidationError("unknown format '\(from)' for --from; use json, xml, binary, csv or tsv")
            }
        }

        public func run() async throws {
            if matrix {
                print(ModelMatrix.full.markdown(), terminator: "")
                return
            }
            guard let file else { throw ValidationError("give a FILE to check, or --matrix") }
            // The reports are printed and let go on the deep stack: a change keeps the subtrees
            // it compares (`DocumentChange`), which are as deep as the document.
            let reports: [(text: String, exact: Bool)]
            do {
                let (source, formats, maximumDepth) = (from.flatMap { Format(name: $0) }, try throughFormats, depth.maxDepth)
                reports = try await depth.run {
                    try Self.check(file: file, from: source, through: formats, maximumDepth: maximumDepth).map { ($0.description, $0.outcome == .exact) }
                }
            } catch let error as InputError {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode(2)
            }
            for report in reports { print(report.text) }
            if reports.contains(where: { !$0.exact }) { throw ExitCode(1) }
        }

        /// Reads `file` and checks it through each of `formats`, nested up to `maximumDepth`.
        ///
        /// - Throws: A located error when the file cannot be read.
        static func check(
            file: String, from: Format?, through formats: [Format], maximumDepth: Int = NestingStack.inlineDepth
        ) throws -> [DocumentRoundTripReport] {
            let url = URL(fileURLWithPath: file)
            let data: Data
            do {
                data = try FileContents.read(url)
            } catch {
                throw InputError(description: "\(file): error: cannot read the file: \(FileReadFailure.reason(error, reading: url))")
            }
            // A property list is read as XML or binary by content (the one sniffer, Format.detect).
            let source = from ?? Format(fileExtension: url.pathExtension) ?? Format.detect(in: data)
            let document: Document
            do {
                document = try RoundtripCodecs.codec(for: source, maximumDepth: maximumDepth).read(data)
            } catch let error as Diagnostic {
                throw InputError(description: error.inFile(file).commandLineText)
            } catch {
                throw InputError(description: "\(file): error: \(error)")
            }
            return formats.map { format in
                do {
                    let codec = try RoundtripCodecs.codec(for: format, maximumDepth: maximumDepth)
                    var report = DocumentRoundTrip.check(document, through: codec)
                    // A refused write is reported with its remedy as a flag, as `convert` prints it.
                    if case .failed(stage: "write", message: _) = report.outcome {
                        do { _ = try codec.write(document) } catch let error as Diagnostic {
                            report.outcome = .failed(stage: "write", message: error.commandLineText)
                        } catch {}
                    }
                    return report
                } catch {
                    return DocumentRoundTripReport(format: format.name, outcome: .failed(stage: "write", message: "\(error)"))
                }
            }
        }
    }
}

/// FILE could not be read or parsed; the description reads like a compiler's.
struct InputError: Error, CustomStringConvertible {
    var description: String
}

/// The readers and writers `roundtrip` uses for each format: serialize's own (SerializeDocument).
enum RoundtripCodecs {
    /// NaN and ±∞ are written as their names where the format has none, so the report shows
    /// what else each format changes; `null` in a property list is refused by name.
    static let options = FormatOptions(pretty: true, nonFinite: .string)

    static func codec(for format: Format, maximumDepth: Int = NestingStack.inlineDepth) throws -> RoundTripFormat {
        var options = options
        options.maximumDepth = maximumDepth
        return .serialize(format, options: options)
    }
}
