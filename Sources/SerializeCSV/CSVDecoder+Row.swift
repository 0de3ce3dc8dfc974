/// The row behind ``CSVDecoder``'s containers: one object for the whole decode, handed each row
/// in turn, which gives a field as bytes (numbers, Booleans, the nil test) or as a `String`
/// (made only for the fields read as text).

import SerializeCore

/// The row being decoded: its fields' bytes, and the reader and context it came from.
///
/// One object serves every row of a decode (a `Decoder` is only valid during the
/// `init(from:)` it is handed to, as with Foundation's decoders); the current row sits behind a
/// pointer, where reading it costs no run-time exclusivity check.
final class CSVRowData {
    let reader: CSVReader
    let context: CSVDecodingContext
    /// Whether the fields are read from their bytes (else from ``Current/strings``, when the
    /// dialect's escape character changes the text: ``CSVReader/decodesFromBytes``).
    let fromBytes: Bool
    /// Whether only an empty field can be nil (``CSVDecodingContext/nilIsEmptyOnly``), here so
    /// that a field's test needs no access to the context.
    let nilIsEmptyOnly: Bool
    /// ``context`` without reference counting, for the lookups of every key: ``context`` keeps
    /// it alive as long as this object.
    let unretainedContext: Unmanaged<CSVDecodingContext>
    private let current: UnsafeMutablePointer<Current>

    struct Current {
        /// The row's index among the data rows (0-based).
        var index = 0
        /// The parser's buffer and the fields' layout, valid until the reader reads again.
        var base: UnsafePointer<UInt8>?
        var fields: [CSVParser.Field] = []
        var quote: [UInt8] = []
        /// The fields as strings, when not ``CSVRowData/fromBytes``.
        var strings: [String] = []
        /// An escaped field's bytes with its doubled quotes undoubled.
        var scratch: [UInt8] = []
        /// The keyed container of the record (see ``rootContainer(keyedBy:decoder:)``).
        var root: RootContainer?
    }

    init(reader: CSVReader, context: CSVDecodingContext) {
        self.reader = reader
        self.context = context
        fromBytes = reader.decodesFromBytes
        nilIsEmptyOnly = context.nilIsEmptyOnly
        unretainedContext = Unmanaged.passUnretained(context)
        current = .allocate(capacity: 1)
        current.initialize(to: Current())
    }

    deinit {
        forgetContainer()
        current.deinitialize(count: 1)
        current.deallocate()
    }

    /// The row's index among the data rows (0-based).
    var index: Int { current.pointee.index }

    /// Lets go of the last row's fields before the reader reads again (so the parser keeps its
    /// storage instead of copying it).
    func release() {
        current.pointee.base = nil
        current.pointee.fields = []
    }

    /// Takes the reader's current row (read by ``CSVReader/readRecordForDecoding()``, or by
    /// ``CSVReader/readFieldsForDecoding(into:)`` into `strings` when not ``fromBytes``: swapped
    /// in, so the caller reads the next row into the storage of an earlier one).
    func take(index: Int, raw: CSVRawRow, strings: inout [String]) {
        current.pointee.index = index
        current.pointee.base = raw.base
        current.pointee.fields = raw.fields
        if current.pointee.quote.isEmpty { current.pointee.quote = raw.quote }
        if !fromBytes { swap(&current.pointee.strings, &strings) }
    }

    /// The keyed container of the record itself, made for the first row and handed to every
    /// row after it: the rows are decoded through this one object, so the container (the
    /// standard library's box around ``CSVKeyedDecodingContainer``) serves them all, without
    /// instantiating its generic types and allocating the box per row.
    func rootContainer<Key: CodingKey>(keyedBy type: Key.Type, decoder: CSVRowDecoder) -> KeyedDecodingContainer<Key> {
        if let root = current.pointee.root, root.key == ObjectIdentifier(Key.self) {
            // Stored below for this very `Key`: read in place, where taking it out of an `Any`
            // was a dynamic cast per row.
            return root.storage.assumingMemoryBound(to: KeyedDecodingContainer<Key>.self).pointee
        }
        forgetContainer()
        let container = KeyedDecodingContainer(CSVKeyedDecodingContainer<Key>(decoder: decoder))
        let storage = UnsafeMutablePointer<KeyedDecodingContainer<Key>>.allocate(capacity: 1)
        storage.initialize(to: container)
        current.pointee.root = RootContainer(
            key: ObjectIdentifier(Key.self), storage: UnsafeMutableRawPointer(storage),
            destroy: { $0.assumingMemoryBound(to: KeyedDecodingContainer<Key>.self).deinitialize(count: 1) })
        return container
    }

    /// The kept container: its key type, and its storage with the function that destroys it.
    struct RootContainer {
        let key: ObjectIdentifier
        let storage: UnsafeMutableRawPointer
        let destroy: (UnsafeMutableRawPointer) -> Void
    }

    /// Lets go of the kept container, which refers to this object (a cycle until then).
    func forgetContainer() {
        guard let root = current.pointee.root else { return }
        current.pointee.root = nil
        root.destroy(root.storage)
        root.storage.deallocate()
    }

    /// The number of fields.
    var count: Int { current.pointee.fields.count }

    /// Whether field `column` (which must exist) was quoted.
    @inline(__always)
    func isQuoted(_ column: Int) -> Bool { current.pointee.fields[column].quoted }

    /// Whether field `column` (which must exist) holds no text.
    @inline(__always)
    func isEmpty(_ column: Int) -> Bool {
        if !fromBytes { return current.pointee.strings[column].isEmpty }
        let field = current.pointee.fields[column]
        return field.end == field.start
    }

    /// Whether field `column` exists and holds text, when the fields are read from their bytes
    /// (`false` otherwise: then ask ``isEmpty(_:)``).
    @inline(__always)
    func hasText(_ column: Int) -> Bool {
        guard fromBytes, column < current.pointee.fields.count else { return false }
        let field = current.pointee.fields[column]
        return field.end != field.start
    }

    /// The UTF-8 of field `column` (which must exist) as it stands in the parser's buffer, valid
    /// until the next row; `nil` when the text differs from those bytes (doubled quotes, an
    /// escape character): then ``withBytes(_:_:)``. No closure, so that a generic caller's
    /// number reading is specialized for its type.
    @inline(__always)
    func plainBytes(_ column: Int) -> UnsafeBufferPointer<UInt8>? {
        guard fromBytes, let base = current.pointee.base else { return nil }
        let field = current.pointee.fields[column]
        guard !field.escaped else { return nil }
        return UnsafeBufferPointer(start: base + field.start, count: field.end - field.start)
    }

    /// Calls `body` with the UTF-8 of field `column` (which must exist).
    @inline(__always)
    func withBytes<R>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard fromBytes else {
            var text = current.pointee.strings[column]
            return try text.withUTF8(body)
        }
        let field = current.pointee.fields[column]
        guard let base = current.pointee.base else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        if !field.escaped {
            return try body(UnsafeBufferPointer(start: base + field.start, count: field.end - field.start))
        }
        CSVParser.unescape(field, in: base, quote: current.pointee.quote, into: &current.pointee.scratch)
        return try current.pointee.scratch.withUnsafeBufferPointer(body)
    }

    /// The text of field `column` (which must exist); its UTF-8 was checked when the row was read.
    func string(_ column: Int) -> String {
        guard fromBytes else { return current.pointee.strings[column] }
        // Plain bytes (the common case) without a closure; the bytes were validated with the
        // row, so decoding them repairs nothing.
        if let bytes = plainBytes(column) { return String(decoding: bytes, as: UTF8.self) }
        return withBytes(column) { String(decoding: $0, as: UTF8.self) }
    }
}
