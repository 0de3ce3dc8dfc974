/// A value's stored properties as an ``EncodedValue``, to catch what `encode(to:)` never writes.

import Foundation
import SerializeDocument

extension EncodedValue {
    /// The stored properties of `value`, read by reflection (`Mirror`), superclasses included.
    ///
    /// Structs and classes become keyed values by property name, enums a one-key value by case
    /// name, collections arrays (sets sorted by description), dictionaries keyed values; numbers,
    /// strings, dates and data keep their own cases. Comparing two of these finds a stored
    /// property that `encode(to:)` never writes (a subclass without its own `encode(to:)`, a
    /// property left out of `CodingKeys`), which a comparison of coded fields cannot see.
    package init(reflecting value: Any) {
        self = Self.reflect(value, depth: 0)
    }

    private static func reflect(_ value: Any, depth: Int) -> EncodedValue {
        guard depth < 64 else { return .string("…") }
        switch value {
        case let v as Bool: return .bool(v)
        case let v as Int: return .signed(Int64(v))
        case let v as Int8: return .signed(Int64(v))
        case let v as Int16: return .signed(Int64(v))
        case let v as Int32: return .signed(Int64(v))
        case let v as Int64: return .signed(v)
        case let v as UInt: return .unsigned(UInt64(v))
        case let v as UInt8: return .unsigned(UInt64(v))
        case let v as UInt16: return .unsigned(UInt64(v))
        case let v as UInt32: return .unsigned(UInt64(v))
        case let v as UInt64: return .unsigned(v)
        case let v as Float: return .float(v)
        case let v as Double: return .double(v)
        case let v as String: return .string(v)
        case let v as Date: return .date(v)
        case let v as Data: return .data(v)
        case let v as URL: return .string(v.absoluteString)
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { reflect($0.value, depth: depth + 1) } ?? .null
        case .collection, .tuple:
            return .array(mirror.children.map { reflect($0.value, depth: depth + 1) })
        case .set:
            return .array(mirror.children.map { reflect($0.value, depth: depth + 1) }.sorted { $0.description < $1.description })
        case .dictionary:
            var entries: [DocumentKey: EncodedValue] = [:]
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { continue }
                entries[DocumentKey(String(describing: pair[0].value))] = reflect(pair[1].value, depth: depth + 1)
            }
            return .keyed(entries)
        case .enum:
            let name = String(describing: value).prefix { $0 != "(" }
            guard let payload = mirror.children.first else { return .string(String(name)) }
            return .keyed([DocumentKey(String(name)): reflect(payload.value, depth: depth + 1)])
        case .struct, .class:
            var fields: [DocumentKey: EncodedValue] = [:]
            var current: Mirror? = mirror
            while let level = current {
                for (index, child) in level.children.enumerated() {
                    fields[DocumentKey(child.label ?? "\(index)")] = reflect(child.value, depth: depth + 1)
                }
                current = level.superclassMirror
            }
            return .keyed(fields)
        default:
            return .string(String(describing: value))
        }
    }
}
