/// The one diagnostic: what is wrong, how bad, where, at which value, and what would get through.

/// A problem found in an input or met by a writer, reported like a compiler's diagnostics.
///
/// Readers, writers, the CSV layer, the libxml2 wrapper and the plist inspector all report
/// `Diagnostic`s; an error thrown by any of them is one. Its ``description`` reads
/// `in.json:12:7: error: expected ',' or '}' after object member`, with the value's path
/// (`$.users[3].email`) in brackets when known and the remedy in parentheses.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is: errors make the input unreadable (or the output unwritable),
    /// warnings are legal but likely mistakes or repairs made, notes are facts worth knowing.
    public enum Severity: String, Sendable, Hashable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// What kind of problem this is; stable, for tests and for callers that branch on it.
    /// Each layer declares its codes in an extension (`Diagnostic.Code.syntax`, `.badInteger`).
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
    }

    /// The fields, behind one reference: a `Diagnostic` is one word, so recursive readers that
    /// throw it with typed throws (`throws(Diagnostic)`) keep small stack frames and reach their
    /// depth limits on a secondary thread's stack.
    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields: Sendable, Hashable {
        var code: Code
        var severity: Severity
        var message: String
        var location: InputLocation?
        var path: ValuePath?
        var file: String?
        var remedy: Remedy?
    }

    private var box: Box

    private func get<T>(_ field: KeyPath<Fields, T>) -> T { box.fields[keyPath: field] }

    private mutating func set<T>(_ field: WritableKeyPath<Fields, T>, _ value: T) {
        var fields = box.fields
        fields[keyPath: field] = value
        box = Box(fields)
    }

    /// What kind of problem this is.
    public var code: Code {
        get { get(\.code) }
        set { set(\.code, newValue) }
    }
    /// How serious it is.
    public var severity: Severity {
        get { get(\.severity) }
        set { set(\.severity, newValue) }
    }
    /// What is wrong, in a sentence without the location.
    public var message: String {
        get { get(\.message) }
        set { set(\.message, newValue) }
    }
    /// Where in the input, or `nil` when the problem has no place in it (a writer's refusal).
    public var location: InputLocation? {
        get { get(\.location) }
        set { set(\.location, newValue) }
    }
    /// The path of the value concerned, such as `$.users[3].email`, when known.
    public var path: ValuePath? {
        get { get(\.path) }
        set { set(\.path, newValue) }
    }
    /// The file's name, printed before the location, when known.
    public var file: String? {
        get { get(\.file) }
        set { set(\.file, newValue) }
    }
    /// What would get the value through, when a setting would.
    public var remedy: Remedy? {
        get { get(\.remedy) }
        set { set(\.remedy, newValue) }
    }

    /// A diagnostic with every field given.
    public init(
        _ code: Code, _ message: String, severity: Severity = .error, at location: InputLocation? = nil,
        path: ValuePath? = nil, file: String? = nil, remedy: Remedy? = nil
    ) {
        box = Box(Fields(code: code, severity: severity, message: message, location: location, path: path, file: file, remedy: remedy))
    }

    public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool { lhs.box === rhs.box || lhs.box.fields == rhs.box.fields }

    public func hash(into hasher: inout Hasher) { box.fields.hash(into: &hasher) }

    /// The same diagnostic, attributed to `file`.
    public func inFile(_ file: String?) -> Diagnostic {
        var copy = self
        copy.file = file
        return copy
    }

    /// `file:line:column: severity: message [path] (remedy)`; parts that are unknown are left out.
    public var description: String {
        var prefix = [file, location.map(\.description)].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ":")
        if prefix.isEmpty, let path { prefix = path.description }
        if !prefix.isEmpty { prefix += ": " }
        var text = "\(prefix)\(severity.rawValue): \(message)"
        if let path, location != nil || file != nil { text += " [\(path)]" }
        if let remedy { text += " (\(remedy))" }
        return text
    }
}

/// A setting that would get a refused value through: data, so each front end can render it in
/// its own terms (the CLI as a flag, `--null omit`; the library as the option, `null: .omit`).
public struct Remedy: Sendable, Hashable, CustomStringConvertible {
    /// The option's name as the options types spell it, such as `null`, `nonFinite` or `delimiter`.
    public var option: String
    /// The value to give it, such as `omit`, or `nil` for a switch that is only turned on.
    public var value: String?
    /// What it does, such as `leave the member out`.
    public var effect: String

    /// A remedy.
    public init(option: String, value: String? = nil, effect: String) {
        self.option = option
        self.value = value
        self.effect = effect
    }

    /// `set null to omit to leave the member out`.
    public var description: String {
        if let value { return "set \(option) to \(value) to \(effect)" }
        return "turn on \(option) to \(effect)"
    }
}
