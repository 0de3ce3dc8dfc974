/// A template-driven feed: exactly one of several optional payloads is present.

import SerializeCoding

/// Which layout a feed item uses; it names the one payload the item carries.
public enum FeedTemplate: String, Codable, CaseIterable, Hashable, Sendable {
    case photo, article, poll
}

/// A photo payload.
public struct Photo: Codable, Equatable, Hashable, Sendable {
    /// Where the image is.
    public var url: String
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// An optional caption.
    public var caption: String?

    /// Creates a ``Photo`` from its fields.
    public init(url: String, width: Int, height: Int, caption: String? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.caption = caption
    }
}

/// An article payload.
public struct Article: Codable, Equatable, Hashable, Sendable {
    /// The headline.
    public var title: String
    /// A short summary.
    public var summary: String

    /// Creates an ``Article`` from its fields.
    public init(title: String, summary: String) {
        self.title = title
        self.summary = summary
    }
}

/// A poll payload.
public struct Poll: Codable, Equatable, Hashable, Sendable {
    /// The question asked.
    public var question: String
    /// The answers offered.
    public var options: [String]

    /// Creates a ``Poll`` from its fields.
    public init(question: String, options: [String]) {
        self.question = question
        self.options = options
    }
}

/// The one payload a feed item carries.
public enum FeedContent: Equatable, Hashable, Sendable {
    case photo(Photo)
    case article(Article)
    case poll(Poll)

    /// The template that shows this payload.
    public var template: FeedTemplate {
        switch self {
        case .photo: .photo
        case .article: .article
        case .poll: .poll
        }
    }
}

/// One item of a feed, as a template-driven API sends it.
///
/// The server sends every payload key, fills the one the template needs, and marks the others
/// as absent with `null` or with an empty object `{}`:
///
/// ```json
/// {"id": 1, "template": "photo", "photo": {"url": "…", "width": 800, "height": 600},
///  "article": null, "poll": {}}
/// ```
///
/// Decoding treats a missing key, `null` and `{}` alike as absent, then requires exactly one
/// payload, under the key the `template` names; anything else fails with an error at the
/// item's coding path. Encoding writes the template and the one payload only.
public struct FeedItem: Codable, Equatable, Hashable, Sendable {
    /// The item's id.
    public var id: Int
    /// The payload; it determines the template written.
    public var content: FeedContent

    /// The template, derived from ``content``.
    public var template: FeedTemplate { content.template }

    /// Creates a ``FeedItem`` from its fields.
    public init(id: Int, content: FeedContent) {
        self.id = id
        self.content = content
    }

    // MARK: - Coding

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, template, photo, article, poll
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        let template = try container.decode(FeedTemplate.self, forKey: .template)
        let payloadKeys: [CodingKeys] = [.photo, .article, .poll]
        let present = try payloadKeys.filter { try Self.holdsPayload(container, at: $0) }
        guard present.count == 1, let key = present.first else {
            let names = payloadKeys.map(\.stringValue).joined(separator: ", ")
            let found = present.isEmpty ? "none" : present.map(\.stringValue).joined(separator: " and ")
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath,
                    debugDescription:
                        "Expected exactly one payload of \(names) (null and {} mean absent); found \(found)."))
        }
        guard key.stringValue == template.rawValue else {
            throw DecodingError.dataCorruptedError(
                forKey: .template, in: container,
                debugDescription: "Template \"\(template.rawValue)\" but the payload is under \"\(key.stringValue)\".")
        }
        switch template {
        case .photo: content = .photo(try container.decode(Photo.self, forKey: .photo))
        case .article: content = .article(try container.decode(Article.self, forKey: .article))
        case .poll: content = .poll(try container.decode(Poll.self, forKey: .poll))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(template, forKey: .template)
        switch content {
        case let .photo(photo): try container.encode(photo, forKey: .photo)
        case let .article(article): try container.encode(article, forKey: .article)
        case let .poll(poll): try container.encode(poll, forKey: .poll)
        }
    }

    /// Whether `key` holds a payload: present, not null and not an empty object.
    private static func holdsPayload(_ container: KeyedDecodingContainer<CodingKeys>, at key: CodingKeys) throws -> Bool {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return false }
        return try !container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key).allKeys.isEmpty
    }
}

/// A feed, the fixture's top level.
public struct Feed: Codable, Equatable, Hashable, Sendable {
    /// The items, newest first.
    public var items: [FeedItem]

    /// Creates a ``Feed`` from its fields.
    public init(items: [FeedItem]) {
        self.items = items
    }
}
