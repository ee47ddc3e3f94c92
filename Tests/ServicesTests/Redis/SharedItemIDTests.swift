import Dispatch
import Foundation
import Models
import Synchronization
import Testing
import TestSupport
@testable import Services

/// Item ids come from one counter in Redis, so no two instances ever hand out the same one.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class SharedItemIDTests {
    let redis: RedisInstances

    init() throws {
        redis = try RedisInstances()
    }

    @Test func itemsCreatedAtOnceOnTwoInstancesGetDistinctIDs() throws {
        let instances = [try redis.services(), try redis.services()]
        let category = try #require(instances[0].catalog.categories().first).id
        let created = Mutex<[Item]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            do {
                let item = try instances[index % 2].catalog.addItem(
                    ItemDraft(title: "Made by \(index)", subtitle: ""), to: category, creator: nil)
                created.withLock { $0.append(item) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let items = created.withLock { $0 }
        #expect(Set(items.map(\.id)).count == 24)
        // Every one of them is stored under its own id: none overwrote another.
        try instances[1].synchronize()
        for item in items {
            #expect(instances[1].catalog.item(item.id)?.title == item.title)
        }
    }

    @Test func anInstanceThatHasNotHeardOfADeletionDoesNotReuseTheID() throws {
        let first = try redis.services()
        let second = try redis.services()
        let category = try #require(first.catalog.categories().first).id
        let deleted = try first.catalog.addItem(ItemDraft(title: "Short-lived", subtitle: ""), to: category, creator: nil)
        try first.catalog.deleteItem(deleted.id)
        // The second has not synchronized: it knows neither the item nor its deletion.
        let next = try second.catalog.addItem(ItemDraft(title: "Next", subtitle: ""), to: category, creator: nil)
        #expect(next.id.rawValue > deleted.id.rawValue)
        let after = try first.catalog.addItem(ItemDraft(title: "After", subtitle: ""), to: category, creator: nil)
        #expect(after.id.rawValue > next.id.rawValue)
    }

    @Test func idsContinueAboveTheCatalogAfterARestart() throws {
        let first = try redis.services()
        let category = try #require(first.catalog.categories().first).id
        let made = try first.catalog.addItem(ItemDraft(title: "Before", subtitle: ""), to: category, creator: nil)
        try first.catalog.deleteItem(made.id)
        first.close()
        let restarted = try redis.services()
        let next = try restarted.catalog.addItem(ItemDraft(title: "After", subtitle: ""), to: category, creator: nil)
        #expect(next.id.rawValue == made.id.rawValue + 1)
    }
}
