import Models
import Storage
import Testing
@testable import Services

/// A second catalog over the same store follows the first one's writes entry by entry, and ends
/// up as a full reload would.
struct CatalogSyncTests {
    let fixture: Fixture
    let follower: CatalogService

    init() throws {
        fixture = try Fixture(seed: true)
        follower = try CatalogService(store: fixture.store)
    }

    func follow(_ collection: String, _ key: String) -> Bool {
        follower.applyStored(collection: collection, key: key, value: fixture.store.get(collection, key: key))
    }

    @Test func addsEditsMovesAndDeletesArriveOneEntryEach() throws {
        let catalog = fixture.catalog
        let added = try catalog.addItem(ItemDraft(title: "New", subtitle: "One"), to: CategoryID("category-2"), creator: nil)
        _ = try catalog.updateItem(ItemID(3), with: ItemDraft(title: "Renamed", subtitle: "Again"))
        _ = try catalog.moveItem(ItemID(4), to: CategoryID("category-5"))
        try catalog.deleteItem(ItemID(5))
        try catalog.addCategory(Category(id: CategoryID("extra"), name: "Extra"))
        for id in [added.id.rawValue, 3, 4, 5] {
            #expect(follow(CatalogService.itemsCollection, String(id)))
        }
        #expect(follow(CatalogService.metaCollection, CatalogService.nextItemIDKey))
        #expect(follow(CatalogService.categoriesCollection, "extra"))

        let reloaded = try CatalogService(store: fixture.store)
        #expect(follower.categories() == reloaded.categories())
        for category in reloaded.categories() {
            #expect(follower.items(in: category.id) == reloaded.items(in: category.id))
        }
        #expect(follower.item(ItemID(5)) == nil)
        #expect(follower.item(ItemID(4))?.category == CategoryID("category-5"))
        // The next id the follower would hand out is past the one the writer handed out.
        let next = try follower.addItem(ItemDraft(title: "Later", subtitle: ""), to: CategoryID("category-1"), creator: nil)
        #expect(next.id.rawValue > added.id.rawValue)
    }

    @Test func entriesItCannotReadAreReportedNotGuessed() {
        #expect(!follower.applyStored(collection: CatalogService.itemsCollection, key: "7", value: Array("{".utf8)))
        #expect(!follower.applyStored(collection: "accounts", key: "x", value: []))
        #expect(follower.item(ItemID(7)) != nil)
    }
}
