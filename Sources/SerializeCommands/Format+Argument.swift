/// `Format` as a command-line value: `--from json`, `--to binary` (the raw values: json, xml,
/// binary, csv, tsv).

public import ArgumentParser
public import SerializeDocument

extension Format: ExpressibleByArgument {}
