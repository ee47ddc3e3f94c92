import HTTPCore
import Testing

@Suite struct HTTPResponseSerializerTests {
    @Test func writesStatusLineHeadersAndBody() {
        var response = HTTPResponse.html("<h1>Hi</h1>")
        response.headers.add("Content-Length", "11")
        response.headers.add("Set-Cookie", "a=1")
        response.headers.add("Set-Cookie", "b=2")
        var buffer: [UInt8] = []
        HTTPResponseSerializer.write(response, headOnly: false, into: &buffer)
        #expect(
            String(decoding: buffer, as: UTF8.self)
                == "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 11\r\n"
                + "Set-Cookie: a=1\r\nSet-Cookie: b=2\r\n\r\n<h1>Hi</h1>")
    }

    @Test func headOnlyLeavesTheBodyOut() {
        let response = HTTPResponse(status: .notFound, headers: ["Content-Length": "5"], body: Array("nope!".utf8))
        var buffer: [UInt8] = []
        HTTPResponseSerializer.write(response, headOnly: true, into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "HTTP/1.1 404 Not Found\r\nContent-Length: 5\r\n\r\n")
    }

    @Test func appendsSoPipelinedResponsesShareOneBuffer() {
        var buffer: [UInt8] = []
        HTTPResponseSerializer.write(HTTPResponse(status: .noContent), headOnly: false, into: &buffer)
        HTTPResponseSerializer.write(.redirect(to: "/library"), headOnly: false, into: &buffer)
        #expect(
            String(decoding: buffer, as: UTF8.self)
                == "HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 303 See Other\r\nLocation: /library\r\n\r\n")
    }

    @Test func neutralisesHeaderInjection() {
        let response = HTTPResponse(
            status: HTTPStatus(code: 200, reasonPhrase: "OK\r\nX-Evil: 1"),
            headers: ["Location": "/a\r\nSet-Cookie: admin=1", "Bad Name:\r\n": "v\0\u{7F}\tok"])
        var buffer: [UInt8] = []
        HTTPResponseSerializer.write(response, headOnly: false, into: &buffer)
        #expect(
            String(decoding: buffer, as: UTF8.self)
                == "HTTP/1.1 200 OK  X-Evil: 1\r\nLocation: /a  Set-Cookie: admin=1\r\nBad-Name---: v  \tok\r\n\r\n")
    }

    @Test func keepsUTF8InValues() {
        var buffer: [UInt8] = []
        HTTPResponseSerializer.write(HTTPResponse(headers: ["X-Title": "café"]), headOnly: false, into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "HTTP/1.1 200 OK\r\nX-Title: café\r\n\r\n")
    }
}
