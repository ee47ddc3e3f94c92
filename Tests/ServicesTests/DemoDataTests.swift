@testable import DemoData
import Models
import Testing
@testable import Services

struct DemoDataTests {
    @Test func theBenchmarkSeedMatchesThePageSpec() throws {
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

    @Test func theLibrarySeedReadsLikeACatalogueWithTheBenchmarksIds() throws {
        let fixture = try Fixture(seed: true, seedSet: .library)
        let catalog = fixture.catalog
        #expect(catalog.categories().map(\.id.rawValue) == (1...8).map { "category-\($0)" })
        #expect(catalog.categories().map(\.name) == [
            "Novels & Stories", "Poetry & Drama", "History", "Science & Nature", "Art, Design & Photography",
            "Children’s Books", "Computing", "Periodicals",
        ])
        for (index, category) in catalog.categories().dropLast().enumerated() {
            // The benchmark's ids: item n of category c is (c - 1) * 50 + n.
            #expect(catalog.items(in: category.id).map(\.id.rawValue) == Array(index * 50 + 1...index * 50 + 50))
        }
        let periodicals = catalog.items(in: CategoryID("category-8"))
        #expect(periodicals.count == 1_950)
        #expect(periodicals.map(\.id.rawValue) == Array(351...2_300))
        let item = try #require(catalog.item(ItemID(1)))
        #expect(item.title == "Pride & Prejudice")
        #expect(item.subtitle == "Jane Austen, 1813")
        #expect(item.details.count == 10)
        #expect(item.details.first == DetailRow(key: "Author", value: "Jane Austen"))
        // Every character a page must escape is in the titles and subtitles, and so is text beyond ASCII.
        let text = catalog.categories().flatMap { catalog.items(in: $0.id) }.flatMap { [$0.title, $0.subtitle] }
        for character in ["&", "<", ">", "\"", "'", "’", "é", "ö", "Д", "猫"] {
            #expect(text.contains { $0.contains(character) }, "no \(character)")
        }
        // Varied: nearly every title is different, unlike `Item n <c>`.
        #expect(Set(text).count > text.count * 9 / 10)
        #expect(try fixture.accounts.authenticate(username: DemoData.username, password: DemoData.password).isAdministrator)
    }

    @Test(arguments: DemoDataSet.allCases)
    func everyDataSetHasUniqueIdsInItsCategories(_ set: DemoDataSet) {
        let items = DemoData.items(set)
        #expect(Set(items.map(\.id)).count == items.count)
        let categories = Set(DemoData.categories(set).map(\.id))
        #expect(items.allSatisfy { categories.contains($0.category) })
        #expect(items.allSatisfy { !$0.title.isEmpty && $0.title.count <= 200 && $0.subtitle.count <= 200 })
        #expect(items.allSatisfy { (1...12).contains($0.createdAt.month) && (1...28).contains($0.createdAt.day) })
    }

    @Test func aShelfSetIsTheBenchmarkPlusOneLongShelfWithShortTitles() throws {
        let fixture = try Fixture(seed: true, seedSet: .shelf(30_000))
        let catalog = fixture.catalog
        #expect(catalog.categories().map(\.id.rawValue) == (1...8).map { "category-\($0)" } + ["shelf"])
        #expect(catalog.itemCount(in: CategoryID("category-3")) == 50)
        #expect(catalog.itemCount(in: ShelfData.category.id) == 30_000)
        let last = try #require(catalog.item(ItemID(30_400)))
        #expect(last.category == ShelfData.category.id && last.title == "Item 30000")
        #expect(catalog.position(of: ItemID(30_400), in: ShelfData.category.id, order: .id) == 29_999)
        // Seeded in more than one write, each under the journal's record limit.
        #expect(fixture.store.journalSize > 0)
        try fixture.reopen()
        #expect(fixture.catalog.itemCount(in: ShelfData.category.id) == 30_000)
        #expect(fixture.catalog.item(ItemID(401))?.title == "Item 1")
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
