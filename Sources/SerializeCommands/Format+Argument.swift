/// `Format` as a command-line value: `--from json`, `--to binary` (the short names: json, xml,
/// binary, csv, tsv).

public import ArgumentParser
public import SerializeDocument

extension Format: ExpressibleByArgument {
    /// The format a short name names (``Format/init(name:)``).
    public init?(argument: String) {
        self.init(name: argument)
    }

    /// `json`, `xml`, `binary`, `csv`, `tsv`.
    public static var allValueStrings: [String] { Format.all.map(\.name) }

    /// The short name.
    public var defaultValueDescription: String { name }
}
