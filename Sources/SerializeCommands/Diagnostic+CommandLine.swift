/// How the command line prints a diagnostic: the one place a library's structured remedy
/// (`Remedy(option: "null", value: "omit", …)`) becomes flag text (`use --null omit to …`).

import Foundation
import SerializeCore
import SerializeDocument

extension Remedy {
    /// The flag that sets this remedy's option, as `serialize convert` spells it: the option
    /// names of `FormatOptions` in kebab case (`nonFinite` → `--non-finite`),
    /// except `format` (the target format, `--to`), `inferCSVTypes` (`--infer`), `recoverCSV`
    /// (`--recover`) and `maximumDepth` (`--max-depth`).
    var flag: String {
        switch option {
        case "format": "--to"
        case "inferCSVTypes": "--infer"
        case "maximumDepth": "--max-depth"
        case "recoverCSV": "--recover"
        default: "--" + Self.kebabCase(option)
        }
    }

    /// The value as the flag takes it: a `Format` case name becomes its argument (`binaryPlist`
    /// → `binary`), other values are the strategy names the flags already take.
    var flagValue: String? {
        guard let value else { return nil }
        if option == "format" || option == "from", let format = Format.all.first(where: { Self.caseName(of: $0) == value }) {
            return format.name
        }
        return value
    }

    /// The Swift name of a format's case, as a library remedy spells it (`binaryPlist`).
    private static func caseName(of format: Format) -> String {
        switch format {
        case .json: "json"
        case .xmlPlist: "xmlPlist"
        case .binaryPlist: "binaryPlist"
        case .csv: "csv"
        }
    }

    /// `use --null omit to leave the member or element out`.
    var commandLineText: String {
        var value = flagValue
        // A dialect character is quoted for the shell: `--delimiter ';'`.
        if let text = value, ["delimiter", "quote", "escape", "comment"].contains(option), text != "tab" {
            value = "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }
        return "use \([flag, value].compactMap { $0 }.joined(separator: " ")) to \(effect)"
    }

    private static func kebabCase(_ name: String) -> String {
        var text = ""
        for character in name {
            if character.isUppercase {
                text += "-" + character.lowercased()
            } else {
                text.append(character)
            }
        }
        return text
    }
}

extension Diagnostic {
    /// The diagnostic as the command line prints it, like a compiler:
    /// `in.json:3:7: error: message [$.users[3]]` for a reader's error,
    /// `in.json:$.users[3].email: error: message (use --null omit to …)` for a value a writer
    /// refuses (no place in the input, so the path stands where the line and column would), with
    /// the remedy as a flag in parentheses.
    var commandLineText: String {
        var place = [file, location?.description].compactMap { $0 }.filter { !$0.isEmpty }
        if location == nil, let path { place.append(path.description) }
        var text = place.isEmpty ? "" : place.joined(separator: ":") + ": "
        text += "\(severity.rawValue): \(message)"
        if location != nil, let path, !path.components.isEmpty { text += " [\(path)]" }
        if let remedy = commandLineRemedy { text += " (\(remedy.commandLineText))" }
        return text
    }

    /// The remedy the command line prints: the library's, or `--max-depth` for nesting deeper
    /// than the limit, which the library leaves to its caller (`FormatOptions.maximumDepth`).
    var commandLineRemedy: Remedy? {
        guard remedy == nil, code == .tooDeep else { return remedy }
        return Remedy(
            option: "maximumDepth", value: "LEVELS",
            effect: "read and write deeper nesting, up to \(DepthOption.maximumDepth) levels, when the data is trusted")
    }

    /// A finding of the plist verbs: `file:line:column: severity: message [root.items[3]]`, with
    /// the path in the inspector's key-path syntax and left out at the top value.
    func findingText(file: String) -> String {
        var text = "\(file):\(location.map(\.description) ?? "1:1"): \(severity.rawValue): \(message)"
        if let path, !path.components.isEmpty { text += " [\(path.keyPathDescription)]" }
        // The inspector's findings print no remedy but the command line's own.
        if remedy == nil, let remedy = commandLineRemedy { text += " (\(remedy.commandLineText))" }
        return text
    }
}
