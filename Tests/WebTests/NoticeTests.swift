import Testing

/// After every action a one-time confirmation is shown in the status region, and gone on reload.
@Suite struct NoticeTests {
    func notice(in response: WebClient.Response) -> String? {
        guard let start = response.text.range(of: #"<div class="flash" role="status"><p>"#) else { return nil }
        let rest = response.text[start.upperBound...]
        return rest.range(of: "</p>").map { String(rest[..<$0.lowerBound]) }
    }

    @Test func eachActionIsConfirmedOnceAndGoneOnReload() throws {
        let app = try TestApp()
        let client = app.client()
        #expect(notice(in: try client.get("/library/category-3")) == nil)

        try client.signIn()
        #expect(notice(in: try client.get("/library/category-1")) == "Signed in as Demo User.")
        #expect(notice(in: try client.get("/library/category-1")) == nil)

        let saved = try client.submit("/library/settings", form: [("displayName", "Dee"), ("theme", "dark")])
        #expect(saved.status == 303)
        #expect(notice(in: try client.get(saved.location ?? "")) == "Settings saved.")
        #expect(notice(in: try client.get("/library/settings")) == nil)

        let added = try client.submit("/library/category-3/items/new", form: [("title", "A <new> & shiny one"), ("subtitle", "")])
        #expect(added.status == 303)
        #expect(notice(in: try client.get(added.location ?? "")) == "Added “A &lt;new&gt; &amp; shiny one”.")

        let item = try #require(added.location)
        let favourite = try client.submit(item + "/options", form: [("intent", "favourite")])
        #expect(notice(in: try client.get(favourite.location ?? "")) == "Added “A &lt;new&gt; &amp; shiny one” to favourites.")

        let deleted = try client.submit(item + "/delete", form: [])
        #expect(notice(in: try client.get(deleted.location ?? "")) == "Deleted “A &lt;new&gt; &amp; shiny one”.")

        let page = try client.get("/library/category-1")
        let logout = try client.post("/logout", form: [("csrfToken", page.csrfToken ?? "")])
        #expect(notice(in: try client.get(logout.location ?? "")) == "You are signed out.")
    }
}
