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
        var table = BinaryPlistObjectTable(options: options)
        if case .null = document, case .omit = options.null {
            throw DocumentError(.nullNotRepresentable, "a property list cannot be empty: the whole document is null", at: .path("$"))
        }
        let top = try table.add(document)
        return table.serialize(top: top)
    }
}

// MARK: - The object table

/// The flattened objects of a binary property list, before their bytes are laid out.
struct BinaryPlistObjectTable {
    enum Object {
        case scalar(Document)
        case uid(UInt32)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    let options: WritingOptions
    var objects: [Object] = []
    var strings: [String: Int] = [:]
    var path = DocumentPath()

    init(options: WritingOptions) {
        self.options = options
    }

    func skips(_ value: Document) -> Bool {
        if case .null = value, case .omit = options.null { return true }
        return false
    }

    mutating func addString(_ string: String) -> Int {
        if let id = strings[string] { return id }
        objects.append(.scalar(.string(string)))
        strings[string] = objects.count - 1
        return objects.count - 1
    }

    /// Adds `document` and everything under it; returns its object number.
    mutating func add(_ document: Document) throws(DocumentError) -> Int {
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
            let id = objects.count
            objects.append(.array([]))
            var refs: [Int] = []
            refs.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() where !skips(element) {
                path.push(.index(index))
                refs.append(try add(element))
                path.pop()
            }
            objects[id] = .array(refs)
            return id
        case let .dictionary(members):
            if members.count == 1, let uid = members["CF$UID"], let value = Self.uidValue(uid) {
                objects.append(.uid(value))
                return objects.count - 1
            }
            let id = objects.count
            objects.append(.array([]))
            var keys: [Int] = [], values: [Int] = []
            keys.reserveCapacity(members.count)
            values.reserveCapacity(members.count)
            for member in options.ordered(members) where !skips(member.value) {
                path.push(.key(member.key))
                keys.append(addString(member.key))
                values.append(try add(member.value))
                path.pop()
            }
            objects[id] = .dictionary(keys: keys, values: values)
            return id
        default:
            objects.append(.scalar(document))
            return objects.count - 1
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

    func serialize(top: Int) -> Data {
        var out: [UInt8] = Array("bplist00".utf8)
        let refSize = Self.byteCount(UInt64(max(objects.count - 1, 0)))
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(out.count)
            switch object {
            case let .scalar(document): Self.append(document, to: &out)
            case let .uid(value):
                let size = Self.byteCount(UInt64(value))
                out.append(0x80 | UInt8(size - 1))
                Self.appendBigEndian(UInt64(value), size: size, to: &out)
            case let .array(refs):
                Self.appendMarker(0xA0, count: refs.count, to: &out)
                for ref in refs { Self.appendBigEndian(UInt64(ref), size: refSize, to: &out) }
            case let .dictionary(keys, values):
                Self.appendMarker(0xD0, count: keys.count, to: &out)
                for ref in keys { Self.appendBigEndian(UInt64(ref), size: refSize, to: &out) }
                for ref in values { Self.appendBigEndian(UInt64(ref), size: refSize, to: &out) }
            }
        }
        let tableOffset = out.count
        let offsetSize = Self.byteCount(UInt64(max(tableOffset, 1)))
        for offset in offsets { Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &out) }
        out.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)])
        Self.appendBigEndian(UInt64(objects.count), size: 8, to: &out)
        Self.appendBigEndian(UInt64(top), size: 8, to: &out)
        Self.appendBigEndian(UInt64(tableOffset), size: 8, to: &out)
        return Data(out)
    }

    /// 1, 2, 4 or 8: the bytes an unsigned value needs.
    static func byteCount(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    static func appendBigEndian(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    static func appendMarker(_ marker: UInt8, count: Int, to out: inout [UInt8]) {
        if count < 15 {
            out.append(marker | UInt8(count))
        } else {
            out.append(marker | 0x0F)
            appendInteger(UInt64(count), to: &out)
        }
    }

    static func appendInteger(_ value: UInt64, to out: inout [UInt8]) {
        let size = byteCount(value)
        out.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(value, size: size, to: &out)
    }

    static func append(_ document: Document, to out: inout [UInt8]) {
        switch document {
        case let .bool(value): out.append(value ? 0x09 : 0x08)
        case let .integer(value):
            if value >= 0 {
                appendInteger(UInt64(value), to: &out)
            } else {
                out.append(0x13)
                appendBigEndian(UInt64(bitPattern: value), size: 8, to: &out)
            }
        case let .unsignedInteger(value):
            out.append(0x14)
            appendBigEndian(0, size: 8, to: &out)
            appendBigEndian(value, size: 8, to: &out)
        case let .double(value):
            out.append(0x23)
            appendBigEndian(value.bitPattern, size: 8, to: &out)
        case let .date(value):
            out.append(0x33)
            appendBigEndian(value.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &out)
        case let .data(value):
            appendMarker(0x40, count: value.count, to: &out)
            out.append(contentsOf: value)
        case let .string(value):
            if value.utf8.allSatisfy({ $0 < 0x80 }) {
                appendMarker(0x50, count: value.utf8.count, to: &out)
                out.append(contentsOf: value.utf8)
            } else {
                appendMarker(0x60, count: value.utf16.count, to: &out)
                for unit in value.utf16 {
                    out.append(UInt8(unit >> 8))
                    out.append(UInt8(unit & 0xFF))
                }
            }
        case .null, .array, .dictionary:
            break  // containers and nulls are laid out by the table
        }
    }
}
