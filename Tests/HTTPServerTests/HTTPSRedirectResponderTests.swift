import HTTPCore
@testable import HTTPServer
import Synchronization
import Testing

/// The plain-HTTP port sends every request to the same URL over HTTPS, and refuses Host headers
/// it could not put in an address.
@Suite struct HTTPSRedirectResponderTests {
    static let redirects: [(host: String, target: String, httpsPort: Int, location: String)] = [
        ("example.com", "/library/books?sort=title", 8443, "https://example.com:8443/library/books?sort=title"),
        ("example.com:8080", "/", 8443, "https://example.com:8443/"),
        ("example.com:80", "/a", 443, "https://example.com/a"),
        ("127.0.0.1:8080", "/healthz", 8443, "https://127.0.0.1:8443/healthz"),
        ("[::1]:8080", "/x", 8443, "https://[::1]:8443/x"),
        ("example.com", "http://example.com/abs?q=1", 443, "https://example.com/abs?q=1"),
    ]

    func answer(_ request: HTTPRequest, httpsPort: Int, publicOrigin: HTTPOrigin? = nil) -> HTTPResponse? {
        let answer = Mutex<HTTPResponse?>(nil)
        HTTPSRedirectResponder(httpsPort: httpsPort, publicOrigin: publicOrigin).respond(
            to: request, connection: ConnectionInfo(remoteAddress: "127.0.0.1", isSecure: false),
            reply: HTTPReply { response in answer.withLock { $0 = response } })
        return answer.withLock { $0 }
    }

    @Test(arguments: redirects)
    func aPlainRequestIsRedirectedPermanentlyToHTTPS(host: String, target: String, httpsPort: Int, location: String) {
        let response = answer(HTTPRequest(method: .post, target: target, headers: ["Host": host]), httpsPort: httpsPort)
        #expect(response?.status == .permanentRedirect)
        #expect(response?.headers["Location"] == location)
        #expect(response?.headers["Cache-Control"] == "no-store")
    }

    @Test(arguments: ["", "evil.com/path", "a b", "example.com:80x", "[::1", "[::1]x", "host:",
                      "-evil.com", "a..b", "under_score.com", "example.com:99999", "example.com:0", "[]", "[::g]",
                      "evil.com@good.com", "%65vil.com", "évil.com"])
    func aHostThatCannotBeAnAddressGets400(host: String) {
        let response = answer(HTTPRequest(target: "/", headers: ["Host": host]), httpsPort: 8443)
        #expect(response?.status == .badRequest)
        #expect(response?.headers["Location"] == nil)
    }

    @Test func aRequestWithoutHostGets400() {
        #expect(answer(HTTPRequest(target: "/"), httpsPort: 8443)?.status == .badRequest)
    }

    @Test func aConfiguredPublicOriginIsUsedWhateverTheHostSays() throws {
        let origin = try #require(HTTPOrigin("https://www.example.com"))
        for host in ["evil.com", "127.0.0.1:8080", "not a host"] {
            let response = answer(
                HTTPRequest(target: "/library?x=1", headers: ["Host": host]), httpsPort: 8443, publicOrigin: origin)
            #expect(response?.status == .permanentRedirect)
            #expect(response?.headers["Location"] == "https://www.example.com/library?x=1")
            #expect(response?.headers["Cache-Control"] == "no-store")
        }
        let withoutHost = answer(HTTPRequest(target: "/"), httpsPort: 8443, publicOrigin: origin)
        #expect(withoutHost?.headers["Location"] == "https://www.example.com/")
    }

    @Test func aPublicOriginKeepsItsOwnPort() throws {
        let origin = try #require(HTTPOrigin("https://example.com:9443/"))
        let response = answer(HTTPRequest(target: "/a", headers: ["Host": "example.com"]), httpsPort: 8443, publicOrigin: origin)
        #expect(response?.headers["Location"] == "https://example.com:9443/a")
    }
}
