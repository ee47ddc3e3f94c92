import Testing
@testable import HTTPCore

/// The server's own fields are written after the response's, replacing any the response carries.
@Suite struct HTTPResponseSerializerServerFieldsTests {
    private func written(_ response: HTTPResponse, _ fields: HTTPResponseSerializer.ServerFields, headOnly: Bool = false) -> String {
        var buffer: [UInt8] = []
        HTTPResponseSerializer.write(response, headOnly: headOnly, fields: fields, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    @Test func theServersFieldsReplaceTheResponsesAndComeLast() {
        var response = HTTPResponse.text("hello")
        response.headers.add("date", "yesterday")
        response.headers.add("Connection", "close")
        response.headers.add("content-length", "99")
        let text = written(response, .init(contentLength: .value(5), date: "Sun, 22 Nov 2026 00:00:00 GMT", closing: false, server: "Waypoint"))
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(!text.contains("yesterday") && !text.contains("99") && !text.contains("close"))
        #expect(text.hasSuffix(
            "Content-Length: 5\r\nDate: Sun, 22 Nov 2026 00:00:00 GMT\r\nServer: Waypoint\r\nConnection: keep-alive\r\n\r\nhello"))
    }

    @Test(arguments: [0, 7, 10, 99, 4_854, 17_344, 1_048_576, 99_999_999, 100_000_000, 1_234_567_890, Int.max])
    func eachDigitOfALengthIsAppendedInOrder(length: Int) {
        var buffer: [UInt8] = [UInt8(ascii: "<")]
        HTTPResponseSerializer.appendDecimal(length, to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "<" + String(length))
    }

    @Test func statusLinesOfCommonAndCustomStatusesAreWrittenAsGiven() {
        let lines = [HTTPStatus.ok, .notModified, .notFound, HTTPStatus(code: 200, reasonPhrase: "Fine"),
                     HTTPStatus(code: 304, reasonPhrase: "Same")].map { status in
            written(HTTPResponse(status: status), .init(contentLength: .omitted, date: "d", closing: false), headOnly: true)
                .split(separator: "\r\n").first.map(String.init)
        }
        #expect(lines == ["HTTP/1.1 200 OK", "HTTP/1.1 304 Not Modified", "HTTP/1.1 404 Not Found", "HTTP/1.1 200 Fine", "HTTP/1.1 304 Same"])
    }

    @Test func withoutALengthOrServerTheLinesStillEndInPairs() {
        let text = written(HTTPResponse(status: .noContent), .init(contentLength: .omitted, date: "d", closing: true), headOnly: true)
        #expect(text == "HTTP/1.1 204 No Content\r\nDate: d\r\nConnection: close\r\n\r\n")
    }

    @Test func aResponsesOwnServerAndGivenLengthAreKept() {
        var response = HTTPResponse(status: .notModified)
        response.headers.add("Server", "Other")
        response.headers.add("Content-Length", "1234")
        let text = written(response, .init(contentLength: .asGiven, date: "d", closing: true, server: "Waypoint"), headOnly: true)
        #expect(text.contains("Server: Other\r\n") && !text.contains("Server: Waypoint"))
        #expect(text.contains("Content-Length: 1234\r\n"))
        #expect(text.hasSuffix("Date: d\r\nConnection: close\r\n\r\n"))
    }

    @Test(arguments: [0, 7, 10, 1_000_000, 123_456_789])
    func lengthsAreWrittenInDecimal(length: Int) {
        let text = written(HTTPResponse(status: .noContent), .init(contentLength: .value(length), date: "d", closing: false), headOnly: true)
        #expect(text.contains("Content-Length: \(length)\r\n"))
    }

    @Test func anOmittedLengthDropsTheResponses() {
        var response = HTTPResponse(status: .noContent)
        response.headers.add("Content-Length", "0")
        #expect(!written(response, .init(contentLength: .omitted, date: "d", closing: false)).contains("Content-Length"))
    }

    @Test func theServersOwnValuesAreCleanedAsTheResponsesAre() {
        // The extra field, the date and the server name are the server's, yet a CR or LF in any
        // of them must not split the head: each becomes a space, a name's bad byte a `-`.
        var fields = HTTPResponseSerializer.ServerFields(
            contentLength: .value(0), date: "d\r\nSet-Cookie: a=b", closing: false, server: "W\naypoint\u{7F}")
        fields.extra = (name: "X-Id\r\n", value: "1\r\nLocation: /evil")
        for response in [HTTPResponse(status: .ok), HTTPResponse(status: .ok, headers: HTTPHeaders().withWireForm())] {
            let text = written(response, fields, headOnly: true)
            #expect(text == "HTTP/1.1 200 OK\r\nX-Id--: 1  Location: /evil\r\nContent-Length: 0\r\n"
                + "Date: d  Set-Cookie: a=b\r\nServer: W aypoint \r\nConnection: keep-alive\r\n\r\n")
        }
    }

    @Test func anEmptyExtraNameAndTheLongestLengthFitTheHead() {
        var fields = HTTPResponseSerializer.ServerFields(contentLength: .value(Int.max), date: "", closing: true, server: "")
        fields.extra = (name: "", value: "")
        let text = written(HTTPResponse(status: HTTPStatus(code: 599, reasonPhrase: "")), fields, headOnly: true)
        #expect(text == "HTTP/1.1 599 \r\n-: \r\nContent-Length: \(Int.max)\r\nDate: \r\nServer: \r\nConnection: close\r\n\r\n")
    }

    @Test func linesMadeAheadAreWrittenAsTheValuesAre() {
        let date = "Sun, 22 Nov 2026 00:00:00 GMT"
        var own = HTTPResponse.text("hello")
        own.headers.add("Server", "Other")
        for response in [HTTPResponse.text("hello"), own, HTTPResponse(status: .ok, headers: HTTPHeaders().withWireForm())] {
            for server in ["Waypoint", nil] as [String?] {
                var given = HTTPResponseSerializer.ServerFields(contentLength: .value(5), date: date, closing: false, server: server)
                given.extra = (name: "X-Request-Id", value: "abc")
                var made = HTTPResponseSerializer.ServerFields(
                    contentLength: .value(5), lines: .init(date: date, server: server), closing: false)
                made.extra = given.extra
                #expect(written(response, made) == written(response, given))
            }
        }
    }

    @Test func linesMadeAheadAreCleanedWhereTheyAreMade() {
        // Checked once, as the lines are made: a CR or LF in either value still never splits the head.
        let lines = HTTPResponseSerializer.DateLines(date: "d\r\nSet-Cookie: a=b", server: "W\naypoint")
        let text = written(HTTPResponse(status: .noContent), .init(contentLength: .omitted, lines: lines, closing: true))
        #expect(text == "HTTP/1.1 204 No Content\r\nDate: d  Set-Cookie: a=b\r\nServer: W aypoint\r\nConnection: close\r\n\r\n")
    }

    @Test func aDateOrServerSetLaterReplacesTheLinesMadeAhead() {
        var fields = HTTPResponseSerializer.ServerFields(
            contentLength: .omitted, lines: .init(date: "old", server: "Waypoint"), closing: true)
        fields.date = "new"
        #expect(fields.lines == nil)
        #expect(written(HTTPResponse(status: .noContent), fields).contains("Date: new\r\nServer: Waypoint\r\n"))
        fields = .init(contentLength: .omitted, lines: .init(date: "old", server: "Waypoint"), closing: true)
        fields.server = nil
        #expect(written(HTTPResponse(status: .noContent), fields).hasSuffix("Date: old\r\nConnection: close\r\n\r\n"))
    }
}
