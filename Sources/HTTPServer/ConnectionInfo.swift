/// What a responder may know about the peer.
public struct ConnectionInfo: Sendable {
    /// The client: the socket's peer, or the address a trusted proxy forwarded (see `TrustedProxies`).
    public var remoteAddress: String
    /// The socket's peer, whatever the headers say: a proxy's address when one is in front.
    public var peerAddress: String
    public var isSecure: Bool

    public init(remoteAddress: String, peerAddress: String? = nil, isSecure: Bool) {
        self.remoteAddress = remoteAddress
        self.peerAddress = peerAddress ?? remoteAddress
        self.isSecure = isSecure
    }

    /// Whether a trusted proxy named a client other than the peer.
    public var isForwarded: Bool { remoteAddress != peerAddress }
}
