import HTTPCore

/// The peers whose forwarding headers are believed. From anyone else `Forwarded`,
/// `X-Forwarded-For` and `X-Forwarded-Proto` are ignored, so a client cannot choose the address
/// its requests are throttled under.
public struct TrustedProxies: Sendable, Equatable {
    public let networks: [IPNetwork]

    public init(_ networks: [IPNetwork] = []) {
        self.networks = networks
    }

    /// Parses a comma-separated list of CIDR ranges; nil if any entry is not one.
    public init?(list: String) {
        var networks: [IPNetwork] = []
        for entry in list.split(separator: ",") {
            let trimmed = entry.trimmedOfSpaces
            guard let network = IPNetwork(trimmed) else { return nil }
            networks.append(network)
        }
        guard !networks.isEmpty else { return nil }
        self.networks = networks
    }

    public func trusts(_ address: String) -> Bool {
        networks.contains { $0.contains(address) }
    }

    /// The client as the request tells it: the peer itself unless the peer is a trusted proxy;
    /// then the nearest address in the forwarding chain that is not a trusted proxy, and the
    /// scheme the first proxy saw. Headers that do not parse leave the peer as it is.
    public func client(of connection: ConnectionInfo, headers: HTTPHeaders) -> ConnectionInfo {
        guard !networks.isEmpty, trusts(connection.remoteAddress) else { return connection }
        let (chain, proto) = Self.forwarding(headers)
        var client = connection
        // Walk from the proxy nearest to us outward, past every proxy we trust.
        for hop in chain.reversed() {
            guard IPNetwork.bytes(of: hop) != nil else { return connection }
            client.remoteAddress = hop
            if !trusts(hop) { break }
        }
        if let proto { client.isSecure = proto == "https" }
        return client
    }

    /// The `for` addresses (client first) and the first `proto`, from `Forwarded` (RFC 7239) or
    /// else the `X-Forwarded-For` / `X-Forwarded-Proto` pair.
    static func forwarding(_ headers: HTTPHeaders) -> (chain: [String], proto: String?) {
        if let forwarded = headers.values(for: "Forwarded").nonEmpty {
            var chain: [String] = []
            var proto: String?
            for element in forwarded.joined(separator: ",").split(separator: ",") {
                for pair in element.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    let name = parts[0].trimmedOfSpaces.lowercased()
                    let value = unquote(parts[1].trimmedOfSpaces)
                    if name == "for" { chain.append(value) }
                    if name == "proto", proto == nil { proto = value.lowercased() }
                }
            }
            return (chain, proto)
        }
        let chain = headers.values(for: "X-Forwarded-For").joined(separator: ",").split(separator: ",")
            .map { $0.trimmedOfSpaces }
        let proto = headers["X-Forwarded-Proto"]?.split(separator: ",").first?
            .trimmedOfSpaces.lowercased()
        return (chain, proto)
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
