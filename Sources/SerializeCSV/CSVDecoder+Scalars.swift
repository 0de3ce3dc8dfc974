/// The scalars of ``CSVDecoder``: a field's text into Bool, numbers, strings, dates, data,
/// URLs and decimals, with the errors that name the field.

import Foundation
import SerializeCore

extension CSVRowDecoder {

    /// The column of the leaf value of `type` at `leaf`, once the row is known to hold a value
    /// there (an empty field counts when `allowsEmpty`).
    @inline(__always)
    func valueColumn(_ leaf: CSVLeaf, for type: Any.Type, allowsEmpty: Bool = false) throws -> Int {
        // A field with text is a value when only an empty field can be nil: the common case,
        // decided from the field alone, without the path.
        if let column = leaf.column, row.nilIsEmptyOnly, row.hasText(column) { return column }
        return try valueColumn(leaf.path(in: context), for: type, allowsEmpty: allowsEmpty, column: leaf.column)
    }

    /// ``valueColumn(_:for:allowsEmpty:)`` at `path`.
    ///
    /// - Parameter column: The column of `path` when the caller already looked it up.
    func valueColumn(_ path: String, for type: Any.Type, allowsEmpty: Bool = false, column: Int? = nil) throws -> Int {
        guard let column = column ?? context.column(path) else {
            if exists(path) {
                throw DecodingError.typeMismatch(
                    type, errorContext(path, "Expected to decode \(type) but found nested columns below \"\(path)\"."))
            }
            throw DecodingError.valueNotFound(
                type, errorContext(path, "Expected to decode \(type) but the header has no column \"\(path)\"."))
        }
        guard column < row.count else {
            throw DecodingError.valueNotFound(
                type, errorContext(path, "Expected to decode \(type) but the row has no field for \"\(path)\"."))
        }
        if allowsEmpty, row.isEmpty(column) { return column }
        if isAbsent(column) {
            let text = row.string(column)
            let found = text.isEmpty ? "an empty field" : "the null value \"\(text)\""
            throw DecodingError.valueNotFound(
                type, errorContext(path, "Expected to decode \(type) but found \(found) instead."))
        }
        return column
    }

    /// The text at `path` for a leaf value of `type` (see ``valueColumn(_:for:allowsEmpty:column:)``).
    func text(_ path: String, for type: Any.Type, allowsEmpty: Bool = false) throws -> String {
        row.string(try valueColumn(path, for: type, allowsEmpty: allowsEmpty))
    }

    func mismatch(_ type: Any.Type, _ path: String, _ text: String, _ hint: String = "") -> DecodingError {
        DecodingError.typeMismatch(
            type, errorContext(path, "Expected to decode \(type) but found \"\(text)\" instead.\(hint)"))
    }

    func mismatch(_ type: Any.Type, _ leaf: CSVLeaf, _ text: String, _ hint: String = "") -> DecodingError {
        mismatch(type, leaf.path(in: context), text, hint)
    }

    func decodeBool(_ path: String) throws -> Bool { try decodeBool(CSVLeaf(path)) }

    func decodeBool(_ leaf: CSVLeaf) throws -> Bool {
        let column = try valueColumn(leaf, for: Bool.self)
        // The words as written, compared as bytes; any other spelling goes by its text.
        let spelled = context.boolWordBytes
        if let bytes = row.plainBytes(column) {
            if Self.equal(bytes, spelled.true) { return true }
            if Self.equal(bytes, spelled.false) { return false }
        }
        let text = row.string(column)
        let words = context.boolWords
        if text == words.true { return true }
        if text == words.false { return false }
        let lowered = text.lowercased()
        if lowered == words.true.lowercased() { return true }
        if lowered == words.false.lowercased() { return false }
        throw mismatch(Bool.self, leaf, text, " Booleans are written \"\(words.true)\" and \"\(words.false)\".")
    }

    @inline(__always)
    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        guard bytes.count == word.count else { return false }
        for index in 0..<word.count where bytes[index] != word[index] { return false }
        return true
    }

    /// An integer read from the field's bytes by ``DecimalNumber`` (no `String` made unless it fails).
    /// Inlined into each container method, so that it is specialized for its type (a shared
    /// generic body converts through the standard library's witnesses per value).
    @inline(__always)
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, _ leaf: CSVLeaf) throws -> T {
        let column = try valueColumn(leaf, for: type)
        let parsed: T? =
            if let bytes = row.plainBytes(column) {
                DecimalNumber.integer(bytes, as: T.self)
            } else {
                row.withBytes(column) { DecimalNumber.integer($0, as: T.self) }
            }
        guard let value = parsed else {
            throw mismatch(type, leaf, row.string(column))
        }
        return value
    }

    /// An `Int`, `Int64` or `UInt64` read from the field's bytes by `read`, one of
    /// ``DecimalNumber``'s concrete readers (``decodeInteger(_:_:)`` is generic, and what it
    /// calls goes through the standard library's witnesses per value unless it specializes).
    @inline(__always)
    func decodeInteger<T>(
        _ type: T.Type, _ leaf: CSVLeaf, _ read: (UnsafeBufferPointer<UInt8>) -> T?
    ) throws -> T {
        let column = try valueColumn(leaf, for: type)
        let parsed = if let bytes = row.plainBytes(column) { read(bytes) } else { row.withBytes(column, read) }
        guard let value = parsed else { throw mismatch(type, leaf, row.string(column)) }
        return value
    }

    /// A float read from the field's bytes by ``DecimalNumber`` (a `Double`, or a `Float`), or by
    /// its text when named non-finite words are allowed.
    @inline(__always)
    func decodeFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type, _ leaf: CSVLeaf) throws -> T {
        let column = try valueColumn(leaf, for: type)
        let parsed: T?
        if let words = context.nonFiniteWords {
            let text = row.string(column)
            if text == words.positiveInfinity { return .infinity }
            if text == words.negativeInfinity { return -.infinity }
            if text == words.nan { return .nan }
            parsed = T.self == Double.self ? CSVValueText.double(text).map { T($0) } : T(text)
        } else if T.self == Double.self {
            parsed = (row.plainBytes(column).map(DecimalNumber.double) ?? row.withBytes(column, DecimalNumber.double)).map { T($0) }
        } else if T.self == Float.self {
            parsed = (row.plainBytes(column).map(DecimalNumber.float) ?? row.withBytes(column, DecimalNumber.float)).map { T($0) }
        } else {
            parsed = T(row.string(column))
        }
        guard let value = parsed else { throw mismatch(type, leaf, row.string(column)) }
        if !value.isFinite {
            throw DecodingError.dataCorrupted(
                errorContext(
                    leaf.path(in: context),
                    "Found the non-finite number \"\(row.string(column))\"; choose a nonConformingFloatStrategy to read it."))
        }
        return value
    }

    @inline(__always)
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, _ path: String) throws -> T {
        try decodeInteger(type, CSVLeaf(path))
    }
    @inline(__always)
    func decodeFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type, _ path: String) throws -> T {
        try decodeFloat(type, CSVLeaf(path))
    }

    func decodeString(_ path: String) throws -> String { try decodeString(CSVLeaf(path)) }

    func decodeString(_ leaf: CSVLeaf) throws -> String {
        row.string(try valueColumn(leaf, for: String.self, allowsEmpty: true))
    }

    /// `value` as `T`, which the caller has just checked it is.
    private func cast<T>(_ value: Any, _ path: String) throws -> T {
        guard let value = value as? T else {
            throw DecodingError.typeMismatch(T.self, errorContext(path, "Expected to decode \(T.self)."))
        }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type, _ path: String) throws -> T {
        let configuration = context.configuration
        if type == Date.self {
            let date: Date
            switch configuration.dateStrategy {
            case .deferredToDate:
                date = try Date(from: child(path))
            case .secondsSince1970, .millisecondsSince1970:
                let epoch: DateText.Epoch = if case .secondsSince1970 = configuration.dateStrategy { .secondsSince1970 } else { .millisecondsSince1970 }
                let number = try decodeFloat(Double.self, path)
                guard let value = DateText.date(fromNumber: number, since: epoch) else {
                    throw DecodingError.dataCorrupted(
                        errorContext(path, "Expected a date in \(DateText.yearsText) but found \(number) \(epoch == .secondsSince1970 ? "seconds" : "milliseconds") since 1970."))
                }
                date = value
            case .iso8601:
                let text = try text(path, for: Date.self)
                switch DateText.parse(Array(text.utf8)) {
                case let .success(parsed):
                    date = parsed.date
                case let .failure(failure):
                    throw DecodingError.dataCorrupted(
                        errorContext(path, "Expected an ISO 8601 date such as 2024-05-01T12:30:00Z but found \"\(text)\": \(failure.reason)."))
                }
            case let .formatted(formatter):
                let text = try text(path, for: Date.self)
                guard let value = formatter.date(from: text) else {
                    throw DecodingError.dataCorrupted(
                        errorContext(path, "Expected a date in the format \"\(formatter.dateFormat ?? "")\" but found \"\(text)\"."))
                }
                date = value
            case let .custom(_, decode):
                date = try decode(try text(path, for: Date.self))
            }
            return try cast(date, path)
        }
        if type == Data.self {
            let data: Data
            switch configuration.dataStrategy {
            case .deferredToData:
                data = try Data(from: child(path))
            case .base64:
                let text = try text(path, for: Data.self, allowsEmpty: true)
                guard let value = Data(base64Encoded: text) else {
                    throw DecodingError.dataCorrupted(errorContext(path, "Expected Base64 data but found \"\(text)\"."))
                }
                data = value
            case .hex:
                let text = try text(path, for: Data.self, allowsEmpty: true)
                guard let value = CSVValueText.hex(text) else {
                    throw DecodingError.dataCorrupted(
                        errorContext(path, "Expected hexadecimal data but found \"\(text)\"."))
                }
                data = value
            case let .custom(_, decode):
                data = try decode(try text(path, for: Data.self, allowsEmpty: true))
            }
            return try cast(data, path)
        }
        if type == URL.self {
            let text = try text(path, for: URL.self)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(errorContext(path, "Expected a URL but found \"\(text)\"."))
            }
            return try cast(url, path)
        }
        if type == Decimal.self {
            let text = try text(path, for: Decimal.self)
            guard CSVValueText.isDecimalNumber(text),
                let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
            else {
                throw mismatch(Decimal.self, path, text)
            }
            return try cast(decimal, path)
        }
        return try T(from: child(path))
    }
}
