import Models
import Testing
@testable import Services

struct DemoDataTests {
    @Test func theSeedMatchesThePageSpec() throws {
        let fixture = try Fixture(seed: true)
        let catalog = fixture.catalog
        #expect(catalog.categories().map(\.name) == (1...8).map { "Category \($0)" })
        #expect(catalog.categories().map(\.id.rawValue) == (1...8).map { "category-\($0)" })
        for category in catalog.categories() {
            #expect(catalog.itemCount(in: category.id) == 50)
        }
        let third = catalog.items(in: CategoryID("category-3"))
        #expect(third.map(\.id.rawValue) == Array(101...150))
        let item = try #require(catalog.item(ItemID(107)))
        #expect(item.category == CategoryID("category-3"))
        #expect(item.title == "Item 7 <3>")
        #expect(item.subtitle == "Subtitle of item 7 in Category 3 & friends")
        #expect(item.createdAt.description == "2026-01-08")
        #expect(item.details.count == 10)
        #expect(item.details.first == DetailRow(key: "Field 1", value: "Value 1 of item 7"))
        #expect(item.details.last == DetailRow(key: "Field 10", value: "Value 10 of item 7"))
        #expect(catalog.item(ItemID(150))?.createdAt.description == "2026-01-23")
        #expect(catalog.item(ItemID(128))?.createdAt.description == "2026-01-01")
    }

    @Test func theDemoUserCanSignIn() throws {
        let fixture = try Fixture(seed: true)
        let user = try fixture.accounts.authenticate(username: DemoData.username, password: "demo-password")
        #expect(user.displayName == "Demo User")
    }

    @Test func seedingHappensOnlyOnAnEmptyStore() throws {
        let fixture = try Fixture(seed: true)
        try fixture.catalog.deleteItem(ItemID(1))
        try fixture.reopen()
        #expect(try !DemoData.seedIfEmpty(store: fixture.store, catalog: fixture.catalog, accounts: fixture.accounts))
        #expect(fixture.catalog.itemCount(in: CategoryID("category-1")) == 49)
        #expect(fixture.catalog.categories().count == 8)
    }
}
