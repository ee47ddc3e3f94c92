import Models
import TestSupport
import Testing
@testable import ViewModels

/// A category of thousands of items is shown a page at a time: the view model says which rows a
/// page holds, how many pages there are, which page holds an item, and which pages the pager names.
@Suite struct ItemListPaginationTests {
    /// One category of 2,345 items (ids 1…2345), another of 3.
    let catalog = InMemoryCatalog.demo(categories: 1, perCategory: 2_345)
    let category1 = CategoryID("category-1")

    @Test func aPageHoldsAtMostThePageSizeOfRowsInOrder() throws {
        let first = try #require(ItemListViewModel(category: category1, catalog: catalog))
        #expect(ItemListViewModel.pageSize == 50)
        #expect(first.page == 1)
        #expect(first.pageCount == 47)
        #expect(first.itemCount == 2_345)
        #expect(first.rows.map(\.id) == (1...50).map { ItemID($0) })
        let third = try #require(ItemListViewModel(category: category1, page: 3, catalog: catalog))
        #expect(third.rows.map(\.id) == (101...150).map { ItemID($0) })
        let last = try #require(ItemListViewModel(category: category1, page: 47, catalog: catalog))
        #expect(last.rows.map(\.id) == (2_301...2_345).map { ItemID($0) })
        #expect(last.hasPreviousPage && !last.hasNextPage)
        #expect(!first.hasPreviousPage && first.hasNextPage)
    }

    @Test(arguments: [(0, 1), (-4, 1), (48, 47), (Int.max, 47)])
    func aPageOutsideTheListShowsTheNearestOne(_ asked: Int, _ shown: Int) throws {
        let list = try #require(ItemListViewModel(category: category1, page: asked, catalog: catalog))
        #expect(list.page == shown)
        #expect(!list.rows.isEmpty)
    }

    @Test(arguments: [(0, 1), (1, 1), (49, 1), (50, 1), (51, 2), (2_345, 47), (2_350, 47), (2_351, 48)])
    func thePageCountCoversEveryItemAndAnEmptyListHasOnePage(_ items: Int, _ pages: Int) {
        #expect(ItemListViewModel.pageCount(itemCount: items) == pages)
    }

    @Test func theSelectedItemIsMarkedOnlyOnItsPage() throws {
        let holding = try #require(ItemListViewModel(category: category1, selected: ItemID(120), page: 3, catalog: catalog))
        #expect(holding.selectedRow?.id == ItemID(120))
        let other = try #require(ItemListViewModel(category: category1, selected: ItemID(120), page: 2, catalog: catalog))
        #expect(other.selectedRow == nil)
    }

    @Test(arguments: [(1, 1), (50, 1), (51, 2), (120, 3), (2_345, 47)])
    func thePageOfAnItemIsTheOneThatListsIt(_ id: Int, _ page: Int) throws {
        let items = catalog.items(in: category1)
        #expect(ItemListViewModel.page(of: ItemID(id), in: items) == page)
        let list = try #require(ItemListViewModel(category: category1, page: page, catalog: catalog))
        #expect(list.rows.contains { $0.id == ItemID(id) })
    }

    @Test(arguments: [(1, 1), (50, 1), (51, 2), (120, 3), (2_345, 47)])
    func thePageOfAnItemAskedOfTheCatalogIsTheOneThatListsIt(_ id: Int, _ page: Int) {
        #expect(ItemListViewModel.page(of: ItemID(id), in: category1, catalog: catalog) == page)
        #expect(ItemListViewModel.page(of: ItemID(id), in: CategoryID("elsewhere"), catalog: catalog) == nil)
    }

    @Test(arguments: [(1, ItemOrder.id), (3, .id), (47, .id), (99, .id), (2, .title), (5, .newest)])
    func aPageSnapshotAndAWholeSnapshotShowTheSameRows(_ page: Int, _ sort: ItemOrder) throws {
        let windowed = catalog.snapshot(selecting: category1, order: sort, page: page, pageSize: ItemListViewModel.pageSize)
        #expect(windowed.items.count >= 45)
        let fromWindow = try #require(ItemListViewModel(snapshot: windowed, page: page, sort: sort, catalog: catalog))
        let fromWhole = try #require(ItemListViewModel(
            snapshot: catalog.snapshot(selecting: category1), page: page, sort: sort, catalog: catalog))
        #expect(fromWindow.rows == fromWhole.rows)
        #expect(fromWindow.page == fromWhole.page && fromWindow.itemCount == 2_345 && fromWindow.pageCount == 47)
        // A page snapshot read for another page still shows the asked one.
        let other = try #require(ItemListViewModel(snapshot: windowed, page: page + 1, sort: sort, catalog: catalog))
        #expect(other.rows == (try #require(ItemListViewModel(category: category1, page: page + 1, sort: sort, catalog: catalog))).rows)
    }

    @Test func anItemElsewhereHasNoPage() {
        #expect(ItemListViewModel.page(of: ItemID(99_999), in: catalog.items(in: category1)) == nil)
    }

    @Test func thePageOfAnItemFollowsTheSortOrder() {
        let items = (1...120).map {
            Item(id: ItemID($0), category: category1, title: "n\($0)", subtitle: "",
                 createdAt: CalendarDate(year: 1900 + $0, month: 1, day: 1))
        }
        // Newest first: the last item added opens the list, the first one closes it.
        #expect(ItemListViewModel.page(of: ItemID(120), in: items, sort: .newest) == 1)
        #expect(ItemListViewModel.page(of: ItemID(1), in: items, sort: .newest) == 3)
        #expect(ItemListViewModel.page(of: ItemID(1), in: items) == 1)
    }

    @Test(arguments: [
        (1, 47, "1 2 3 … 47"),
        (2, 47, "1 2 3 4 … 47"),
        (4, 47, "1 2 3 4 5 6 … 47"),
        (5, 47, "1 2 3 4 5 6 7 … 47"),
        (6, 47, "1 … 4 5 6 7 8 … 47"),
        (24, 47, "1 … 22 23 24 25 26 … 47"),
        (43, 47, "1 … 41 42 43 44 45 46 47"),
        (47, 47, "1 … 45 46 47"),
        (1, 2, "1 2"),
        (3, 5, "1 2 3 4 5"),
    ])
    func thePagerNamesTheEndsAndTwoPagesAroundTheCurrentOne(_ page: Int, _ pageCount: Int, _ expected: String) throws {
        let catalog = InMemoryCatalog.demo(categories: 1, perCategory: pageCount * 50)
        let list = try #require(ItemListViewModel(category: category1, page: page, catalog: catalog))
        let marks = list.pageMarks.map { mark -> String in
            switch mark {
            case .page(let number): String(number)
            case .gap: "…"
            }
        }
        #expect(marks.joined(separator: " ") == expected)
    }

    @Test func theRangeTextSaysWhichItemsThePageShows() throws {
        #expect(try #require(ItemListViewModel(category: category1, page: 3, catalog: catalog)).rangeText
            == "Items 101–150 of 2,345")
        #expect(try #require(ItemListViewModel(category: category1, page: 47, catalog: catalog)).rangeText
            == "Items 2,301–2,345 of 2,345")
        let small = InMemoryCatalog.demo(categories: 1, perCategory: 1)
        #expect(try #require(ItemListViewModel(category: category1, catalog: small)).rangeText == "1 item")
    }
}
