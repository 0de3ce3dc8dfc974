/// The text of `<integer>`, `<real>`, `<date>` and `<data>`, checked and converted.

import Foundation
import SerializeCore

/// Parsers for the text-valued property-list tags. Each returns a value or a ``Problem`` naming
/// the byte (an index into the text) where the text goes wrong.
enum PlistScalar {
    /// Why a tag's text is not a value of its type.
    struct Problem: Error {
        var code: Diagnostic.Code
        var message: String
        /// Index into the text of the first offending byte.
        var index: Int
    }

    // MARK: - Integers

    /// `[+-]digits` or `[+-]0x hex-digits`, from `Int64.min` through `UInt64.max`, as plutil
    /// reads them (no white space).
    static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Result<Document, Problem> {
        // Decimal text in range: the one number reader. Hexadecimal text and every problem
        // (which byte, overflow) are worked out below.
        switch DecimalNumber.integer(text) {
        case let .signed(value): return .success(.integer(value))
        case let .unsigned(value): return .success(.unsignedInteger(value))
        case nil: break
        }
        guard !text.isEmpty else {
            return .failure(Problem(code: .badInteger, message: "empty <integer>: write a whole number such as 0", index: 0))
        }
        var i = 0
        var negative = false
        if text[0] == UInt8(ascii: "-") || text[0] == UInt8(ascii: "+") {
            negative = text[0] == UInt8(ascii: "-")
            i = 1
        }
        var radix: UInt64 = 10
        if i + 1 < text.count, text[i] == UInt8(ascii: "0"), text[i + 1] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            i += 2
        }
        guard i < text.count else {
            return .failure(Problem(code: .badInteger, message: "<integer> \(preview(text)) has no digits", index: i))
        }
        var magnitude: UInt64 = 0
        var overflow = false
        while i < text.count {
            guard let digit = digitValue(text[i], radix: radix) else {
                return .failure(Problem(code: .badInteger, message: "<integer> \(preview(text)) is not a whole number: unexpected \(describe(text[i]))", index: i))
            }
            let (shifted, o1) = magnitude.multipliedReportingOverflow(by: radix)
            let (added, o2) = shifted.addingReportingOverflow(digit)
            overflow = overflow || o1 || o2
            magnitude = added
            i += 1
        }
        if overflow || (negative && magnitude > UInt64(Int64.max) + 1) {
            let range = "property-list integers hold \(Int64.min) through \(UInt64.max)"
            return .failure(Problem(code: .integerOverflow, message: "<integer> \(preview(text)) is out of range: \(range)", index: 0))
        }
        if negative { return .success(.integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))) }
        return .success(magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude))
    }

    private static func digitValue(_ byte: UInt8, radix: UInt64) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: UInt64(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: - Reals

    /// A decimal or hexadecimal floating-point number, `nan`, `inf` or `infinity` with an
    /// optional sign (no white space, as plutil).
    static func real(_ text: UnsafeBufferPointer<UInt8>) -> Result<Double, Problem> {
        guard !text.isEmpty else {
            return .failure(Problem(code: .badReal, message: "empty <real>: write a number such as 0.5", index: 0))
        }
        if let space = text.firstIndex(where: isSpace) {
            return .failure(Problem(code: .badReal, message: "<real> \(preview(text)) has white space; write the number alone", index: space))
        }
        guard let value = DecimalNumber.double(text) else {
            return .failure(Problem(code: .badReal, message: "<real> \(preview(text)) is not a number", index: 0))
        }
        return .success(value)
    }

    // MARK: - Dates

    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC, as plutil writes and reads it, by the one date grammar
    /// (``DateText``): also with fractional seconds (`…:SS.25Z`), which serialize writes for dates
    /// that have them, or an offset (`+02:00`); plutil refuses both, so the walker notes them.
    ///
    /// - Returns: the date, and whether it had fractional seconds or an offset.
    static func date(_ text: [UInt8]) -> Result<(date: Date, fractional: Bool, offset: Bool), Problem> {
        switch DateText.parse(text) {
        case let .success(parsed):
            return .success((parsed.date, parsed.hasFraction, parsed.offsetSeconds != nil))
        case let .failure(failure):
            return .failure(Problem(code: .badDate, message: "<date> \(preview(text)) is not a date: \(failure.reason); write YYYY-MM-DDTHH:MM:SSZ in UTC", index: failure.index))
        }
    }

    // MARK: - Data

    /// Base64 with white space anywhere and optional padding. With `keep` false only checks.
    static func data(_ text: UnsafeBufferPointer<UInt8>, keep: Bool) -> Result<Data, Problem> {
        var output = Data()
        if keep { output.reserveCapacity(text.count / 4 * 3) }
        var quad: UInt32 = 0, filled = 0, padding = 0, symbols = 0
        for (index, byte) in text.enumerated() {
            if isSpace(byte) { continue }
            if byte == UInt8(ascii: "=") {
                padding += 1
                guard filled >= 2, filled + padding <= 4 else {
                    return .failure(Problem(code: .badData, message: "<data> is not base64: misplaced '=' padding", index: index))
                }
                continue
            }
            guard let value = base64Value(byte) else {
                return .failure(Problem(code: .badData, message: "<data> is not base64: unexpected \(describe(byte)); base64 uses A–Z, a–z, 0–9, '+', '/' and '=' padding", index: index))
            }
            guard padding == 0 else {
                return .failure(Problem(code: .badData, message: "<data> is not base64: data after '=' padding", index: index))
            }
            symbols += 1
            quad = quad << 6 | UInt32(value)
            filled += 1
            if filled == 4 {
                if keep { output.append(contentsOf: [UInt8(quad >> 16 & 0xFF), UInt8(quad >> 8 & 0xFF), UInt8(quad & 0xFF)]) }
                quad = 0
                filled = 0
            }
        }
        if filled == 0 && padding > 0 {
            return .failure(Problem(code: .badData, message: "<data> is not base64: misplaced '=' padding", index: 0))
        }
        switch filled {
        case 1:
            return .failure(Problem(code: .badData, message: "<data> is not base64: \(symbols) symbols cannot encode whole bytes (one is missing or extra)", index: text.count))
        case 2:
            if keep { output.append(UInt8(quad >> 4 & 0xFF)) }
        case 3:
            if keep { output.append(contentsOf: [UInt8(quad >> 10 & 0xFF), UInt8(quad >> 2 & 0xFF)]) }
        default:
            break
        }
        return .success(output)
    }

    private static func base64Value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }

    // MARK: - Text helpers

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The text quoted for a message, shortened past 40 characters.
    static func preview(_ text: some Collection<UInt8>) -> String {
        let string = String(decoding: text, as: UTF8.self)
        let short = string.count > 40 ? String(string.prefix(40)) + "…" : string
        return "\"\(short)\""
    }

    /// A byte named for a message: `'x'` or `byte 0x07`.
    static func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : byte == 0x20 ? "a space" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
