import Models
import TestSupport
import Testing
@testable import ViewModels

@Suite struct ItemListViewModelTests {
    let catalog = InMemoryCatalog.demo(categories: 2, perCategory: 12)
    let category1 = CategoryID("category-1")
    /// The demo items have no creator: only an administrator may change them.
    let admin = User(id: UserID("root"), username: "root", email: "root@example.com", isAdministrator: true)

    @Test func listsOnlyTheCategorysItems() throws {
        let list = try #require(ItemListViewModel(category: category1, catalog: catalog))
        #expect(list.category.name == "Category 1")
        #expect(list.rows.count == 12)
        #expect(list.rows.map(\.id) == (1...12).map { ItemID($0) })
        #expect(list.rows.first?.title == "Item 1 <1>")
    }

    @Test func unknownCategoryGivesNothing() {
        #expect(ItemListViewModel(category: CategoryID("category-9"), catalog: catalog) == nil)
    }

    @Test func marksTheSelectedAndFavouriteItems() throws {
        _ = try catalog.setFavourite(ItemID(3), true)
        let list = try #require(ItemListViewModel(category: category1, selected: ItemID(2), catalog: catalog))
        #expect(list.rows.filter(\.isSelected).map(\.id) == [ItemID(2)])
        #expect(list.rows.filter(\.isFavourite).map(\.id) == [ItemID(3)])
        #expect(list.selectedRow?.id == ItemID(2))
    }

    @Test func hidesSubtitlesWhenTheViewerTurnedThemOff() throws {
        let shown = try #require(ItemListViewModel(category: category1, catalog: catalog))
        #expect(shown.showsSubtitles)
        #expect(shown.rows[0].subtitle == "Subtitle of item 1 in Category 1 & friends")
        let hidden = try #require(ItemListViewModel(
            category: category1, settings: Settings(showSubtitles: false), catalog: catalog))
        #expect(!hidden.showsSubtitles)
        #expect(hidden.rows.allSatisfy { $0.subtitle.isEmpty })
    }

    @Test func sortsTitlesTheWayPeopleCount() throws {
        let list = try #require(ItemListViewModel(category: category1, sort: .title, catalog: catalog))
        #expect(list.rows.prefix(3).map(\.title) == ["Item 1 <1>", "Item 2 <1>", "Item 3 <1>"])
        #expect(list.rows.last?.title == "Item 12 <1>")
    }

    @Test(arguments: [
        (["b", "a", "C"], ["a", "b", "C"]),
        (["Item 10", "Item 9", "item 1"], ["item 1", "Item 9", "Item 10"]),
        (["x007", "x7", "x10"], ["x007", "x7", "x10"]),
        (["ab", "a", ""], ["", "a", "ab"]),
    ])
    func naturalOrderComparesNumbersByValue(_ titles: [String], _ expected: [String]) {
        let items = titles.enumerated().map { index, title in
            Item(id: ItemID(index), category: category1, title: title, subtitle: "",
                 createdAt: CalendarDate(year: 2026, month: 1, day: 1))
        }
        #expect(ItemListViewModel.sorted(items, by: .title).map(\.title) == expected)
    }

    @Test func sortsNewestFirst() throws {
        let list = try #require(ItemListViewModel(category: category1, sort: .newest, catalog: catalog))
        // Days are n % 28 + 1, so item 12 (day 13) is newest.
        #expect(list.rows.first?.id == ItemID(12))
        #expect(list.rows.last?.id == ItemID(1))
    }

    @Test func addsAValidItemThroughTheRepository() throws {
        let list = try #require(ItemListViewModel(category: category1, catalog: catalog))
        let item = try #require(try list.addItem(["title": " New <b>thing</b> ", "subtitle": "fresh"], creator: nil).value)
        #expect(item.title == "New <b>thing</b>")
        #expect(item.category == category1)
        #expect(catalog.writes == ["add \(item.id)"])
        let reloaded = try #require(ItemListViewModel(category: category1, catalog: catalog))
        #expect(reloaded.rows.count == 13)
        #expect(SidebarViewModel(selected: nil, catalog: catalog).rows[0].itemCount == 13)
    }

    @Test func refusesAnInvalidItemWithoutWriting() throws {
        let list = try #require(ItemListViewModel(category: category1, catalog: catalog))
        let state = try #require(try list.addItem(["title": "", "subtitle": "kept"], creator: nil).state)
        #expect(state.errors == [FormError(fieldName: "title", message: "Title is required")])
        #expect(state["subtitle"]?.value == "kept")
        #expect(catalog.writes.isEmpty)
        #expect(throws: ItemListViewModel.Error.invalidDraft) {
            try list.addItem(ItemDraft(title: "", subtitle: ""), creator: nil)
        }
        #expect(catalog.writes.isEmpty)
    }

    @Test func updatesAnItem() throws {
        let list = try #require(ItemListViewModel(category: category1, catalog: catalog))
        let item = try #require(try list.updateItem(ItemID(4), ["title": "Renamed", "subtitle": ""], by: admin).value)
        #expect(item.title == "Renamed")
        #expect(catalog.item(ItemID(4))?.subtitle == "")
        #expect(try list.updateItem(ItemID(4), ["title": ""], by: admin).state != nil)
        #expect(catalog.writes == ["update 4"])
    }

    @Test func setsFavouritesAndDeletes() throws {
        let list = try #require(ItemListViewModel(category: category1, catalog: catalog))
        #expect(try list.setFavourite(ItemID(5), true, by: admin).isFavourite)
        try list.deleteItem(ItemID(6), by: admin)
        #expect(catalog.item(ItemID(6)) == nil)
        #expect(catalog.writes == ["favourite 5 true", "delete 6"])
    }

    @Test func passesCatalogErrorsThrough() throws {
        let list = try #require(ItemListViewModel(category: category1, catalog: catalog))
        #expect(throws: CatalogError.unknownItem(ItemID(999))) { try list.deleteItem(ItemID(999), by: admin) }
        #expect(throws: CatalogError.unknownItem(ItemID(999))) { try list.updateItem(ItemID(999), ["title": "x"], by: admin) }
    }

    @Test(arguments: ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "Tom & Jerry's {{mustache}}"])
    func markupTravelsAsDataToEveryScreen(_ payload: String) throws {
        let list = try #require(ItemListViewModel(category: category1, catalog: catalog))
        let item = try #require(try list.addItem(["title": payload, "subtitle": payload], creator: nil).value)
        let reloaded = try #require(ItemListViewModel(category: category1, selected: item.id, catalog: catalog))
        #expect(reloaded.selectedRow?.title == payload)
        #expect(reloaded.selectedRow?.subtitle == payload)
        let detail = try #require(ItemDetailViewModel(item: item.id, tab: .options, catalog: catalog))
        #expect(detail.overview.title == payload)
        #expect(detail.options.editForm.state.fields.map(\.value) == [payload, payload])
    }

    @Test func anEmptyCategoryIsEmpty() throws {
        let empty = InMemoryCatalog(categories: [Category(id: category1, name: "Empty")], items: [])
        let list = try #require(ItemListViewModel(category: category1, catalog: empty))
        #expect(list.isEmpty)
        #expect(list.selectedRow == nil)
    }
}
