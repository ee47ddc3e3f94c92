import HTTPCore
import Testing

@Suite struct HTTPRequestParserTests {
    @Test func parsesASimpleGet() throws {
        let outcome = ParserHarness.parse("GET /library?tab=1&x=%20 HTTP/1.1\r\nHost: example.com\r\nAccept: */*\r\n\r\n")
        #expect(outcome.error == nil)
        let request = try #require(outcome.requests.first)
        #expect(request.method == "GET")
        #expect(request.target == "/library?tab=1&x=%20")
        #expect(request.path == "/library")
        #expect(request.query == "tab=1&x=%20")
        #expect(request.version == .http1_1)
        #expect(request.headers == ["Host: example.com", "Accept: */*"])
        #expect(request.body == "")
        #expect(outcome.pendingBytes == 0)
    }

    @Test func keepsHeaderOrderAndTrimsOptionalWhitespace() throws {
        let outcome = ParserHarness.parse("GET / HTTP/1.1\r\nHost: a\r\nX-B:\t two  words \t\r\nx-a:1\r\nX-B: again\r\nEmpty:\r\n\r\n")
        let request = try #require(outcome.requests.first)
        #expect(request.headers == ["Host: a", "X-B: two  words", "x-a: 1", "X-B: again", "Empty: "])
    }

    @Test func readsABodyByContentLength() throws {
        let outcome = ParserHarness.parse("POST /login HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello world")
        let request = try #require(outcome.requests.first)
        #expect(request.method == "POST")
        #expect(request.body == "hello world")
        #expect(outcome.events.count == 1)
    }

    @Test func waitsForTheWholeBody() {
        let outcome = ParserHarness.parse("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nshort")
        #expect(outcome.events.isEmpty)
        #expect(outcome.error == nil)
    }

    @Test func decodesChunkedBodiesWithExtensionsAndTrailers() throws {
        let outcome = ParserHarness.parse(
            "POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value;flag\r\nhello\r\n"
                + "1 ; spaced=\"quoted\"\r\n \r\n"
                + "00000A\r\n0123456789\r\n"
                + "0\r\nX-Checksum: abc\r\nX-Other: def\r\n\r\n")
        let request = try #require(outcome.requests.first)
        #expect(request.body == "hello 0123456789")
        #expect(request.headers == ["Host: a", "Transfer-Encoding: chunked"])
        #expect(outcome.pendingBytes == 0)
    }

    @Test func acceptsUppercaseHexAndChunkedInAnyCase() throws {
        let outcome = ParserHarness.parse(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n1A\r\n\(String(repeating: "x", count: 26))\r\n0\r\n\r\n")
        #expect(try #require(outcome.requests.first).body.count == 26)
    }

    @Test func parsesPipelinedRequestsInOrder() {
        let outcome = ParserHarness.parse(
            "GET /one HTTP/1.1\r\nHost: a\r\n\r\n"
                + "POST /two HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
                + "POST /three HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n"
                + "HEAD /four HTTP/1.0\r\n\r\n"
                + "GET /fi")
        #expect(outcome.error == nil)
        #expect(outcome.requests.map(\.path) == ["/one", "/two", "/three", "/four"])
        #expect(outcome.requests.map(\.body) == ["", "abc", "hi", ""])
        #expect(outcome.pendingBytes == "GET /fi".utf8.count)
    }

    @Test func acceptsRawBuffersAndKeepsThePipelinedRest() throws {
        var parser = HTTPRequestParser()
        let bytes = Array("GET /a HTTP/1.1\r\nHost: a\r\n\r\nGET /b HT".utf8)
        bytes.withUnsafeBytes { parser.append($0) }
        guard case .request(let request) = try parser.next() else {
            Issue.record("expected a request")
            return
        }
        #expect(request.path == "/a")
        #expect(try parser.next() == nil)
        #expect(parser.bufferedByteCount == "GET /b HT".utf8.count)
        #expect(parser.phase == .head)
    }

    @Test func parsesHead() throws {
        let request = try #require(ParserHarness.parse("HEAD /styles.css HTTP/1.1\r\nHost: a\r\n\r\n").requests.first)
        #expect(request.method == "HEAD")
        #expect(request.path == "/styles.css")
    }

    @Test func ignoresEmptyLinesBeforeTheRequestLine() throws {
        let outcome = ParserHarness.parse("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(outcome.requests.count == 1)
    }

    @Test func acceptsAsteriskFormForOptions() throws {
        let request = try #require(ParserHarness.parse("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n").requests.first)
        #expect(request.target == "*")
    }

    @Test func acceptsAbsoluteFormAndTakesItsPath() throws {
        let request = try #require(
            ParserHarness.parse("GET http://example.com:8080/a/b?c=d HTTP/1.1\r\nHost: example.com:8080\r\n\r\n").requests.first)
        #expect(request.target == "http://example.com:8080/a/b?c=d")
        #expect(request.path == "/a/b")
        #expect(request.query == "c=d")
    }

    @Test func keepsMethodsCaseSensitive() throws {
        let request = try #require(ParserHarness.parse("get / HTTP/1.1\r\nHost: a\r\n\r\n").requests.first)
        #expect(request.method == "get")
        #expect(HTTPMethod(rawValue: request.method) != .get)
    }

    @Test func http10NeedsNoHost() {
        #expect(ParserHarness.parse("GET / HTTP/1.0\r\n\r\n").requests.count == 1)
    }

    @Test(arguments: [
        ("HTTP/1.1", nil, true),
        ("HTTP/1.1", "close", false),
        ("HTTP/1.1", "Close", false),
        ("HTTP/1.1", "keep-alive", true),
        ("HTTP/1.1", "Upgrade, close", false),
        ("HTTP/1.0", nil, false),
        ("HTTP/1.0", "keep-alive", true),
        ("HTTP/1.0", "Keep-Alive", true),
        ("HTTP/1.0", "foo ,  KEEP-ALIVE", true),
        ("HTTP/1.0", "close", false),
        ("HTTP/1.0", "keep-alive, close", false),
        ("HTTP/1.0", "keep-alives", false),
    ] as [(String, String?, Bool)])
    func keepAliveFollowsVersionAndConnection(version: String, connection: String?, expected: Bool) throws {
        let header = connection.map { "Connection: \($0)\r\n" } ?? ""
        let outcome = ParserHarness.parse("GET / \(version)\r\nHost: a\r\n\(header)\r\n")
        #expect(try #require(outcome.requests.first).keepAlive == expected)
    }

    @Test func announcesExpectContinueOnceBeforeTheBody() throws {
        let head = "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 4\r\n\r\n"
        var parser = HTTPRequestParser()
        parser.append(Array(head.utf8))
        guard case .expectsContinue = try parser.next() else {
            Issue.record("expected the 100-continue event")
            return
        }
        #expect(parser.phase == .body)
        #expect(try parser.next() == nil)
        parser.append(Array("body".utf8))
        guard case .request(let request) = try parser.next() else {
            Issue.record("expected the request")
            return
        }
        #expect(request.body == Array("body".utf8))
        #expect(try parser.next() == nil)
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n",
        "POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nhi",
    ])
    func doesNotAnnounceContinueWithoutABodyOrOnHTTP10(text: String) {
        let outcome = ParserHarness.parse(text)
        #expect(outcome.requests.count == 1)
        #expect(!outcome.events.contains(.expectsContinue))
    }

    @Test func announcesContinueForChunkedBodies() {
        let outcome = ParserHarness.parse(
            "PUT / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        #expect(outcome.events.first == .expectsContinue)
        #expect(outcome.requests.count == 1)
    }

    @Test func reportsItsPhase() throws {
        var parser = HTTPRequestParser()
        #expect(parser.phase == .idle)
        parser.append(Array("POST / HTTP/1.1\r\nHo".utf8))
        #expect(try parser.next() == nil)
        #expect(parser.phase == .head)
        parser.append(Array("st: a\r\nContent-Length: 2\r\n\r\nx".utf8))
        #expect(try parser.next() == nil)
        #expect(parser.phase == .body)
        parser.append(Array("y".utf8))
        #expect(try parser.next() != nil)
        #expect(parser.phase == .idle)
    }

    @Test func staysFailedAfterAnError() {
        var parser = HTTPRequestParser()
        parser.append(Array("GET / HTTP/1.1\r\n Host: a\r\n\r\n".utf8))
        #expect(throws: HTTPParseError.self) { try parser.next() }
        parser.append(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        #expect(throws: HTTPParseError.self) { try parser.next() }
    }

    @Test func pipeliningManyRequestsStaysLinear() throws {
        let one = Array("GET /item HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        var parser = HTTPRequestParser()
        var count = 0
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for _ in 0..<2000 {
                parser.append(one + one + one + one + one)
                while let event = try parser.next() {
                    if case .request = event { count += 1 }
                }
            }
        }
        #expect(count == 10_000)
        #expect(parser.bufferedByteCount == 0)
        #expect(elapsed < .seconds(5))
    }
}

extension HTTPRequestParser.Event: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.expectsContinue, .expectsContinue): true
        case (.request(let a), .request(let b)): RequestSummary(a) == RequestSummary(b)
        default: false
        }
    }
}
