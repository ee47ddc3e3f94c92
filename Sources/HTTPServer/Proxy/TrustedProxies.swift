import HTTPCore

/// The peers whose forwarding header is believed, and which header that is. From anyone else every
/// forwarding header is ignored, so a client cannot choose the address its requests are throttled
/// under; from a trusted peer only `header` is read (as nginx's realip module does), from the right,
/// across trusted hops only.
public struct TrustedProxies: Sendable, Equatable {
    public let networks: [IPNetwork]
    public let header: ForwardedHeader

    public init(_ networks: [IPNetwork] = [], header: ForwardedHeader = .xForwardedFor) {
        self.networks = networks
        self.header = header
    }

    /// Parses a comma-separated list of CIDR ranges; nil if any entry is not one.
    public init?(list: String, header: ForwardedHeader = .xForwardedFor) {
        var networks: [IPNetwork] = []
        for entry in list.split(separator: ",") {
            let trimmed = entry.trimmedOfSpaces
            guard let network = IPNetwork(trimmed) else { return nil }
            networks.append(network)
        }
        guard !networks.isEmpty else { return nil }
        self.init(networks, header: header)
    }

    /// The same networks, believing `header` instead.
    public func believing(_ header: ForwardedHeader) -> TrustedProxies {
        TrustedProxies(networks, header: header)
    }

    public func trusts(_ address: String) -> Bool {
        networks.contains { $0.contains(address) }
    }

    /// The client as the request tells it: the peer itself unless the peer is a trusted proxy;
    /// then the nearest address in the believed header's chain that is not a trusted proxy (or the
    /// farthest, when every hop is trusted), and the scheme the hop nearest that client saw.
    /// A header that does not parse leaves the peer as it is. `peerAddress` stays the socket's.
    public func client(of connection: ConnectionInfo, headers: HTTPHeaders) -> ConnectionInfo {
        guard !networks.isEmpty, trusts(connection.peerAddress) else { return connection }
        let hops = Self.hops(in: headers, believing: header)
        guard !hops.isEmpty else { return connection }
        var client = connection
        var scheme: String?
        // Walk from the proxy nearest to us outward, past every proxy we trust.
        for hop in hops.reversed() {
            guard IPNetwork.bytes(of: hop.address) != nil else { return connection }
            client.remoteAddress = hop.address
            scheme = hop.proto ?? scheme
            if !trusts(hop.address) { break }
        }
        if let scheme { client.isSecure = scheme == "https" }
        return client
    }

    /// One hop of a forwarding chain: the address a proxy saw and, when it says, the scheme.
    struct Hop: Equatable {
        var address: String
        var proto: String?
    }

    /// The hops (client first) of the one header believed. `X-Forwarded-Proto` names the scheme of
    /// the last hop only (its rightmost value: the one our proxy wrote).
    static func hops(in headers: HTTPHeaders, believing header: ForwardedHeader) -> [Hop] {
        switch header {
        case .forwarded:
            var hops: [Hop] = []
            for element in headers.values(for: "Forwarded").joined(separator: ",").split(separator: ",") {
                var hop = Hop(address: "")
                var named = false
                for pair in element.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    let name = parts[0].trimmedOfSpaces.lowercased()
                    let value = unquote(parts[1].trimmedOfSpaces)
                    if name == "for" { hop.address = value; named = true }
                    if name == "proto" { hop.proto = value.lowercased() }
                }
                // An element without `for` still stands for a hop: its address is unknown (not believed).
                hops.append(named ? hop : Hop(address: "unknown", proto: hop.proto))
            }
            return hops
        case .xForwardedFor:
            var hops = headers.values(for: "X-Forwarded-For").joined(separator: ",").split(separator: ",")
                .map { Hop(address: $0.trimmedOfSpaces) }
            let proto = headers.values(for: "X-Forwarded-Proto").joined(separator: ",").split(separator: ",").last?
                .trimmedOfSpaces.lowercased()
            if !hops.isEmpty { hops[hops.count - 1].proto = proto }
            return hops
        }
    }

    /// `"[2001:db8::1]:4711"` → `2001:db8::1`, `"192.0.2.60:80"`, `"192.0.2.60"` → `192.0.2.60`.
    static func unquote(_ value: String) -> String {
        var text = value
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<close])
        }
        if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") { return String(text[..<colon]) }
        return text
    }
}

private extension StringProtocol {
    var trimmedOfSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

private extension Array {
    var nonEmpty: Self? { isEmpty ? nil : self }
}
