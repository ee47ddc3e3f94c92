/// One mail waiting in the outbox.
public struct OutboxMessage: Hashable, Sendable {
    public var to: String
    public var subject: String
    public var body: String

    public init(to: String, subject: String, body: String) {
        self.to = to
        self.subject = subject
        self.body = body
    }
}
