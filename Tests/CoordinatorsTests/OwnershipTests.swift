@testable import Coordinators
import Models
import TestSupport
import Testing
import ViewModels

/// Ada added the sample items; Bob is signed in but owns none of them; Root is an administrator.
/// Forged changes by Bob come to the error page (`.forbidden`), change nothing, and leave his
/// navigation where it was.
@Suite struct OwnershipTests {
    let fixture = Fixture()
    let bob: Viewer
    let root: Viewer

    init() {
        bob = .signedIn(fixture.accounts.add(username: "bob", email: "bob@example.com", password: "bobs-password"))
        root = .signedIn(fixture.accounts.add(username: "root", email: "root@example.com", password: "x", isAdministrator: true))
    }

    var ada: Viewer { .signedIn(fixture.ada) }

    static let forgedPosts: [(AppRoute, FormInput)] = [
        (.library(.item(books, ItemID(1), .options)), ["intent": "edit", "title": "Forged", "subtitle": ""]),
        (.library(.item(books, ItemID(1), .options)), ["title": ""]),
        (.library(.item(books, ItemID(1), .options)), ["intent": "favourite"]),
        (.library(.deleteItem(books, ItemID(1))), [:]),
    ]

    @Test(arguments: forgedPosts.indices)
    func aNonOwnersForgedPostIsForbiddenAndChangesNothing(_ index: Int) throws {
        let (route, form) = Self.forgedPosts[index]
        let app = fixture.coordinator()
        _ = app.show(.library(.item(books, ItemID(1), nil)), viewer: bob)
        let before = app.snapshot()
        let outcome = try app.submit(route, form: form, viewer: bob)
        let screen = try #require(outcome.screen, "expected a screen, got \(outcome)")
        #expect(screen.status == .forbidden)
        #expect(screen.template == .forbidden)
        #expect(screen.forbidden?.message.contains("“Dune”") == true)
        #expect(screen.url == .library(.item(books, ItemID(1), nil)))
        #expect(screen.viewer.displayName == "bob")
        #expect(fixture.catalog.writes.isEmpty)
        #expect(fixture.catalog.item(ItemID(1))?.title == "Dune")
        #expect(app.snapshot() == before)
    }

    @Test func openingTheDeleteSheetOfSomeoneElsesItemIsForbidden() throws {
        let app = fixture.coordinator()
        _ = app.show(.library(.item(books, ItemID(2), .options)), viewer: bob)
        let screen = try #require(app.show(.library(.deleteItem(books, ItemID(2))), viewer: bob).screen)
        #expect(screen.status == .forbidden)
        #expect(screen.sheet == nil)
        #expect(app.library.stack.visible == .item(books, ItemID(2), .options))
        #expect(app.lastLocation == .library(.item(books, ItemID(2), .options)))
    }

    @Test(arguments: forgedPosts.indices)
    func visitorsAreStillSentToSignInFirst(_ index: Int) throws {
        let (route, form) = Self.forgedPosts[index]
        #expect(try fixture.coordinator().submit(route, form: form, viewer: visitor) == .redirect(.account(.login(next: route))))
        #expect(fixture.catalog.writes.isEmpty)
    }

    @Test func anAdministratorMayChangeAnyonesItem() throws {
        let app = fixture.coordinator()
        let edited = try app.submit(.library(.item(books, ItemID(1), .options)), form: ["title": "Dune Messiah"], viewer: root)
        #expect(edited == .redirect(.library(.item(books, ItemID(1), .options))))
        #expect(app.show(.library(.deleteItem(books, ItemID(2))), viewer: root).screen?.sheet?.kind == .deleteItem)
        #expect(try app.submit(.library(.deleteItem(books, ItemID(2))), form: [:], viewer: root) == .redirect(.library(.category(books))))
        #expect(fixture.catalog.writes == ["update 1", "delete 2"])
    }

    @Test func othersSeeTheOptionsTabReadOnly() throws {
        let options = AppRoute.library(.item(books, ItemID(1), .options))
        let app = fixture.coordinator()
        let forBob = try #require(app.show(options, viewer: bob).screen?.library?.detail)
        #expect(!forBob.canEdit)
        #expect(forBob.options?.canEdit == false)
        #expect(forBob.options?.readOnlyNotice?.contains("Only the person who added this item") == true)
        // A visitor is offered the forms: sending one asks them to sign in first, then the rule decides.
        let forVisitor = try #require(app.show(options, viewer: visitor).screen?.library?.detail?.options)
        #expect(forVisitor.canEdit)
        #expect(forVisitor.readOnlyNotice == nil)
        let forAda = try #require(app.show(options, viewer: ada).screen?.library?.detail?.options)
        #expect(forAda.canEdit)
        #expect(forAda.readOnlyNotice == nil)
    }

    @Test func aNewItemRecordsItsCreatorWhoMayThenChangeIt() throws {
        let app = fixture.coordinator()
        let outcome = try app.submit(.library(.newItem(films)), form: ["title": "Heat", "subtitle": ""], viewer: bob)
        let added = try #require(fixture.catalog.items(in: films).last)
        #expect(outcome == .redirect(.library(.item(films, added.id, nil))))
        #expect(added.creator == bob.user?.id)
        let detail = try #require(app.show(.library(.item(films, added.id, nil)), viewer: bob).screen?.library?.detail)
        #expect(detail.canEdit)
        #expect(detail.header.createdBy == "bob")
        let edit = try app.submit(.library(.item(films, added.id, .options)), form: ["title": "Heat (1995)"], viewer: bob)
        #expect(edit == .redirect(.library(.item(films, added.id, .options))))
        let byAda = try app.submit(.library(.deleteItem(films, added.id)), form: [:], viewer: ada)
        #expect(byAda.screen?.status == .forbidden)
        #expect(fixture.catalog.item(added.id)?.title == "Heat (1995)")
    }
}
