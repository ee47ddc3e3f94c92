import HTTPCore
import Testing

/// Each error family is one table; every case is also fed split at every offset and byte by byte,
/// because the parser promises the same verdict however the bytes arrive.
@Suite struct HTTPRequestParserErrorTests {
    static let badRequests: [String] = [
        // request line
        "GET  / HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.1 \r\nHost: a\r\n\r\n",
        " GET / HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /\r\nHost: a\r\n\r\n",
        "GET\r\nHost: a\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET / http/1.1\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.1x\r\nHost: a\r\n\r\n",
        "GET / HTTP/3\r\nHost: a\r\n\r\n",
        "GET / HTTP/11.1\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.\r\nHost: a\r\n\r\n",
        "GET noslash HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET * HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /a b HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /%G1 HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /%4 HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /a#fragment HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /caf\u{E9} HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /a\"b HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET ftp://example.com/ HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /\0 HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /\r HTTP/1.1\r\nHost: a\r\n\r\n",
        // line endings
        "GET / HTTP/1.1\nHost: a\n\n",
        "GET / HTTP/1.1\r\nHost: a\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\n\n",
        "GET / HTTP/1.1\r\nHost: a\rX: b\r\n\r\n",
        // header syntax
        "GET / HTTP/1.1\r\n Host: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX-Long: one\r\n  two\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX-Long: one\r\n\ttwo\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost\t: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHo(st: a\r\n\r\n",
        "GET / HTTP/1.1\r\nH\u{F3}st: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\n: empty name\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX: a\0b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{1}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{7F}b\r\n\r\n",
        // control bytes deep in long values, where lines are scanned a word at a time
        "GET / HTTP/1.1\r\nHost: a\r\nX-Long: abcdefghijklmnop\u{1}qrstuvwxyz0123456789\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX-Long: abcdefghijklmnopq\u{7F}rstuvwxyz0123456789\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX-Long: abcdefghijklmnop\tq\u{1B}rstuvwxyz0123456789\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX-Long-Name-With(Paren: abcdefghijklmnop\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX-Long-Name-With-Space : abcdefghijklmnop\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX-Long-Name-Without-Colon-Or-Value\r\n\r\n",
        // Host
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost:\r\n\r\n",
        "GET / HTTP/1.1\r\nHost:   \r\n\r\n",
        "GET / HTTP/1.0\r\nHost: \r\n\r\n",
        "GET http://example.com/ HTTP/1.1\r\nHost:\r\n\r\n",
        // Content-Length
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +5\r\n\r\nhello",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1, 1\r\n\r\nx",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5 5\r\n\r\nhello",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0x5\r\n\r\nhello",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nhello",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
        // framing conflicts
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: ,\r\n\r\n",
        // chunked body
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5 x\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n;ext\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5 ; \r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a=1;\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;;a\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;=1\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\"x\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a b\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b c\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0;\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a\u{1}b\r\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXX0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\rX",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nbad trailer\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n folded: x\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nX-Trailer: a\u{1}b\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "1;\(String(repeating: "e", count: 5000))\r\nx\r\n0\r\n\r\n",
    ]

    /// The first rule a field line breaks names the error, whichever of the parser's paths judged it.
    @Test(arguments: [
        ("Host : a", "whitespace between field name and colon"),
        ("Host\t: a", "whitespace between field name and colon"),
        ("Ho(st: a", "invalid field name"),
        ("Ho st: a", "invalid field name"),
        (": a", "invalid field name"),
        ("NoColon", "field line without colon"),
        ("No(Colon", "field line without colon"),
        ("X: a\u{1}b", "invalid character in field value"),
        ("X: abcdefghijklmnopqrstuvwxyz\u{7F}", "invalid character in field value"),
    ])
    func aBrokenFieldLineNamesTheFirstRuleItBreaks(line: String, reason: String) {
        let outcome = ParserHarness.parse("GET / HTTP/1.1\r\nHost: a\r\n\(line)\r\n\r\n")
        #expect(outcome.error == HTTPParseError(status: .badRequest, reason: reason))
    }

    @Test(arguments: badRequests)
    func malformedRequestsAreBadRequests(input: String) {
        Self.expectStatus(400, for: Array(input.utf8))
    }

    @Test(arguments: [
        "gzip, chunked",
        "identity",
        "gzip",
        "deflate",
        "chunked, gzip",
        "chunked, chunked",
        "chunked;ext=1",
        "x-custom",
    ])
    func transferCodingsOtherThanChunkedAreNotImplemented(coding: String) {
        Self.expectStatus(
            501, for: Array("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \(coding)\r\n\r\n0\r\n\r\n".utf8))
    }

    @Test func chunkedListedTwiceAcrossHeadersIsNotImplemented() {
        Self.expectStatus(
            501,
            for: Array(
                "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
                    .utf8))
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/1.2", "HTTP/0.9", "HTTP/3.0", "HTTP/9.9", "HTTP/1.9"])
    func wellFormedButUnsupportedVersionsAre505(version: String) {
        Self.expectStatus(505, for: Array("GET / \(version)\r\nHost: a\r\n\r\n".utf8))
    }

    static let small = HTTPRequestParser.Limits(
        maxRequestLineBytes: 30, maxHeaderBytes: 40, maxHeaderCount: 3, maxBodyBytes: 10)

    @Test(arguments: [
        // request line: 31 bytes > 30
        (414, "GET /\(String(repeating: "a", count: 17)) HTTP/1.1\r\nHost: a\r\n\r\n"),
        (414, "GET /\(String(repeating: "a", count: 100))"),
        (414, "\(String(repeating: "A", count: 40))"),
        // header section: 41 bytes > 40, counting line ends and the blank line
        (431, "GET / HTTP/1.1\r\nHost: a\r\nX: \(String(repeating: "b", count: 25))\r\n\r\n"),
        (431, "GET / HTTP/1.1\r\nHost: a\r\nX: \(String(repeating: "b", count: 100))"),
        // the fields fill all 40 bytes, so the blank line has no room at all
        (431, "GET / HTTP/1.1\r\nHost: a\r\nX: \(String(repeating: "b", count: 26))\r\n\r\n"),
        // header count: 4 > 3
        (431, "GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n"),
        // body
        (413, "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n"),
        (413, "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nB\r\n"),
        (413, "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n5\r\n"),
        (413, "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFFFFFFFFFF\r\n"),
    ] as [(Int, String)])
    func limitsAreEnforced(status: Int, input: String) {
        Self.expectStatus(status, for: Array(input.utf8), limits: Self.small)
    }

    @Test(arguments: [
        "GET /\(String(repeating: "a", count: 16)) HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX: \(String(repeating: "b", count: 24))\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n0123456789",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n5\r\nfghij\r\n0\r\n\r\n",
    ])
    func requestsExactlyAtTheLimitsPass(input: String) {
        let outcome = ParserHarness.parse(input, limits: Self.small)
        #expect(outcome.error == nil)
        #expect(outcome.requests.count == 1)
    }

    @Test func defaultLimitsMatchTheContract() {
        let limits = HTTPRequestParser.Limits()
        #expect(limits.maxRequestLineBytes == 8192)
        #expect(limits.maxHeaderBytes == 16384)
        #expect(limits.maxHeaderCount == 100)
        #expect(limits.maxBodyBytes == 1 << 20)
        let longTarget = "/" + String(repeating: "a", count: 8192)
        Self.expectStatus(414, for: Array("GET \(longTarget) HTTP/1.1\r\nHost: a\r\n\r\n".utf8), splitEverywhere: false)
        let manyHeaders = (0...100).map { "X-\($0): v\r\n" }.joined()
        Self.expectStatus(431, for: Array("GET / HTTP/1.1\r\nHost: a\r\n\(manyHeaders)\r\n".utf8), splitEverywhere: false)
        let bigHeader = "X: " + String(repeating: "v", count: 16384) + "\r\n"
        Self.expectStatus(431, for: Array("GET / HTTP/1.1\r\nHost: a\r\n\(bigHeader)\r\n".utf8), splitEverywhere: false)
        Self.expectStatus(413, for: Array("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1048577\r\n\r\n".utf8))
        Self.expectStatus(413, for: Array("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999999\r\n\r\n".utf8))
    }

    @Test func rejectsAnOversizedBodyBeforeItArrives() {
        var parser = HTTPRequestParser()
        parser.append(Array("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 2000000\r\n".utf8))
        #expect(throws: HTTPParseError(status: .payloadTooLarge, reason: "body too large")) { try parser.next() }
    }

    /// Asserts `status` for the whole input, byte by byte, and (optionally) split at every offset.
    static func expectStatus(
        _ status: Int,
        for bytes: [UInt8],
        limits: HTTPRequestParser.Limits = .init(),
        splitEverywhere: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let whole = ParserHarness.parse([bytes], limits: limits)
        #expect(whole.error?.status.code == status, "\(whole)", sourceLocation: sourceLocation)
        #expect(whole.requests.isEmpty, sourceLocation: sourceLocation)
        let byteByByte = ParserHarness.parseByteByByte(bytes, limits: limits)
        #expect(byteByByte.error == whole.error, "byte by byte", sourceLocation: sourceLocation)
        guard splitEverywhere else { return }
        for offset in 0...bytes.count {
            let split = ParserHarness.parse(bytes, splitAt: offset, limits: limits)
            #expect(split.error == whole.error, "split at \(offset)", sourceLocation: sourceLocation)
        }
    }
}
