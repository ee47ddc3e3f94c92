import Deflate
import HTTPCore
@testable import HTTPServer
import Testing

/// Responses coded where the connection frames them, driven through the pure state machine.
@Suite struct ResponseCompressionTests {
    static let page = HTTPResponse.html(String(repeating: "<li><a href=\"/library/category-3\">Category 3</a></li>\n", count: 60))

    struct Written {
        var head: String
        var body: [UInt8]

        func header(_ name: String) -> String? {
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ": ") }
                .map { String($0.dropFirst(name.count + 2)) }
        }
    }

    /// Sends one request with `acceptEncoding`, answers it with `response`, returns what was written.
    static func exchange(
        method: String = "GET", acceptEncoding: String?, response: HTTPResponse = page
    ) -> Written {
        var machine = ConnectionStateMachine(configuration: .init(), now: 0)
        let now = ConnectionStateMachine.Now(nanoseconds: 0, httpDate: "Sun, 22 Nov 2026 00:00:00 GMT")
        let field = acceptEncoding.map { "Accept-Encoding: \($0)\r\n" } ?? ""
        let actions = machine.following(at: now) { $0.received(Array("\(method) /p HTTP/1.1\r\nHost: x\r\n\(field)\r\n".utf8), now: $1) }
        let sequence = actions.compactMap { if case .respond(_, let sequence) = $0 { sequence } else { nil } }.first ?? -1
        _ = machine.following(at: now) { $0.replied(response, sequence: sequence, now: $1) }
        let bytes = Array(machine.pendingOutbound)
        let separator = Array("\r\n\r\n".utf8)
        let end = (0...(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == separator } ?? bytes.count
        return Written(head: String(decoding: bytes[..<end], as: UTF8.self), body: Array(bytes[min(end + 4, bytes.count)...]))
    }

    @Test func aLargeHTMLPageIsGzippedWhenTheClientAcceptsGzip() throws {
        let written = Self.exchange(acceptEncoding: "gzip, deflate, br")
        #expect(written.header("Content-Encoding") == "gzip")
        #expect(written.header("Vary") == "Accept-Encoding")
        #expect(written.header("Content-Length") == String(written.body.count))
        #expect(written.body.count < Self.page.body.count / 4)
        #expect(try Gzip.decompress(written.body) == Self.page.body)
    }

    @Test func headSendsTheSameHeadersAsGetWithoutTheBody() {
        let get = Self.exchange(acceptEncoding: "gzip")
        let head = Self.exchange(method: "HEAD", acceptEncoding: "gzip")
        #expect(head.head == get.head)
        #expect(head.body.isEmpty)
    }

    @Test func aHeadAnswerWithItsOwnContentLengthGetsTheCodedLength() {
        var response = Self.page
        response.headers.set("Content-Length", String(response.body.count))
        let get = Self.exchange(acceptEncoding: "gzip")
        let head = Self.exchange(method: "HEAD", acceptEncoding: "gzip", response: response)
        #expect(head.header("Content-Length") == get.header("Content-Length"))
    }

    @Test(arguments: [nil, "", "gzip;q=0", "deflate, br", "gzip;q=0.5, identity"] as [String?])
    func theIdentityIsSentWithVaryWhenGzipIsNotChosen(acceptEncoding: String?) {
        let written = Self.exchange(acceptEncoding: acceptEncoding)
        #expect(written.header("Content-Encoding") == nil)
        #expect(written.header("Vary") == "Accept-Encoding")
        #expect(written.body == Self.page.body)
    }

    @Test func smallBodiesStayUncodedButVary() {
        let written = Self.exchange(acceptEncoding: "gzip", response: .html("<p>short</p>"))
        #expect(written.header("Content-Encoding") == nil)
        #expect(written.header("Vary") == "Accept-Encoding")
    }

    @Test func binaryTypesAreNeitherCodedNorVaried() {
        let response = HTTPResponse(headers: ["Content-Type": "image/png"], body: [UInt8](repeating: 0, count: 5000))
        let written = Self.exchange(acceptEncoding: "gzip", response: response)
        #expect(written.header("Content-Encoding") == nil)
        #expect(written.header("Vary") == nil)
    }

    @Test func refusingTheIdentityAndGzipAnswers406() {
        let written = Self.exchange(acceptEncoding: "identity;q=0, br")
        #expect(written.head.hasPrefix("HTTP/1.1 406 "))
        #expect(written.header("Vary") == "Accept-Encoding")
    }

    @Test func refusingOnlyTheIdentityGzipsEvenASmallBody() throws {
        let small = HTTPResponse.text("tiny")
        let written = Self.exchange(acceptEncoding: "identity;q=0, gzip", response: small)
        #expect(written.header("Content-Encoding") == "gzip")
        #expect(try Gzip.decompress(written.body) == small.body)
    }

    @Test func aStrongETagGetsAGzipSuffixInsideItsQuotes() {
        var response = Self.page
        response.headers.set("ETag", "\"abc\"")
        response.headers.add("Vary", "Cookie")
        let written = Self.exchange(acceptEncoding: "gzip", response: response)
        #expect(written.header("ETag") == "\"abc-gzip\"")
        #expect(written.head.contains("Vary: Cookie\r\nVary: Accept-Encoding"))
    }

    @Test(arguments: ["Accept-Encoding", "Cookie, accept-encoding", "*"])
    func aVaryThatAlreadyCoversTheCodingIsNotRepeated(vary: String) {
        var response = Self.page
        response.headers.add("Vary", vary)
        let written = Self.exchange(acceptEncoding: "gzip", response: response)
        #expect(written.head.components(separatedBy: "\r\nVary: ").count == 2, "\(written.head)")
        #expect(written.header("Vary") == vary)
    }

    @Test func aBodyOverTheMaximumIsSentAsItIs() {
        let huge = HTTPResponse.text(String(repeating: "a", count: ResponseCompression.maximumBytes + 1))
        let written = Self.exchange(acceptEncoding: "gzip", response: huge)
        #expect(written.header("Content-Encoding") == nil)
        #expect(written.body.count == huge.body.count)
    }

    @Test(arguments: [
        ("text/html; charset=utf-8", true), ("TEXT/HTML", true), (" text/css ;charset=utf-8", true),
        ("text/javascript", true), ("application/javascript", true), ("image/svg+xml", true), ("text/plain", true),
        ("image/png", false), ("application/json", false), ("text/htmlx", false), ("", false),
    ])
    func compressibleTypesAreRecognisedByMediaType(contentType: String, compressible: Bool) {
        #expect(ResponseCompression.isCompressible(contentType: contentType) == compressible)
    }

    @Test func anAlreadyCodedResponseIsLeftAlone() {
        var response = Self.page
        response.headers.set("Content-Encoding", "br")
        let written = Self.exchange(acceptEncoding: "gzip", response: response)
        #expect(written.header("Content-Encoding") == "br")
        #expect(written.body == Self.page.body)
    }
}
