@testable import Coordinators
import Models
import TestSupport
import Testing
import ViewModels

@Suite struct GuardedActionTests {
    static let guardedPosts: [(AppRoute, FormInput)] = [
        (.library(.newItem(books)), ["title": "New"]),
        (.library(.item(books, ItemID(1), .options)), ["title": "Edited"]),
        (.library(.deleteItem(books, ItemID(1))), [:]),
        (.library(.settings), ["displayName": "Ada"]),
    ]

    @Test(arguments: guardedPosts.indices)
    func visitorsPostingAreSentToSignInWithTheDeepLink(_ index: Int) throws {
        let fixture = Fixture()
        let (route, form) = Self.guardedPosts[index]
        let outcome = try fixture.coordinator().submit(route, form: form, viewer: visitor)
        #expect(outcome == .redirect(.account(.login(next: route))))
        #expect(fixture.catalog.item(ItemID(1))?.title == "Dune")
        #expect(fixture.catalog.items(in: books).count == 2)
    }

    @Test(arguments: [AppRoute.library(.newItem(books)), .library(.deleteItem(books, ItemID(2)))])
    func visitorsOpeningGuardedFormsAreSentToSignIn(_ route: AppRoute) {
        let app = Fixture().coordinator()
        #expect(app.show(route, viewer: visitor) == .redirect(.account(.login(next: route))))
    }

    @Test func signingInReturnsToTheGuardedScreen() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        let guarded = AppRoute.library(.newItem(books))
        guard case .redirect(let login) = app.show(guarded, viewer: visitor) else { Issue.record("no redirect"); return }
        let loginScreen = try #require(app.screen(at: login.print()))
        guard case .account(let content) = loginScreen.content else { Issue.record("not a form"); return }
        #expect(content.form.action.print() == "/login?next=%2Flibrary%2Fbooks%2Fitems%2Fnew")
        let posted = try #require(AppRoute.parse(url: content.form.action.print()))
        let outcome = try app.submit(posted, form: ["username": "ada", "password": "correct-horse"], viewer: visitor)
        #expect(outcome == .signIn(fixture.ada, then: guarded))
        #expect(app.show(guarded, viewer: .signedIn(fixture.ada)).screen?.sheet?.kind == .newItem)
    }

    @Test func registeringReturnsToTheGuardedScreenEvenWithoutNextInTheForm() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        let guarded = AppRoute.library(.deleteItem(books, ItemID(2)))
        _ = app.show(guarded, viewer: visitor)
        let form = ["email": "grace@example.com", "username": "grace", "password": "long-enough-password"]
        let outcome = try app.submit(.account(.register(next: nil)), form: form, viewer: visitor)
        guard case .signIn(let user, let then) = outcome else { Issue.record("not signed in: \(outcome)"); return }
        #expect(user.username == "grace")
        #expect(then == guarded)
    }

    @Test func wrongCredentialsRenderTheFormInvalidWithTheUsernameKept() throws {
        let app = Fixture().coordinator()
        let outcome = try app.submit(
            .account(.login(next: .flow(.tertiary))), form: ["username": "ada", "password": "wrong-password"], viewer: visitor)
        let screen = try #require(outcome.screen)
        #expect(screen.status == .invalid)
        guard case .account(let content) = screen.content else { Issue.record("not a form"); return }
        #expect(content.form.isInvalid)
        #expect(content.form.fields.map(\.value) == ["ada", ""])
        #expect(content.form.action.print() == "/login?next=%2Fflow%2Fsecondary1%2Ftertiary")
    }

    @Test func signedInPeopleVisitingSignInGoWhereTheyWereHeaded() {
        let fixture = Fixture()
        let app = fixture.coordinator()
        #expect(app.show(.account(.login(next: .screen(.detail))), viewer: .signedIn(fixture.ada)) == .redirect(.screen(.detail)))
    }

    @Test func signingOutIsAPostOnly() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        #expect(try app.submit(.account(.logout), form: [:], viewer: .signedIn(fixture.ada)) == .signOut(then: .library(.category(books))))
        if case .signOut = app.show(.account(.logout), viewer: .signedIn(fixture.ada)) { Issue.record("GET signed out") }
    }
}
