/// Writes a ``Document`` as a binary property list (`bplist00`).

public import Foundation
import OrderedCollections

/// Writes binary property lists that keep key order and exact integers.
///
/// Integers that fit 64 bits are written in the smallest of 1, 2, 4 or 8 bytes (negative ones in
/// 8); an unsigned integer above `Int64.max` uses the 16-byte form CoreFoundation writes for
/// them. Reals are always 8 bytes. Equal strings (keys above all) are stored once. A dictionary
/// whose only member is `CF$UID` holding an integer up to `UInt32.max` is written as a UID
/// object, the form `NSKeyedArchiver` uses, so that archives survive a trip through XML or JSON.
/// `null` goes through ``WritingOptions/null``.
///
/// Objects are written in one pass, children before their container, so the writer holds the
/// output and one offset per object, never a second copy of the tree.
public struct BinaryPlistWriter: Sendable {
    /// The options this writer applies (``WritingOptions/sortKeys``, ``WritingOptions/null``).
    public var options: WritingOptions

    /// Creates a writer.
    public init(options: WritingOptions = WritingOptions()) {
        self.options = options
    }

    /// The `bplist00` bytes of `document`.
    ///
    /// - Throws: ``DocumentError`` located at the path of a value the options refuse.
    public func write(_ document: Document) throws(DocumentError) -> Data {
        if case .null = document, case .omit = options.null {
            throw DocumentError(.nullNotRepresentable, "a property list cannot be empty: the whole document is null", at: .path("$"))
        }
        let output = BinaryPlistOutput(options: options, objectBound: BinaryPlistOutput.objectBound(document))
        let top = try output.add(document)
        return output.finish(top: top)
    }
}

// MARK: - Output

/// The objects of a binary property list, written children first.
final class BinaryPlistOutput {
    let options: WritingOptions
    let bytes = ByteBuffer(capacity: 1 << 16)
    /// Object references are this wide: enough for the bound on the object count.
    let refSize: Int
    var offsets: [Int] = []
    var strings: [String: Int] = [:]
    var path = DocumentPath()

    init(options: WritingOptions, objectBound: Int) {
        self.options = options
        refSize = Self.byteCount(UInt64(max(objectBound - 1, 0)))
        bytes.append("bplist00")
    }

    /// An upper bound on the objects `document` needs (before strings are shared).
    static func objectBound(_ document: Document) -> Int {
        switch document {
        case let .array(elements): elements.reduce(1) { $0 + objectBound($1) }
        case let .dictionary(members): members.values.reduce(1 + members.count) { $0 + objectBound($1) }
        default: 1
        }
    }

    func skips(_ value: Document) -> Bool {
        if case .null = value, case .omit = options.null { return true }
        return false
    }

    /// Starts a new object; returns its number.
    @inline(__always) func begin() -> Int {
        offsets.append(bytes.count)
        return offsets.count - 1
    }

    func addString(_ string: String) -> Int {
        if let id = strings[string] { return id }
        let id = begin()
        var utf8Copy = string
        let isASCII = utf8Copy.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 >= 0x80 }) else { return false }
            appendMarker(0x50, count: utf8.count)
            bytes.append(utf8)
            return true
        }
        if !isASCII {
            appendMarker(0x60, count: string.utf16.count)
            for unit in string.utf16 {
                bytes.append(UInt8(unit >> 8))
                bytes.append(UInt8(unit & 0xFF))
            }
        }
        strings[string] = id
        return id
    }

    /// Writes `document` and everything under it; returns its object number.
    func add(_ document: Document) throws(DocumentError) -> Int {
        switch document {
        case .null:
            switch options.null {
            case .error: throw options.nullError(at: path, format: "a property list")
            case let .string(text): return addString(text)
            case .omit: return addString("")  // not reached: containers skip omitted nulls
            }
        case let .string(string):
            return addString(string)
        case let .array(elements):
            var refs: [Int] = []
            refs.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() where !skips(element) {
                path.push(.index(index))
                refs.append(try add(element))
                path.pop()
            }
            let id = begin()
            appendMarker(0xA0, count: refs.count)
            for ref in refs { appendBigEndian(UInt64(ref), size: refSize) }
            return id
        case let .dictionary(members):
            if members.count == 1, let uid = members["CF$UID"], let value = Self.uidValue(uid) {
                let id = begin()
                let size = Self.byteCount(UInt64(value))
                bytes.append(0x80 | UInt8(size - 1))
                appendBigEndian(UInt64(value), size: size)
                return id
            }
            var refs: [Int] = []
            refs.reserveCapacity(members.count * 2)
            var values: [Int] = []
            values.reserveCapacity(members.count)
            for member in options.ordered(members) where !skips(member.value) {
                path.push(.key(member.key))
                refs.append(addString(member.key))
                values.append(try add(member.value))
                path.pop()
            }
            let id = begin()
            appendMarker(0xD0, count: values.count)
            for ref in refs { appendBigEndian(UInt64(ref), size: refSize) }
            for ref in values { appendBigEndian(UInt64(ref), size: refSize) }
            return id
        default:
            let id = begin()
            appendScalar(document)
            return id
        }
    }

    static func uidValue(_ document: Document) -> UInt32? {
        switch document {
        case let .integer(value): UInt32(exactly: value)
        case let .unsignedInteger(value): UInt32(exactly: value)
        default: nil
        }
    }

    // MARK: - Bytes

    func finish(top: Int) -> Data {
        let tableOffset = bytes.count
        let offsetSize = Self.byteCount(UInt64(max(tableOffset, 1)))
        for offset in offsets { appendBigEndian(UInt64(offset), size: offsetSize) }
        for byte in [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)] as [UInt8] { bytes.append(byte) }
        appendBigEndian(UInt64(offsets.count), size: 8)
        appendBigEndian(UInt64(top), size: 8)
        appendBigEndian(UInt64(tableOffset), size: 8)
        return bytes.takeData()
    }

    /// 1, 2, 4 or 8: the bytes an unsigned value needs.
    static func byteCount(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    @inline(__always) func appendBigEndian(_ value: UInt64, size: Int) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    func appendMarker(_ marker: UInt8, count: Int) {
        if count < 15 {
            bytes.append(marker | UInt8(count))
        } else {
            bytes.append(marker | 0x0F)
            appendInteger(UInt64(count))
        }
    }

    func appendInteger(_ value: UInt64) {
        let size = Self.byteCount(value)
        bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(value, size: size)
    }

    func appendScalar(_ document: Document) {
        switch document {
        case let .bool(value): bytes.append(value ? 0x09 : 0x08)
        case let .integer(value):
            if value >= 0 {
                appendInteger(UInt64(value))
            } else {
                bytes.append(0x13)
                appendBigEndian(UInt64(bitPattern: value), size: 8)
            }
        case let .unsignedInteger(value):
            bytes.append(0x14)
            appendBigEndian(0, size: 8)
            appendBigEndian(value, size: 8)
        case let .double(value):
            bytes.append(0x23)
            appendBigEndian(value.bitPattern, size: 8)
        case let .date(value):
            bytes.append(0x33)
            appendBigEndian(value.timeIntervalSinceReferenceDate.bitPattern, size: 8)
        case let .data(value):
            appendMarker(0x40, count: value.count)
            value.withUnsafeBytes { bytes.append($0.bindMemory(to: UInt8.self)) }
        case .null, .string, .array, .dictionary:
            break  // written by add(_:)
        }
    }
}
