/// Document codecs on Foundation's `JSONSerialization` and `PropertyListSerialization`.

import Foundation
import SerializeDocument
import OrderedCollections

extension DocumentCodec {
    /// JSON through `JSONSerialization`: keys come back sorted (Foundation keeps no order),
    /// dates are written as ISO 8601 text, data as Base64, NaN and ±∞ are refused.
    public static let foundationJSON = DocumentCodec(
        name: "json", format: .json,
        read: { data in try FoundationBridge.document(from: JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) },
        write: { document in
            try JSONSerialization.data(
                withJSONObject: FoundationBridge.object(from: document, forJSON: true),
                options: [.fragmentsAllowed, .prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        })

    /// An XML property list through `PropertyListSerialization`: `null` is refused, keys come back sorted.
    public static let foundationXMLPlist = foundationPlist(.xml, name: "xml", format: .xmlPlist)

    /// A binary property list through `PropertyListSerialization`: `null` is refused, keys come back sorted.
    public static let foundationBinaryPlist = foundationPlist(.binary, name: "binary", format: .binaryPlist)

    private static func foundationPlist(_ kind: PropertyListSerialization.PropertyListFormat, name: String, format: Format) -> DocumentCodec {
        DocumentCodec(
            name: name, format: format,
            read: { data in try FoundationBridge.document(from: PropertyListSerialization.propertyList(from: data, format: nil)) },
            write: { document in
                try PropertyListSerialization.data(fromPropertyList: FoundationBridge.object(from: document, forJSON: false), format: kind, options: 0)
            })
    }
}

/// Converts between ``Document`` and Foundation's `Any` trees.
enum FoundationBridge {
    struct Refusal: Error, CustomStringConvertible {
        var description: String
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
            var result = OrderedDictionary<String, Document>()
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

    static func object(from document: Document, forJSON: Bool, path: String = "$") throws -> Any {
        switch document {
        case .null:
            if forJSON { return NSNull() }
            throw Refusal(description: "\(path): property lists have no null")
        case let .bool(v): return v
        case let .integer(v): return NSNumber(value: v)
        case let .unsignedInteger(v): return NSNumber(value: v)
        case let .double(v):
            if forJSON && !v.isFinite { throw Refusal(description: "\(path): JSON has no \(v)") }
            return NSNumber(value: v)
        case let .string(v): return v
        case let .date(v):
            guard forJSON else { return v }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.string(from: v)
        case let .data(v): return forJSON ? v.base64EncodedString() : v
        case let .array(v):
            return try v.enumerated().map { try object(from: $1, forJSON: forJSON, path: path + "[\($0)]") }
        case let .dictionary(v):
            var result: [String: Any] = [:]
            for (key, value) in v { result[key] = try object(from: value, forJSON: forJSON, path: path + EncodedValue.pathStep(key)) }
            return result
        }
    }
}
