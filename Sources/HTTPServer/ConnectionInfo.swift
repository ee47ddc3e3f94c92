/// What a responder may know about the peer.
public struct ConnectionInfo: Sendable {
    public var remoteAddress: String
    public var isSecure: Bool

    public init(remoteAddress: String, isSecure: Bool) {
        self.remoteAddress = remoteAddress
        self.isSecure = isSecure
    }
}
