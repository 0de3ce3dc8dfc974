/// Documents through formats and back, and the second round-trip law: encode(decode(d)) == d.

public import Foundation
public import SerializeDocument
public import SerializeCore
import OrderedCollections

/// One place where a document and its round trip differ, and why.
public struct DocumentChange: Sendable, Equatable, CustomStringConvertible {
    /// Where the value is: `$.users[3].email`.
    public var path: ValuePath
    /// The value before, or `nil` when absent.
    public var before: Document?
    /// The value after, or `nil` when it went missing.
    public var after: Document?
    /// Why it changed, as far as the harness can tell (`JSON has no date type: …`).
    public var reason: String

    public var description: String {
        "\(path): \(before.map(DocumentChange.render) ?? "(absent)") became \(after.map(DocumentChange.render) ?? "(absent)") (\(reason))"
    }

    static func render(_ document: Document) -> String {
        switch document {
        case .null: "null"
        case let .bool(v): String(v)
        case let .integer(v): String(v)
        case let .unsignedInteger(v): String(v)
        case let .double(v): String(v)
        case let .number(v): v.text
        case let .string(v): EncodedValue.quoted(v)
        case let .date(v): "date \(EncodedValue.dateText(v))"
        case let .data(v): "\(v.count) bytes of data"
        case let .array(v): "array of \(v.count)"
        case let .dictionary(v): "dictionary of \(v.count)"
        }
    }
}

/// What one format did to one document.
public struct DocumentRoundTripReport: Sendable, CustomStringConvertible {
    /// Exact, changed at paths, or refused.
    public enum Outcome: Sendable, Equatable {
        /// The document came back equal (NaN equal to NaN, key order kept).
        case exact
        /// It came back different at these paths.
        case changed([DocumentChange])
        /// Writing or reading refused it.
        case failed(stage: String, message: String)
    }

    /// The format's name.
    public var format: String
    /// What happened.
    public var outcome: Outcome
    /// The size of the written form, when writing succeeded.
    public var byteCount: Int?

    public init(format: String, outcome: Outcome, byteCount: Int? = nil) {
        self.format = format
        self.outcome = outcome
        self.byteCount = byteCount
    }

    public var description: String {
        switch outcome {
        case .exact: "\(format): exact"
        case let .changed(changes):
            (["\(format): changed at \(changes.count) path\(changes.count == 1 ? "" : "s")"] + changes.prefix(20).map { "  \($0)" }
                + (changes.count > 20 ? ["  … \(changes.count - 20) more"] : [])).joined(separator: "\n")
        case let .failed(stage, message): "\(format): refused on \(stage): \(message)"
        }
    }
}

/// Sends documents through formats and back; checks that canonical documents are fixed points.
public enum DocumentRoundTrip {
    /// Writes `document` in `format` (``RoundTripFormat/write(_:)``), reads it back and lists
    /// what changed.
    public static func check(_ document: Document, through format: RoundTripFormat) -> DocumentRoundTripReport {
        let data: Data
        do {
            data = try format.write(document)
        } catch {
            return DocumentRoundTripReport(format: format.name, outcome: .failed(stage: "write", message: "\(error)"))
        }
        let back: Document
        do {
            back = try format.read(data)
        } catch {
            return DocumentRoundTripReport(format: format.name, outcome: .failed(stage: "read", message: "\(error)"), byteCount: data.count)
        }
        let changes = differences(document, back, format: format.format)
        return DocumentRoundTripReport(format: format.name, outcome: changes.isEmpty ? .exact : .changed(changes), byteCount: data.count)
    }

    // MARK: - The document law

    /// The second round-trip law for a canonical document: reading `data` and writing it
    /// again gives back the same bytes.
    ///
    /// - Returns: `nil` when the law holds, otherwise where the rewritten bytes first differ,
    ///   as `line:column: expected … found …`, or the read/write error.
    public static func canonicalViolation(of data: Data, through codec: RoundTripFormat) -> String? {
        let rewritten: Data
        do {
            rewritten = try codec.write(codec.read(data))
        } catch {
            return "\(codec.name): \(error)"
        }
        guard rewritten != data else { return nil }
        let a = Array(data), b = Array(rewritten)
        let index = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        let prefix = a[..<index]
        let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = index - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        func snippet(_ bytes: [UInt8]) -> String {
            let part = bytes[index..<min(bytes.count, index + 24)]
            return part.isEmpty ? "end of input" : EncodedValue.quoted(String(decoding: part, as: UTF8.self))
        }
        return "\(codec.name): \(line):\(column): rewritten bytes differ: expected \(snippet(a)), found \(snippet(b))"
    }

    // MARK: - Differences

    /// Every path where `after` differs from `before`, with a reason.
    public static func differences(_ before: Document, _ after: Document, format: Format) -> [DocumentChange] {
        var changes: [DocumentChange] = []
        var path = ValuePath()
        collect(before, after, &path, format, &changes)
        return changes
    }

    private static func collect(_ a: Document?, _ b: Document?, _ path: inout ValuePath, _ format: Format, _ out: inout [DocumentChange]) {
        guard out.count < 1000 else { return }
        switch (a, b) {
        case let (.array(x)?, .array(y)?):
            for index in 0..<max(x.count, y.count) {
                path.push(.index(index))
                collect(index < x.count ? x[index] : nil, index < y.count ? y[index] : nil, &path, format, &out)
                path.pop()
            }
        case let (.dictionary(x)?, .dictionary(y)?):
            let start = out.count
            for key in x.keys {
                path.push(.key(key.string))
                collect(x[key], y[key], &path, format, &out)
                path.pop()
            }
            for key in y.keys where x[key] == nil {
                path.push(.key(key.string))
                collect(nil, y[key], &path, format, &out)
                path.pop()
            }
            if x.keys.filter({ y[$0] != nil }) != y.keys.filter({ x[$0] != nil }) {
                out.insert(DocumentChange(path: path, before: a, after: b, reason: "the keys came back in another order"), at: start)
            }
        default:
            if a != b { out.append(DocumentChange(path: path, before: a, after: b, reason: reason(a, b, format))) }
        }
    }

    /// Why `a` became `b` in `format`, in the words of the format's limits.
    static func reason(_ a: Document?, _ b: Document?, _ format: Format) -> String {
        let name = format.name
        switch (a, b) {
        case (_?, nil): return "\(name) dropped the value"
        case (nil, _?): return "\(name) added a value"
        case (.date?, .string?): return "\(name) has no date type: written as text"
        case (.date?, .double?), (.date?, .integer?): return "\(name) has no date type: written as a number"
        case let (.date(x)?, .date(y)?):
            return x.timeIntervalSince1970.rounded(.down) == y.timeIntervalSince1970 ? "\(name) dates keep whole seconds" : "the date moved"
        case (.data?, .string?): return "\(name) has no data type: written as text"
        case (.null?, .string?): return "\(name) has no null: written as a string"
        case (.null?, _): return "\(name) has no null"
        case (.bool?, .string?), (.integer?, .string?), (.unsignedInteger?, .string?), (.double?, .string?):
            return "\(name) keeps only text: the type is gone"
        case (.integer?, .double?), (.unsignedInteger?, .double?), (.double?, .integer?), (.double?, .unsignedInteger?):
            return "\(name) does not tell integers from reals"
        case (.array?, _), (.dictionary?, _): return "\(name) changed the structure"
        case let (.string(x)?, .string(y)?) where x == y: return "the string's Unicode scalars changed (canonically equal)"
        case let (.string(x)?, .string(y)?) where x.unicodeScalars.first == "\u{FEFF}" && String(x.unicodeScalars.dropFirst()) == y:
            return "the leading U+FEFF was dropped"
        default: return "the value changed"
        }
    }
}
