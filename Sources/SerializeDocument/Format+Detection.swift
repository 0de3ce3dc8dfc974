/// The one format sniffer: which format a file's bytes are in.

public import Foundation
internal import SerializeCSV

extension Format {
    /// The format `data` is in, told from its first bytes; every verb and the inspector use it.
    ///
    /// - `bplist00` (any `bplist` version) → ``binaryPlist``;
    /// - `<` (`<?xml`, `<plist`, `<!DOCTYPE plist`, a comment) or a UTF-16 byte order mark →
    ///   ``xmlPlist``: the XML reader then says what is wrong with any other XML;
    /// - `{`, `[` or `"` → ``json``, and so is a lone number, `true`, `false` or `null`;
    /// - anything else, including empty input → CSV (a first cell that is a number is CSV
    ///   when a comma, tab, semicolon or line break follows), in the dialect whose delimiter
    ///   (`,` `;` tab `|`) splits the first lines into the same number of fields, with the
    ///   quote, preamble and header `CSVDialect.sniff(_:)` finds: ``csv``, ``tsv`` or `.csv(dialect)`.
    ///
    /// A UTF-8 byte order mark and leading whitespace are skipped before the text checks. CSV is
    /// the fallback because it has no signature.
    public static func detect(in data: Data) -> Format {
        if hasBinaryPlistSignature(data) { return .binaryPlist }
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        // XML in UTF-16; JSON and CSV are read as UTF-8.
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return .xmlPlist }
        guard let first = bytes.first else { return .csv }
        if first == UInt8(ascii: "<") { return .xmlPlist }
        if [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\"")].contains(first) { return .json }
        // A lone JSON scalar: one token, nothing a CSV table would have after it.
        let token = bytes.reversed().drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }.reversed()
        if token.contains(where: { [0x2C, 0x09, 0x3B, 0x0A, 0x0D].contains($0) }) { return Self.csv(sniffing: data) }
        if first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) { return .json }
        for literal in ["true", "false", "null"] where token.elementsEqual(Array(literal.utf8)) { return .json }
        return Self.csv(sniffing: data)
    }

    /// Whether `data` starts with `bplist`, the signature that tells a binary property list
    /// from an XML one (here and for every reader of a `.plist`, without sniffing further).
    static func hasBinaryPlistSignature(_ data: Data) -> Bool {
        data.starts(with: Array("bplist".utf8))
    }

    /// CSV in the dialect `CSVDialect.sniff(_:)` finds in `bytes`.
    private static func csv(sniffing bytes: Data) -> Format {
        .csv(CSVDialect.sniff(bytes).dialect)
    }
}
