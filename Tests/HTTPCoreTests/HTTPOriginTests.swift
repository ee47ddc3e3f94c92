import HTTPCore
import Testing

@Suite struct HTTPOriginTests {
    @Test(arguments: [
        ("https://example.com", "https://example.com"),
        ("https://Example.COM/", "https://example.com"),
        ("HTTP://example.com:80", "http://example.com"),
        ("https://example.com:443", "https://example.com"),
        ("https://example.com:8443", "https://example.com:8443"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("https://[::1]:8443", "https://[::1]:8443"),
        ("https://[2001:db8::a:b]", "https://[2001:db8::a:b]"),
        ("https://a-b.c-d.example", "https://a-b.c-d.example"),
    ])
    func originsAreParsedAndPrinted(text: String, printed: String) throws {
        #expect(try #require(HTTPOrigin(text)).description == printed)
    }

    @Test(arguments: [
        "", "example.com", "ftp://example.com", "https://", "https:///", "https://example.com/path",
        "https://example.com?q", "https://example.com#f", "https://user@example.com", "https://example.com:",
        "https://example.com:0", "https://example.com:65536", "https://example.com:99999", "https://exa mple.com",
        "https://-example.com", "https://example-.com", "https://a..b", "https://.example.com", "https://exa_mple.com",
        "https://[::1", "https://[]", "https://[:::1]", "https://[1::2::3]", "https://[g::1]", "https://[12345::1]",
        "https://[1:2:3:4:5:6:7:8:9]", "https://[1:2:3:4:5:6:7]", "https://[::1]x", "javascript://x",
        "https://example.com//",
    ])
    func anythingButABareHTTPOriginIsRefused(text: String) {
        #expect(HTTPOrigin(text) == nil)
    }

    @Test(arguments: [
        ("example.com", "example.com", nil),
        ("Example.com:8080", "example.com", 8080),
        ("10.0.0.1", "10.0.0.1", nil),
        ("[::ffff:10.0.0.1]:443", "[::ffff:10.0.0.1]", 443),
        ("[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8]", nil),
    ] as [(String, String, Int?)])
    func hostHeadersAreReadAsAuthorities(header: String, host: String, port: Int?) throws {
        let authority = try #require(HTTPOrigin.authority(header))
        #expect(authority.host == host)
        #expect(authority.port == port)
    }

    @Test(arguments: ["", ":80", "a b", "a/b", "a:b", "a:1:2", "[::1]:", "[1.2.3.4]", "[::1.2.3]", "a%20b", "a\u{E9}"])
    func garbageHostHeadersAreNoAuthority(header: String) {
        #expect(HTTPOrigin.authority(header) == nil)
    }
}
