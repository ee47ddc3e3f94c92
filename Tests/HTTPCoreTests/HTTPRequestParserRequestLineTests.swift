import Testing
@testable import HTTPCore

/// The request line's shortcuts (methods matched on their bytes, a plain path taken as the target
/// without a second scan) give exactly the request the general way gives.
@Suite struct HTTPRequestParserRequestLineTests {
    static let targets = [
        "/", "/styles.css", "/a/b/c.js", "/items/42?tab=details", "/?", "/search?q=a%3Fb", "/a%3Fb",
        "http://example.com/x?y=1", "http://example.com", "https://example.com?q", "*",
    ]

    @Test(arguments: targets)
    func theParsedPathAndQueryAreTheOnesTheTargetSplitsInto(target: String) throws {
        let method = target == "*" ? "OPTIONS" : "GET"
        let outcome = ParserHarness.parse("\(method) \(target) HTTP/1.1\r\nHost: a\r\n\r\n")
        let parsed = try #require(outcome.requests.first, "\(outcome)")
        let split = HTTPRequest(method: HTTPMethod(rawValue: method), target: target)
        #expect(parsed.target == target)
        #expect(parsed.path == split.path)
        #expect(parsed.query == split.query)
    }

    @Test(arguments: ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "GETS", "HEAT", "POSH", "PGST", "get", "Head", "X"])
    func everyMethodComesOutAsSentAndEqualsOnlyItsOwnConstant(method: String) throws {
        let outcome = ParserHarness.parse("\(method) / HTTP/1.1\r\nHost: a\r\n\r\n")
        let parsed = try #require(outcome.requests.first, "\(outcome)")
        #expect(parsed.method == method)
        let constants: [HTTPMethod] = [.get, .head, .post, .put, .delete, .patch]
        for constant in constants {
            #expect((HTTPMethod(rawValue: parsed.method) == constant) == (constant.rawValue == method))
        }
    }

    @Test func methodsOfOneLengthOrTwoCasesAreNotEqual() {
        #expect(HTTPMethod.get != HTTPMethod.put)
        #expect(HTTPMethod.get != HTTPMethod.head)
        #expect(HTTPMethod(rawValue: "get") != HTTPMethod.get)
        #expect(HTTPMethod(rawValue: "GET") == HTTPMethod.get)
        #expect(Set([HTTPMethod.get, HTTPMethod(rawValue: "GET"), .head]).count == 2)
    }

    @Test(arguments: ["HTTP/1.2", "HTTQ/1.1", "http/1.1", "HTTP 1.1", "HTTP/11", "HTTP/1.1 ", "XTTP/1.1"])
    func aMalformedOrUnsupportedVersionIsRefused(version: String) {
        let outcome = ParserHarness.parse("GET / \(version)\r\nHost: a\r\n\r\n")
        #expect(outcome.error != nil)
        #expect(outcome.requests.isEmpty)
    }
}

/// The token test (a bit per byte) accepts exactly RFC 9110's tchar.
@Suite struct ASCIITokenCharacterTests {
    @Test func exactlyTheTcharBytesAreTokenCharacters() {
        let tchar = Set(Array("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8))
        for byte in UInt8.min...UInt8.max {
            #expect(ASCII.isTokenCharacter(byte) == tchar.contains(byte), "byte \(byte)")
        }
    }
}
