import Testing
@testable import HTTPCore

/// Field names come out of the parser exactly as sent, whether they are among the common names
/// kept as constants or not.
@Suite struct HTTPRequestParserFieldNameTests {
    @Test(arguments: [
        "Host", "host", "HOST", "Accept", "accept-encoding", "Accept-Encoding", "Accept-Encodinh", "Sec-CH-UA",
        "sec-ch-ua-platform", "X-Custom", "TE", "T", "Upgrade-Insecure-Requests", "Upgrade-Insecure-Requestz",
        String(repeating: "a", count: 31), String(repeating: "a", count: 32), String(repeating: "Name-", count: 20),
        "Expect", "expect", "EXPECT", "Transfer-Encoding", "transfer-encoding", "Content-Length", "content-length",
    ])
    func aNameIsTheBytesAsSent(name: String) {
        #expect(HTTPRequestParser.fieldName(ArraySlice(name.utf8)) == name)
    }

    /// A name kept as a constant carries the role the case-insensitive comparison gives its spelling.
    @Test(arguments: [
        "Host", "host", "HOST", "hOST", "Content-Length", "content-length", "CONTENT-LENGTH", "Transfer-Encoding",
        "transfer-encoding", "Transfer-encoding", "Expect", "expect", "EXPECT", "Accept", "Cookie", "Connection",
        "If-Modified-Since", "if-modified-since", "Sec-Fetch-Site", "Hosts", "Hos", "Content-Lengths", "TE", "X",
    ])
    func aKnownNameHasTheRoleItsSpellingGives(name: String) {
        let (role, knownRole) = Array(name.utf8).withUnsafeBufferPointer { bytes in
            (HTTPRequestParser.role(ofFieldNamed: bytes), HTTPRequestParser.knownFieldName(bytes)?.role)
        }
        #expect((knownRole ?? role) == role)
        let expected: [String: HTTPRequestParser.FieldRole] = [
            "host": .host, "content-length": .contentLength, "transfer-encoding": .transferEncoding, "expect": .expect,
        ]
        #expect(role == expected[name.lowercased(), default: .other])
    }

    @Test func aParsedRequestKeepsEachNamesSpelling() throws {
        var parser = HTTPRequestParser()
        parser.append(Array("GET / HTTP/1.1\r\nhost: a\r\nACCEPT: */*\r\nUser-Agent: t\r\nX-Thing: 1\r\n\r\n".utf8))
        guard case .request(let request) = try parser.next() else {
            Issue.record("no request parsed")
            return
        }
        #expect(request.headers.map(\.name) == ["host", "ACCEPT", "User-Agent", "X-Thing"])
        #expect(request.headers["Host"] == "a" && request.headers["accept"] == "*/*")
    }
}
