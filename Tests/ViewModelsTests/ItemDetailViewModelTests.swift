import Models
import TestSupport
import Testing
@testable import ViewModels

@Suite struct ItemDetailViewModelTests {
    let catalog = InMemoryCatalog.demo(categories: 2, perCategory: 10)
    /// The demo items have no creator: only an administrator may change them.
    let admin = User(id: UserID("root"), username: "root", email: "root@example.com", isAdministrator: true)

    @Test func overviewShowsTheItemForPeople() throws {
        let detail = try #require(ItemDetailViewModel(item: ItemID(7), catalog: catalog))
        #expect(detail.tab == .overview)
        #expect(detail.overview == .init(
            title: "Item 7 <1>", subtitle: "Subtitle of item 7 in Category 1 & friends",
            created: "8 January 2026", createdISO: "2026-01-08", isFavourite: false))
    }

    @Test func unknownItemGivesNothing() {
        #expect(ItemDetailViewModel(item: ItemID(500), catalog: catalog) == nil)
    }

    @Test func exposesTheItemsCategoryForTheCallerToCheck() throws {
        let detail = try #require(ItemDetailViewModel(item: ItemID(12), catalog: catalog))
        #expect(detail.item.category == CategoryID("category-2"))
    }

    @Test(arguments: DetailTab.allCases)
    func marksOnlyTheSelectedTab(_ tab: DetailTab) throws {
        let detail = try #require(ItemDetailViewModel(item: ItemID(1), tab: tab, catalog: catalog))
        #expect(detail.tabs.map(\.tab) == [.overview, .details, .options])
        #expect(detail.tabs.map(\.title) == ["Overview", "Details", "Options"])
        #expect(detail.tabs.filter(\.isSelected).map(\.tab) == [tab])
    }

    @Test func detailsListsTheRows() throws {
        let detail = try #require(ItemDetailViewModel(item: ItemID(2), tab: .details, catalog: catalog))
        #expect(detail.rows.map(\.key) == ["Field 1", "Field 2", "Field 3"])
        #expect(detail.rows.first?.value == "Value 1 of item 2")
    }

    @Test func optionsPrefillTheEditFormAndNameTheToggle() throws {
        var detail = try #require(ItemDetailViewModel(item: ItemID(3), tab: .options, viewer: admin, catalog: catalog))
        #expect(detail.options.editForm.state.fields.map(\.value) == ["Item 3 <1>", "Subtitle of item 3 in Category 1 & friends"])
        #expect(detail.options.favouriteActionLabel == "Add to favourites")
        _ = try detail.setFavourite(true)
        detail = try #require(ItemDetailViewModel(item: ItemID(3), tab: .options, viewer: admin, catalog: catalog))
        #expect(detail.options.isFavourite)
        #expect(detail.overview.isFavourite)
        #expect(detail.options.favouriteActionLabel == "Remove from favourites")
    }

    @Test(arguments: [
        (["intent": "favourite"], true, "Item 3 <1>"),
        (["intent": "unfavourite"], false, "Item 3 <1>"),
        (["intent": "edit", "title": "Edited", "subtitle": ""], false, "Edited"),
        (["title": "No intent means edit"], false, "No intent means edit"),
        (["intent": "bogus", "title": "Bogus intent edits"], false, "Bogus intent edits"),
    ] as [(FormInput, Bool, String)])
    func optionsSubmissionsFollowTheirIntent(_ input: FormInput, _ favourite: Bool, _ title: String) throws {
        let detail = try #require(ItemDetailViewModel(item: ItemID(3), tab: .options, viewer: admin, catalog: catalog))
        let item = try #require(try detail.submitOptions(input).value)
        #expect(item.isFavourite == favourite)
        #expect(item.title == title)
    }

    @Test func anInvalidEditKeepsTheTypedValues() throws {
        let detail = try #require(ItemDetailViewModel(item: ItemID(3), tab: .options, viewer: admin, catalog: catalog))
        let state = try #require(try detail.submitOptions(["title": " ", "subtitle": "new subtitle"]).state)
        #expect(state["title"]?.error == "Title is required")
        #expect(state["subtitle"]?.value == "new subtitle")
        #expect(catalog.writes.isEmpty)
    }

    @Test func deletesTheItem() throws {
        let detail = try #require(ItemDetailViewModel(item: ItemID(4), viewer: admin, catalog: catalog))
        #expect(detail.deletePrompt == "Delete “Item 4 <1>”? This cannot be undone.")
        try detail.delete()
        #expect(catalog.item(ItemID(4)) == nil)
        #expect(throws: CatalogError.unknownItem(ItemID(4))) { try detail.delete() }
    }
}
