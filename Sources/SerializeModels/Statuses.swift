/// Enums that outlive new server values, and one that must not.

public import SerializeCoding

/// An account's state; unknown values decode as ``unknown``.
///
/// Servers add states; a client that fails on each new one breaks with every release. Through
/// ``DefaultCaseCodable`` an unrecognised string (`"banned"`) decodes as ``unknown``. Encoding
/// writes the case's own raw value, so an unknown value is re-encoded as `"unknown"`: the
/// original text is not kept, and that is the documented price of the fallback.
public enum AccountStatus: String, DefaultCaseCodable, CaseIterable, Hashable, Sendable {
    case active, suspended, closed, unknown
    public static let defaultCase = AccountStatus.unknown
}

/// A support ticket's priority, sent as an integer; unknown numbers decode as ``unknown``.
public enum Priority: Int, DefaultCaseCodable, CaseIterable, Hashable, Sendable {
    case unknown = 0
    case low = 1
    case normal = 2
    case high = 3
    case urgent = 4
    public static let defaultCase = Priority.unknown
}

/// The state of a payment: every value matters, so an unknown one is an error, not a guess.
///
/// Decoding `"refunded_twice"` fails with Foundation's `DecodingError.dataCorrupted` naming the
/// coding path (`tickets[1].payment`) and the value ("Cannot initialize PaymentState from
/// invalid String value refunded_twice").
public enum PaymentState: String, Codable, CaseIterable, Hashable, Sendable {
    case pending, settled, refunded, failed
}

/// A support ticket, exercising the three enums.
public struct Ticket: Codable, Equatable, Hashable, Sendable {
    /// The ticket number.
    public var id: Int
    /// The requester's account state (falls back to ``AccountStatus/unknown``).
    public var status: AccountStatus
    /// The priority (falls back to ``Priority/unknown``).
    public var priority: Priority
    /// The payment state (no fallback).
    public var payment: PaymentState

    /// Creates a ``Ticket`` from its fields.
    public init(id: Int, status: AccountStatus, priority: Priority, payment: PaymentState) {
        self.id = id
        self.status = status
        self.priority = priority
        self.payment = payment
    }
}

/// A list of tickets, the fixture's top level.
public struct TicketList: Codable, Equatable, Hashable, Sendable {
    /// The tickets, in server order.
    public var tickets: [Ticket]

    /// Creates a ``TicketList`` from its fields.
    public init(tickets: [Ticket]) {
        self.tickets = tickets
    }
}
