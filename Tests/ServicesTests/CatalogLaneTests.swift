import Dispatch
import Models
@testable import Storage
import Synchronization
import Testing
@testable import Services

/// The catalog's writes queued on the embedded store's journal lane: told once durable, decided
/// from memory so a blocking write made meanwhile builds on them, refused as the blocking ones are.
struct CatalogLaneTests {
    let fixture: Fixture

    init() throws {
        fixture = try Fixture(seed: true)
    }

    /// Waits (bounded) for one lane completion's value.
    func whenDurable<T: Sendable>(_ write: (@escaping @Sendable (T) -> Void) -> Bool) throws -> T {
        let outcome = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        let queued = write { value in
            outcome.withLock { $0 = value }
            done.signal()
        }
        #expect(queued)
        #expect(done.wait(timeout: .now() + 5) == .success)
        return try #require(outcome.withLock { $0 })
    }

    @Test func laneWritesAreInTheStoreWhenTold() throws {
        let catalog = fixture.catalog
        #expect(catalog.writesUseJournalLane)
        let categories = catalog.categories()
        let added = try whenDurable { done in
            catalog.addItem(ItemDraft(title: "Lane", subtitle: "new"), to: categories[0].id, creator: nil, whenDurable: done)
        }.get()
        #expect(fixture.store.get(CatalogService.itemsCollection, key: String(added.id.rawValue)) != nil)
        _ = try whenDurable { done in catalog.updateItem(added.id, with: ItemDraft(title: "Renamed", subtitle: ""), whenDurable: done) }.get()
        _ = try whenDurable { done in catalog.setFavourite(added.id, true, whenDurable: done) }.get()
        let moved = try whenDurable { done in catalog.moveItem(added.id, to: categories[1].id, whenDurable: done) }.get()
        #expect(moved.category == categories[1].id)
        let doomed = try #require(catalog.items(in: categories[0].id).first).id
        #expect(try whenDurable { done in catalog.deleteItem(doomed, whenDurable: { done($0.map { "\($0)" }) }) } == nil)

        try fixture.reopen()
        let reloaded = fixture.catalog.item(added.id)
        #expect(reloaded?.title == "Renamed")
        #expect(reloaded?.isFavourite == true)
        #expect(reloaded?.category == categories[1].id)
        #expect(fixture.catalog.item(doomed) == nil)
        let next = try fixture.catalog.addItem(ItemDraft(title: "After", subtitle: ""), to: categories[0].id, creator: nil)
        #expect(next.id.rawValue > added.id.rawValue, "the next id was persisted with the lane's item")
    }

    @Test func aBlockingEditMadeWhileALaneEditIsQueuedKeepsBoth() throws {
        let catalog = fixture.catalog
        let category = try #require(catalog.categories().first).id
        let item = try #require(catalog.items(in: category).first)
        let done = DispatchSemaphore(value: 0)
        // The lane cannot write while the commit lock is held: the lane edit stays queued.
        try fixture.store.commitLock.withLock(timeout: .seconds(60)) {
            let queued = catalog.setFavourite(item.id, true) { result in
                let favourite = (try? result.get())?.isFavourite
                #expect(favourite == true)
                done.signal()
            }
            #expect(queued)
        }
        _ = try catalog.updateItem(item.id, with: ItemDraft(title: "Renamed meanwhile", subtitle: ""))
        #expect(done.wait(timeout: .now() + 5) == .success)
        try fixture.reopen()
        #expect(fixture.catalog.item(item.id)?.isFavourite == true)
        #expect(fixture.catalog.item(item.id)?.title == "Renamed meanwhile")
    }

    @Test func anUnknownItemOrCategoryIsRefusedAndNothingIsWritten() throws {
        let catalog = fixture.catalog
        let journalBefore = fixture.store.journalSize
        let missing = try whenDurable { done in catalog.setFavourite(ItemID(999_999), true, whenDurable: done) }
        #expect(throws: CatalogError.unknownItem(ItemID(999_999))) { try missing.get() }
        let nowhere = try whenDurable { done in
            catalog.addItem(ItemDraft(title: "x", subtitle: ""), to: CategoryID("nowhere"), creator: nil, whenDurable: done)
        }
        #expect(throws: CatalogError.unknownCategory(CategoryID("nowhere"))) { try nowhere.get() }
        #expect(fixture.store.journalSize == journalBefore)
    }
}
