/// `Document` as a Codable value: a field of any shape inside a Codable model.

import Foundation
import OrderedCollections

extension Document: Codable {
    /// Encodes the value with the encoder's own types: integers stay `Int64`/`UInt64`, reals
    /// `Double`, dates `Date` and data `Data` (so a property-list encoder writes `<date>` and
    /// `<data>`, and a JSON encoder applies its date and data strategies), dictionaries keyed in
    /// their order.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case let .bool(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .integer(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .unsignedInteger(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .double(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .number(value):
            // Codable has no number beyond 64 bits; the text keeps every digit.
            var container = encoder.singleValueContainer()
            try container.encode(value.text)
        case let .string(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .date(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .data(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .array(elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case let .dictionary(members):
            var container = encoder.container(keyedBy: DocumentCodingKey.self)
            for (key, value) in members { try container.encode(value, forKey: DocumentCodingKey(key.string)) }
        }
    }

    /// Decodes whatever the decoder holds, trying the narrowest type first: null, bool, `Int64`,
    /// `UInt64`, `Double`, string, date, data, array, dictionary.
    ///
    /// Bools, integers and reals stay apart where the decoder keeps them apart (a property-list
    /// decoder does; Foundation's `JSONDecoder` hands out `1.0` as the integer 1). Dictionary
    /// order is the decoder's `allKeys` order, which Foundation's decoders do not keep.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Bool.self) { self = .bool(value); return }
            if let value = try? container.decode(Int64.self) { self = .integer(value); return }
            if let value = try? container.decode(UInt64.self) { self = .unsignedInteger(value); return }
            if let value = try? container.decode(Double.self) { self = .double(value); return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
            if let value = try? container.decode(Date.self) { self = .date(value); return }
            if let value = try? container.decode(Data.self) { self = .data(value); return }
        }
        // Named keys first: a format where one value reads both ways (a CSV row is named
        // columns and also a list of fields) must come back as the dictionary it was written
        // as. Integer-only keys may be an array's indexed columns, so those try the array next.
        let keyed = try? decoder.container(keyedBy: DocumentCodingKey.self)
        if let keyed, keyed.allKeys.contains(where: { Int($0.stringValue) == nil }) {
            self = .dictionary(try Self.members(of: keyed))
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [Document] = []
            if let count = container.count { elements.reserveCapacity(count) }
            while !container.isAtEnd { elements.append(try container.decode(Document.self)) }
            self = .array(elements)
            return
        }
        if let keyed {
            self = .dictionary(try Self.members(of: keyed))
            return
        }
        throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "Expected a document value but found nothing decodable."))
    }
}

extension Document {
    fileprivate static func members(
        of container: KeyedDecodingContainer<DocumentCodingKey>
    ) throws -> OrderedDictionary<DocumentKey, Document> {
        var members = OrderedDictionary<DocumentKey, Document>()
        for key in container.allKeys { members[key.stringValue] = try container.decode(Document.self, forKey: key) }
        return members
    }
}

/// Any string (or integer) as a coding key, for dictionaries of arbitrary keys.
struct DocumentCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
