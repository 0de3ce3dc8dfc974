/// How far a reader has got through its input: bytes consumed, reported about every megabyte,
/// for the progress line of `convert` and the edit verbs.

import Foundation
import SerializeCore

/// Counts how far a read has got and calls `report` with the bytes consumed so far, about every
/// `step` bytes (a megabyte), never going back (a second read, into the tree after streaming, reports only
/// past the first), and the input's size once it is read.
///
/// Text formats report the offset of the value being read. A binary property list is read by
/// following references, not front to back: it reports the share of its objects read so far as
/// that share of its bytes.
final class ReadingProgress {
    /// About how many bytes lie between two reports.
    let step: Int
    private let total: Int
    private let report: (Int) -> Void
    /// For a binary property list, its object count; 0 for text, which reports offsets.
    private var objectCount = 0
    /// Values seen in the current read (binary property lists).
    private var valuesSeen = 0
    /// The position (offset or values seen) of the next report.
    private var threshold = 0
    private var reported = 0

    /// A counter for an input of `total` bytes, reporting about every `step` bytes.
    init(total: Int, step: Int = 1 << 20, report: @escaping (Int) -> Void) {
        self.step = max(step, 1)
        self.total = total
        self.report = report
    }

    /// Starts a read of `data` in `format`: offsets for text, objects for a binary property list.
    func begin(_ data: Data, as format: Format) {
        valuesSeen = 0
        objectCount = format == .binaryPlist ? max(BinaryPlistReader.objectCount(in: data) ?? 1, 1) : 0
        threshold = stride
    }

    /// Positions (offsets or objects) between two reports.
    private var stride: Int {
        objectCount > 0 ? max(objectCount / max(total / step, 1), 1) : step
    }

    /// A value starts at `offset`.
    @inline(__always)
    func valueStarts(at offset: Int) {
        var position = offset
        if objectCount > 0 {
            valuesSeen += 1
            position = valuesSeen
        }
        if position >= threshold { reach(position) }
    }

    private func reach(_ position: Int) {
        let bytes: Int
        if objectCount > 0 {
            bytes = Int(min(Double(position) / Double(objectCount), 1) * Double(total))
        } else {
            bytes = min(position, total)
        }
        threshold = position + stride
        guard bytes > reported else { return }
        reported = bytes
        report(bytes)
    }

    /// The whole input is read.
    func finish() {
        guard reported < total else { return }
        reported = total
        report(total)
    }
}

/// Passes everything to `base` and tells ``ReadingProgress`` where each value starts.
struct ProgressBuilder<Base: DocumentBuilder>: DocumentBuilder {
    var base: Base
    let progress: ReadingProgress

    static var reusesValues: Bool { Base.reusesValues }
    static var takesUTF8: Bool { Base.takesUTF8 }
    static var ownJSONEscapes: JSONOwnEscapes? { Base.ownJSONEscapes }

    mutating func valueStarts(at offset: Int) {
        progress.valueStarts(at: offset)
        base.valueStarts(at: offset)
    }

    mutating func scalar(_ value: Document) throws(Diagnostic) -> Base.Value { try base.scalar(value) }
    mutating func beginArray() throws(Diagnostic) -> Base.ArrayState { try base.beginArray() }
    mutating func beginElement(in array: inout Base.ArrayState) throws(Diagnostic) { try base.beginElement(in: &array) }
    mutating func endElement(_ value: Base.Value, in array: inout Base.ArrayState) throws(Diagnostic) {
        try base.endElement(value, in: &array)
    }
    mutating func endArray(_ array: Base.ArrayState) throws(Diagnostic) -> Base.Value { try base.endArray(array) }
    mutating func beginDictionary() throws(Diagnostic) -> Base.DictionaryState { try base.beginDictionary() }
    mutating func beginMember(_ key: String, in dictionary: inout Base.DictionaryState) throws(Diagnostic) {
        try base.beginMember(key, in: &dictionary)
    }
    mutating func endMember(_ value: Base.Value, in dictionary: inout Base.DictionaryState) throws(Diagnostic) {
        try base.endMember(value, in: &dictionary)
    }
    mutating func string(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Base.Value {
        try base.string(validatedUTF8: bytes)
    }
    mutating func beginMember(validatedUTF8 key: UnsafeBufferPointer<UInt8>, in dictionary: inout Base.DictionaryState) throws(Diagnostic) {
        try base.beginMember(validatedUTF8: key, in: &dictionary)
    }
    mutating func string(plainUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Base.Value {
        try base.string(plainUTF8: bytes)
    }
    mutating func beginMember(plainUTF8 key: UnsafeBufferPointer<UInt8>, in dictionary: inout Base.DictionaryState) throws(Diagnostic) {
        try base.beginMember(plainUTF8: key, in: &dictionary)
    }
    mutating func string(ownJSONEscapes bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Base.Value {
        try base.string(ownJSONEscapes: bytes)
    }
    mutating func number(_ value: Document, text: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Base.Value {
        try base.number(value, text: text)
    }
    mutating func endDictionary(_ dictionary: Base.DictionaryState) throws(Diagnostic) -> Base.Value { try base.endDictionary(dictionary) }
}
