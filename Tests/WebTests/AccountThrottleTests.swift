import Testing

/// The per-address throttles in front of registration and reset requests, over a socket, with
/// their default limits.
struct AccountThrottleTests {
    @Test func theEleventhRegistrationFromOneAddressIs429WithRetryAfter() throws {
        let app = try TestApp()
        let client = app.client()
        let taken = [("email", "someone@example.com"), ("username", "demo"), ("password", "long-enough-password")]
        for _ in 0..<10 {
            #expect(try client.submit("/register", form: taken).status == 422)
        }
        let limited = try client.submit(
            "/register", form: [("email", "new@example.com"), ("username", "newcomer"), ("password", "long-enough-password")])
        #expect(limited.status == 429)
        let wait = try #require(limited.header("Retry-After").flatMap(Int.init))
        #expect(wait > 0 && wait <= 15 * 60)
        #expect(limited.text.contains("Too many attempts"))
        #expect(!limited.text.contains("long-enough-password"))
    }

    @Test func theSixthResetRequestFromOneAddressIs429AndSendsNothing() throws {
        let app = try TestApp()
        let client = app.client()
        for _ in 0..<5 {
            #expect(try client.submit("/forgot-password", form: [("email", "demo@example.com")]).location == "/forgot-password/sent")
        }
        let limited = try client.submit("/forgot-password", form: [("email", "demo@example.com")])
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After").flatMap(Int.init) != nil)
        #expect(app.outbox.count == 5)
    }
}
