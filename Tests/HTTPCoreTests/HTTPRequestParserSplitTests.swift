import HTTPCore
import Testing

/// However the network slices a request, the parser must see the same request.
@Suite struct HTTPRequestParserSplitTests {
    static let validInputs: [String] = [
        "GET / HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /library/books/items/42?tab=details&q=a+b%20c HTTP/1.1\r\nHost: localhost:8080\r\n"
            + "User-Agent: test\r\nAccept: text/html, */*;q=0.8\r\nCookie: session=abc; theme=dark\r\n\r\n",
        "HEAD /styles.css HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
        "POST /login HTTP/1.1\r\nHost: a\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + "Content-Length: 26\r\n\r\nemail=a%40b.c&password=x+y",
        "POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n1\r\n \r\n6 ; x=\"y\"\r\nworld!\r\n0\r\nX-Trailer: t\r\n\r\n",
        "POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "3 ;a;b = c ;q=\"x\\\"y;z\"\t\r\nabc\r\n0;last\r\n\r\n",
        "PUT /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc",
        "\r\nOPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        // tabs and obs-text inside long values: allowed, though scanning stops at each tab
        "GET / HTTP/1.1\r\nHost: a\r\nX-Long: abcdefghij\tklmnopqrstuv\twxyz 0123456789\u{E9}\u{FC}abcdefgh\r\n\r\n",
        // pipelined
        "GET /one HTTP/1.1\r\nHost: a\r\n\r\nPOST /two HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi"
            + "DELETE /three HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
            + "GET /four HTTP/1.1\r\nHost: a\r\n\r\n",
    ]

    @Test(arguments: validInputs)
    func everySplitGivesTheSameRequests(input: String) {
        let bytes = Array(input.utf8)
        let whole = ParserHarness.parse([bytes])
        #expect(whole.error == nil)
        #expect(!whole.requests.isEmpty)
        #expect(whole.pendingBytes == 0)
        for offset in 0...bytes.count {
            #expect(ParserHarness.parse(bytes, splitAt: offset) == whole, "split at \(offset)")
        }
        #expect(ParserHarness.parseByteByByte(bytes) == whole, "byte by byte")
    }

    @Test(arguments: validInputs)
    func everyPairOfSplitsGivesTheSameRequests(input: String) {
        let bytes = Array(input.utf8)
        let whole = ParserHarness.parse([bytes])
        for first in stride(from: 0, through: bytes.count, by: 3) {
            for second in stride(from: first, through: bytes.count, by: 5) {
                let chunks = [Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])]
                #expect(ParserHarness.parse(chunks) == whole, "split at \(first) and \(second)")
            }
        }
    }
}
