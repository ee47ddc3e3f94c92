@testable import Coordinators
import Models
import TestSupport
import Testing
import ViewModels

@Suite struct FormSubmissionTests {
    let fixture = Fixture()
    var ada: Viewer { .signedIn(fixture.ada) }

    @Test func aValidNewItemRedirectsToIt() throws {
        let app = fixture.coordinator()
        let outcome = try app.submit(.library(.newItem(books)), form: ["title": "Persuasion", "subtitle": ""], viewer: ada)
        let added = try #require(fixture.catalog.items(in: books).last)
        #expect(added.title == "Persuasion")
        #expect(outcome == .redirect(.library(.item(books, added.id, nil))))
    }

    @Test func anInvalidNewItemKeepsTheSheetOpenWithErrorsAndValues() throws {
        let app = fixture.coordinator()
        let outcome = try app.submit(.library(.newItem(books)), form: ["title": "  ", "subtitle": "kept"], viewer: ada)
        let screen = try #require(outcome.screen)
        #expect(screen.status == .invalid)
        let form = try #require(screen.sheet?.form)
        #expect(screen.sheet?.kind == .newItem)
        #expect(form.isInvalid)
        #expect(form.action.print() == "/library/books/items/new")
        #expect(form.fields.map(\.value) == ["", "kept"])
        #expect(fixture.catalog.items(in: books).count == 2)
        #expect(screen.library?.list?.categoryName == "Books")
    }

    @Test func aThrottledSettingsSaveKeepsItsWaitForRetryAfter() throws {
        let app = fixture.coordinator()
        fixture.accounts.throttle(retryAfterSeconds: 30)
        let outcome = try app.submit(.library(.settings), form: ["displayName": "Ada", "theme": "dark"], viewer: ada)
        guard case .rateLimited(let screen, let seconds) = outcome else {
            Issue.record("expected a rate-limited outcome, got \(outcome)")
            return
        }
        #expect(seconds == 30)
        #expect(screen.status == .invalid)
        #expect(screen.library?.settings?.form.isInvalid == true)
        #expect(fixture.ada.settings.theme != .dark)
    }

    @Test func anInvalidEditStaysOnTheOptionsTab() throws {
        let app = fixture.coordinator()
        let long = String(repeating: "x", count: 201)
        let outcome = try app.submit(.library(.item(books, ItemID(1), .options)), form: ["title": long], viewer: ada)
        let screen = try #require(outcome.screen)
        #expect(screen.status == .invalid)
        #expect(screen.library?.detail?.options?.editForm.isInvalid == true)
        #expect(fixture.catalog.item(ItemID(1))?.title == "Dune")
    }

    @Test func aValidEditRedirectsBackToOptions() throws {
        let app = fixture.coordinator()
        let outcome = try app.submit(.library(.item(books, ItemID(1), .options)), form: ["title": "Dune Messiah"], viewer: ada)
        #expect(outcome == .redirect(.library(.item(books, ItemID(1), .options))))
        #expect(fixture.catalog.item(ItemID(1))?.title == "Dune Messiah")
    }

    @Test func deletingRedirectsToTheCategoryAndPrunesTheStack() throws {
        let app = fixture.coordinator()
        _ = app.show(.library(.deleteItem(books, ItemID(2))), viewer: ada)
        let outcome = try app.submit(.library(.deleteItem(books, ItemID(2))), form: [:], viewer: ada)
        #expect(outcome == .redirect(.library(.category(books))))
        #expect(fixture.catalog.item(ItemID(2)) == nil)
        #expect(app.library.stack.visible == .category(books))
    }

    @Test func postsToScreensWithoutFormsAreNotFound() throws {
        let app = fixture.coordinator()
        #expect(try app.submit(.flow(.primary), form: [:], viewer: ada).screen?.status == .notFound)
        #expect(try app.submit(.library(.category(books)), form: [:], viewer: ada).screen?.status == .notFound)
    }
}
