import Models
import Testing
@testable import Services

/// A shelf answers pages and positions in every order exactly as sorting all its items would,
/// through writes made before and after an order is first read.
struct ShelfTests {
    static func item(_ id: Int, title: String, day: Int) -> Item {
        Item(
            id: ItemID(id), category: CategoryID("c"), title: title, subtitle: "",
            createdAt: CalendarDate(year: 2026, month: day % 12 + 1, day: day % 28 + 1))
    }

    @Test(arguments: ItemOrder.allCases)
    func pagesAndPositionsMatchSortingEveryItem(_ order: ItemOrder) {
        var numbers = ChunkedListTests.Numbers(state: 11)
        var shelf = Shelf()
        var model: [ItemID: Item] = [:]
        func check() {
            let sorted = order.sorted(model.values.sorted { $0.id < $1.id })
            #expect(shelf.count == sorted.count)
            for start in stride(from: 0, to: sorted.count, by: 211) {
                #expect(shelf.items(order, at: start..<(start + 50)) == Array(sorted[start..<min(start + 50, sorted.count)]))
            }
            for (position, item) in sorted.enumerated() where position % 37 == 0 {
                #expect(shelf.position(of: item.id, in: order) == position)
            }
        }
        for step in 0..<3_000 {
            // Titles repeat (ties go by id) and numbers inside them count as numbers.
            let id = numbers.next(2_000) + 1
            switch numbers.next(10) {
            case 0..<6:
                let item = Self.item(id, title: "Item \(numbers.next(300))", day: numbers.next(90))
                shelf.upsert(item)
                model[item.id] = item
            case 6..<8:
                shelf.remove(ItemID(id))
                model[ItemID(id)] = nil
            default:
                if var item = model[ItemID(id)] {
                    item.title = "Renamed \(numbers.next(50))"
                    item.createdAt = CalendarDate(year: 2025, month: 1, day: numbers.next(28) + 1)
                    shelf.upsert(item)
                    model[item.id] = item
                }
            }
            if step == 1_000 { check() }
        }
        check()
        #expect(shelf.position(of: ItemID(99_999), in: order) == nil)
    }

    @Test func newestFirstPutsTheLatestDayFirstAndTheHigherIdFirstOnTheSameDay() {
        var shelf = Shelf()
        shelf.upsert(Self.item(1, title: "a", day: 5))
        shelf.upsert(Self.item(2, title: "b", day: 5))
        shelf.upsert(Self.item(3, title: "c", day: 1))
        let newest = ItemOrder.newest.sorted([Self.item(1, title: "a", day: 5), Self.item(2, title: "b", day: 5), Self.item(3, title: "c", day: 1)])
        #expect(shelf.items(.newest, at: 0..<3).map(\.id) == newest.map(\.id))
        #expect(newest.map(\.id.rawValue) == [2, 1, 3])
    }
}
