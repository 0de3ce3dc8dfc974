/// Where a value at a path starts in the bytes: the location side table, built only when asked.

public import Foundation
public import SerializeCore
import SerializeCSV

extension Format {
    /// Where the value at `path` starts in `data`, read in this format: line and column in JSON,
    /// XML property lists and CSV (a field: its row and column), the byte offset in a binary
    /// property list. A path that leads past the document's values (a missing key) is located at
    /// the deepest value on it.
    ///
    /// The readers build no locations on their normal path: this reads `data` a second time with
    /// a builder that keeps only offsets, which is what a decoding error pays, never a success.
    ///
    /// - Returns: `nil` when `data` does not read in this format.
    public func location(of path: ValuePath, in data: Data) -> InputLocation? {
        var builder = LocatingBuilder(target: path.components)
        switch resolved(for: data) {
        case .json:
            guard (try? JSONReader(maximumDepth: .max).read(data, into: &builder)) != nil else { return nil }
        case .xmlPlist:
            guard (try? XMLPlistReader().read(data, into: &builder)) != nil else { return nil }
        case .binaryPlist:
            guard (try? BinaryPlistReader(maximumDepth: .max).read(data, into: &builder)) != nil else { return nil }
            return builder.bestOffset.map { InputLocation(byteOffset: $0) }
        case let .csv(dialect):
            return Self.csvLocation(of: path, in: data, dialect: dialect)
        }
        guard let offset = builder.bestOffset else { return nil }
        var locator = InputLocator()
        return data.withUnsafeBytes { locator.locate(offset, in: $0) }
    }

    /// A CSV value's place: the field of row `path[0]` in the column named by the rest of the
    /// path (or the first column beneath it), or the row's first field.
    static func csvLocation(of path: ValuePath, in data: Data, dialect: CSVDialect) -> InputLocation? {
        guard let row = path.components.first?.arrayIndex else { return nil }
        let rest = Array(path.components.dropFirst())
        guard let reader = try? CSVReader(
            data: data,
            configuration: .init(dialect: dialect, fieldCountPolicy: .flexible))
        else { return nil }
        let columns = (reader.header ?? []).map { (try? CSVColumnName.parse($0)) ?? [] }
        // The exact column, else the first one beneath the path, else the first on its way.
        let column = columns.firstIndex(of: rest)
            ?? columns.firstIndex { $0.starts(with: rest) }
            ?? columns.firstIndex { rest.starts(with: $0) && !$0.isEmpty }
            ?? 0
        var index = 0
        while let record = try? reader.readRecord() {
            if index == row {
                return column < record.locations.count ? record.location(ofField: column) : record.locations.first
            }
            index += 1
        }
        return nil
    }
}

/// A builder that builds nothing and keeps the offset of the deepest value on one path.
struct LocatingBuilder: DocumentBuilder {
    let target: [ValuePath.Component]
    /// How many components of `target` the values being read match; -1 off the path.
    private var depths: [Int] = []
    /// The depth of the value about to start (matched components), or -1 when it is off the path.
    private var pending = 0
    private var bestDepth = -1
    private(set) var bestOffset: Int?

    init(target: [ValuePath.Component]) { self.target = target }

    mutating func valueStarts(at offset: Int) {
        if pending > bestDepth {
            bestDepth = pending
            bestOffset = offset
        }
        depths.append(pending)
    }

    private mutating func finish() { if !depths.isEmpty { depths.removeLast() } }

    mutating func scalar(_ value: Document) { finish() }
    mutating func beginArray() -> Int { 0 }
    mutating func beginElement(in array: inout Int) {
        pending = step(matching: { $0.arrayIndex == array })
    }
    mutating func endElement(_ value: Void, in array: inout Int) { array += 1 }
    mutating func endArray(_ array: Int) { finish() }
    mutating func beginDictionary() {}
    mutating func beginMember(_ key: String, in dictionary: inout Void) {
        pending = step(matching: { if case let .key(name) = $0 { name == key } else { false } })
    }
    mutating func endMember(_ value: Void, in dictionary: inout Void) {}
    mutating func endDictionary(_ dictionary: Void) { finish() }

    /// The depth of a child of the innermost open container, or -1 when it is off the path.
    private func step(matching matches: (ValuePath.Component) -> Bool) -> Int {
        // The innermost open container is the last value started and not yet finished.
        guard let parent = depths.last, parent >= 0, parent < target.count, matches(target[parent]) else { return -1 }
        return parent + 1
    }
}
