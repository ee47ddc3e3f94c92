/// The one forwarding header a deployment's proxy sets, and so the only one believed: a client can
/// write any header it likes, and a proxy overwrites (or appends to) just its own. Believing a second
/// one would let a client choose its address through the header the proxy leaves alone.
public enum ForwardedHeader: String, Sendable, CaseIterable {
    /// `X-Forwarded-For`, with `X-Forwarded-Proto` for the scheme (haproxy's `option forwardfor`,
    /// nginx's `$proxy_add_x_forwarded_for`).
    case xForwardedFor = "x-forwarded-for"
    /// RFC 7239's `Forwarded: for=…;proto=…`.
    case forwarded
}
