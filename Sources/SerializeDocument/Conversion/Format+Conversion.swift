/// Reading and writing any ``Format``: the converter's one entry point per direction.

public import Foundation
public import SerializeCore
internal import SerializeCSV

extension Format {
    /// This format, with a property list told apart by content: binary when `data` starts with
    /// `bplist`, XML otherwise (the signature ``detect(in:)`` tests first; the rest of detection,
    /// a CSV sniff for text that is no plist, would only be thrown away here).
    func resolved(for data: Data) -> Format {
        isPropertyList ? (Format.hasBinaryPlistSignature(data) ? .binaryPlist : .xmlPlist) : self
    }

    /// Reads `data` in this format; property lists are told apart by content.
    ///
    /// - Throws: ``Diagnostic`` with a line and column (text formats) or a byte offset.
    public func read(_ data: Data, options: FormatOptions = FormatOptions()) throws(Diagnostic) -> Document {
        var warnings: [Diagnostic] = []
        return try read(data, options: options, warnings: &warnings)
    }

    /// Reads `data` in this format, appending to `warnings` each repair made under
    /// ``FormatOptions/recoverCSV`` (a located warning whose message ends `(repaired: …)`).
    ///
    /// - Throws: ``Diagnostic`` with a line and column (text formats) or a byte offset.
    public func read(_ data: Data, options: FormatOptions, warnings: inout [Diagnostic]) throws(Diagnostic) -> Document {
        try read(data, options: options, warnings: &warnings, progress: nil)
    }

    /// Reads as ``read(_:options:warnings:)`` does, telling `progress` how far it has got (JSON
    /// and property lists: CSV reports nothing before the end, which the caller reports).
    func read(_ data: Data, options: FormatOptions, warnings: inout [Diagnostic], progress: ReadingProgress?) throws(Diagnostic) -> Document {
        let format = resolved(for: data)
        if let progress, format == .json || format.isPropertyList {
            progress.begin(data, as: format)
            var builder = ProgressBuilder(base: TreeBuilder(), progress: progress)
            let document: Document
            switch format {
            case .json: document = try JSONReader(maximumDepth: options.maximumDepth).read(data, into: &builder)
            case .binaryPlist: document = try BinaryPlistReader(maximumDepth: options.maximumDepth).read(data, into: &builder)
            default: document = try XMLPlistReader(maximumDepth: options.maximumDepth).read(data, building: builder)
            }
            return document
        }
        switch format {
        case .json:
            return try JSONReader(maximumDepth: options.maximumDepth).read(data)
        case .binaryPlist:
            return try BinaryPlistReader(maximumDepth: options.maximumDepth).read(data)
        case .xmlPlist:
            return try XMLPlistReader(maximumDepth: options.maximumDepth).read(data)
        case let .csv(dialect):
            let table: CSVTable
            do {
                table = try CSVTable(csvData: data, dialect: dialect, recovers: options.recoverCSV, warnings: &warnings)
            } catch {
                throw Self.csvReadingError(error, dialect: dialect, sample: data, options: options)
            }
            return try CSVFlattening.restore(table, infer: options.inferCSVTypes, maximumDepth: options.maximumDepth)
        }
    }

    /// `error`, met reading CSV in `dialect`, with the remedy that gets through: the dialect field
    /// the input (`sample`, its first bytes) looks like it needs (`--delimiter ';'`), else
    /// recovery when it repairs this error (`--recover`).
    static func csvReadingError(_ error: Diagnostic, dialect: CSVDialect, sample: @autoclosure () -> Data, options: FormatOptions) -> Diagnostic {
        var error = error
        if error.remedy == nil { error.remedy = dialect.remedy(towards: CSVDialect.sniff(sample()).dialect) }
        if error.remedy == nil, !options.recoverCSV, Diagnostic.Code.repairedByCSVRecovery.contains(error.code) {
            error.remedy = .recoverCSV
        }
        return error
    }

    /// Writes `document` in this format.
    ///
    /// - Throws: ``Diagnostic`` at the path of a value the format cannot hold under `options`.
    public func write(_ document: Document, options: FormatOptions = FormatOptions()) throws(Diagnostic) -> Data {
        switch self {
        case .json: try JSONWriter(options: options).write(document)
        case .xmlPlist: try XMLPlistWriter(options: options).write(document)
        case .binaryPlist: try BinaryPlistWriter(options: options).write(document)
        case let .csv(dialect): try CSVFlattening.flatten(document, options: options).csvData(dialect: dialect, byteOrderMark: options.csvByteOrderMark)
        }
    }
}

// MARK: - Converting

/// A failed conversion: the input could not be read, or the output cannot hold a value.
public enum ConversionFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input is not valid in its format.
    case reading(Diagnostic)
    /// The target format cannot hold a value under the writing options.
    case writing(Diagnostic)

    /// The underlying error.
    public var error: Diagnostic {
        switch self {
        case let .reading(error), let .writing(error): error
        }
    }

    /// The underlying error's compiler-like text.
    public var description: String { error.description }
}

extension Format {
    /// Converts `data` from this format to `target`.
    ///
    /// JSON and property lists convert to JSON and to property lists without building a
    /// ``Document`` tree: the reader hands each value straight to the target's writer, so memory
    /// stays near the sizes of the input and the output. Other pairs, and sorted keys, go
    /// through the tree; so does input with a duplicate key in a dictionary (the last value wins
    /// at the first key's place, which a writer cannot do once the first value is written), read
    /// a second time. Streaming and the tree always give the same answer: when the target's
    /// writer refuses a value while streaming, the input is read again into the tree, whose
    /// result (output, or the first reading or writing error) is the answer — the refused value
    /// may be one that a later duplicate key replaces (`{"a":null,"a":1}` to a property list).
    ///
    /// - Parameters:
    ///   - data: The input in this format (a property list in either form).
    ///   - target: The output format.
    ///   - reading: The options for reading `data` (``FormatOptions/inferCSVTypes``, ``FormatOptions/maximumDepth``).
    ///   - writing: The options for writing `target`.
    /// - Throws: ``ConversionFailure`` saying whether reading or writing failed.
    public func convert(
        _ data: Data, to target: Format, reading: FormatOptions = FormatOptions(), writing: FormatOptions = FormatOptions()
    ) throws(ConversionFailure) -> Data {
        var warnings: [Diagnostic] = []
        return try convert(data, to: target, reading: reading, writing: writing, warnings: &warnings)
    }

    /// Converts as ``convert(_:to:reading:writing:)`` does, appending to `warnings` each repair
    /// made reading CSV under ``FormatOptions/recoverCSV``, and telling `progress` how many bytes
    /// of `data` are read.
    ///
    /// - Parameter progress: Called with the bytes of `data` read so far, about every megabyte
    ///   (JSON and property lists; CSV only at the end), never going back, and with
    ///   `data.count` once the conversion is done; on the calling thread. `nil` costs nothing.
    public func convert(
        _ data: Data, to target: Format, reading: FormatOptions, writing: FormatOptions, warnings: inout [Diagnostic],
        progress: ((Int) -> Void)? = nil
    ) throws(ConversionFailure) -> Data {
        try convert(
            data, to: target, reading: reading, writing: writing, warnings: &warnings,
            counting: progress.map { ReadingProgress(total: data.count, report: $0) })
    }

    /// Converts, telling `counter` how far the read has got.
    ///
    /// - Parameter spill: Where a stream hands its output over as it writes it (a file): the
    ///   bytes returned are then only what it has not handed over.
    func convert(
        _ data: Data, to target: Format, reading: FormatOptions, writing: FormatOptions, warnings: inout [Diagnostic],
        counting counter: ReadingProgress?, spill: OutputSpill? = nil
    ) throws(ConversionFailure) -> Data {
        let source = resolved(for: data)
        do throws(Diagnostic) {
            if let output = try Self.streamed(data, from: source, to: target, reading: reading, writing: writing, progress: counter, spill: spill) {
                counter?.finish()
                return output
            }
        } catch {
            throw .reading(error)
        }
        let document: Document
        do {
            document = try source.read(data, options: reading, warnings: &warnings, progress: counter)
        } catch {
            throw .reading(error)
        }
        // A header-only CSV to CSV keeps its header (the document, `[]`, has no columns).
        if document == [], case let .csv(from) = source, case let .csv(to) = target,
            let table = try? CSVTable(csvData: data, dialect: from), !table.header.isEmpty
        {
            do { return try table.csvData(dialect: to, byteOrderMark: writing.csvByteOrderMark) } catch { throw .writing(error) }
        }
        do {
            let output = try target.write(document, options: writing)
            counter?.finish()
            return output
        } catch {
            throw .writing(error)
        }
    }

    /// The answer streaming gives, or nil when the tree must decide: the one rule for convert
    /// and edit.
    ///
    /// JSON and property lists stream to JSON and property lists, unless keys are sorted or an
    /// edit cannot stream (one of the top value, see ``EditingBuilder``). A
    /// reading error, located, is the answer: the tree would meet it first too. Anything else
    /// the stream meets is decided by the tree: a duplicate key (the last value at the first
    /// key's place, which a writer cannot do once the first value is written), a value the
    /// writer refuses (it may be one that a later duplicate key replaces, `{"a":null,"a":1}` to
    /// a property list, and a later reading error comes first on the tree path), and every edit
    /// that does not fit (the tree names the failure).
    ///
    /// - Throws: the reading error, with its location.
    static func streamed(
        _ data: Data, from source: Format, to target: Format, reading: FormatOptions, writing: FormatOptions,
        edit: DocumentEdit? = nil, progress: ReadingProgress?, spill: OutputSpill? = nil
    ) throws(Diagnostic) -> Data? {
        let streams: [Format] = [.json, .binaryPlist, .xmlPlist]
        guard streams.contains(source), !writing.sortKeys, streams.contains(target) else { return nil }
        if let edit, !EditingBuilder<JSONOutput>.streams(edit) { return nil }
        do {
            if let output = try stream(data, from: source, to: target, reading: reading, writing: writing, edit: edit, progress: progress, spill: spill) {
                return output
            }
            spill?.restart()
            return nil
        } catch {
            spill?.restart()
            // The readers locate by line and column or byte offset; the writers give only a path.
            if error.location != nil { throw error }
            return nil
        }
    }

    /// Converts `data` with the reader driving the target's writer (through the editing builder
    /// when there is an edit); nil when the input needs the tree after all.
    ///
    /// An XML property list is first read by ``XMLPlistScanner``; when it declines, the output
    /// written so far is dropped (what `spill` took of it too: ``OutputSpill/restart()``) and
    /// the conversion starts again with fresh writers on libxml2 and the walk.
    static func stream(
        _ data: Data, from source: Format, to target: Format, reading: FormatOptions, writing: FormatOptions,
        edit: DocumentEdit? = nil, progress: ReadingProgress? = nil, spill: OutputSpill? = nil
    ) throws(Diagnostic) -> Data? {
        if source == .xmlPlist {
            do {
                return try stream(
                    data, from: source, to: target, reading: reading, writing: writing, edit: edit, progress: progress, spill: spill,
                    scanning: true)
            } catch {
                guard error.code == .xmlScanDeclined else { throw error }
                spill?.restart()
            }
        }
        return try stream(
            data, from: source, to: target, reading: reading, writing: writing, edit: edit, progress: progress, spill: spill, scanning: false)
    }

    /// ``stream(_:from:to:reading:writing:edit:progress:)``, an XML property list read by the
    /// scanner alone when `scanning` (throwing ``Diagnostic/Code/xmlScanDeclined`` when it
    /// declines) or else by libxml2 and the walk.
    private static func stream(
        _ data: Data, from source: Format, to target: Format, reading: FormatOptions, writing: FormatOptions,
        edit: DocumentEdit?, progress: ReadingProgress?, spill: OutputSpill?, scanning: Bool
    ) throws(Diagnostic) -> Data? {
        /// The root value and, for XML, how many values and keys were read; nil: use the tree.
        func read<Builder: DocumentBuilder>(_ builder: inout Builder) throws(Diagnostic) -> (Builder.Value, count: Int?)? {
            do throws(Diagnostic) {
                switch source {
                case .json: return (try JSONReader(maximumDepth: reading.maximumDepth).read(data, into: &builder), nil)
                case .xmlPlist:
                    let reader = XMLPlistReader(maximumDepth: reading.maximumDepth)
                    if scanning {
                        guard let scanned = reader.scan(data, into: &builder) else { throw Diagnostic(.xmlScanDeclined, "the XML property list is read by libxml2") }
                        return (scanned.value, scanned.count)
                    }
                    guard case let .value(value, count) = try reader.read(data, into: &builder) else { return nil }
                    return (value, count)
                default: return (try BinaryPlistReader(maximumDepth: reading.maximumDepth).read(data, into: &builder), nil)
                }
            } catch {
                // A duplicate key: only the tree can keep the last value at the first key's place;
                // an edit that does not fit: the tree names the failure.
                if error.code == .duplicateKeyNeedsTree || error.code == .editNeedsTree { return nil }
                throw error
            }
        }
        /// `read`, counting progress when asked.
        func counting<Builder: DocumentBuilder>(_ builder: inout Builder) throws(Diagnostic) -> (Builder.Value, count: Int?)? {
            guard let progress else { return try read(&builder) }
            progress.begin(data, as: source)
            var counted = ProgressBuilder(base: builder, progress: progress)
            defer { builder = counted.base }
            return try read(&counted)
        }
        /// `counting`, editing when asked.
        func drive<Builder: DocumentBuilder>(_ builder: inout Builder) throws(Diagnostic) -> (Builder.Value, count: Int?)? {
            guard let edit else { return try counting(&builder) }
            var editor = EditingBuilder(base: builder, edit: edit)
            defer { builder = editor.base }
            guard let (value, _) = try counting(&editor), let value, editor.applied else { return nil }
            return (value, editor.count)
        }
        // Generous capacities cost nothing until touched: large allocations are mapped lazily. An
        // XML property list is larger than the same values in JSON or XML written by serialize.
        let xml = source == .xmlPlist
        switch target {
        case .xmlPlist:
            var output = XMLPlistOutput(
                options: writing, capacity: spill == nil ? data.count * (xml ? 2 : 3) + 4096 : OutputSpill.chunk * 2, tracksPath: false)
            output.bytes.spill = spill
            guard try drive(&output) != nil else { return nil }
            return output.finish()
        case .binaryPlist:
            // Every JSON value takes at least a byte; a binary plist expands to at most 4 values a
            // byte (the reader's limit), each with at most one key; every XML value or key at
            // least 6 bytes (`<key/>`, `<true/>`).
            var bound = source == .json ? data.count : xml ? data.count / 6 + 1 : 8 * data.count
            // An edit of a binary plist keeps nearly all its objects: first try references as wide
            // as the file's (checked against the exact count below).
            if edit != nil, source == .binaryPlist, let width = BinaryPlistReader.referenceSize(in: data) {
                bound = width >= 8 ? Int.max : 1 << (8 * width)
            }
            // The file takes the output a megabyte at a time while it is in the cache; the
            // buffer keeps it too, for the string table's comparisons (`keepsSpilled`).
            // Room for the objects' offsets: one per 16 bytes of JSON or binary plist, one per
            // 40 of XML (the mixed benchmark document writes one per 25 bytes of its JSON, 23 of
            // its binary plist, 45 of its XML plist); a guess, never a limit, and pages never
            // written cost nothing.
            let expected = data.count / (xml ? 40 : 16)
            var output = BinaryPlistOutput(
                options: writing, objectBound: bound, expectedObjects: expected, capacity: data.count / (xml ? 2 : 1) + 4096, tracksPath: false)
            output.bytes.keepsSpilled = true
            output.bytes.spill = spill
            guard let (top, count) = try drive(&output) else { return nil }
            // The tree path sizes object references by the exact count (read from XML, or made by
            // an edit): write again with it when the bound gave other references, so the bytes
            // are the same either way.
            if let count, BinaryPlistOutput.byteCount(UInt64(max(count - 1, 0))) != output.refSize {
                spill?.restart()
                var exact = BinaryPlistOutput(
                    options: writing, objectBound: count, expectedObjects: count, capacity: data.count / 2 + 4096, tracksPath: false)
                exact.bytes.keepsSpilled = true
                exact.bytes.spill = spill
                guard let (top, _) = try drive(&exact) else { return nil }
                return try exact.finish(top: top)
            }
            return try output.finish(top: top)
        default:
            var output = JSONOutput(
                options: writing, capacity: spill == nil ? data.count * (xml ? 1 : 2) + 4096 : OutputSpill.chunk * 2, tracksPath: false)
            output.bytes.spill = spill
            guard try drive(&output) != nil else { return nil }
            return output.finish()
        }
    }
}
