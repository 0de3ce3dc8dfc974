/// Polymorphic payloads chosen by a `type` discriminator.

import SerializeCoding

/// A user account as it appears inside comments and search results.
public struct User: Codable, Equatable, Hashable, Sendable {
    /// The user's id.
    public var id: Int
    /// The handle shown in the app.
    public var username: String

    /// Creates a ``User`` from its fields.
    public init(id: Int, username: String) {
        self.id = id
        self.username = username
    }
}

/// A song.
public struct Song: Codable, Equatable, Hashable, Sendable {
    /// The song's id.
    public var id: Int
    /// The title.
    public var title: String
    /// The performing artist.
    public var artist: String
    /// The length in seconds, when known.
    public var durationSeconds: Int?

    /// Creates a ``Song`` from its fields.
    public init(id: Int, title: String, artist: String, durationSeconds: Int? = nil) {
        self.id = id
        self.title = title
        self.artist = artist
        self.durationSeconds = durationSeconds
    }

    enum CodingKeys: String, CodingKey {
        case id, title, artist
        case durationSeconds = "duration_seconds"
    }
}

/// A playlist.
public struct Playlist: Codable, Equatable, Hashable, Sendable {
    /// The playlist's id.
    public var id: Int
    /// Its name.
    public var name: String
    /// How many songs it holds.
    public var songCount: Int

    /// Creates a ``Playlist`` from its fields.
    public init(id: Int, name: String, songCount: Int) {
        self.id = id
        self.name = name
        self.songCount = songCount
    }

    enum CodingKeys: String, CodingKey {
        case id, name
        case songCount = "song_count"
    }
}

// MARK: - Comments

/// What a comment is about: a song or a user, told apart by the payload's `type` field.
///
/// ```json
/// {"type": "song", "id": 7, "title": "Blue Train", "artist": "John Coltrane"}
/// {"type": "user", "id": 42, "username": "ada"}
/// ```
///
/// The discriminator shares the payload's container. An unknown `type` fails with
/// `DecodingError.dataCorrupted` at the `type` key, naming the value and the known ones.
public enum CommentTarget: Codable, Equatable, Hashable, Sendable {
    case song(Song)
    case user(User)

    public init(from decoder: any Decoder) throws {
        switch try TypeDiscriminator.decode(from: decoder, known: ["song", "user"]) {
        case "song": self = .song(try Song(from: decoder))
        default: self = .user(try User(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .song(song): try TypeDiscriminator.encode(song, as: "song", to: encoder)
        case let .user(user): try TypeDiscriminator.encode(user, as: "user", to: encoder)
        }
    }
}

/// A comment on a song or on a user's profile, as posted (named so it does not clash with
/// Swift Testing's `Comment` in test targets).
public struct PostedComment: Codable, Equatable, Hashable, Sendable {
    /// The comment's id.
    public var id: Int
    /// Who wrote it.
    public var author: User
    /// The text.
    public var body: String
    /// What it is about.
    public var target: CommentTarget

    /// Creates a ``PostedComment`` from its fields.
    public init(id: Int, author: User, body: String, target: CommentTarget) {
        self.id = id
        self.author = author
        self.body = body
        self.target = target
    }
}

// MARK: - Search results

/// One result of a search: a heterogeneous `results` array holds songs, users and playlists.
///
/// Decoding an element whose `type` is unknown fails; inside a ``Page`` that element is left
/// out and recorded in the ``DecodingReport``.
public enum SearchResult: Codable, Equatable, Hashable, Sendable {
    case song(Song)
    case user(User)
    case playlist(Playlist)

    public init(from decoder: any Decoder) throws {
        switch try TypeDiscriminator.decode(from: decoder, known: ["song", "user", "playlist"]) {
        case "song": self = .song(try Song(from: decoder))
        case "user": self = .user(try User(from: decoder))
        default: self = .playlist(try Playlist(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .song(song): try TypeDiscriminator.encode(song, as: "song", to: encoder)
        case let .user(user): try TypeDiscriminator.encode(user, as: "user", to: encoder)
        case let .playlist(playlist): try TypeDiscriminator.encode(playlist, as: "playlist", to: encoder)
        }
    }
}

// MARK: - The discriminator

/// Reads and writes the `type` field that picks a payload's concrete type.
enum TypeDiscriminator {
    static let key: AnyCodingKey = "type"

    /// The `type` value, checked against `known`.
    static func decode(from decoder: any Decoder, known: [String]) throws -> String {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let type = try container.decode(String.self, forKey: key)
        guard known.contains(type) else {
            let list = known.map { "\"\($0)\"" }.joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "Unknown type \"\(type)\"; expected one of \(list).")
        }
        return type
    }

    /// Writes `payload`'s fields and the `type` field into one keyed container.
    static func encode(_ payload: some Encodable, as type: String, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(type, forKey: key)
        try payload.encode(to: encoder)
    }
}
