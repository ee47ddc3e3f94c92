import HTTPCore
@testable import HTTPServer
import Testing
import TestSupport

/// Requests the parser refuses get their status, a short readable body and a closed connection,
/// while the server keeps answering everyone else.
@Suite struct ServerErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: String
        var status: Int
        var testDescription: String { name }
    }

    static let limits = HTTPRequestParser.Limits(
        maxRequestLineBytes: 256, maxHeaderBytes: 512, maxHeaderCount: 10, maxBodyBytes: 64)

    static let cases: [Case] = [
        Case(name: "garbage request line", bytes: "HELLO\r\n\r\n", status: 400),
        Case(name: "space before colon", bytes: "GET / HTTP/1.1\r\nHost: t\r\nHost : x\r\n\r\n", status: 400),
        Case(name: "bad content length", bytes: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: abc\r\n\r\n", status: 400),
        Case(name: "body too large", bytes: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 65\r\n\r\n", status: 413),
        Case(name: "target too long", bytes: "GET /\(String(repeating: "a", count: 300)) HTTP/1.1\r\nHost: t\r\n\r\n", status: 414),
        Case(name: "headers too large",
             bytes: "GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "b", count: 600))\r\n\r\n", status: 431),
        Case(name: "too many headers",
             bytes: "GET / HTTP/1.1\r\nHost: t\r\n" + (0..<12).map { "X-\($0): 1\r\n" }.joined() + "\r\n", status: 431),
        Case(name: "unknown transfer coding",
             bytes: "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n", status: 501),
        Case(name: "unsupported version", bytes: "GET / HTTP/2.0\r\n\r\n", status: 505),
    ]

    @Test(arguments: cases)
    func badRequestGetsItsStatusAndTheConnectionCloses(_ testCase: Case) throws {
        var configuration = HTTPServer.Configuration.testing()
        configuration.limits = Self.limits
        try withServer(configuration) { port in
            let client = try LoopbackClient(port: port)
            client.send(testCase.bytes)
            let response = try client.readResponse()
            #expect(response.status == testCase.status)
            #expect(response.header("Connection") == "close")
            #expect(response.text.hasPrefix("\(testCase.status) "))
            #expect(client.isClosedByServer())

            let other = try LoopbackClient(port: port)
            other.send("GET /still-here HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try other.readResponse().status == 200)
        }
    }

    @Test func aConfiguredErrorPageAnswersOverTheSocketAndTheConnectionStillCloses() throws {
        var configuration = HTTPServer.Configuration.testing()
        configuration.limits = Self.limits
        configuration.errorPage = { status, reason in
            HTTPResponse(
                status: status, headers: ["Content-Type": "text/html; charset=utf-8", "X-Frame-Options": "DENY"],
                body: Array("<h1>\(status.code)</h1><p>\(reason)</p>".utf8))
        }
        try withServer(configuration) { port in
            let client = try LoopbackClient(port: port)
            client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 65\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.header("X-Frame-Options") == "DENY")
            #expect(response.header("Connection") == "close")
            #expect(response.text.hasPrefix("<h1>413</h1>"))
            #expect(client.isClosedByServer())
        }
    }
}
