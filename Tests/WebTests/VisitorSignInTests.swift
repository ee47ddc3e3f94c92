import Testing
@testable import Web

/// An address whose visitor budget is spent (a NAT, a campus) still lets the people behind it sign
/// in and register: their forms carry a token that a cookie holds instead of a server session.
@Suite struct VisitorSignInTests {
    func appWithSpentBudget() throws -> TestApp {
        var options = TestApp.defaultOptions
        options.visitorAdmission = .init(limit: 1, window: 600)
        let app = try TestApp(options: options)
        // The neighbour takes the address's only visitor session.
        #expect(try app.client().get("/flow").header("Set-Cookie") != nil)
        return app
    }

    @Test func aVisitorWithoutASessionSignsIn() throws {
        let app = try appWithSpentBudget()
        let client = app.client()
        let login = try client.get("/login?next=%2Fflow")
        #expect(login.status == 200)
        #expect(client.cookies[VisitorFormCookie.name(secure: false)] != nil)
        #expect(client.cookies[AppResponder.cookieName] == nil)
        let signedIn = try client.post("/login?next=%2Fflow", form: [
            ("csrfToken", login.csrfToken ?? ""), ("username", "demo"), ("password", "demo-password"),
        ])
        #expect(signedIn.status == 303)
        #expect(signedIn.location == "/flow")
        #expect(client.cookies[AppResponder.cookieName] != nil)
        #expect(try client.get("/flow").text.contains("Sign out"))
    }

    @Test func aWrongPasswordKeepsTheFormWorking() throws {
        let app = try appWithSpentBudget()
        let client = app.client()
        let login = try client.get("/login")
        let refused = try client.post("/login", form: [("csrfToken", login.csrfToken ?? ""), ("username", "demo"), ("password", "wrong-password")])
        #expect(refused.status == 422)
        let retried = try client.post("/login", form: [("csrfToken", refused.csrfToken ?? ""), ("username", "demo"), ("password", "demo-password")])
        #expect(retried.status == 303)
    }

    @Test func withoutTheCookieOrWithAnotherTokenTheFormIsRefused() throws {
        let app = try appWithSpentBudget()
        let client = app.client()
        let login = try client.get("/login")
        let cookie = try #require(client.cookies[VisitorFormCookie.name(secure: false)])
        client.cookies[VisitorFormCookie.name(secure: false)] = nil
        let noCookie = try client.post("/login", form: [("csrfToken", login.csrfToken ?? ""), ("username", "demo"), ("password", "demo-password")])
        #expect(noCookie.status == 403)
        // A cookie planted with another token does not match the page's.
        client.cookies[VisitorFormCookie.name(secure: false)] = String(cookie.reversed())
        let planted = try client.post("/login", form: [("csrfToken", login.csrfToken ?? ""), ("username", "demo"), ("password", "demo-password")])
        #expect(planted.status == 403)
    }

    @Test func theCookieNeverOpensOtherForms() throws {
        let app = try appWithSpentBudget()
        let client = app.client()
        let login = try client.get("/login")
        let settings = try client.post("/library/settings", form: [("csrfToken", login.csrfToken ?? "")])
        #expect(settings.status == 403)
    }
}
