/// `serialize lint FILE.csv`: every problem of a CSV input in one pass, through the reader's
/// recovery (each repair it would make is a problem) and the table's shape rules.

public import Foundation
public import SerializeCore

/// What ``CSVLinter`` found in one input.
public struct CSVLintReport: Sendable {
    /// The dialect the input was read in: the one given, or the one sniffed.
    public var dialect: CSVDialect
    /// Every finding, in input order after the notes on the dialect: errors for what strict
    /// reading refuses (each with the remedy that gets through), warnings for guesses, notes.
    public var findings: [Diagnostic]

    /// No errors and no warnings (notes do not count), like the property-list linter's report.
    public var isClean: Bool { !findings.contains { $0.severity != .note } }
}

/// Reports every problem of a CSV input in one pass, where reading stops at the first.
///
/// The input is read once with ``CSVReader/Configuration/recovers`` and a flexible field
/// count, so that the reader goes on past each problem; what it would repair, and what the
/// table's shape rules refuse, become findings:
///
/// - **errors**: stray and unbalanced quotes, text after a closing quote and bytes that are not
///   UTF-8 (the reader's repairs); rows shorter or longer than the header; empty and repeated
///   header names; an input that does not decode in its encoding. Each names the remedy
///   (`recoverCSV`, or one more header row) that gets through;
/// - **warnings**: rows after the table that look like footnotes or another table;
/// - **notes**: the dialect sniffed (when none is given) and its guesses (a Latin-1 fallback),
///   empty lines inside the table, line ends of more than one kind, and the dialect the input
///   looks like when it has errors in the one given.
public struct CSVLinter: Sendable {
    /// The dialect to read in, or `nil` to sniff it (``CSVDialect/sniff(_:)``).
    public var dialect: CSVDialect?

    /// Creates a linter; without a dialect the input's is sniffed.
    public init(dialect: CSVDialect? = nil) {
        self.dialect = dialect
    }

    /// Every problem of `data`; `sourceName` is the file each finding names.
    public func lint(_ data: Data, sourceName: String? = nil) -> CSVLintReport {
        let sniff = CSVDialect.sniff(data)
        let dialect = self.dialect ?? sniff.dialect
        var notes: [Diagnostic] = []
        if self.dialect == nil {
            notes.append(Diagnostic(.csvDialect, "read as CSV: \(sniff.summary)", severity: .note))
            notes += sniff.notes
        }
        var findings: [Diagnostic] = []
        do {
            try read(data, dialect: dialect, into: &findings)
        } catch {
            findings.append(error)
        }
        findings += Self.lineEndNotes(data, dialect: dialect)
        findings.sort { ($0.location ?? InputLocation(line: 0, column: 0)) < ($1.location ?? InputLocation(line: 0, column: 0)) }
        if self.dialect != nil, findings.contains(where: { $0.severity == .error }), let remedy = dialect.remedy(towards: sniff.dialect) {
            findings.append(Diagnostic(.csvDialect, "the input looks like another dialect: \(sniff.summary)", severity: .note, remedy: remedy))
        }
        return CSVLintReport(dialect: dialect, findings: (notes + findings).map { $0.inFile(sourceName) })
    }

    /// Reads every record, appending the reader's repairs and the shape rules' problems.
    private func read(_ data: Data, dialect: CSVDialect, into findings: inout [Diagnostic]) throws(Diagnostic) {
        let reader = try CSVReader(data: data, configuration: .init(dialect: dialect, fieldCountPolicy: .flexible, recovers: true))
        var columns = reader.header?.count
        if let header = reader.header {
            for problem in CSVTableShape.headerProblems(header, locations: reader.headerLocations, headerRows: dialect.headerRows) {
                var problem = problem
                if problem.remedy == nil {
                    problem.remedy = .recoverCSV(repair: problem.code == .emptyColumnName ? "named after its position" : "renamed with a suffix _2, _3, …")
                }
                findings.append(problem)
            }
        }
        var shapes: [CSVRowShape] = []
        var widthProblems: [(row: Int, problem: Diagnostic)] = []
        var emptyLines: [(row: Int, note: Diagnostic)] = []
        var starts: [InputLocation] = []
        var previousEnd = reader.headerLocations.last?.line
        var lastLine = 0
        while let record = try reader.readRecord() {
            let afterEmptyLine = previousEnd.map { record.line > $0 + 1 } ?? false
            defer { previousEnd = record.end.line }
            if afterEmptyLine, dialect.comment == nil, let previousEnd {
                let count = record.line - previousEnd - 1
                emptyLines.append((shapes.count, Diagnostic(
                    .emptyLines, "\(count) empty line\(count == 1 ? "" : "s") (skipped)", severity: .note,
                    at: InputLocation(line: previousEnd + 1, column: 1))))
            }
            shapes.append(CSVRowShape(line: record.line, fields: record.fields.count, afterEmptyLine: afterEmptyLine))
            starts.append(record.fields.isEmpty ? record.end : record.location(ofField: 0))
            lastLine = record.end.line ?? lastLine
            if columns == nil { columns = record.fields.count }
            if var problem = CSVTableShape.widthProblem(of: record, columns: columns ?? 0) {
                let long = record.fields.count > columns ?? 0
                problem.remedy = .recoverCSV(repair: long ? "the extra fields kept under columns extra1, …" : "padded with empty fields")
                widthProblems.append((shapes.count - 1, problem))
            }
        }
        let trailing = CSVTableShape.trailingBlockStart(shapes, columns: columns ?? 0)
        let end = trailing ?? shapes.count
        findings += widthProblems.filter { $0.row < end }.map(\.problem)
        findings += emptyLines.filter { $0.row < end }.map(\.note)
        if let trailing {
            var warning = CSVTableShape.trailingBlockWarning(from: shapes[trailing], rows: shapes.count - trailing, at: starts[trailing], lastLine: lastLine)
            Self.splitRepair(&warning, severity: .warning)
            findings.append(warning)
        }
        for repair in reader.repairs {
            var problem = repair
            Self.splitRepair(&problem, severity: .error)
            findings.append(problem)
        }
    }

    /// A repair warning (`… (repaired: kept as text)`) as a finding of `severity` whose remedy
    /// is recovery making that repair.
    private static func splitRepair(_ diagnostic: inout Diagnostic, severity: Diagnostic.Severity) {
        let message = diagnostic.message
        diagnostic.severity = severity
        guard let range = message.range(of: " (repaired: "), message.hasSuffix(")") else { return }
        diagnostic.message = String(message[..<range.lowerBound])
        diagnostic.remedy = .recoverCSV(repair: String(message[range.upperBound...].dropLast()))
    }

    /// A note when the input's line ends (outside quotes) are of more than one kind, at the
    /// first line whose end differs from the first line's.
    static func lineEndNotes(_ data: Data, dialect: CSVDialect) -> [Diagnostic] {
        let bytes = [UInt8]((try? dialect.encoding.decode(data)) ?? data)
        let quote = Array(String(dialect.quote).utf8).first ?? 0x22
        var counts: [String: Int] = [:]
        var first: String?
        var firstOther: (line: Int, kind: String)?
        var inQuotes = false
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == quote { inQuotes.toggle() }
            guard byte == 0x0A || byte == 0x0D else { continue }
            var kind = byte == 0x0A ? "LF" : "CR"
            if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A {
                kind = "CRLF"
                index += 1
            }
            // A line break inside a quoted field is text: it counts as a line, not as a line end.
            guard !inQuotes else {
                line += 1
                continue
            }
            counts[kind, default: 0] += 1
            if first == nil { first = kind } else if firstOther == nil, kind != first { firstOther = (line, kind) }
            line += 1
        }
        guard counts.count > 1, let firstOther, let first else { return [] }
        let mix = ["CRLF", "LF", "CR"].compactMap { kind in counts[kind].map { "\($0) \(kind)" } }.joined(separator: ", ")
        return [Diagnostic(
            .mixedLineEnds, "line ends of more than one kind (\(mix)): this line ends in \(firstOther.kind), line 1 in \(first)",
            severity: .note, at: InputLocation(line: firstOther.line, column: 1))]
    }
}
