/// A pollution corpus of our own: clean tables with one real-world pollution (or several)
/// applied, each keeping the table a careful reader should get back.

import Foundation

/// A clean table: a header and rows of text (`nil`: an empty field).
public struct CleanTable: Sendable, Equatable {
    public var header: [String]
    public var rows: [[String?]]

    public init(header: [String], rows: [[String?]]) {
        self.header = header
        self.rows = rows
    }

    /// The sample tables: text with delimiters, quotes and non-ASCII letters (all Latin-1),
    /// a numeric column, empty fields.
    public static let samples: [CleanTable] = [
        CleanTable(header: ["name", "age", "city"], rows: [
            ["Ada", "36", "London, UK"], ["Bo", "41", "Malmö"], ["Cy", "29", "say \"hi\""], ["Dé", "50", nil],
        ]),
        CleanTable(header: ["id", "price", "note"], rows: [
            ["1", "2.5", "a; b"], ["2", "10", "plain"], ["3", "7.25", "x|y"], ["4", "0", "tab\there"],
        ]),
    ]

    /// The tables of the full corpus, by name: the two samples and six more shapes (numbers
    /// only, text with quotes, delimiters and line breaks, text beyond Latin-1, a wide table, one
    /// column, many rows).
    public static let corpusTables: [(name: String, table: CleanTable)] = [
        ("people", samples[0]),
        ("prices", samples[1]),
        ("numeric", CleanTable(header: ["year", "q1", "q2", "q3", "q4", "total"], rows: [
            ["2019", "12.5", "-3", "0.25", "1200", "1209.75"], ["2020", "7", "8", "9", "10", "34"],
            ["2021", "-0.5", "0", "1e3", "42", "1041.5"], ["2022", "3.14", "2.71", "1.41", "1.73", "8.99"],
            ["2023", "100", "200", nil, "400", "700"], ["2024", "0", "0", "0", "0", "0"],
        ])),
        ("quoted", CleanTable(header: ["id", "quote", "author"], rows: [
            ["1", "He said, \"no\"", "Ann O'Neil"], ["2", "line one\nline two", "Bob"],
            ["3", "semi;colon|pipe\ttab", "Cé \"CJ\" Jones"], ["4", "'single' and \"double\"", nil],
            ["5", "ends with a comma,", "Dee, Jr."],
        ])),
        ("unicode", CleanTable(header: ["名前", "都市", "score"], rows: [
            ["山田", "東京", "12"], ["Zoë", "Kraków", "7"], ["Ωmega", "Αθήνα", "3"], ["Ада", "Москва", "15"], ["🙂 ok", "Zürich, CH", "9"],
        ])),
        ("wide", CleanTable(header: (1...14).map { "c\($0)" }, rows: (0..<5).map { row in
            (1...14).map { column in column % 3 == 0 ? "t\(row)x\(column)" : column % 5 == 0 && row == 2 ? nil : "\(row * 14 + column)" }
        })),
        ("onecolumn", CleanTable(header: ["amount"], rows: [["12"], ["7.5"], ["100"], ["0.25"], ["3"], ["42"]])),
        ("manyrows", CleanTable(header: ["n", "square", "label"], rows: (1...300).map { ["\($0)", "\($0 * $0)", "item \($0)"] })),
    ]

    /// Whether every character is Latin-1 (so the table can be written in Latin-1 or Windows-1252).
    var isLatin1: Bool {
        (header + rows.flatMap { $0.compactMap { $0 } }).allSatisfy { $0.unicodeScalars.allSatisfy { $0.value <= 0xFF } }
    }

    /// Whether some column holds a number in every row (what tells a first row of data from a header).
    var hasNumericColumn: Bool {
        !rows.isEmpty && header.indices.contains { column in rows.allSatisfy { $0[column].map { Double($0) != nil } ?? true } }
    }
}

/// One family of pollution from the list.
public enum CSVPollution: String, CaseIterable, Sendable {
    case semicolon, tab, pipe, singleQuote, preamble, noHeader, utf8BOM, utf16BOM, latin1, mixedLineEnds, shortRow, longRow
    case space, commaSpace, backslashEscape, strayQuote, emptyLines, footnotes, headerOnly, whitespace, windows1252, crLineEnds

    /// The families the test sample covers (each comes back cell for cell): all of them.
    public static let tested: [CSVPollution] = allCases

    /// The families of the issue this generator does not make, having no one table a careful
    /// reader would agree on: several header rows, several tables in one file, no quoting
    /// where a field holds the delimiter.
    public static let notGenerated = ["several header rows", "several tables in one file", "no quoting where needed"]

    /// The polluted bytes of `table` with `pollutions` applied together, and the table a careful
    /// reader should get back (a short row's missing cell is `nil`; a long row's extra field is
    /// in the column `extra1`, `nil` in the other rows; without a header the columns are
    /// `column1`, `column2`, … and the file has no header row).
    public static func apply(_ pollutions: Set<CSVPollution>, to table: CleanTable) -> (bytes: [UInt8], expected: CleanTable) {
        let delimiter: Character = pollutions.contains(.semicolon) ? ";" : pollutions.contains(.tab) ? "\t" : pollutions.contains(.pipe) ? "|"
            : pollutions.contains(.space) ? " " : ","
        let separator = pollutions.contains(.commaSpace) ? ", " : pollutions.contains(.whitespace) ? " \(delimiter)  " : String(delimiter)
        let quote: Character = pollutions.contains(.singleQuote) ? "'" : "\""
        var expected = table
        if pollutions.contains(.windows1252) {
            // Characters only Windows-1252 has (en dash, curly quotes, euro sign), in the first
            // cell of text (a number column stays numbers), else in the first column's name.
            let isNumber = { (text: String?) in text.map { Double($0) != nil } ?? true }
            if let column = table.header.indices.first(where: { column in !table.rows.allSatisfy { isNumber($0[column]) } }),
               let row = table.rows.indices.first(where: { !isNumber(table.rows[$0][column]) }) {
                expected.rows[row][column] = (expected.rows[row][column] ?? "") + " – “€5”"
            } else {
                expected.header[0] += " – “€5”"
            }
        }
        let header = expected.header
        if pollutions.contains(.headerOnly) { expected.rows = [] }
        var rows = expected.rows
        if pollutions.contains(.shortRow), let last = rows.indices.last {
            rows[last].removeLast()
            expected.rows[last][expected.header.count - 1] = nil
        }
        if pollutions.contains(.longRow) {
            rows[0].append("more")
            expected.header.append("extra1")
            for index in expected.rows.indices { expected.rows[index].append(index == 0 ? "more" : nil) }
        }
        func field(_ text: String?) -> String {
            guard let text else { return "" }
            let blankEnds = text.first?.isWhitespace == true || text.last?.isWhitespace == true
            let special = text.isEmpty || blankEnds || text.contains(delimiter) || text.contains(quote) || text.contains("\n") || text.contains("\r")
                || text.contains("\"") || text.contains("'") || text.contains(",") || text.contains(";") || text.contains("|") || text.contains("\t")
            guard special else { return text }
            let escaped = pollutions.contains(.backslashEscape) ? "\\" + String(quote) : String(quote) + String(quote)
            return String(quote) + text.replacingOccurrences(of: String(quote), with: escaped) + String(quote)
        }
        var lines: [String] = []
        if pollutions.contains(.preamble) { lines += ["Quarterly export", "generated by a system"] }
        if pollutions.contains(.noHeader) {
            expected.header = expected.header.indices.map { "column\($0 + 1)" }
        } else {
            lines.append(header.map(field).joined(separator: separator))
        }
        for (index, row) in rows.enumerated() {
            if pollutions.contains(.emptyLines) { lines.append("") }
            var fields = row.map(field)
            if pollutions.contains(.strayQuote), index == 1,
               let column = strayQuoteColumn(row: row, quoted: fields.map { $0.first == quote }, table: table) {
                // A quote inside an unquoted field: kept as text.
                fields[column] += "\"x"
                expected.rows[1][column] = (expected.rows[1][column] ?? "") + "\"x"
            }
            lines.append(fields.joined(separator: separator))
        }
        if pollutions.contains(.footnotes) { lines += ["", "Source: a survey, 2024", "* provisional"] }
        var text = ""
        for (index, line) in lines.enumerated() {
            text += line + (pollutions.contains(.crLineEnds) ? "\r" : pollutions.contains(.mixedLineEnds) && index % 2 == 0 ? "\r\n" : "\n")
        }
        var bytes: [UInt8]
        if pollutions.contains(.windows1252), let encoded = text.data(using: .windowsCP1252) {
            bytes = [UInt8](encoded)
        } else if pollutions.contains(.latin1) {
            bytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        } else if pollutions.contains(.utf16BOM) {
            bytes = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        } else {
            bytes = Array(text.utf8)
        }
        if pollutions.contains(.utf8BOM), !pollutions.contains(.latin1), !pollutions.contains(.utf16BOM) { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        return (bytes, expected)
    }

    /// Every family alone, and a few combinations, over every sample table, and every family
    /// alone over the `quoted` and `unicode` tables (made once: each parameterized test case
    /// looks its file up here).
    public static let corpus: [(name: String, bytes: [UInt8], expected: CleanTable)] = {
        let combinations: [Set<CSVPollution>] = tested.map { [$0] } + [
            [.semicolon, .preamble, .latin1], [.tab, .noHeader, .mixedLineEnds], [.pipe, .singleQuote, .utf8BOM],
            [.semicolon, .shortRow, .longRow], [.preamble, .utf16BOM, .singleQuote],
        ]
        var corpus: [(String, [UInt8], CleanTable)] = []
        for (number, table) in CleanTable.samples.enumerated() {
            for pollutions in combinations {
                let (bytes, expected) = apply(pollutions, to: table)
                corpus.append(("table \(number + 1): " + pollutions.map(\.rawValue).sorted().joined(separator: "+"), bytes, expected))
            }
        }
        // Every family alone over the shapes the samples lack most: quotes and line breaks, text beyond Latin-1.
        for (name, table) in CleanTable.corpusTables where ["quoted", "unicode"].contains(name) {
            for family in tested where applies([family], to: table) {
                let (bytes, expected) = apply([family], to: table)
                corpus.append(("\(name): \(family.rawValue)", bytes, expected))
            }
        }
        return corpus
    }()

    /// Where a stray quote goes in the second row: its first unquoted field that is not empty,
    /// in a column of text when there is one (a number column stays numbers).
    static func strayQuoteColumn(row: [String?], quoted: [Bool], table: CleanTable) -> Int? {
        let candidates = row.indices.filter { !quoted[$0] && !(row[$0] ?? "").isEmpty }
        let isText = { (column: Int) in table.rows.contains { $0[column].map { Double($0) == nil } ?? false } }
        return candidates.first(where: isText) ?? candidates.first
    }

    /// Families of which a file holds at most one: one delimiter, one encoding, one kind of
    /// line end; blanks around a delimiter that is a space or `, ` already are no pollution of
    /// their own.
    static let exclusive: [Set<CSVPollution>] = [
        [.semicolon, .tab, .pipe, .space, .commaSpace], [.whitespace, .space, .commaSpace],
        [.utf8BOM, .utf16BOM, .latin1, .windows1252], [.mixedLineEnds, .crLineEnds],
        [.headerOnly, .noHeader], [.headerOnly, .shortRow], [.headerOnly, .longRow], [.headerOnly, .strayQuote],
        [.headerOnly, .emptyLines], [.headerOnly, .windows1252],
    ]

    /// Whether `pollutions` make a file with one table a careful reader would agree on, from
    /// `table`, each of them changing its bytes:
    /// - at most one of each ``exclusive`` group;
    /// - Latin-1 and Windows-1252 only for tables of Latin-1 text;
    /// - no header only for a table with a column of numbers (a first row of text alone cannot
    ///   be told from a header);
    /// - in a one-column table, no preamble lines, short row, empty lines or footnotes: each is
    ///   a row of one field there (a blank line in a one-column file is a row with one empty
    ///   field); no delimiter family (only a long row would show the delimiter); no stray quote;
    /// - each family changes the bytes of the file the others make (an escape needs a quote in
    ///   a field, a delimiter family needs two columns).
    public static func applies(_ pollutions: Set<CSVPollution>, to table: CleanTable) -> Bool {
        guard exclusive.allSatisfy({ $0.intersection(pollutions).count <= 1 }) else { return false }
        if !pollutions.isDisjoint(with: [.latin1, .windows1252]), !table.isLatin1 { return false }
        if pollutions.contains(.noHeader), !table.hasNumericColumn { return false }
        let oneColumnless: Set<CSVPollution> = [
            .preamble, .shortRow, .strayQuote, .emptyLines, .footnotes, .semicolon, .tab, .pipe, .space, .commaSpace, .whitespace,
        ]
        if table.header.count < 2, !pollutions.isDisjoint(with: oneColumnless) { return false }
        if pollutions.contains(.strayQuote), table.rows.count < 2 { return false }
        let bytes = apply(pollutions, to: table).bytes
        return pollutions.allSatisfy { apply(pollutions.subtracting([$0]), to: table).bytes != bytes }
    }

    /// The full corpus for the benchmark script: over every table of `tables`
    /// (``CleanTable/corpusTables`` by default), every family alone, every pair of families,
    /// and a few longer combinations, where they ``applies(_:to:)``. Named `TABLE-FAMILY+FAMILY…`.
    public static func fullCorpus(
        over tables: [(name: String, table: CleanTable)] = CleanTable.corpusTables
    ) -> [(name: String, bytes: [UInt8], expected: CleanTable)] {
        let triples: [Set<CSVPollution>] = [
            [.semicolon, .preamble, .latin1], [.tab, .noHeader, .mixedLineEnds], [.pipe, .singleQuote, .utf8BOM],
            [.semicolon, .shortRow, .longRow], [.preamble, .utf16BOM, .singleQuote], [.windows1252, .semicolon, .preamble],
            [.emptyLines, .footnotes, .utf8BOM], [.commaSpace, .preamble, .footnotes, .crLineEnds],
            [.backslashEscape, .singleQuote, .pipe, .strayQuote],
        ]
        var pairs: [Set<CSVPollution>] = []
        for (index, first) in allCases.enumerated() {
            for second in allCases[(index + 1)...] { pairs.append([first, second]) }
        }
        var corpus: [(String, [UInt8], CleanTable)] = []
        for (name, table) in tables {
            for pollutions in allCases.map({ [$0] }) + pairs + triples where applies(pollutions, to: table) {
                let (bytes, expected) = apply(pollutions, to: table)
                corpus.append((name + "-" + pollutions.map(\.rawValue).sorted().joined(separator: "+"), bytes, expected))
            }
        }
        return corpus
    }
}
