/// serialize's own coder lets go of every encoder and decoder it made once a call returns (the
/// spare ones it reuses hold its state: a cycle, and a leak per call, until they are dropped).
/// Found by FuzzModels under LeakSanitizer with the one-byte input `]`.

import Foundation
import Testing
import SerializeCodable
import SerializeDocument

@Suite struct DocumentCoderLifetimeTests {
    /// Where a probe records the encoder or decoder it was handed, weakly.
    final class Seen: @unchecked Sendable {
        weak var coder: AnyObject?
    }

    struct EncodeProbe: Encodable {
        let seen: Seen
        func encode(to encoder: any Encoder) throws {
            seen.coder = encoder as AnyObject
            var container = encoder.singleValueContainer()
            try container.encode(1)
        }
    }

    struct Wrapper: Encodable {
        let probe: EncodeProbe
        let list: [String]
    }

    @Test(arguments: [Format.json, .xmlPlist, .binaryPlist])
    func encodersAreFreedWhenEncodeReturns(format: Format) throws {
        let seen = Seen()
        _ = try DocumentEncoder().encode(Wrapper(probe: EncodeProbe(seen: seen), list: ["a"]), as: format)
        #expect(seen.coder == nil, "an encoder outlived encode(_:as:)")
    }

    struct DecodeProbe: Decodable {
        static let seen = Seen()
        init(from decoder: any Decoder) throws {
            Self.seen.coder = decoder as AnyObject
            _ = try decoder.singleValueContainer().decode(Int.self)
        }
    }

    struct Holder: Decodable {
        let probe: DecodeProbe
    }

    @Test func decodersAreFreedWhenDecodeReturnsOrThrows() throws {
        _ = try DocumentDecoder().decode(Holder.self, from: Data(#"{"probe":1}"#.utf8), as: .json)
        #expect(DecodeProbe.seen.coder == nil, "a decoder outlived decode(_:from:as:)")
        // A decode that fails part way lets go too.
        #expect(throws: DecodingError.self) {
            try DocumentDecoder().decode([Holder].self, from: Data(#"[{"probe":1},{"probe":"x"}]"#.utf8), as: .json)
        }
        #expect(DecodeProbe.seen.coder == nil, "a decoder outlived a failed decode")
    }
}
