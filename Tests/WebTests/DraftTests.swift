import Testing

/// A guarded form sent by someone signed out keeps what they typed: after signing in they are back
/// at the same form with the values, ready to save, and only once.
@Suite struct DraftTests {
    func value(of field: String, in response: WebClient.Response) -> String? {
        guard let input = response.text.range(of: #"name="\#(field)""#) else { return nil }
        let rest = response.text[input.upperBound...]
        guard let start = rest.range(of: #"value=""#), rest[..<start.lowerBound].contains(">") == false else { return nil }
        let value = rest[start.upperBound...]
        return value.firstIndex(of: "\"").map { String(value[..<$0]) }
    }

    @Test func anEditSentWhileSignedOutComesBackAfterSigningIn() throws {
        let app = try TestApp()
        let client = app.client()
        let token = try #require(try client.get("/login").csrfToken)
        let options = "/library/category-3/items/107/options"
        let sent = try client.post(options, form: [("csrfToken", token), ("title", "Typed while away"), ("subtitle", "kept")])
        #expect(sent.status == 303)
        #expect(sent.location == "/login?next=%2Flibrary%2Fcategory-3%2Fitems%2F107%2Foptions")
        #expect(!sent.text.contains("Typed while away"))

        let signedIn = try client.signIn(next: options)
        #expect(signedIn.location == options)
        let form = try client.get(options)
        #expect(value(of: "title", in: form) == "Typed while away")
        #expect(form.text.contains(">kept</textarea>"))
        // Shown once: a reload shows the item as stored.
        #expect(value(of: "title", in: try client.get(options)) != "Typed while away")
    }

    @Test func aNewItemSentWhileSignedOutComesBackInItsSheet() throws {
        let app = try TestApp()
        let client = app.client()
        let token = try #require(try client.get("/login").csrfToken)
        let new = "/library/category-3/items/new"
        _ = try client.post(new, form: [("csrfToken", token), ("title", "Half-typed <title>"), ("subtitle", "")])
        try client.signIn(next: new)
        #expect(value(of: "title", in: try client.get(new)) == "Half-typed &lt;title&gt;")
    }
}
