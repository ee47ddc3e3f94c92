import HTTPCore

/// Answers every plain-HTTP request with a permanent redirect to the same URL over HTTPS, so typed
/// addresses and old links land on the secure site. 308 (not 301) keeps a POST a POST.
public struct HTTPSRedirectResponder: HTTPResponder {
    /// Where HTTPS listens; 443 is left out of the address.
    public let httpsPort: Int

    public init(httpsPort: Int) {
        self.httpsPort = httpsPort
    }

    public func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        guard let host = Self.hostName(request.headers["Host"]) else {
            var response = HTTPResponse.text("400 Bad Request\nA Host header naming this server is needed.\n", status: .badRequest)
            response.headers.set("Connection", "close")
            reply.send(response)
            return
        }
        let authority = httpsPort == 443 ? host : "\(host):\(httpsPort)"
        let path = request.path.hasPrefix("/") ? request.path : "/"
        let target = request.query.map { "\(path)?\($0)" } ?? path
        reply.send(.redirect(to: "https://\(authority)\(target)", status: .permanentRedirect))
    }

    /// The host of a Host header without its port, if it is a plain name, an IPv4 or a bracketed IPv6 address.
    static func hostName(_ header: String?) -> String? {
        guard let header, !header.isEmpty else { return nil }
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            let literal = header[...close]
            let rest = header[header.index(after: close)...]
            guard literal.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }),
                  rest.isEmpty || isPort(rest.dropFirst()) && rest.first == ":"
            else { return nil }
            return String(literal)
        }
        let parts = header.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = parts.first, !name.isEmpty, name.count <= 253,
              name.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" }),
              parts.count == 1 || isPort(parts[1])
        else { return nil }
        return String(name)
    }

    private static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
