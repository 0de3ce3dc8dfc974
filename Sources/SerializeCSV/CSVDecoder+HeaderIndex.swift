/// The header index behind ``CSVDecoder``: each column's path by the one column grammar, and
/// what the containers ask of it (a column by path, the columns below a path, child keys).

import Foundation
import SerializeCore

/// What every row of one decode shares: options and the header's layout.
///
/// Built once the header is known (for a file without one, from the first row's width), so
/// the layout is immutable; the mutable caches live behind pointers, where reading them costs
/// no run-time exclusivity check.
///
/// Paths are column names in their canonical spelling (``CSVColumnName/render(_:)``): a
/// header is parsed once, and the containers build the same spelling as they descend
/// (``path(_:_:)``, ``CSVColumnName/appending(index:to:)``).
final class CSVDecodingContext {
    let configuration: CSVDecoder.Configuration
    let userInfo: [CodingUserInfoKey: Any]
    let sourceName: String
    /// The header as written.
    let header: [String]
    /// Each column's canonical name.
    let names: [String]
    /// Where each header field is, when the file has a header.
    let headerLocations: [InputLocation]
    let hasHeader: Bool
    let nilStrategy: CSVNilStrategy
    /// Whether only an empty field can be nil (the `.empty` strategy).
    let nilIsEmptyOnly: Bool
    let usesDefaultKeys: Bool
    let boolWords: (true: String, false: String)
    /// The UTF-8 of ``boolWords``.
    let boolWordBytes: (true: [UInt8], false: [UInt8])
    /// The words for +∞, -∞ and NaN, when they are allowed.
    let nonFiniteWords: (positiveInfinity: String, negativeInfinity: String, nan: String)?
    /// Whether a column the type never reads is an error (``CSVDecoder/UnmatchedColumnStrategy/error``).
    let refusesUnmatchedColumns: Bool
    /// Canonical column name → index.
    private let columnIndex: [ExactString: Int]
    /// Canonical prefix → the columns below it.
    private let subtree: [ExactString: [Int]]
    /// Canonical prefix → the keys (unescaped) of its immediate children, in header order.
    private let childKeys: [ExactString: [String]]
    /// Canonical prefix → its largest index child.
    private let largestIndex: [ExactString: Int]
    /// The column after the last one looked up: types decode their keys in header order, so
    /// this guess saves most dictionary lookups.
    private let nextColumn: UnsafeMutablePointer<Int>
    /// Per row, which columns the type looked up (when unmatched columns are refused).
    private let used: UnsafeMutablePointer<Bool>
    /// Property name → column name, for a key strategy other than the default.
    private var keyCache: [ExactString: String] = [:]
    /// The keys of the record itself in the order the type looked them up, with their paths
    /// and columns (see ``rootLeaf(_:)``).
    private let rootLookups: UnsafeMutablePointer<RootLookups>

    struct RootLookups {
        var slots: [Slot] = []
        /// The next lookup of this row.
        var next = 0
    }

    struct Slot {
        var key: String
        var path: String
        var column: Int?
        /// The key's type and its bits, when it is plain data (``bits(of:)``).
        var keyType: ObjectIdentifier
        var keyBits: UInt64?
    }

    /// - Throws: `DecodingError.dataCorrupted` with a ``Diagnostic`` for a repeated column, a
    ///   column that is both a value and a prefix of another, and an array index out of range.
    init(
        configuration: CSVDecoder.Configuration, userInfo: [CodingUserInfoKey: any Sendable], sourceName: String?,
        header: [String], headerLocations: [InputLocation]
    ) throws {
        let source = sourceName ?? "<input>"
        func location(_ column: Int) -> InputLocation {
            column < headerLocations.count ? headerLocations[column] : InputLocation(line: 1, column: 1)
        }
        func refuse(_ diagnostic: Diagnostic, column name: String) -> DecodingError {
            DecodingError.dataCorrupted(
                .init(
                    codingPath: [CSVCodingKey(stringValue: name)], debugDescription: diagnostic.description,
                    underlyingError: diagnostic))
        }
        // Everything that can throw comes before the one allocation, so a refused header leaks
        // nothing (a throwing initializer never runs `deinit`).
        var names: [String] = []
        // Names compare by exact scalars (SerializeCore's ExactString): columns `K` and U+212A
        // are two columns, not a repeated one.
        var columnIndex: [ExactString: Int] = [:]
        var subtree: [ExactString: [Int]] = [:]
        var childKeys: [ExactString: [String]] = [:]
        var largestIndex: [ExactString: Int] = [:]
        var indexCount: [ExactString: Int] = [:]
        var seenElements: Set<ExactString> = []
        names.reserveCapacity(header.count)
        for (index, name) in header.enumerated() {
            let components: [ValuePath.Component]
            do {
                components = try CSVColumnName.parse(name, at: location(index))
            } catch {
                throw refuse(error.inFile(source), column: name)
            }
            let canonical = CSVColumnName.render(components)
            if let first = columnIndex[ExactString(canonical)] {
                throw refuse(
                    Diagnostic(
                        .duplicateColumn,
                        "column \"\(name)\" (field \(index + 1)) appears twice in the header (first as field \(first + 1))",
                        at: location(index), file: source),
                    column: name)
            }
            columnIndex[ExactString(canonical)] = index
            names.append(canonical)
            var prefix = ""
            for (depth, component) in components.enumerated() {
                if depth > 0 { subtree[ExactString(prefix), default: []].append(index) }
                switch component {
                case let .key(key):
                    if !(childKeys[ExactString(prefix)]?.contains(where: { $0.hasSameScalars(as: key) }) ?? false) {
                        childKeys[ExactString(prefix), default: []].append(key)
                    }
                    prefix = depth == 0 ? CSVColumnName.root(key) : CSVColumnName.appending(key: key, to: prefix)
                case let .index(element):
                    largestIndex[ExactString(prefix)] = max(largestIndex[ExactString(prefix)] ?? -1, element)
                    let elementName = CSVColumnName.appending(index: element, to: prefix)
                    if seenElements.insert(ExactString(elementName)).inserted { indexCount[ExactString(prefix), default: 0] += 1 }
                    prefix = elementName
                }
            }
        }
        // A column that is both a value and a prefix (`d.x` and `d.x.y`, or `tags` and
        // `tags[0]`) cannot be decoded into one value: refuse it rather than drop one.
        for (index, name) in names.enumerated() {
            guard let below = subtree[ExactString(name)], let other = below.first(where: { $0 != index }) else { continue }
            throw refuse(
                Diagnostic(
                    .columnConflict,
                    "column \"\(header[index])\" (field \(index + 1)) is both a value and the prefix of column "
                        + "\"\(header[other])\" (field \(other + 1)); rename one of the columns",
                    at: location(index), file: source),
                column: header[index])
        }
        // An array's indices may leave at most as many gaps as the header has columns, the
        // converter's rule too: `tags[9999999]` alone must not make ten million elements.
        for (prefix, largest) in largestIndex where largest + 1 - (indexCount[prefix] ?? 0) > header.count {
            let column = subtree[prefix]?.first ?? 0
            throw refuse(
                Diagnostic(
                    .columnIndexOutOfRange,
                    "column \"\(header[column])\" names index \(largest), leaving more gaps in the array than the header has columns",
                    at: location(column), file: source),
                column: header[column])
        }

        self.configuration = configuration
        self.userInfo = userInfo
        self.sourceName = source
        self.header = header
        self.names = names
        self.headerLocations = headerLocations
        hasHeader = configuration.dialect.hasHeader
        nilStrategy = configuration.nilStrategy
        if case .empty = configuration.nilStrategy { nilIsEmptyOnly = true } else { nilIsEmptyOnly = false }
        if case .useDefaultKeys = configuration.keyStrategy { usesDefaultKeys = true } else { usesDefaultKeys = false }
        boolWords = configuration.boolStrategy.words
        boolWordBytes = (Array(boolWords.true.utf8), Array(boolWords.false.utf8))
        if case let .convertToString(positive, negative, nan) = configuration.nonConformingFloatStrategy {
            nonFiniteWords = (positive, negative, nan)
        } else {
            nonFiniteWords = nil
        }
        refusesUnmatchedColumns = configuration.unmatchedColumns == .error
        self.columnIndex = columnIndex
        self.subtree = subtree
        self.childKeys = childKeys
        self.largestIndex = largestIndex
        nextColumn = .allocate(capacity: 1)
        nextColumn.initialize(to: 0)
        used = .allocate(capacity: max(header.count, 1))
        used.initialize(repeating: false, count: max(header.count, 1))
        rootLookups = .allocate(capacity: 1)
        rootLookups.initialize(to: RootLookups())
    }

    deinit {
        nextColumn.deallocate()
        used.deallocate()
        rootLookups.deinitialize(count: 1)
        rootLookups.deallocate()
    }

    /// The column of a canonical path, noting that the type read it.
    @inline(__always)
    func column(_ path: String) -> Int? {
        guard let column = CSVValueText.column(path, in: names, index: columnIndex, next: nextColumn) else { return nil }
        if refusesUnmatchedColumns { used[column] = true }
        return column
    }

    /// The columns at and below a canonical prefix; the root (`""`) has every column.
    func columns(below path: String) -> [Int] { path.isEmpty ? Array(header.indices) : subtree[ExactString(path)] ?? [] }
    /// The keys of the children of a canonical prefix, unescaped, in header order.
    func childKeys(of path: String) -> [String] { childKeys[ExactString(path)] ?? [] }
    func largestIndex(below path: String) -> Int { largestIndex[ExactString(path)] ?? -1 }

    // MARK: - Unmatched columns

    /// Forgets which columns the last row read.
    func beginRow() {
        rootLookups.pointee.next = 0
        guard refusesUnmatchedColumns else { return }
        used.update(repeating: false, count: header.count)
    }

    /// Whether the type read column `index` in this row.
    func wasRead(_ index: Int) -> Bool { index < header.count && used[index] }

    // MARK: - Paths

    /// The canonical path of `key` below `path` (`""` is the row).
    @inline(__always)
    func path(_ path: String, _ key: some CodingKey) -> String {
        let name: String
        if hasHeader || key.intValue == nil {
            name = usesDefaultKeys ? key.stringValue : columnName(key.stringValue)
        } else {
            name = String(key.intValue ?? 0)
        }
        return path.isEmpty ? CSVColumnName.root(name) : CSVColumnName.appending(key: name, to: path)
    }

    /// The canonical path and the column of `key` of the record itself: ``path(_:_:)`` and
    /// ``column(_:)``, remembered by the place of the lookup in the row. A type asks for the same
    /// keys in the same order every row, so the n-th lookup of a row is the n-th of the last one,
    /// and one comparison of the key (by exact scalars) replaces escaping it and finding its column.
    /// The path of a remembered lookup stays here until an error asks for it (``rootPath(_:)``).
    @inline(__always)
    func rootLeaf<K: CodingKey>(_ key: K) -> CSVLeaf {
        guard hasHeader || key.intValue == nil else {
            let path = path("", key)
            return CSVLeaf(path, column: column(path))
        }
        let slot = rootLookups.pointee.next
        rootLookups.pointee.next = slot + 1
        let bits = Self.bits(of: key)
        // The slot's parts are read in place (no copy of the slot, no retain of its key).
        if slot < rootLookups.pointee.slots.count {
            // The same bits of the same plain-data key type are the same key, whose name was
            // compared when the slot was made: no `stringValue` to ask for and compare.
            let sameBits = bits != nil && rootLookups.pointee.slots[slot].keyBits == bits
                && rootLookups.pointee.slots[slot].keyType == ObjectIdentifier(K.self)
            if sameBits || rootLookups.pointee.slots[slot].key.hasSameScalars(as: key.stringValue) {
                let column = rootLookups.pointee.slots[slot].column
                if refusesUnmatchedColumns, let column { used[column] = true }
                return CSVLeaf(rootSlot: slot, column: column)
            }
        }
        let name = key.stringValue
        let path = path("", key)
        let column = column(path)
        let made = Slot(key: name, path: path, column: column, keyType: ObjectIdentifier(K.self), keyBits: bits)
        if slot < rootLookups.pointee.slots.count {
            rootLookups.pointee.slots[slot] = made
        } else if slot == rootLookups.pointee.slots.count, slot < 4 * max(header.count, 1) {
            rootLookups.pointee.slots.append(made)
        }
        return CSVLeaf(path, column: column)
    }

    /// The canonical path of the remembered lookup `slot` of this row (see ``rootLeaf(_:)``).
    func rootPath(_ slot: Int) -> String { rootLookups.pointee.slots[slot].path }

    /// The bits of a key of a plain-data type (no references: a synthesized `CodingKeys` enum)
    /// of at most eight bytes, else `nil`. Two such keys of one type with the same bits are the
    /// same value.
    @inline(__always)
    static func bits<Key: CodingKey>(of key: Key) -> UInt64? {
        guard _isPOD(Key.self) else { return nil }
        switch MemoryLayout<Key>.size {
        case 0: return 0
        case 1: return UInt64(unsafeBitCast(key, to: UInt8.self))
        case 2: return UInt64(unsafeBitCast(key, to: UInt16.self))
        case 4: return UInt64(unsafeBitCast(key, to: UInt32.self))
        case 8: return unsafeBitCast(key, to: UInt64.self)
        default: return nil
        }
    }

    private func columnName(_ key: String) -> String {
        if let cached = keyCache[ExactString(key)] { return cached }
        let name = configuration.keyStrategy.columnName(key)
        keyCache[ExactString(key)] = name
        return name
    }
}

/// Where a leaf value of a row is: its column, when looked up, and its canonical path, which
/// only the errors read. A key of the record itself leaves its path in the context's remembered
/// lookup (``CSVDecodingContext/rootLeaf(_:)``), read only when an error needs it: copying it out
/// for every field was a retain and a release per field.
struct CSVLeaf {
    /// The column, when known.
    let column: Int?
    /// The path, unless it is remembered lookup ``slot``.
    private let known: String?
    private let slot: Int

    /// A leaf at `path`.
    init(_ path: String, column: Int? = nil) {
        known = path
        slot = -1
        self.column = column
    }

    /// A leaf whose path is remembered lookup `slot` of this row.
    init(rootSlot slot: Int, column: Int?) {
        known = nil
        self.slot = slot
        self.column = column
    }

    /// The canonical path (`""` is the row). Valid until the next lookup of a key of the record
    /// (the remembered lookup may be replaced then).
    func path(in context: CSVDecodingContext) -> String { known ?? context.rootPath(slot) }
}
