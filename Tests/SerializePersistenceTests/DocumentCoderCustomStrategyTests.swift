/// serialize's own coder's `.custom` strategies (keys, dates, data), Foundation's closures that
/// `FormatOptions` cannot hold, compared with what `JSONEncoder` and `JSONDecoder` do with the
/// same closures.

import Foundation
import Testing
import SerializeCodable
import SerializeCoding
import SerializeCore
import SerializeDocument

@Suite struct DocumentCoderCustomStrategyTests {
    struct Event: Codable, Equatable {
        var eventName: String
        var startsAt: Date
        var payload: Data
        var tags: [String: Int]
    }

    static let event = Event(
        eventName: "launch", startsAt: Date(timeIntervalSince1970: 1_700_000_000.25), payload: Data([0, 1, 254, 255]),
        tags: ["first": 1])

    /// Keys upper-cased, dates as epoch milliseconds, data as a hex string: the same closures for
    /// Foundation's coder and ours.
    static let upperKey: @Sendable ([any CodingKey]) -> any CodingKey = { path in AnyCodingKey(stringValue: path.last!.stringValue.uppercased()) }
    static let lowerFirstKey: @Sendable ([any CodingKey]) -> any CodingKey = { path in
        let key = path.last!.stringValue
        // EVENTNAME → eventName, by the type's own keys (what a user's closure does).
        let known = ["EVENTNAME": "eventName", "STARTSAT": "startsAt", "PAYLOAD": "payload", "TAGS": "tags"]
        return AnyCodingKey(stringValue: known[key] ?? key.lowercased())
    }
    static let millis: @Sendable (Date, any Encoder) throws -> Void = { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }
    static let fromMillis: @Sendable (any Decoder) throws -> Date = { decoder in
        Date(timeIntervalSince1970: Double(try decoder.singleValueContainer().decode(Int64.self)) / 1000)
    }
    static let hex: @Sendable (Data, any Encoder) throws -> Void = { data, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(data.map { String(format: "%02x", $0) }.joined())
    }
    static let fromHex: @Sendable (any Decoder) throws -> Data = { decoder in
        let text = try decoder.singleValueContainer().decode(String.self)
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not hex"))
            }
            bytes.append(byte)
            index = next
        }
        return Data(bytes)
    }

    static var encoder: DocumentEncoder {
        var encoder = DocumentEncoder(options: FormatOptions(pretty: false, sortKeys: true))
        encoder.custom = CustomEncoding(keys: upperKey, dates: millis, data: hex)
        return encoder
    }

    static var decoder: DocumentDecoder {
        DocumentDecoder(custom: CustomDecoding(keys: lowerFirstKey, dates: fromMillis, data: fromHex))
    }

    @Test func customStrategiesWriteWhatFoundationWrites() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        foundation.keyEncodingStrategy = .custom(Self.upperKey)
        foundation.dateEncodingStrategy = .custom(Self.millis)
        foundation.dataEncodingStrategy = .custom(Self.hex)
        let ours = try Self.encoder.encode(Self.event, as: .json)
        let theirs = try foundation.encode(Self.event)
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
        #expect(String(decoding: ours, as: UTF8.self).contains(#""STARTSAT":1700000000250"#))
        #expect(String(decoding: ours, as: UTF8.self).contains(#""PAYLOAD":"0001feff""#))
        // A [String: Int]'s keys are data, not coding keys: no strategy renames them (Foundation's rule).
        #expect(String(decoding: ours, as: UTF8.self).contains(#""TAGS":{"first":1}"#))
    }

    @Test(arguments: [Format.json, .xmlPlist, .binaryPlist])
    func customStrategiesRoundTrip(format: Format) throws {
        let data = try Self.encoder.encode(Self.event, as: format)
        #expect(try Self.decoder.decode(Event.self, from: data, as: format) == Self.event)
        // A date the closure wrote as a number is a number in the document, not a plist date.
        let document = try format.read(data, options: FormatOptions())
        #expect(try document.value(at: ValuePath([.key("STARTSAT")])) == .integer(1_700_000_000_250))
    }

    @Test func customKeysReadWhatFoundationReads() throws {
        let json = Data(#"{"EVENTNAME":"launch","STARTSAT":1700000000250,"PAYLOAD":"0001feff","TAGS":{"FIRST":1,"Second":2}}"#.utf8)
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .custom(Self.lowerFirstKey)
        foundation.dateDecodingStrategy = .custom(Self.fromMillis)
        foundation.dataDecodingStrategy = .custom(Self.fromHex)
        let ours = try Self.decoder.decode(Event.self, from: json, as: .json)
        let theirs = try foundation.decode(Event.self, from: json)
        #expect(ours == theirs)
        #expect(ours.tags == ["FIRST": 1, "Second": 2])
    }

    @Test func twoKeysTheClosureMakesOneAreRefusedNotMerged() throws {
        struct Inner: Decodable { var a: Int }
        struct Box: Decodable { var inner: Inner }
        let json = Data(#"{"inner":{"a":1,"A":2}}"#.utf8)
        let decoder = DocumentDecoder(custom: CustomDecoding(keys: { path in AnyCodingKey(stringValue: path.last!.stringValue.lowercased()) }))
        #expect {
            try decoder.decode(Box.self, from: json, as: .json)
        } throws: { error in
            guard case let .dataCorrupted(context) = error as? DecodingError else { return false }
            return context.debugDescription.contains(#"Keys "a" and "A" both become "a""#) && context.codingPath.map(\.stringValue) == ["inner"]
        }
    }

    /// snake_case renames coding keys only: a dictionary's own keys come back as they were
    /// (`my_tag` stayed `my_tag`; converting would have read it back as `myTag`).
    @Test(arguments: [Format.json, .xmlPlist, .binaryPlist])
    func snakeCaseLeavesDictionaryKeysAlone(format: Format) throws {
        struct Tagged: Codable, Equatable { var tagCounts: [String: Int] }
        let value = Tagged(tagCounts: ["my_tag": 1, "myTag": 2, "URLValue": 3])
        let options = FormatOptions(sortKeys: true, keys: .convertToSnakeCase)
        let data = try DocumentEncoder(options: options).encode(value, as: format)
        let document = try format.read(data, options: FormatOptions())
        #expect(try document.value(at: ValuePath([.key("tag_counts"), .key("URLValue")])) == .integer(3))
        #expect(try DocumentDecoder(options: options).decode(Tagged.self, from: data, as: format) == value)
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        foundation.outputFormatting = .sortedKeys
        if format == .json {
            #expect(try DocumentEncoder(options: FormatOptions(pretty: false, sortKeys: true, keys: .convertToSnakeCase)).encode(value, as: .json) == foundation.encode(value))
        }
    }

    /// K and the Kelvin sign are two keys in the file and one in a Swift Dictionary<String, _>:
    /// refused by name, never merged.
    @Test func canonicallyEquivalentDictionaryKeysAreRefusedNotMerged() throws {
        let json = Data(#"{"K":1,"\u212A":2}"#.utf8)
        #expect {
            try DocumentDecoder().decode([String: Int].self, from: json, as: .json)
        } throws: { error in
            guard case let .dataCorrupted(context) = error as? DecodingError else { return false }
            return context.debugDescription.contains(#"Keys "K" and "\u{212A}" are one key in a Swift Dictionary<String, Int>"#)
        }
        // Decoded as a Document, both are kept.
        let document = try DocumentDecoder().decode(Document.self, from: json, as: .json)
        #expect(try document.value(at: ValuePath([.key("K")])) == .integer(1))
        #expect(try document.value(at: ValuePath([.key("\u{212A}")])) == .integer(2))
    }

    @Test func aCustomDateClosureThatThrowsIsADecodingErrorWithThePath() throws {
        let json = Data(#"{"EVENTNAME":"launch","STARTSAT":"soon","PAYLOAD":"00","TAGS":{}}"#.utf8)
        #expect {
            try Self.decoder.decode(Event.self, from: json, as: .json)
        } throws: { error in
            guard case let .typeMismatch(_, context) = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["startsAt"]
        }
    }

    @Test func withoutCustomStrategiesTheOptionsApply() throws {
        let plain = try DocumentEncoder(options: FormatOptions(pretty: false, keys: .convertToSnakeCase)).encode(Self.event, as: .json)
        #expect(String(decoding: plain, as: UTF8.self).hasPrefix(#"{"event_name":"launch","starts_at":"2023-11-14T22:13:20.25Z""#))
    }
}
