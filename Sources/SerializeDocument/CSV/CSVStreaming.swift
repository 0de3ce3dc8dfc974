/// CSV to CSV or JSON, and JSON records to CSV, a row at a time: the streamed half of
/// `Format.convert(fileAt:to:writingTo:reading:writing:warnings:)`.
///
/// Every rule comes from the owners the tree path uses: `CSVTableRows` (header, field counts,
/// repairs), `CSVFlattening.columnPaths`/`record(of:)` (the column grammar), `CSVFlattening.cells`,
/// `Columns` and `row(of:)` (records to rows), `CSVTable.write` and `JSONOutput` (the bytes).
/// Errors keep the tree's order: a reading error anywhere in the input comes before any error
/// about a value, so such an error only stops the writing and the reading goes on.

import Foundation
import SerializeCore
import SerializeCSV

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileConversion {
    // MARK: - CSV to CSV or JSON

    /// Reads the rows of the CSV file at `input` with `body`.
    static func withRows<R>(
        _ input: URL, dialect: CSVDialect, recovers: Bool, _ body: (inout CSVTableRows) throws(Diagnostic) -> R
    ) throws(Diagnostic) -> R {
        let descriptor = open(input.path, O_RDONLY)
        guard descriptor >= 0 else { throw Diagnostic(.io, "cannot open \(input.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let configuration = CSVReader.Configuration(dialect: dialect, fieldCountPolicy: .flexible, bufferSize: 256 * 1024, recovers: recovers)
        var rows = try CSVTableRows(reader: try CSVReader(fileDescriptor: descriptor, configuration: configuration), dialect: dialect, recovers: recovers)
        return try body(&rows)
    }

    /// Streams a CSV file to CSV or JSON; `false` when the tree must decide (nothing written).
    static func streamCSV(
        _ input: URL, dialect: CSVDialect, to target: Format, destination: ConversionDestination,
        reading: FormatOptions, writing: FormatOptions, warnings: inout [Diagnostic], progress: ((Int) -> Void)?
    ) throws(ConversionFailure) -> Bool {
        let recovers = reading.recoverCSV
        // The bytes read so far, told every 8,192 rows of the writing pass.
        var counted = 0
        func tell(_ rows: CSVTableRows) {
            counted += 1
            guard let progress, counted & 8191 == 0 else { return }
            progress(rows.bytesRead)
        }
        // A reading error names the dialect the file looks like it needs, as `Format.read` does.
        func failure(_ error: Diagnostic) -> ConversionFailure {
            guard error.code != .io else { return .reading(error) }
            return .reading(Format.csvReadingError(error, dialect: dialect, sample: sample(of: input), options: reading))
        }
        guard writing.maximumDepth >= 2 else { return false }
        if case .csv = target, writing.sortKeys { return false }
        // The header, checked (or renamed under recovery): a long row under recovery adds
        // columns, so the whole file is read once first.
        var repairs: [Diagnostic] = []
        let header: CSVTable
        // The rows of the table: under recovery a trailing block (footnotes) is left out.
        var keep = Int.max
        do throws(Diagnostic) {
            guard let found = try withRows(input, dialect: dialect, recovers: recovers, { (rows: inout CSVTableRows) throws(Diagnostic) -> CSVTable? in
                var row: [String?] = []
                guard try rows.next(into: &row) else { return nil }
                if recovers {
                    while try rows.next(into: &row) {}
                    keep = rows.tableRowCount
                }
                return try? rows.finishedTable(rows: [], warnings: &repairs)
            }) else { return false }
            header = found
        } catch {
            throw failure(error)
        }
        guard keep > 0 else { return false }
        guard let paths = try? CSVFlattening.columnPaths(of: header, maximumDepth: reading.maximumDepth) else { return false }
        let flat = zip(paths, header.header).allSatisfy { path, name in
            guard path.count == 1, case let .key(key) = path[0] else { return false }
            return CSVColumnName.root(key).hasSameScalars(as: name)
        }
        let width = header.header.count
        if case .csv = target, !flat { return false }
        // From here on streaming answers, failing or not, and the repairs are the tree's
        // warnings: a failed conversion reports them too (`--recover` prints them before the error).
        defer { warnings += repairs }
        switch target {
        case let .csv(to):
            let writer = try csvWriter(destination, dialect: to, writing: writing)
            var pendingValue: ConversionFailure?
            var pendingNull: ConversionFailure?
            var outputError: Diagnostic?
            do throws(Diagnostic) {
                if to.hasHeader {
                    do throws(Diagnostic) { try writer.write(row: header.header) } catch {
                        outputError = error
                        throw error
                    }
                }
                var rowIndex = 0
                var cells: [(name: String, text: String?)] = []
                var converted: [String?] = []
                try withRows(input, dialect: dialect, recovers: recovers) { (rows: inout CSVTableRows) throws(Diagnostic) in
                    var row: [String?] = []
                    while try rows.next(into: &row) {
                        defer { rowIndex += 1 }
                        tell(rows)
                        guard rowIndex < keep else { continue }
                        if row.count < width { row += Array(repeating: nil, count: width - row.count) }
                        guard pendingValue == nil else { continue }
                        if reading.inferCSVTypes {
                            // Typed values are written as the tree writes them (`1.50` as `1.5`).
                            do throws(Diagnostic) {
                                let record = try CSVFlattening.record(
                                    of: row, at: rowIndex, header: header.header, paths: paths, infer: true, maximumDepth: reading.maximumDepth)
                                do throws(Diagnostic) {
                                    try CSVFlattening.cells(of: record, at: rowIndex, options: writing, into: &cells)
                                } catch {
                                    pendingValue = .writing(error)
                                    continue
                                }
                            } catch {
                                pendingValue = .reading(error)
                                continue
                            }
                            converted.removeAll(keepingCapacity: true)
                            for cell in cells { converted.append(cell.text) }
                            swap(&row, &converted)
                        }
                        if width == 1, row[0] == nil, pendingNull == nil {
                            pendingNull = .writing(Diagnostic(
                                .nullNotRepresentable,
                                "a one-column CSV cannot hold null: its row would be a blank line; write JSON or a property list instead",
                                path: ValuePath([.index(rowIndex)])))
                        }
                        if pendingNull == nil {
                            do throws(Diagnostic) { try CSVTable.write(row, to: writer) } catch {
                                outputError = error
                                throw error
                            }
                        }
                    }
                }
            } catch {
                throw outputError.map { .writing($0) } ?? failure(error)
            }
            if let pending = pendingValue ?? pendingNull { throw pending }
            do { try writer.finish() } catch { throw .writing(error) }
        default:
            // A flat header (every column a plain key) is written without building each record;
            // an inferred `[]` or `{}` deeper than the limit goes through `record(of:)` for its error.
            let flatKeys: [String]? = flat && (!reading.inferCSVTypes || reading.maximumDepth >= 3)
                ? paths.map { if case let .key(key) = $0[0] { key } else { "" } } : nil
            let keyOrder: [Int] = writing.sortKeys
                ? (flatKeys ?? []).indices.sorted { DocumentKey((flatKeys ?? [])[$0]) < DocumentKey((flatKeys ?? [])[$1]) }
                : Array(0..<width)
            let sink = try Sink(destination)
            var output = JSONOutput(options: writing, capacity: 1 << 20)
            let memberBytes = (flatKeys ?? []).map(output.memberBytes)
            var pendingRead: ConversionFailure?
            var pendingWrite: ConversionFailure?
            do throws(Diagnostic) {
                var array = try output.beginArray()
                var rowIndex = 0
                func drain() {
                    guard output.bytes.count >= 1 << 20, pendingWrite == nil else { return }
                    do throws(Diagnostic) {
                        try output.bytes.drain { (bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) in try sink.write(UnsafeRawBufferPointer(bytes)) }
                    } catch {
                        pendingWrite = .writing(error)
                    }
                }
                try withRows(input, dialect: dialect, recovers: recovers) { (rows: inout CSVTableRows) throws(Diagnostic) in
                    if flatKeys != nil, !reading.inferCSVTypes, !recovers, dialect.escape == nil {
                        // Strings and nulls straight from the field bytes: no string is made.
                        let buffer = output.bytes
                        while try rows.nextRaw() {
                            tell(rows)
                            guard pendingWrite == nil else { continue }
                            output.beginElement(in: &array)
                            var members = try output.beginDictionary()
                            for column in keyOrder {
                                output.member(memberBytes[column], in: &members)
                                if rows.isNull(column) {
                                    output.bytes.append("null")
                                } else {
                                    output.bytes.append(UInt8(ascii: "\""))
                                    rows.withField(column) { JSONOutput.appendEscaped($0, to: buffer) }
                                    output.bytes.append(UInt8(ascii: "\""))
                                }
                            }
                            output.endDictionary(members)
                            output.endElement((), in: &array)
                            drain()
                        }
                        return
                    }
                    var row: [String?] = []
                    while try rows.next(into: &row) {
                        defer { rowIndex += 1 }
                        tell(rows)
                        guard rowIndex < keep, pendingRead == nil else { continue }
                        if row.count < width { row += Array(repeating: nil, count: width - row.count) }
                        if let keys = flatKeys {
                            // A flat header: the record `CSVFlattening.record(of:)` would build is
                            // these keys in this order, each with its field's value.
                            guard pendingWrite == nil else { continue }
                            do throws(Diagnostic) {
                                output.beginElement(in: &array)
                                var members = try output.beginDictionary()
                                for column in keyOrder {
                                    if reading.inferCSVTypes {
                                        output.beginMember(keys[column], in: &members)
                                        try output.scalar(row[column].map(CSVFlattening.inferred) ?? .null)
                                        output.endMember((), in: &members)
                                    } else {
                                        // Strings and nulls cannot fail: no path to keep.
                                        output.member(memberBytes[column], in: &members)
                                        if let text = row[column] { output.writeString(text) } else { output.bytes.append("null") }
                                    }
                                }
                                output.endDictionary(members)
                                output.endElement((), in: &array)
                            } catch {
                                pendingWrite = .writing(error)
                                continue
                            }
                        } else {
                            let record: Document
                            do throws(Diagnostic) {
                                record = try CSVFlattening.record(
                                    of: row, at: rowIndex, header: header.header, paths: paths, infer: reading.inferCSVTypes,
                                    maximumDepth: reading.maximumDepth)
                            } catch {
                                pendingRead = .reading(error)
                                continue
                            }
                            guard pendingWrite == nil else { continue }
                            do throws(Diagnostic) {
                                output.beginElement(in: &array)
                                _ = try record.build(into: &output, sortKeys: writing.sortKeys)
                                output.endElement((), in: &array)
                            } catch {
                                pendingWrite = .writing(error)
                                continue
                            }
                        }
                        drain()
                    }
                }
                output.endArray(array)
            } catch {
                sink.abandon()
                throw failure(error)
            }
            if let pending = pendingRead ?? pendingWrite {
                sink.abandon()
                throw pending
            }
            if writing.pretty { output.bytes.append(0x0A) }
            do throws(Diagnostic) {
                try output.bytes.drain { (bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) in try sink.write(UnsafeRawBufferPointer(bytes)) }
                try sink.commit()
            } catch {
                sink.abandon()
                throw .writing(error)
            }
        }
        return true
    }

    // MARK: - JSON records to CSV

    /// Streams a JSON array of records to CSV in two passes over the mapped file: the columns,
    /// then the rows; `false` when the tree must decide (nothing written).
    static func streamJSONRecords(
        _ input: URL, to target: Format, destination: ConversionDestination, reading: FormatOptions, writing: FormatOptions
    ) throws(ConversionFailure) -> Bool {
        guard case let .csv(to) = target, writing.maximumDepth >= 1 else { return false }
        let file: MappedFile
        do { file = try MappedFile(input) } catch { throw .reading(error) }
        let reader = JSONReader(maximumDepth: reading.maximumDepth)
        // Pass 1: the columns, and the first error about a value (after any reading error).
        var columns = CSVFlattening.Columns()
        var pendingValue: Diagnostic?
        var cells: [(name: String, text: String?)] = []
        var first = RecordStream(file: file) { (record: Document, index: Int) throws(Diagnostic) in
            guard pendingValue == nil else { return }
            do throws(Diagnostic) {
                try CSVFlattening.cells(of: record, at: index, options: writing, into: &cells)
                _ = columns.place(cells)
            } catch {
                pendingValue = error
            }
        }
        do { _ = try reader.read(file.data, into: &first) } catch { throw .reading(error) }
        guard first.isRecordArray, first.count > 0 else { return false }
        if let pendingValue { throw .writing(pendingValue) }
        do { try columns.check(recordCount: first.count) } catch { throw .writing(error) }
        // Pass 2: the rows.
        file.rewind()
        let header = columns.names
        let writer = try csvWriter(destination, dialect: to, writing: writing)
        var pendingNull: Diagnostic?
        var filled: [Bool] = []
        var second = RecordStream(file: file) { (record: Document, index: Int) throws(Diagnostic) in
            try CSVFlattening.cells(of: record, at: index, options: writing, into: &cells)
            let row = try CSVFlattening.row(of: columns.place(cells), at: index, columns: header, options: writing, filled: &filled)
            if header.count == 1, row[0] == nil, pendingNull == nil {
                pendingNull = Diagnostic(
                    .nullNotRepresentable,
                    "a one-column CSV cannot hold null: its row would be a blank line; write JSON or a property list instead",
                    path: ValuePath([.index(index)]))
            }
            if pendingNull == nil { try CSVTable.write(row, to: writer) }
        }
        do throws(Diagnostic) {
            if to.hasHeader { try writer.write(row: header) }
            _ = try reader.read(file.data, into: &second)
            if let pendingNull { throw pendingNull }
            try writer.finish()
        } catch {
            throw .writing(error)
        }
        return true
    }
}

/// Builds each element of a top-level array as a ``Document`` and hands it to `handle`, keeping
/// none: memory holds one record at a time.
struct RecordStream: DocumentBuilder {
    let file: MappedFile
    let handle: (Document, Int) throws(Diagnostic) -> Void
    /// Builds each record (and nothing above it).
    var tree = TreeBuilder()
    var depth = 0
    /// Whether the top-level value is an array.
    var isRecordArray = false
    /// The records handed over.
    var count = 0

    init(file: MappedFile, handle: @escaping (Document, Int) throws(Diagnostic) -> Void) {
        self.file = file
        self.handle = handle
    }

    /// Records are trees: a duplicate key keeps the last value at the first key's place.
    static var reusesValues: Bool { true }

    func scalar(_ value: Document) -> Document { value }
    mutating func beginArray() -> Int {
        if depth == 0 { isRecordArray = true }
        depth += 1
        return tree.beginArray()
    }
    func beginElement(in array: inout Int) {}
    mutating func endElement(_ value: Document, in array: inout Int) throws(Diagnostic) {
        guard depth == 1 else { return tree.endElement(value, in: &array) }
        try handle(value, count)
        count += 1
    }
    mutating func endArray(_ start: Int) -> Document {
        depth -= 1
        return tree.endArray(start)
    }
    mutating func beginDictionary() -> TreeBuilder.PendingDictionary {
        depth += 1
        return tree.beginDictionary()
    }
    mutating func beginMember(_ key: String, in dictionary: inout TreeBuilder.PendingDictionary) { tree.beginMember(key, in: &dictionary) }
    mutating func endMember(_ value: Document, in dictionary: inout TreeBuilder.PendingDictionary) { tree.endMember(value, in: &dictionary) }
    mutating func endDictionary(_ dictionary: TreeBuilder.PendingDictionary) -> Document {
        depth -= 1
        return tree.endDictionary(dictionary)
    }
    func valueStarts(at offset: Int) { if depth == 1 { file.release(before: offset) } }
}
