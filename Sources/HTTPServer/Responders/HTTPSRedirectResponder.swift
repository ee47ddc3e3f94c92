import HTTPCore

/// Answers every plain-HTTP request with a permanent redirect to the same URL over HTTPS, so typed
/// addresses and old links land on the secure site. 308 (not 301) keeps a POST a POST.
///
/// With a configured public origin, every redirect goes there, whatever the request's Host says;
/// without one, the Host header's name is used with the HTTPS port, and a Host that is not a plain
/// name or address is refused with 400, so a forged header cannot make the redirect point anywhere
/// but a host name. Redirects are `no-store`: a cache must not keep one built from a Host header.
public struct HTTPSRedirectResponder: HTTPResponder {
    /// Where HTTPS listens; 443 is left out of the address.
    public let httpsPort: Int
    /// The site's public HTTPS origin; nil derives it from the Host header.
    public let publicOrigin: HTTPOrigin?

    public init(httpsPort: Int, publicOrigin: HTTPOrigin? = nil) {
        self.httpsPort = httpsPort
        self.publicOrigin = publicOrigin
    }

    public func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        let origin: String
        if let publicOrigin {
            origin = publicOrigin.description
        } else if let host = Self.hostName(request.headers["Host"]) {
            origin = "https://" + (httpsPort == 443 ? host : "\(host):\(httpsPort)")
        } else {
            var response = HTTPResponse.text("400 Bad Request\nA Host header naming this server is needed.\n", status: .badRequest)
            response.headers.set("Connection", "close")
            response.headers.set("Cache-Control", "no-store")
            reply.send(response)
            return
        }
        let path = request.path.hasPrefix("/") ? request.path : "/"
        let target = request.query.map { "\(path)?\($0)" } ?? path
        var response = HTTPResponse.redirect(to: origin + target, status: .permanentRedirect)
        response.headers.set("Cache-Control", "no-store")
        reply.send(response)
    }

    /// The host of a Host header without its port, if it is a DNS name, an IPv4 or a bracketed IPv6 address.
    static func hostName(_ header: String?) -> String? {
        header.flatMap { HTTPOrigin.authority($0)?.host }
    }
}
