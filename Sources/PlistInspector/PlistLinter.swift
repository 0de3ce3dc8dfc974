/// The entry point of the inspector: one pass over a file, every finding.
///
/// A finding IS a SerializeCore `Diagnostic`: severity, code (`bad-integer`, `duplicate-key`, …),
/// message, location (line and column in XML, byte offset in binary) and the value's path,
/// printed as the inspector's key path (`root.items[3].name`, ``ValuePath/keyPathDescription``).

public import Foundation
public import SerializeCore
public import SerializeDocument

/// What kind of file the inspector was given.
public enum PlistFormat: Sendable, Hashable, CustomStringConvertible {
    /// An XML property list.
    case xml
    /// A binary property list (`bplist00`).
    case binary
    /// Something else; the text says what it looks like.
    case unrecognized(String)

    public var description: String {
        switch self {
        case .xml: "XML property list"
        case .binary: "binary property list (bplist00)"
        case let .unrecognized(what): "not a property list (\(what))"
        }
    }
}

/// Everything the inspector learned about one file.
public struct PlistReport: Sendable {
    /// The file's format, detected from its content.
    public var format: PlistFormat
    /// The size of the file in bytes.
    public var size: Int
    /// Every finding, in order of position.
    public var findings: [Diagnostic]
    /// The value, when the file was read without errors and values were kept.
    public var document: Document?

    /// Whether the file has no error (warnings and notes allowed).
    public var isValid: Bool { !findings.contains { $0.severity == .error } }
    /// Whether the file has no finding at all except notes.
    public var isClean: Bool { !findings.contains { $0.severity != .note } }
}

/// Checks property lists and reports every problem with its location and key path.
///
/// XML property lists are read through libxml2 (``XMLPlistReader``): not well-formed XML,
/// unknown tags, keys without values and values without keys, two root values, an empty
/// `<plist>`, bad integers, reals, dates and base64 data, `<true>` with content, duplicate keys,
/// trailing content, refused DTD subsets and entities, and NSKeyedArchiver archives are all
/// reported in one pass. Binary property lists are located by byte offset.
///
/// ```swift
/// let report = PlistLinter().lint(data)
/// for finding in report.findings { print("Info.plist:\(finding)") }
/// ```
public struct PlistLinter: Sendable {
    /// The deepest nesting of arrays and dictionaries accepted before the linter refuses to read
    /// further (`FormatOptions.maximumDepth`'s rule: `<plist>` does not count, a UID does).
    public var maxDepth: Int

    /// A linter accepting `maxDepth` levels of arrays and dictionaries (512 by default, as plutil).
    public init(maxDepth: Int = 512) {
        self.maxDepth = maxDepth
    }

    /// Lints the bytes of a property list: every finding, and the value when asked.
    ///
    /// - Parameter keepingValues: whether to build the ``Document`` (`print`, `type`, `extract`
    ///   and `inspect` need it; `lint` does not and saves the memory).
    public func lint(_ data: Data, keepingValues: Bool = true) -> PlistReport {
        let format = Self.detectFormat(data)
        var report = PlistReport(format: format, size: data.count, findings: [], document: nil)
        switch format {
        case .xml:
            let inspection = XMLPlistReader(maximumDepth: maxDepth).inspect(data, keepingValues: keepingValues)
            report.findings = inspection.diagnostics
            report.document = inspection.document
        case .binary:
            (report.findings, report.document) = inspectBinary(data, keepingValues: keepingValues)
        case let .unrecognized(what):
            report.findings = [
                Diagnostic(
                    .notAPlist,
                    "not an XML or binary property list: \(what); the inspector reads XML (<?xml …><plist>) and binary (bplist00) property lists",
                    at: InputLocation(line: 1, column: 1, byteOffset: 0), path: ValuePath())
            ]
        }
        return report
    }

    /// Lints the file at `url`.
    ///
    /// - Throws: the error of reading the file (it does not exist, cannot be read).
    public func lint(contentsOf url: URL, keepingValues: Bool = true) throws -> PlistReport {
        try lint(FileContents.read(url, options: .mappedIfSafe), keepingValues: keepingValues)
    }

    // MARK: - Formats

    /// The format `data` is in, as ``Format/detect(in:)`` (the one sniffer) judges it, with
    /// what anything other than a property list looks like.
    public static func detectFormat(_ data: Data) -> PlistFormat {
        switch Format.detect(in: data) {
        case .binaryPlist: return .binary
        case .xmlPlist: return .xml
        case .json, .csv: break
        }
        if data.isEmpty { return .unrecognized("the file is empty") }
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            return .unrecognized("the file holds only white space")
        }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .unrecognized("it starts with '\(Character(Unicode.Scalar(first)))', like JSON or an OpenStep-style property list")
        case UInt8(ascii: "("), UInt8(ascii: "\""), UInt8(ascii: "/"): return .unrecognized("it looks like an OpenStep-style property list or a .strings file")
        default: return .unrecognized("it starts with byte 0x\(String(first, radix: 16, uppercase: true))")
        }
    }
}
