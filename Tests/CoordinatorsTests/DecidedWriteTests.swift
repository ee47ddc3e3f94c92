@testable import Coordinators
import Models
import TestSupport
import Testing
import ViewModels

/// A form that writes decides its write as a value and writes nothing itself (`decide`); the
/// submission ends once the result is handed back (`finish`), as `submit` would have ended it.
@Suite struct DecidedWriteTests {
    let fixture = Fixture()
    var ada: Viewer { .signedIn(fixture.ada) }
    let client = Client(address: "192.0.2.1")

    @Test func aNewItemIsDecidedAsAWriteAndFinishedWithTheItemItBecame() throws {
        let app = fixture.coordinator()
        let decided = try app.decide(.library(.newItem(books)), form: ["title": "Emma", "subtitle": ""], viewer: ada, client: client)
        guard case .write(let write, let then) = decided else {
            Issue.record("expected a write, got \(decided)")
            return
        }
        #expect(write == .addItem(ItemDraft(title: "Emma", subtitle: ""), to: books, creator: UserID("u1")))
        #expect(fixture.catalog.items(in: books).count == 2, "deciding writes nothing")
        let item = Item(id: ItemID(40), category: books, title: "Emma", subtitle: "", createdAt: CalendarDate(year: 2026, month: 1, day: 8))
        let outcome = try app.finish(then, with: .success(.item(item)))
        #expect(outcome == .redirect(.library(.item(books, ItemID(40), nil))))
        #expect(app.notice?.contains("Emma") == true)
    }

    @Test func aWriteThatFoundTheItemGoneShowsWhereThingsStand() throws {
        let app = fixture.coordinator()
        let decided = try app.decide(
            .library(.item(books, ItemID(1), .options)), form: ["intent": "favourite"], viewer: ada, client: client)
        guard case .write(let write, let then) = decided else {
            Issue.record("expected a write, got \(decided)")
            return
        }
        #expect(write == .setFavourite(ItemID(1), true))
        let outcome = try app.finish(then, with: .failure(CatalogError.unknownItem(ItemID(1))))
        #expect(outcome.location == nil, "no redirect as if it had been saved")
        #expect(outcome.screen != nil)
    }

    @Test func anUnexpectedFailureOfTheWriteIsRethrown() throws {
        struct Unavailable: Error {}
        let app = fixture.coordinator()
        let decided = try app.decide(.library(.deleteItem(books, ItemID(1))), form: [:], viewer: ada, client: client)
        guard case .write(.deleteItem(ItemID(1)), let then) = decided else {
            Issue.record("expected the delete, got \(decided)")
            return
        }
        #expect(throws: Unavailable.self) { try app.finish(then, with: .failure(Unavailable())) }
        #expect(fixture.catalog.item(ItemID(1)) != nil)
    }

    @Test func anInvalidFormIsDecidedWithoutAWrite() throws {
        let app = fixture.coordinator()
        let decided = try app.decide(.library(.newItem(books)), form: ["title": " "], viewer: ada, client: client)
        guard case .done(let outcome) = decided else {
            Issue.record("expected an outcome, got \(decided)")
            return
        }
        #expect(outcome.screen?.status == .invalid)
    }
}
