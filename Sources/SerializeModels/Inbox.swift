/// An inbox of messages whose shape is chosen by a `type` field, through a ``TypeRegistry``.

public import SerializeCoding
public import Foundation

/// A message in an ``Inbox``: text, an image or an invitation, told apart by `"type"`.
public protocol InboxMessage: Codable, Sendable {
    /// Who sent it.
    var sender: String { get }
}

/// A text message (`"type": "text"`).
public struct InboxText: InboxMessage, Hashable {
    public var sender: String
    public var body: String

    public init(sender: String, body: String) {
        self.sender = sender
        self.body = body
    }
}

/// An image (`"type": "image"`).
public struct InboxImage: InboxMessage, Hashable {
    public var sender: String
    public var url: String
    public var width: Int
    public var height: Int

    public init(sender: String, url: String, width: Int, height: Int) {
        self.sender = sender
        self.url = url
        self.width = width
        self.height = height
    }
}

/// An invitation to an event (`"type": "invite"`).
public struct InboxInvite: InboxMessage, Hashable {
    public var sender: String
    public var event: String
    public var startsAt: Date

    public init(sender: String, event: String, startsAt: Date) {
        self.sender = sender
        self.event = event
        self.startsAt = startsAt
    }
}

/// The registered message types.
public enum InboxMessageTypes: PolymorphicTypes {
    public static let registry = TypeRegistry<any InboxMessage>(discriminator: "type", [
        .type(InboxText.self, as: "text"),
        .type(InboxImage.self, as: "image"),
        .type(InboxInvite.self, as: "invite"),
    ])
}

/// A user's inbox: a pinned message and a list, each message decoded as the type its `"type"`
/// field names and encoded back with it.
///
/// ```json
/// {"owner": "ada", "pinned": {"type": "text", "sender": "bo", "body": "hi"},
///  "messages": [{"type": "image", "sender": "cy", "url": "a.png", "width": 2, "height": 1}]}
/// ```
///
/// An unknown type fails the decode with the registered names listed, unless the decoder's
/// `userInfo[.invalidElementStrategy]` is `InvalidElementDefault.remove`: then that message is
/// left out of ``messages`` and reported.
public struct Inbox: Codable, Sendable, Equatable {
    public var owner: String
    @Polymorphic<InboxMessageTypes> public var pinned: any InboxMessage
    @PolymorphicArray<InboxMessageTypes> public var messages: [any InboxMessage]

    public init(owner: String, pinned: any InboxMessage, messages: [any InboxMessage]) {
        self.owner = owner
        self._pinned = Polymorphic(wrappedValue: pinned)
        self._messages = PolymorphicArray(wrappedValue: messages)
    }

    /// Equal when the owners are and every message is the same type with the same fields.
    public static func == (lhs: Inbox, rhs: Inbox) -> Bool {
        lhs.owner == rhs.owner && same(lhs.pinned, rhs.pinned) && lhs.messages.count == rhs.messages.count
            && zip(lhs.messages, rhs.messages).allSatisfy(same)
    }

    private static func same(_ a: any InboxMessage, _ b: any InboxMessage) -> Bool {
        switch (a, b) {
        case let (a as InboxText, b as InboxText): a == b
        case let (a as InboxImage, b as InboxImage): a == b
        case let (a as InboxInvite, b as InboxInvite): a == b
        default: false
        }
    }
}
