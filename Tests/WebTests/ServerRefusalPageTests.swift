import Testing

/// Requests refused before the app sees them (by the static files or by the server itself) get
/// the same page, headers and status discipline as the app's own errors.
@Suite struct ServerRefusalPageTests {
    @Test(arguments: ["/library/%00", "/..%2f", "/%2e%2e/etc/passwd", "/styles.css%00"])
    func aPathThatMayNotNameAFileIs400InTheLayout(target: String) throws {
        let app = try TestApp()
        let response = try app.client().get(target)
        #expect(response.status == 400)
        ErrorPageTests.expectLayout(response, heading: "Bad request")
        #expect(response.text.contains("This path is not allowed."))
    }

    @Test func writingToAStaticFileIs405InTheLayoutWithAllow() throws {
        let app = try TestApp()
        let response = try app.client().request("POST", "/styles.css", body: Array("x".utf8))
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        ErrorPageTests.expectLayout(response, heading: "Method not allowed")
    }

    @Test(arguments: [
        ("OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n", "Server-wide OPTIONS"),
        ("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", "not a proxy"),
    ])
    func requestsThatNameNoResourceAre501InTheLayoutAndKeepTheConnection(request: String, reason: String) throws {
        let app = try TestApp()
        let client = app.client()
        let response = try client.raw(request)
        #expect(response.status == 501)
        ErrorPageTests.expectLayout(response, heading: "Not supported")
        #expect(response.text.contains(reason))
        #expect(response.header("Connection") == "keep-alive")
        #expect(try client.get("/healthz").text == "ok")
    }

    @Test func staticFilesForbidSniffing() throws {
        let app = try TestApp()
        let client = app.client()
        let file = try client.get("/styles.css")
        #expect(file.status == 200)
        #expect(file.header("Content-Type") == "text/css; charset=utf-8")
        #expect(file.header("X-Content-Type-Options") == "nosniff")
        let revalidated = try client.get("/styles.css", headers: [("If-None-Match", try #require(file.header("ETag")))])
        #expect(revalidated.status == 304)
        #expect(revalidated.header("X-Content-Type-Options") == "nosniff")
    }
}
