@testable import Coordinators
import Models
import TestSupport
import Testing

@Suite struct PruningTests {
    @Test func deletingAnItemPrunesEverySessionThatPointsAtIt() throws {
        let fixture = Fixture()
        let reader = fixture.coordinator()
        _ = reader.screen(at: "/library/books/items/2/details")
        let other = fixture.coordinator()
        _ = other.screen(at: "/library/films/items/3")

        try fixture.catalog.deleteItem(ItemID(2))
        for session in [reader, other] { session.pruneStaleLocations() }

        #expect(reader.library.stack.pages == [.category(books)])
        #expect(reader.lastLocation == .library(.category(books)))
        #expect(reader.show(.root, viewer: visitor) == .redirect(.library(.category(books))))
        #expect(reader.screen(at: "/library/flow")?.tabHrefs.first == "/library/books")
        #expect(reader.ledger.entries.last?.kind == .pop)
        #expect(other.library.stack.pages == [.category(films), .item(films, ItemID(3), nil)])
    }

    @Test func movingAnItemFollowsItToItsNewCategory() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        _ = app.screen(at: "/library/books/items/1/options")
        try fixture.catalog.move(ItemID(1), to: films)
        app.pruneStaleLocations()
        #expect(app.library.stack.visible == .item(films, ItemID(1), .options))
        #expect(app.lastLocation == .library(.item(films, ItemID(1), .options)))
    }

    @Test func aRememberedReturnToADeletedItemFallsBackToItsCategory() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        _ = app.show(.library(.deleteItem(books, ItemID(1))), viewer: visitor)
        try fixture.catalog.deleteItem(ItemID(1))
        app.pruneStaleLocations()
        let outcome = try app.submit(.account(.login(next: nil)), form: ["username": "ada", "password": "correct-horse"], viewer: visitor)
        #expect(outcome.location == .library(.category(books)))
    }
}
