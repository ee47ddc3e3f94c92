import Foundation
import Models
import RedisClient
import Storage
import Testing
import TestSupport
@testable import Services

/// Instances follow each other's writes through the change log, entry by entry, with a real
/// redis-server; a whole reload only when the log cannot tell what changed.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class ChangeLogSyncTests {
    let instances: RedisInstances

    init() throws {
        instances = try RedisInstances()
    }

    /// Writes straight into the shared hash, as no instance would, raising no version: a reload
    /// reads it, applying the log does not. That tells the two ways of catching up apart.
    func plantBehindEveryonesBack(_ services: AppServices, item: Item) throws {
        let store = try #require(services.redisStore)
        let reply = try store.pool.send(RedisCommand("HSET", [
            Array(store.hashKey(CatalogService.itemsCollection).utf8), Array(String(item.id.rawValue).utf8),
            try StoreCoding.encode(item),
        ]))
        #expect(reply.errorMessage == nil)
    }

    func sharedVersion(_ services: AppServices) throws -> Int64 {
        try #require(services.redisStore).version()
    }

    @Test func anotherInstancesWritesArriveFromTheLogWithoutAReload() throws {
        let writer = try instances.services()
        let follower = try instances.services()
        let category = try #require(writer.catalog.categories().first).id
        let untouched = try #require(writer.catalog.items(in: category).first)
        var planted = untouched
        planted.title = "Planted behind everyone's back"
        try plantBehindEveryonesBack(writer, item: planted)

        let edited = try #require(writer.catalog.items(in: category).dropFirst().first)
        _ = try writer.catalog.updateItem(edited.id, with: ItemDraft(title: "Edited on the writer", subtitle: "A"))
        let added = try writer.catalog.addItem(ItemDraft(title: "Added on the writer", subtitle: "B"), to: category, creator: nil)
        let deleted = try #require(writer.catalog.items(in: category).dropFirst(2).first)
        try writer.catalog.deleteItem(deleted.id)
        let user = try writer.accounts.register(username: "follower-test", email: "follower@example.com", password: "a long password")
        _ = try writer.accounts.saveSettings(Settings(displayName: "Followed"), for: user.id)

        try follower.synchronize(sharedVersion: try sharedVersion(writer))
        #expect(follower.catalog.item(edited.id)?.title == "Edited on the writer")
        #expect(follower.catalog.item(added.id)?.title == "Added on the writer")
        #expect(follower.catalog.item(deleted.id) == nil)
        #expect(follower.accounts.user(user.id)?.settings.displayName == "Followed")
        // Applied from the log: the planted record, which no entry names, was not read.
        #expect(follower.catalog.item(untouched.id)?.title == untouched.title)
        #expect(try #require(follower.redisStore).synchronizedVersion == (try sharedVersion(writer)))
    }

    @Test func anInstanceWhoseEntriesWereTrimmedReloadsEverything() throws {
        let writer = try instances.services()
        let follower = try instances.services()
        let category = try #require(writer.catalog.categories().first).id
        let untouched = try #require(writer.catalog.items(in: category).first)
        var planted = untouched
        planted.title = "Planted behind everyone's back"
        try plantBehindEveryonesBack(writer, item: planted)
        let edited = try writer.catalog.updateItem(
            try #require(writer.catalog.items(in: category).last).id, with: ItemDraft(title: "Edited", subtitle: "A"))
        let store = try #require(writer.redisStore)
        _ = try store.pool.send(RedisCommand("DEL", store.changeLogKey))

        try follower.synchronize(sharedVersion: try sharedVersion(writer))
        #expect(follower.catalog.item(edited.id)?.title == "Edited")
        #expect(follower.catalog.item(untouched.id)?.title == planted.title)
    }

    @Test func aWriteThatWasNotLoggedMakesTheOthersReload() throws {
        let writer = try instances.services()
        let follower = try instances.services()
        let category = try #require(writer.catalog.categories().first).id
        let first = try writer.catalog.addItem(ItemDraft(title: "Logged", subtitle: ""), to: category, creator: nil)
        // A version raised with no entry (a migration, a seed too large to log) leaves a gap.
        let store = try #require(writer.redisStore)
        _ = try store.pool.send(RedisCommand("INCR", store.versionKey))
        let second = try writer.catalog.addItem(ItemDraft(title: "After the gap", subtitle: ""), to: category, creator: nil)
        #expect(try store.changes(after: store.synchronizedVersion - 3, through: try store.version()) == nil)

        try follower.synchronize(sharedVersion: try store.version())
        #expect(follower.catalog.item(first.id)?.title == "Logged")
        #expect(follower.catalog.item(second.id)?.title == "After the gap")
    }

    @Test func theLogKeepsOnlyItsCapacity() throws {
        let redis = try RedisPool(configuration: try instances.configuration())
        let store = RedisStore(pool: redis, prefix: "capped:", cachedCollections: ["things"], changeLogCapacity: 3)
        for index in 1...5 {
            try store.apply([.put(collection: "things", key: "k", value: Array("v\(index)".utf8))])
        }
        #expect(try redis.send(RedisCommand("LLEN", "capped:changes")).integer == 3)
        let entries = try #require(try store.changes(after: 2, through: 5))
        #expect(entries.map(\.version) == [3, 4, 5])
        #expect(entries.last?.mutations == [.put(collection: "things", key: "k", value: Array("v5".utf8))])
        #expect(try store.changes(after: 1, through: 5) == nil)
        // Writes to collections nobody caches are neither versioned nor logged.
        try store.apply([.put(collection: "other", key: "k", value: [1])])
        #expect(try store.version() == 5)
    }

    /// A write whose answer is published after the copies already reflect a later version (a
    /// synchronization applied this write's entry and maybe newer ones) must not undo them.
    @Test func aWritePublishedAfterTheCopiesMovedOnIsNotPublished() throws {
        let redis = try RedisPool(configuration: try instances.configuration())
        let store = RedisStore(pool: redis, prefix: "late:", cachedCollections: ["things"])
        store.noteSynchronized(0)
        var published = 0
        try store.apply([.put(collection: "things", key: "k", value: [1])]) { published += 1 }
        #expect(published == 1)
        #expect(store.synchronizedVersion == 1)
        store.applying { _ in 5 }
        try store.apply([.put(collection: "things", key: "k", value: [2])]) { published += 1 }
        #expect(published == 1)
        // Behind (another instance wrote first): published, and the version left for the log to fill.
        store.noteSynchronized(0)
        try store.apply([.put(collection: "things", key: "k", value: [3])]) { published += 1 }
        #expect(published == 2)
        #expect(store.synchronizedVersion == 0)
    }

    @Test(arguments: [
        [StoreMutation](),
        [.put(collection: "catalog.items", key: "12", value: Array("{\"title\":\"a\\nb\"}".utf8))],
        [.delete(collection: "accounts.users", key: "ab cd"), .put(collection: "c", key: "", value: [0, 10, 255])],
    ])
    func anEntryReadsBackAsWritten(mutations: [StoreMutation]) throws {
        let element = Array("42\n".utf8) + ChangeLogEntry.payload(mutations)
        #expect(ChangeLogEntry(element: element) == ChangeLogEntry(version: 42, mutations: mutations))
        #expect(ChangeLogEntry(element: Array("x\n".utf8)) == nil)
        if !mutations.isEmpty { #expect(ChangeLogEntry(element: element.dropLast()) == nil) }
    }
}
