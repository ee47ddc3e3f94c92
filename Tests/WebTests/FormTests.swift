import Testing

@Suite struct FormTests {
    @Test(arguments: [nil, "", "wrong-token-wrong-token", "x"])
    func aPostWithoutTheSessionsCSRFTokenIsForbidden(token: String?) throws {
        let app = try TestApp()
        let client = app.client()
        let page = try client.get("/login")
        #expect(page.csrfToken != nil)
        let form = (token.map { [("csrfToken", $0)] } ?? []) + [("username", "demo"), ("password", "demo-password")]
        let response = try client.post("/login", form: form)
        #expect(response.status == 403)
        #expect(response.text.contains("Form expired"))
    }

    @Test func aPostWithoutASessionIsForbidden() throws {
        let app = try TestApp()
        let response = try app.client().post("/login", form: [("csrfToken", "abc"), ("username", "demo")])
        #expect(response.status == 403)
    }

    @Test func otherContentTypesAre415AndBrokenEncodingIs400() throws {
        let app = try TestApp()
        let client = app.client()
        let token = try #require(try client.get("/login").csrfToken)
        let json = try client.request(
            "POST", "/login", headers: [("Content-Type", "application/json")], body: Array(#"{"csrfToken":"\#(token)"}"#.utf8))
        #expect(json.status == 415)
        let broken = try client.request(
            "POST", "/login", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Array("csrfToken=\(token)&username=%ZZ".utf8))
        #expect(broken.status == 400)
    }

    @Test func aGuardedActionSignsInFirstAndComesBackToTheForm() throws {
        let app = try TestApp()
        let client = app.client()
        _ = try client.get("/library/category-3")
        // A visitor's pages carry the session's token in the sign-in form.
        let post = try client.submit("/library/category-3/items/new", form: [("title", "New one")], from: "/login")
        #expect(post.status == 303)
        let login = try #require(post.location)
        #expect(login == "/login?next=%2Flibrary%2Fcategory-3%2Fitems%2Fnew")
        let signIn = try client.submit(login, form: [("username", "demo"), ("password", "demo-password")])
        #expect(signIn.status == 303)
        #expect(signIn.location == "/library/category-3/items/new")
        let form = try client.get("/library/category-3/items/new")
        #expect(form.status == 200)
        #expect(form.text.contains("<dialog open"))
        let added = try client.post(
            "/library/category-3/items/new", form: [("csrfToken", form.csrfToken ?? ""), ("title", "Fresh item"), ("subtitle", "")])
        #expect(added.status == 303)
        let item = try client.get(try #require(added.location))
        #expect(item.status == 200)
        #expect(item.text.contains("Fresh item"))
    }

    @Test func registeringLandsBackWhereTheVisitorWasGoing() throws {
        let app = try TestApp()
        let client = app.client()
        let target = "/register?next=" + WebClient.encode("/library/category-2/items/60/options")
        let response = try client.submit(
            target, form: [("email", "new@example.com"), ("username", "newcomer"), ("password", "long-enough-password")])
        #expect(response.status == 303)
        #expect(response.location == "/library/category-2/items/60/options")
        let page = try client.get("/library/category-2/items/60/options")
        #expect(page.text.contains("newcomer"))
    }

    @Test func invalidFormsAnswer422KeepingValuesButNeverPasswords() throws {
        let app = try TestApp()
        let client = app.client()
        let response = try client.submit(
            "/register", form: [("email", "kept@example"), ("username", "keptname"), ("password", "short-pw")])
        #expect(response.status == 422)
        #expect(response.text.contains(#"<h2 id="error-summary-title">Account not created</h2>"#))
        #expect(response.text.contains("Passwords need to be a minimum of 9 characters long"))
        #expect(response.text.contains(#"value="keptname""#))
        #expect(response.text.contains(#"value="kept@example""#))
        #expect(!response.text.contains("short-pw"))

        try client.signIn()
        let sheet = try client.submit(
            "/library/category-3/items/new", form: [("title", ""), ("subtitle", "kept subtitle")])
        #expect(sheet.status == 422)
        #expect(sheet.text.contains("<dialog open"))
        #expect(sheet.text.contains(#"<h2 id="error-summary-title">Item not added</h2>"#))
        #expect(sheet.text.contains("kept subtitle"))
    }

    static let payloads = [#"<script>alert(1)</script>"#, #""><img src=x onerror=alert(1)>"#]

    @Test(arguments: payloads)
    func scriptPayloadsInEveryFieldComeBackEscaped(payload: String) throws {
        let app = try TestApp()
        let client = app.client()
        let login = try client.submit("/login", form: [("username", payload), ("password", payload)])
        #expect(login.status == 422)
        let register = try client.submit("/register", form: [("email", payload), ("username", payload), ("password", payload)])
        #expect(register.status == 422)
        let forgot = try client.submit("/forgot-password", form: [("email", payload)])
        for page in [login, register, forgot] {
            #expect(!page.text.contains(payload))
            #expect(!page.text.contains("<script>alert"))
            #expect(!page.text.contains("<img src=x"))
        }
        let notFound = try client.get("/" + WebClient.encode(payload))
        #expect(notFound.status == 404 || notFound.status == 400)
        #expect(!notFound.text.contains("<img src=x") && !notFound.text.contains("<script>alert"))

        try client.signIn()
        let added = try client.submit(
            "/library/category-1/items/new", form: [("title", payload), ("subtitle", payload)])
        #expect(added.status == 303)
        let settings = try client.submit("/library/settings", form: [("displayName", payload), ("theme", "dark")])
        #expect(settings.status == 303)
        for target in [try #require(added.location), "/library/category-1", "/library/settings", "/_navigation"] {
            let page = try client.get(target)
            #expect(page.status == 200)
            #expect(!page.text.contains(payload), "\(target)")
            #expect(!page.text.contains("<script>alert") && !page.text.contains("<img src=x"), "\(target)")
        }
    }
}
