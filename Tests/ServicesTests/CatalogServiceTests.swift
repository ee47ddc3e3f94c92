import Foundation
import Models
import Storage
import Synchronization
import Testing
@testable import Services

struct CatalogServiceTests {
    let fixture: Fixture
    let first = CategoryID("category-1")
    let second = CategoryID("category-2")

    init() throws {
        fixture = try Fixture(seed: true)
    }

    @Test func anAddedItemGetsTheNextIdAndTodaysDate() throws {
        let item = try fixture.catalog.addItem(ItemDraft(title: "New", subtitle: "Fresh"), to: first, creator: nil)
        #expect(item.id == ItemID(401))
        #expect(item.createdAt == CalendarDate(fixture.clock.now))
        #expect(fixture.catalog.items(in: first).last == item)
        #expect(fixture.catalog.itemCount(in: first) == 51)
    }

    @Test func writesSurviveARestart() throws {
        let added = try fixture.catalog.addItem(ItemDraft(title: "New", subtitle: "Fresh"), to: first, creator: nil)
        _ = try fixture.catalog.updateItem(ItemID(2), with: ItemDraft(title: "Renamed", subtitle: "Changed"))
        _ = try fixture.catalog.setFavourite(ItemID(3), true)
        try fixture.catalog.deleteItem(ItemID(4))
        _ = try fixture.catalog.moveItem(ItemID(5), to: second)
        let before = fixture.catalog.categories().map { fixture.catalog.items(in: $0.id) }

        try fixture.reopen()
        #expect(fixture.catalog.categories().map { fixture.catalog.items(in: $0.id) } == before)
        #expect(fixture.catalog.item(added.id) == added)
        #expect(fixture.catalog.item(ItemID(2))?.title == "Renamed")
        #expect(fixture.catalog.item(ItemID(3))?.isFavourite == true)
        #expect(fixture.catalog.item(ItemID(4)) == nil)
        #expect(fixture.catalog.item(ItemID(5))?.category == second)
        #expect(fixture.catalog.itemCount(in: first) == 49)
        #expect(fixture.catalog.itemCount(in: second) == 51)
    }

    @Test(arguments: [CategoryID("category-2"), CategoryID("nope"), nil])
    func aSnapshotAgreesWithTheSingleReads(_ selected: CategoryID?) throws {
        try fixture.catalog.deleteItem(ItemID(60))
        let snapshot = fixture.catalog.snapshot(selecting: selected)
        #expect(snapshot.categories == fixture.catalog.categories())
        #expect(snapshot.itemCounts == fixture.catalog.categories().map { fixture.catalog.itemCount(in: $0.id) })
        #expect(snapshot.selected == selected.flatMap { fixture.catalog.category($0) })
        #expect(snapshot.items == (snapshot.selected == nil ? [] : fixture.catalog.items(in: second)))
        #expect(snapshot.itemCounts[1] == 49)
    }

    @Test(arguments: ItemOrder.allCases)
    func aPageSnapshotHoldsThePageOfTheWholeSortedList(_ order: ItemOrder) throws {
        for number in 1...120 {
            _ = try fixture.catalog.addItem(ItemDraft(title: "Added \(121 - number)", subtitle: ""), to: second, creator: nil)
        }
        _ = try fixture.catalog.updateItem(ItemID(60), with: ItemDraft(title: "Aardvark", subtitle: ""))
        try fixture.catalog.deleteItem(ItemID(61))
        let all = order.sorted(fixture.catalog.items(in: second))
        #expect(all.count == 169)
        for page in [0, 1, 2, 4, 99] {
            let snapshot = fixture.catalog.snapshot(selecting: second, order: order, page: page, pageSize: 50)
            let window = CatalogSnapshot.window(page: page, pageSize: 50, itemCount: 169)
            // A stretch holding the page: the page's items at their places in it.
            let first = snapshot.firstPosition
            #expect(first <= window.lowerBound && window.upperBound <= first + snapshot.items.count)
            #expect(Array(all[first..<(first + snapshot.items.count)]) == snapshot.items)
            #expect(snapshot.itemCount == 169 && snapshot.order == order)
            #expect(snapshot.itemCounts == fixture.catalog.categories().map { fixture.catalog.itemCount(in: $0.id) })
        }
        #expect(CatalogSnapshot.window(page: 99, pageSize: 50, itemCount: 169) == 150..<169)
        for (position, item) in all.enumerated() {
            #expect(fixture.catalog.position(of: item.id, in: second, order: order) == position)
        }
        #expect(fixture.catalog.position(of: ItemID(1), in: second, order: order) == nil)
        #expect(fixture.catalog.items(in: second, order: order, positions: 160..<400) == Array(all[160...]))
    }

    @Test func listsStaySortedById() throws {
        _ = try fixture.catalog.moveItem(ItemID(1), to: second)
        let ids = fixture.catalog.items(in: second).map(\.id.rawValue)
        #expect(ids == ids.sorted())
        #expect(ids.first == 1)
    }

    @Test func idsOfDeletedItemsAreNeverReused() throws {
        let added = try fixture.catalog.addItem(ItemDraft(title: "Short-lived", subtitle: ""), to: first, creator: nil)
        try fixture.catalog.deleteItem(added.id)
        try fixture.reopen()
        #expect(try fixture.catalog.addItem(ItemDraft(title: "Next", subtitle: ""), to: first, creator: nil).id == ItemID(added.id.rawValue + 1))
    }

    @Test func unknownCategoriesAndItemsAreRefused() {
        let missing = CategoryID("nope")
        #expect(throws: CatalogError.unknownCategory(missing)) {
            try fixture.catalog.addItem(ItemDraft(title: "x", subtitle: "y"), to: missing, creator: nil)
        }
        #expect(throws: CatalogError.unknownItem(ItemID(9999))) {
            try fixture.catalog.updateItem(ItemID(9999), with: ItemDraft(title: "x", subtitle: "y"))
        }
        #expect(throws: CatalogError.unknownItem(ItemID(9999))) { try fixture.catalog.setFavourite(ItemID(9999), true) }
        #expect(throws: CatalogError.unknownItem(ItemID(9999))) { try fixture.catalog.deleteItem(ItemID(9999)) }
        #expect(throws: CatalogError.unknownCategory(missing)) { try fixture.catalog.moveItem(ItemID(1), to: missing) }
        #expect(fixture.catalog.items(in: missing).isEmpty)
        #expect(fixture.catalog.itemCount(in: missing) == 0)
    }

    @Test func removalObserversHearOfDeletesAndMoves() throws {
        let removed = Mutex<[ItemID]>([])
        let changes = Mutex<[CatalogChange]>([])
        fixture.catalog.onItemRemoved { id in removed.withLock { $0.append(id) } }
        fixture.catalog.observe { change in changes.withLock { $0.append(change) } }

        try fixture.catalog.deleteItem(ItemID(7))
        _ = try fixture.catalog.moveItem(ItemID(8), to: second)
        _ = try fixture.catalog.setFavourite(ItemID(9), true)

        #expect(removed.withLock { $0 } == [ItemID(7), ItemID(8)])
        #expect(changes.withLock { $0 }.prefix(2) == [.itemRemoved(ItemID(7), from: first), .itemMoved(ItemID(8), from: first, to: second)])
        #expect(changes.withLock { $0 }.count == 3)
    }
}

extension CatalogServiceTests {
    @Test func categoriesKeepTheirSidebarOrderAcrossARestart() throws {
        try fixture.catalog.addCategory(Category(id: CategoryID("category-10"), name: "Category 10"))
        try fixture.catalog.addCategory(Category(id: CategoryID("category-2"), name: "Second, renamed"))
        try fixture.reopen()
        let categories = fixture.catalog.categories()
        #expect(categories.map(\.id.rawValue) == (1...8).map { "category-\($0)" } + ["category-10"])
        #expect(categories[1].name == "Second, renamed")
        #expect(fixture.catalog.itemCount(in: second) == 50)
        #expect(fixture.catalog.itemCount(in: CategoryID("category-10")) == 0)
    }

    // MARK: Edits from a stale copy (another writer changed the store behind this service's back)

    @Test func anEditOfAnItemDeletedBehindItsBackDoesNotBringItBack() throws {
        let key = String(ItemID(2).rawValue)
        let removed = Mutex<[ItemID]>([])
        fixture.catalog.onItemRemoved { id in removed.withLock { $0.append(id) } }
        try fixture.store.delete(CatalogService.itemsCollection, key: key)
        #expect(fixture.catalog.item(ItemID(2)) != nil, "the service still holds its stale copy")

        #expect(throws: CatalogError.unknownItem(ItemID(2))) {
            try fixture.catalog.updateItem(ItemID(2), with: ItemDraft(title: "Back from the dead", subtitle: ""))
        }
        #expect(fixture.store.get(CatalogService.itemsCollection, key: key) == nil)
        #expect(fixture.catalog.item(ItemID(2)) == nil)
        #expect(removed.withLock { $0 } == [ItemID(2)])
        #expect(throws: CatalogError.unknownItem(ItemID(3))) {
            try fixture.store.delete(CatalogService.itemsCollection, key: "3")
            try fixture.catalog.setFavourite(ItemID(3), true)
        }
        #expect(fixture.store.get(CatalogService.itemsCollection, key: "3") == nil)
    }

    @Test func anEditFromAStaleCopyKeepsTheOtherWritersChange() throws {
        let key = String(ItemID(2).rawValue)
        var changedElsewhere = try #require(fixture.catalog.item(ItemID(2)))
        changedElsewhere.isFavourite = true
        try fixture.store.put(CatalogService.itemsCollection, key: key, value: try StoreCoding.encode(changedElsewhere))

        let edited = try fixture.catalog.updateItem(ItemID(2), with: ItemDraft(title: "Renamed", subtitle: "Here"))
        #expect(edited.isFavourite && edited.title == "Renamed" && edited.subtitle == "Here")
        let stored = try StoreCoding.decode(Item.self, from: try #require(fixture.store.get(CatalogService.itemsCollection, key: key)))
        #expect(stored == edited)
        #expect(fixture.catalog.item(ItemID(2)) == edited)
    }

    @Test func aStoredRecordSpelledDifferentlyIsStillEdited() throws {
        // A record written by another version (here: indented JSON) never equals this version's
        // encoding of the same item; the edit is made again on what the store holds.
        let key = String(ItemID(2).rawValue)
        let item = try #require(fixture.catalog.item(ItemID(2)))
        let spelled = Array(String(decoding: try StoreCoding.encode(item), as: UTF8.self).replacingOccurrences(of: ",", with: ", ").utf8)
        try fixture.store.put(CatalogService.itemsCollection, key: key, value: spelled)
        #expect(try fixture.catalog.setFavourite(ItemID(2), true).isFavourite)
        #expect(try StoreCoding.decode(Item.self, from: try #require(fixture.store.get(CatalogService.itemsCollection, key: key))).isFavourite)
    }
}
