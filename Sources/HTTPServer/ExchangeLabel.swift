/// How the server files an answer in its metrics and access log, as the responder names it. The
/// server knows no routes: the application hands this over with its reply (`HTTPReply.labeled`).
public struct ExchangeLabel: Sendable, Equatable {
    /// A bounded name (a route's pattern such as `/library/{category}`, or `static`): never a raw
    /// path, whose values are unbounded.
    public var name: String
    /// The request's target holds a secret (a reset token): the access log shows `name` instead.
    public var hidesTarget: Bool

    public init(_ name: String, hidesTarget: Bool = false) {
        self.name = name
        self.hidesTarget = hidesTarget
    }
}
