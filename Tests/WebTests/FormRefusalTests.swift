import Testing

/// Hostile forms are refused by the cheapest check that can refuse them, before the body is decoded.
@Suite struct FormRefusalTests {
    @Test(arguments: [
        [("Sec-Fetch-Site", "cross-site")],
        [("Sec-Fetch-Site", "same-site")],
        [("Origin", "https://attacker.example")],
        [("Origin", "http://127.0.0.1:1")],
    ])
    func aCrossSiteFormIsForbiddenEvenWithTheRightToken(headers: [(String, String)]) throws {
        let app = try TestApp()
        let client = app.client()
        let token = try #require(try client.get("/login").csrfToken)
        let response = try client.post(
            "/login", form: [("csrfToken", token), ("username", "demo"), ("password", "demo-password")], headers: headers)
        #expect(response.status == 403)
        #expect(response.text.contains("Form expired"))
    }

    @Test func aSameOriginFormIsAccepted() throws {
        let app = try TestApp()
        let client = app.client()
        let token = try #require(try client.get("/login").csrfToken)
        let response = try client.post(
            "/login", form: [("csrfToken", token), ("username", "demo"), ("password", "demo-password")],
            headers: [("Sec-Fetch-Site", "same-origin"), ("Origin", "http://127.0.0.1:\(app.port)")])
        #expect(response.status == 303)
    }

    @Test func aHugeFormWithoutASessionIsRefusedUndecoded() throws {
        let app = try TestApp()
        let body = Array(String(repeating: "x=&", count: 300_000).utf8)
        let response = try app.client().request(
            "POST", "/login", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: body)
        #expect(response.status == 403)
    }
}
