/// Documents through Foundation's `JSONSerialization` and `PropertyListSerialization`: the
/// document side of ``RoundTripFormat/Coder/foundation``.

import Foundation
import SerializeCore
import SerializeDocument
import OrderedCollections

/// Converts between ``Document`` and Foundation's `Any` trees.
enum FoundationBridge {
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads JSON or a property list (told apart by ``Format/detect(in:)``): keys come back
    /// sorted, as Foundation keeps no order.
    static func read(_ data: Data) throws -> Document {
        if Format.detect(in: data).isPropertyList {
            return try document(from: PropertyListSerialization.propertyList(from: data, format: nil))
        }
        return try document(from: JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// Writes `document` as JSON (dates, data and NaN through `options`, the same texts
    /// serialize's writers use; keys sorted) or as a property list (`null` refused).
    static func write(_ document: Document, as format: Format, options: FormatOptions) throws -> Data {
        switch format {
        case .json:
            var writing: JSONSerialization.WritingOptions = [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]
            if options.pretty { writing.insert(.prettyPrinted) }
            return try JSONSerialization.data(withJSONObject: object(from: document, options: options), options: writing)
        case .xmlPlist, .binaryPlist:
            return try PropertyListSerialization.data(
                fromPropertyList: object(from: document, options: nil), format: format == .xmlPlist ? .xml : .binary, options: 0)
        case .csv:
            throw Refusal(description: "Foundation has no CSV serialization")
        }
    }

    static func document(from object: Any) throws -> Document {
        switch object {
        case is NSNull: return .null
        case let value as Bool where !(object is NSNumber) || isBoolean(object): return .bool(value)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            case "Q", "L", "I", "S", "C":
                return number.uint64Value > UInt64(Int64.max) ? .unsignedInteger(number.uint64Value) : .integer(number.int64Value)
            default: return .integer(number.int64Value)
            }
        case let value as String: return .string(value)
        case let value as Date: return .date(value)
        case let value as Data: return .data(value)
        case let value as [Any]: return .array(try value.map(document(from:)))
        case let value as [String: Any]:
            var result = OrderedDictionary<DocumentKey, Document>()
            for key in value.keys.sorted() { result[key] = try document(from: value[key] as Any) }
            return .dictionary(result)
        default:
            throw Refusal(description: "unsupported value of type \(type(of: object))")
        }
    }

    private static func isBoolean(_ object: Any) -> Bool {
        guard let number = object as? NSNumber else { return true }
        return ["c", "B"].contains(String(cString: number.objCType))
    }

    /// Foundation's object for `document`; `options` is nil for a property list, which holds
    /// dates and data natively and has no null.
    static func object(from document: Document, options: FormatOptions?, path: ValuePath = ValuePath()) throws -> Any {
        let forJSON = options != nil
        switch document {
        case .null:
            if forJSON { return NSNull() }
            throw Refusal(description: "\(path): property lists have no null")
        case let .bool(v): return v
        case let .integer(v): return NSNumber(value: v)
        case let .unsignedInteger(v): return NSNumber(value: v)
        case let .number(v):
            throw Refusal(description: "\(path): Foundation has no number such as \(v.text), beyond 64 bits")
        case let .double(v):
            if let options, !v.isFinite {
                do {
                    return try options.text(ofNonFinite: v, at: path)
                } catch {
                    throw Refusal(description: "\(path): JSON has no \(v)")
                }
            }
            return NSNumber(value: v)
        case let .string(v): return v
        case let .date(v):
            guard let options else { return v }
            switch try options.text(ofDate: v, at: path) {
            case let .string(text): return text
            case let .number(text): return NSNumber(value: Double(text) ?? .nan)
            }
        case let .data(v): return options.map { $0.text(ofData: v) } ?? v
        case let .array(v):
            return try v.enumerated().map { try object(from: $1, options: options, path: path.appending(.index($0))) }
        case let .dictionary(v):
            var result: [String: Any] = [:]
            for (key, value) in v {
                result[key.string] = try object(from: value, options: options, path: path.appending(.key(key.string)))
            }
            // A Swift dictionary merges canonically equivalent keys (K and U+212A); say so rather than lose one.
            guard result.count == v.count else {
                throw Refusal(description: "\(path): Foundation's dictionaries merge keys that differ only in Unicode normalization")
            }
            return result
        }
    }
}
