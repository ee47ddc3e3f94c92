import Foundation
import Services
import Testing
@testable import Web

/// BREACH: gzipped pages never repeat the CSRF token's bytes; every masked copy still validates.
@Suite struct CSRFMaskingTests {
    static let secret = SecureRandom.token()

    @Test func eachMaskingDiffersAndUnmasksToTheSecret() {
        let first = CSRFToken.masked(Self.secret)
        let second = CSRFToken.masked(Self.secret)
        #expect(first != second)
        #expect(!first.contains(Self.secret))
        #expect(CSRFToken.matchesMasked(first, Self.secret))
        #expect(CSRFToken.matchesMasked(second, Self.secret))
    }

    @Test func forgedOrTamperedTokensFail() {
        let masked = CSRFToken.masked(Self.secret)
        var tampered = Array(masked.utf8)
        tampered[tampered.count / 2] = tampered[tampered.count / 2] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(!CSRFToken.matchesMasked(String(decoding: tampered, as: UTF8.self), Self.secret))
        #expect(!CSRFToken.matchesMasked(CSRFToken.masked(SecureRandom.token()), Self.secret))
        #expect(!CSRFToken.matchesMasked(Self.secret, Self.secret))  // the bare secret is not accepted
        #expect(!CSRFToken.matchesMasked("", Self.secret))
        #expect(!CSRFToken.matchesMasked("!!!", Self.secret))
        #expect(!CSRFToken.matchesMasked(CSRFToken.masked(""), ""))
    }

    @Test func twoRendersOfAPageCarryDifferentTokensThatBothValidate() throws {
        let app = try TestApp()
        let client = app.client()
        let first = try #require(try client.get("/login").csrfToken)
        let second = try #require(try client.get("/login").csrfToken)
        #expect(first != second)
        // Each copy is accepted: a wrong password answers 422 (the form), never 403 (expired).
        for token in [first, second] {
            let response = try client.post(
                "/login", form: [("csrfToken", token), ("username", "demo"), ("password", "not-the-password")])
            #expect(response.status != 403)
        }
        let forged = try client.post(
            "/login", form: [("csrfToken", CSRFToken.masked(SecureRandom.token())), ("username", "demo"), ("password", "x")])
        #expect(forged.status == 403)
    }
}
