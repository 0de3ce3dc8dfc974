/// A generic page of results that survives a bad element.

import SerializeCoding

/// One page of a paginated API response.
///
/// ```json
/// {"count": 120, "offset": 40, "limit": 20, "results": [ … ]}
/// ```
///
/// One malformed element should not lose the whole page: an element of ``results`` that fails
/// to decode is left out, and when the decoder's `userInfo[.decodingReport]` holds a
/// ``DecodingReport`` the removal is recorded there with its path (`$.results[3]`) and the reason.
/// ``count`` is the server's total and is kept as sent; it is not recomputed from ``results``.
public struct Page<Element: Sendable>: Sendable {
    /// The total number of results on the server.
    public var count: Int
    /// The index of this page's first result.
    public var offset: Int
    /// The page size the server used.
    public var limit: Int
    /// The results on this page that decoded.
    public var results: [Element]

    /// Creates a ``Page`` from its fields.
    public init(count: Int, offset: Int, limit: Int, results: [Element]) {
        self.count = count
        self.offset = offset
        self.limit = limit
        self.results = results
    }
}

extension Page: Equatable where Element: Equatable {}
extension Page: Hashable where Element: Hashable {}

extension Page: Codable where Element: Codable {
    enum CodingKeys: String, CodingKey {
        case count, offset, limit, results
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        offset = try container.decode(Int.self, forKey: .offset)
        limit = try container.decode(Int.self, forKey: .limit)
        results = try container.decodeArray(Element.self, forKey: .results, invalidElements: .remove)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(offset, forKey: .offset)
        try container.encode(limit, forKey: .limit)
        try container.encode(results, forKey: .results)
    }
}
