import Foundation
@testable import HTTPCore
import Testing

@Suite struct CookieTests {
    @Test func parsesEveryCookieHeaderAndSkipsMalformedPairs() {
        var headers: HTTPHeaders = ["Cookie": "session=abc123; theme=dark;  spaced = value ;novalue; =anon"]
        headers.add("cookie", "quoted=\"q v\"; quoted2=\"ok\"; bad\"=x; comma=a,b; session=second")
        let cookies = HTTPRequest(target: "/", headers: headers).cookies
        #expect(
            cookies == [
                "session": "abc123", "theme": "dark", "spaced": "value", "quoted2": "ok",
            ])
    }

    @Test func oneCookieIsFoundByTheSameRulesAsAll() {
        var headers: HTTPHeaders = ["Cookie": "session=abc123; theme=dark;  spaced = value ;novalue; =anon"]
        headers.add("cookie", "quoted=\"q v\"; quoted2=\"ok\"; bad\"=x; comma=a,b; session=second")
        let request = HTTPRequest(target: "/", headers: headers)
        for name in ["session", "theme", "spaced", "quoted2", "quoted", "novalue", "comma", "bad\"", "", "missing"] {
            #expect(request.cookie(name) == request.cookies[name], "\(name)")
        }
        #expect(request.cookie("session") == "abc123", "the first of a repeated name wins")
        #expect(HTTPRequest(target: "/").cookie("session") == nil)
    }

    /// A name is found by its bytes, but one written with other characters that Swift's string
    /// comparison takes as equal (the Kelvin sign for K) is still found, as `cookies` finds it.
    @Test func aNameIsFoundAsTheDictionaryOfAllFindsIt() {
        let request = HTTPRequest(target: "/", headers: ["Cookie": "K=kelvin; k=lower; session=s; sessio=n"])
        for name in ["K", "\u{212A}", "k", "session", "sessio", "sessionx", "Session"] {
            #expect(request.cookie(name) == request.cookies[name], "\(name)")
        }
        #expect(request.cookie("\u{212A}") == "kelvin")
        #expect(request.cookie("Session") == nil)
    }

    @Test func theRequestsCookieOctetsAreTheSetCookieOnes() {
        for byte in UInt8.min...UInt8.max {
            #expect(HTTPRequest.isCookieOctet(byte) == SetCookie.isCookieOctet(byte), "\(byte)")
        }
    }

    @Test func noCookieHeaderMeansNoCookies() {
        #expect(HTTPRequest(target: "/").cookies.isEmpty)
        #expect(HTTPRequest(target: "/", headers: ["Cookie": ""]).cookies.isEmpty)
    }

    @Test func setCookieHasSafeDefaults() {
        let cookie = SetCookie(name: "session", value: "abc")
        #expect(cookie.headerValue == "session=abc; Path=/; HttpOnly; SameSite=Lax")
    }

    @Test func setCookieRendersEveryAttribute() {
        let cookie = SetCookie(
            name: "id", value: "v1", path: "/library", domain: "example.com", maxAge: 3600,
            expires: Date(timeIntervalSince1970: 784_111_777), httpOnly: false, secure: true, sameSite: .strict)
        #expect(
            cookie.headerValue
                == "id=v1; Path=/library; Domain=example.com; Max-Age=3600; Expires=Sun, 06 Nov 1994 08:49:37 GMT; Secure; SameSite=Strict"
        )
    }

    @Test func sameSiteNoneImpliesSecure() {
        let cookie = SetCookie(name: "a", value: "b", path: nil, httpOnly: false, sameSite: SetCookie.SameSite.none)
        #expect(cookie.headerValue == "a=b; Secure; SameSite=None")
    }

    @Test func expiredCookieDeletes() {
        #expect(
            SetCookie.expired(name: "session").headerValue
                == "session=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax")
    }

    @Test(arguments: [
        ("a", "x\r\nSet-Cookie: admin=1", "a=x%0D%0ASet-Cookie:%20admin=1"),
        ("a", "x; Domain=evil.com", "a=x%3B%20Domain=evil.com"),
        ("a", "100%,\"q\"\\", "a=100%25%2C%22q%22%5C"),
        ("a", "caf\u{E9}", "a=caf%C3%A9"),
        ("bad name;", "v", "bad%20name%3B=v"),
        ("x=y", "v", "x%3Dy=v"),
        ("", "v", "-=v"),
    ])
    func setCookieEscapesWhatCouldInjectAttributesOrHeaders(name: String, value: String, expectedPair: String) {
        let header = SetCookie(name: name, value: value, path: nil, httpOnly: false, sameSite: nil).headerValue
        #expect(header == expectedPair)
        #expect(!header.utf8.contains { $0 < 0x20 || $0 >= 0x7F })
    }

    @Test func setCookieEscapesSemicolonsAndControlsInAttributes() {
        let cookie = SetCookie(name: "a", value: "b", path: "/x; Secure\r\n", domain: "e.com;x", httpOnly: false, sameSite: nil)
        #expect(cookie.headerValue == "a=b; Path=/x%3B Secure%0D%0A; Domain=e.com%3Bx")
    }

    @Test func escapedValueDecodesBack() throws {
        let value = "x; y=\"z\" 100%"
        let header = SetCookie(name: "a", value: value).headerValue
        let pair = try #require(header.split(separator: ";").first)
        let encoded = pair.dropFirst(2)
        #expect(try PercentEncoding.decode(encoded) == value)
    }
}
