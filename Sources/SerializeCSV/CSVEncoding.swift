/// The one owner of CSV text encodings: naming them and decoding any of them to UTF-8.

public import Foundation
public import SerializeCore

/// The text encoding of a CSV input. Every reader decodes to UTF-8 up front through
/// ``decode(_:)``; a byte-order mark is honoured and dropped.
public enum CSVEncoding: String, Sendable, Hashable, CaseIterable {
    /// UTF-8 (a byte-order mark is skipped).
    case utf8 = "utf-8"
    /// UTF-16, little-endian (a byte-order mark is skipped).
    case utf16LE = "utf-16le"
    /// UTF-16, big-endian.
    case utf16BE = "utf-16be"
    /// UTF-32: little-endian unless a big-endian byte-order mark says otherwise.
    case utf32 = "utf-32"
    /// ISO 8859-1: each byte is the scalar of the same number.
    case latin1
    /// Windows code page 1252: Latin-1 with printable characters (`€`, `‘`, …) in 0x80–0x9F.
    case windows1252 = "windows-1252"

    /// The encoding a name names: the raw values, and `utf8`, `utf16le`, `utf16be`, `utf16`
    /// (by its byte-order mark, little-endian without), `utf32`, `iso-8859-1`, `cp1252`, case-insensitive.
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
        switch key {
        case "utf-8", "utf8": self = .utf8
        case "utf-16le", "utf16le", "utf-16", "utf16": self = .utf16LE
        case "utf-16be", "utf16be": self = .utf16BE
        case "utf-32", "utf32", "utf-32le", "utf32le", "utf-32be", "utf32be": self = .utf32
        case "latin1", "latin-1", "iso-8859-1", "iso8859-1": self = .latin1
        case "windows-1252", "windows1252", "cp1252": self = .windows1252
        default: return nil
        }
    }

    /// The encoding a byte-order mark at the start of `data` names, or `nil` without one.
    public static func byteOrderMark(of data: some Collection<UInt8>) -> CSVEncoding? {
        let head = Array(data.prefix(4))
        if head.starts(with: [0xFF, 0xFE, 0, 0]) || head.starts(with: [0, 0, 0xFE, 0xFF]) { return .utf32 }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8 }
        if head.starts(with: [0xFF, 0xFE]) { return .utf16LE }
        if head.starts(with: [0xFE, 0xFF]) { return .utf16BE }
        return nil
    }

    /// The characters Windows-1252 puts at 0x80–0x9F (0 where it has none: those bytes are read
    /// as the Latin-1 control character of the same number).
    private static let windows1252High: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// `data` in UTF-8, without a byte-order mark. UTF-8 input is returned as it is (less its
    /// mark): the parser checks its validity where it locates errors.
    ///
    /// - Throws: ``Diagnostic`` `invalidUTF8` for UTF-16 or UTF-32 that is cut short or holds
    ///   an unpaired surrogate or a value above U+10FFFF, at its byte offset.
    public func decode(_ data: Data) throws(Diagnostic) -> Data {
        let bytes = [UInt8](data)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        func append(_ value: UInt32, at offset: Int) throws(Diagnostic) {
            guard let scalar = Unicode.Scalar(value) else {
                throw Diagnostic(.invalidUTF8, "not a Unicode scalar (\(String(value, radix: 16))) in \(rawValue) text", at: InputLocation(byteOffset: offset))
            }
            output.append(contentsOf: String(scalar).utf8)
        }
        switch self {
        case .utf8:
            return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        case .latin1, .windows1252:
            for byte in bytes {
                if byte < 0x80 {
                    output.append(byte)
                } else if self == .windows1252, byte < 0xA0, case let mapped = Self.windows1252High[Int(byte - 0x80)], mapped != 0 {
                    try append(mapped, at: 0)
                } else {
                    try append(UInt32(byte), at: 0)
                }
            }
        case .utf16LE, .utf16BE:
            var bigEndian = self == .utf16BE
            var index = 0
            if let mark = Self.byteOrderMark(of: bytes), mark == .utf16LE || mark == .utf16BE {
                bigEndian = mark == .utf16BE
                index = 2
            }
            func unit(_ at: Int) -> UInt32 {
                bigEndian ? UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) : UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
            }
            while index < bytes.count {
                guard index + 1 < bytes.count else {
                    throw Diagnostic(.invalidUTF8, "UTF-16 text ends in half a code unit", at: InputLocation(byteOffset: index))
                }
                let first = unit(index)
                if (0xD800..<0xDC00).contains(first) {
                    guard index + 3 < bytes.count, case let second = unit(index + 2), (0xDC00..<0xE000).contains(second) else {
                        throw Diagnostic(.invalidUTF8, "unpaired UTF-16 surrogate", at: InputLocation(byteOffset: index))
                    }
                    try append(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), at: index)
                    index += 4
                } else {
                    try append(first, at: index)
                    index += 2
                }
            }
        case .utf32:
            var bigEndian = false
            var index = 0
            if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { bigEndian = true; index = 4 } else if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { index = 4 }
            while index < bytes.count {
                guard index + 3 < bytes.count else {
                    throw Diagnostic(.invalidUTF8, "UTF-32 text ends in part of a code unit", at: InputLocation(byteOffset: index))
                }
                let b = bytes[index..<index + 4].map(UInt32.init)
                try append(bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0], at: index)
                index += 4
            }
        }
        return Data(output)
    }
}
