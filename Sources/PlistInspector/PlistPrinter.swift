/// A stable, typed rendering of a property list for people (`print`) and machines (`--json`).

public import Foundation
public import SerializeDocument
import OrderedCollections
import SerializeCore

/// Renders a ``Document`` as a typed tree.
///
/// The text form gives every value its type and is stable across runs and platforms (keys in
/// document order, reals in shortest round-trip form, dates in UTC):
///
/// ```text
/// dictionary (2 entries)
///   "name": string "Ann"
///   "tags": array (1 item)
///     [0]: integer 7
/// ```
///
/// The JSON form is an object per value, `{"type": "integer", "value": 7}`, with dictionaries as
/// ordered `entries` arrays of `{"key": …, "value": …}`.
public enum PlistPrinter {
    /// The text tree of `document`, one value per line, ending with a newline.
    public static func text(_ document: Document) -> String {
        var output = ""
        appendText(document, label: nil, indent: 0, to: &output)
        return output
    }

    /// The typed JSON of `document`, pretty-printed, ending with a newline.
    public static func json(_ document: Document) -> String {
        var output = ""
        appendJSON(document, indent: 0, to: &output)
        output.append("\n")
        return output
    }

    /// One scalar as `type value` (`integer 7`, `string "a"`), or the container's size.
    public static func summary(_ value: Document) -> String {
        switch value {
        case .null: "null"
        case let .bool(flag): "bool \(flag)"
        case let .integer(number): "integer \(number)"
        case let .unsignedInteger(number): "integer \(number)"
        case let .double(number): "real \(number)"
        case let .number(number): "\(number.isInteger ? "integer" : "real") \(number.text)"
        case let .string(string): "string \(quoted(string))"
        case let .date(date): "date \(iso8601(date))"
        case let .data(bytes): "data (\(count(bytes.count, "byte"))) \(hexPreview(bytes))"
        case let .array(items): "array (\(count(items.count, "item")))"
        case let .dictionary(entries): "dictionary (\(count(entries.count, "entry", plural: "entries")))"
        }
    }

    // MARK: - Text

    private static func appendText(_ value: Document, label: String?, indent: Int, to output: inout String) {
        output.append(String(repeating: "  ", count: indent))
        if let label { output.append("\(label): ") }
        output.append(summary(value))
        output.append("\n")
        switch value {
        case let .array(items):
            for (index, item) in items.enumerated() { appendText(item, label: "[\(index)]", indent: indent + 1, to: &output) }
        case let .dictionary(entries):
            for (key, item) in entries { appendText(item, label: quoted(key.string), indent: indent + 1, to: &output) }
        default:
            break
        }
    }

    // MARK: - JSON

    private static func appendJSON(_ value: Document, indent: Int, to output: inout String) {
        let pad = String(repeating: "  ", count: indent + 1), close = String(repeating: "  ", count: indent)
        func scalar(_ type: String, _ json: String) { output.append("{\"type\": \"\(type)\", \"value\": \(json)}") }
        switch value {
        case .null: output.append("{\"type\": \"null\"}")
        case let .bool(flag): scalar("bool", "\(flag)")
        case let .integer(number): scalar("integer", "\(number)")
        case let .unsignedInteger(number): scalar("integer", "\(number)")
        case let .double(number): scalar("real", number.isFinite ? "\(number)" : quoted("\(number)"))
        case let .number(number): scalar(number.isInteger ? "integer" : "real", number.text)
        case let .string(string): scalar("string", quoted(string))
        case let .date(date): scalar("date", quoted(iso8601(date)))
        case let .data(bytes): scalar("data", quoted(bytes.base64EncodedString()))
        case let .array(items):
            output.append("{\"type\": \"array\", \"items\": [")
            for (index, item) in items.enumerated() {
                output.append(index == 0 ? "\n" : ",\n")
                output.append(pad)
                appendJSON(item, indent: indent + 1, to: &output)
            }
            output.append(items.isEmpty ? "]}" : "\n\(close)]}")
        case let .dictionary(entries):
            output.append("{\"type\": \"dictionary\", \"entries\": [")
            for (index, entry) in entries.enumerated() {
                output.append(index == 0 ? "\n" : ",\n")
                output.append("\(pad){\"key\": \(quoted(entry.key.string)), \"value\": ")
                appendJSON(entry.value, indent: indent + 1, to: &output)
                output.append("}")
            }
            output.append(entries.isEmpty ? "]}" : "\n\(close)]}")
        }
    }

    // MARK: - Pieces

    /// `text` in double quotes with JSON escapes, so it is unambiguous in both forms.
    package static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                output.append("\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16))
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, with the shortest fractional seconds that read back as the same
    /// date, in the proleptic Gregorian calendar: the text the converter writes (one
    /// implementation for the package). A date with no such text (not finite, or outside the
    /// years 0001 to 9999, which a document built in code can hold) prints as its seconds since
    /// 2001: `date(-1e+15 s since 2001)`.
    package static func iso8601(_ date: Date) -> String {
        DateText.string(date, precision: .exact) ?? "date(\(date.timeIntervalSinceReferenceDate) s since 2001)"
    }

    private static func hexPreview(_ bytes: Data) -> String {
        let shown = bytes.prefix(16).map { String(format: "%02x", $0) }.joined()
        return "<\(shown)\(bytes.count > 16 ? "…" : "")>"
    }

    private static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }
}
