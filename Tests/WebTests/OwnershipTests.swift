import Testing

/// Over real sockets: a second account cannot change the demo items (the administrator's to
/// change), sees them read-only, and a forged change gets the 403 error page; an item a user adds
/// is theirs and the administrator's to change, nobody else's.
@Suite struct OwnershipTests {
    static let item = "/library/category-1/items/1"

    /// A new browser signed in to a freshly registered account.
    static func register(_ username: String, on app: TestApp) throws -> WebClient {
        let client = app.client()
        let response = try client.submit(
            "/register", form: [("email", "\(username)@example.com"), ("username", username), ("password", "long-enough-password")])
        #expect(response.status == 303)
        return client
    }

    static func expectForbidden(_ response: WebClient.Response) {
        #expect(response.status == 403)
        ErrorPageTests.expectLayout(response, heading: "Not allowed")
        #expect(response.text.contains("can only be changed or deleted by the person who added it"))
    }

    @Test func aSecondAccountCannotChangeADemoItem() throws {
        let app = try TestApp()
        let second = try Self.register("second", on: app)
        let options = try second.get(Self.item + "/options")
        #expect(options.status == 200)
        #expect(!options.text.contains(#"name="intent""#))
        #expect(!options.text.contains("Delete this item"))
        #expect(options.text.contains("Only the person who added this item, or an administrator, can change it."))
        let token = try #require(options.csrfToken)

        Self.expectForbidden(try second.post(
            Self.item + "/options", form: [("csrfToken", token), ("intent", "edit"), ("title", "Forged"), ("subtitle", "")]))
        Self.expectForbidden(try second.post(Self.item + "/options", form: [("csrfToken", token), ("intent", "favourite")]))
        Self.expectForbidden(try second.post(Self.item + "/delete", form: [("csrfToken", token)]))
        Self.expectForbidden(try second.get(Self.item + "/delete"))

        let after = try second.get(Self.item)
        #expect(after.status == 200)
        #expect(after.text.contains(#"<h2 id="detail-title" class="pane-title">Item 1 &lt;1&gt;</h2>"#))
        #expect(after.text.contains("<dd>No</dd>"))
    }

    @Test func theDemoAdministratorCanChangeTheDemoItems() throws {
        let app = try TestApp()
        let demo = app.client()
        #expect(try demo.signIn().status == 303)
        let options = try demo.get(Self.item + "/options")
        #expect(options.text.contains(#"name="intent" value="edit""#))
        let edited = try demo.post(
            Self.item + "/options", form: [("csrfToken", options.csrfToken ?? ""), ("intent", "edit"), ("title", "By the admin"), ("subtitle", "")])
        #expect(edited.status == 303)
        #expect(try demo.get(Self.item).text.contains("By the admin"))
        #expect(try demo.get(Self.item + "/delete").status == 200)
    }

    @Test func aNewItemIsItsCreatorsAndTheAdministratorsToChangeButNotAThirdAccounts() throws {
        let app = try TestApp()
        let second = try Self.register("second", on: app)
        let added = try second.submit("/library/category-2/items/new", form: [("title", "Second's item"), ("subtitle", "")])
        #expect(added.status == 303)
        let page = try #require(added.location)
        let detail = try second.get(page)
        #expect(detail.text.contains(#"by <span class="detail-creator">second</span>"#))

        let byCreator = try second.submit(page + "/options", form: [("intent", "edit"), ("title", "Renamed by second"), ("subtitle", "")])
        #expect(byCreator.status == 303)

        let third = try Self.register("third", on: app)
        let thirdsView = try third.get(page + "/options")
        #expect(!thirdsView.text.contains(#"name="intent""#))
        let token = try #require(thirdsView.csrfToken)
        Self.expectForbidden(try third.post(
            page + "/options", form: [("csrfToken", token), ("intent", "edit"), ("title", "By third"), ("subtitle", "")]))
        Self.expectForbidden(try third.post(page + "/delete", form: [("csrfToken", token)]))
        #expect(try third.get(page).text.contains("Renamed by second"))

        let demo = app.client()
        try demo.signIn()
        let byAdmin = try demo.submit(page + "/options", form: [("intent", "edit"), ("title", "Renamed by the admin"), ("subtitle", "")])
        #expect(byAdmin.status == 303)
        #expect(try demo.get(page).text.contains("Renamed by the admin"))
        let deleted = try demo.submit(page + "/delete", form: [])
        #expect(deleted.status == 303)
        #expect(try demo.get(page).status == 404)
    }

    @Test func aVisitorIsStillSentToSignInFirst() throws {
        let app = try TestApp()
        let visitor = app.client()
        let response = try visitor.submit(Self.item + "/delete", form: [], from: "/login")
        #expect(response.status == 303)
        #expect(response.location?.hasPrefix("/login?next=") == true)
        // The forms are offered to a visitor; sending one is what asks them to sign in.
        let options = try visitor.get(Self.item + "/options")
        #expect(options.text.contains(#"name="intent""#))
        let edit = try visitor.submit(Self.item + "/options", form: [("title", "Changed by a visitor")], from: "/login")
        #expect(edit.location?.hasPrefix("/login?next=") == true)
    }
}
