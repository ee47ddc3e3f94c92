@testable import Coordinators
import Models
import TestSupport
import Testing
import ViewModels

/// What a careful user noticed (issue 21), at the coordinator.
@Suite struct CarefulUserTests {
    private func signIn(_ app: AppCoordinator, next: AppRoute) throws -> NavigationOutcome {
        try app.submit(.account(.login(next: next)), form: ["username": "ada", "password": "correct-horse"], viewer: visitor)
    }

    @Test func aFavouriteSentWhileSignedOutIsAppliedOnceSignedIn() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        let options = AppRoute.library(.item(books, ItemID(1), .options))
        #expect(try app.submit(options, form: ["intent": "favourite"], viewer: visitor) == .redirect(.account(.login(next: options))))
        let login = try #require(app.screen(at: "/login?next=%2Flibrary%2Fbooks%2Fitems%2F1%2Foptions"))
        guard case .account(let content) = login.content else { Issue.record("not the sign-in page"); return }
        #expect(content.reason == "Sign in to add “Dune” to your favourites.")
        #expect(fixture.catalog.item(ItemID(1))?.isFavourite == false)
        guard case .signIn(_, let target) = try signIn(app, next: options) else { Issue.record("not signed in"); return }
        #expect(target == options)
        #expect(fixture.catalog.item(ItemID(1))?.isFavourite == true)
        #expect(app.notice == "Added “Dune” to favourites.")
        #expect(app.draft == nil)
    }

    @Test func theSignInPageSaysWhichGuardedActionSentTheVisitor() throws {
        let app = Fixture().coordinator()
        let screen = try #require(app.screen(at: "/login?next=%2Flibrary%2Fbooks%2Fitems%2Fnew"))
        guard case .account(let content) = screen.content else { Issue.record("not the sign-in page"); return }
        #expect(content.reason == "Sign in to add an item.")
        #expect(screen.viewer.registerHref == .account(.register(next: .library(.newItem(books)))))
        let plain = try #require(app.screen(at: "/login"))
        guard case .account(let plainContent) = plain.content else { Issue.record("not the sign-in page"); return }
        #expect(plainContent.reason == nil)
    }

    @Test func anExpiredFormKeepsItsDraftThroughSignIn() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        let options = AppRoute.library(.item(books, ItemID(1), .options))
        let outcome = app.expiredForm(options, form: ["title": "Dune, typed", "subtitle": "Herbert"], viewer: visitor)
        #expect(outcome == .redirect(.account(.login(next: options))))
        #expect(fixture.catalog.item(ItemID(1))?.title == "Dune")
        _ = try signIn(app, next: options)
        let form = try #require(app.screen(at: "/library/books/items/1/options", viewer: .signedIn(fixture.ada)))
        #expect(form.library?.detail?.options?.editForm.fields.first { $0.name == "title" }?.value == "Dune, typed")
    }

    @Test func anExpiredFormOfSomeoneSignedInComesBackWithANotice() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        let ada = Viewer.signedIn(fixture.ada)
        let new = AppRoute.library(.newItem(books))
        #expect(app.expiredForm(new, form: ["title": "Typed"], viewer: ada) == .redirect(new))
        #expect(app.notice == Notice.formExpired)
        #expect(fixture.catalog.items(in: books).count == 2)
    }

    @Test func backToAnItemThisSessionDeletedShowsItsListWithANotice() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        let ada = Viewer.signedIn(fixture.ada)
        let delete = AppRoute.library(.deleteItem(books, ItemID(2)))
        _ = try app.submit(delete, form: [:], viewer: ada)
        _ = app.show(.library(.category(books)), viewer: ada)
        let back = app.navigate(to: delete, viewer: ada, from: delete).outcome()
        #expect(back == .redirect(.library(.category(books))))
        #expect(app.notice == "“Emma” was deleted, so this list is shown instead.")
        // Typed, the address names nothing: still the 404.
        #expect(app.navigate(to: delete, viewer: ada, from: nil).outcome().screen?.status == .notFound)
    }

    @Test func resetNavigationSendsEveryTabToItsFirstScreenAndIsRecorded() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        let ada = Viewer.signedIn(fixture.ada)
        for url in ["/flow/secondary1/tertiary", "/screen/sheet", "/library/films", "/library/books/items/1/details"] {
            _ = app.screen(at: url, viewer: ada)
        }
        let outcome = try app.submit(.library(.settings), form: ["intent": "reset-navigation"], viewer: ada)
        #expect(outcome == .redirect(.library(.category(books))))
        #expect(app.flow.stack == NavigationStackOf.flowRoot)
        #expect(app.screen.stack.visible == .primary)
        #expect(app.library.selectedCategory == nil)
        #expect(app.lastLocation == nil)
        let entries = app.ledger.entries
        let reset = try #require(entries.lastIndex { $0.kind == .reset && $0.coordinator == "AppCoordinator" })
        let after = entries[(reset + 1)...].map { "\($0.coordinator) \($0.kind)" }
        #expect(after.contains("FlowCoordinator pop"))
        #expect(after.contains("ScreenTabCoordinator dismiss"))
        #expect(after.contains("LibraryCoordinator pop"))
    }

    @Test func forgotPasswordWhileSignedInStartsNoAccountFlow() {
        let fixture = Fixture()
        let app = fixture.coordinator()
        #expect(app.show(.account(.forgotPassword(next: nil)), viewer: .signedIn(fixture.ada)) == .redirect(.library(.category(books))))
        #expect(app.existingChild(AccountCoordinator.self) == nil)
    }
}

private enum NavigationStackOf {
    static let flowRoot = FlowCoordinator.stack(for: .primary)
}
