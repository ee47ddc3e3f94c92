import DemoData
import Dispatch
import Foundation
import Models
import RedisClient
import Synchronization
import Testing
import TestSupport
@testable import Services

/// Two instances' services over one redis-server, as two processes behind a load balancer.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class RedisAppServicesTests {
    let server: RedisServer
    /// Each instance's data folder (what stays local with Redis) lives in here.
    let folder = TemporaryDirectory(prefix: "waypoint-redis-app")
    var instances = 0

    init() throws {
        server = try RedisServer()
    }

    /// `retryAtOnce`: no reconnect backoff, so the first call after a restart connects.
    func instance(retryAtOnce: Bool = false) throws -> AppServices {
        var redis = try RedisConfiguration(url: server.url())
        if retryAtOnce { (redis.initialReconnectDelay, redis.maximumReconnectDelay) = (.zero, .zero) }
        instances += 1
        let directory = folder.path("instance-\(instances)")
        return try AppServices(configuration: .init(
            dataDirectory: directory, passwordIterations: 1_000, seed: DemoSeed(), redis: redis))
    }

    @Test func onlyTheFirstInstanceSeedsTheSharedStore() throws {
        let first = try instance()
        let second = try instance()
        #expect(first.seeded)
        #expect(!second.seeded)
        #expect(second.catalog.categories().count == first.catalog.categories().count)
        #expect(first.journalStore == nil)
    }

    /// A deployment's replicas start together: all of them start, one seeds, none starts half-seeded.
    @Test func instancesStartedTogetherOnAnEmptyRedisAllStartAndOneSeeds() throws {
        let redis = try RedisConfiguration(url: server.url())
        let directories = (0..<4).map { folder.path("together-\($0)") }
        let started = Mutex<[Result<AppServices, any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: directories.count) { index in
            let result = Result { () throws -> AppServices in
                try AppServices(configuration: .init(dataDirectory: directories[index], passwordIterations: 1_000, seed: DemoSeed(), redis: redis))
            }
            started.withLock { $0.append(result) }
        }
        let services = try started.withLock { results in try results.map { try $0.get() } }
        #expect(services.count == directories.count)
        #expect(services.filter(\.seeded).count == 1)
        for instance in services {
            #expect(instance.catalog.categories().count == DemoData.categories(.library).count)
            #expect(try instance.accounts.authenticate(username: DemoData.username, password: DemoData.password).username
                == DemoData.username)
        }
    }

    @Test func twoInstancesRacingForOneUsernameLetExactlyOneWin() throws {
        let instances = [try instance(), try instance()]
        for round in 0..<5 {
            let outcomes = Mutex<[Result<User, AccountError>]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let result = Result { () throws(AccountError) -> User in
                    do {
                        return try instances[index].accounts.register(
                            username: "racer\(round)", email: "racer\(round)-\(index)@example.com", password: "a long password")
                    } catch let error as AccountError {
                        throw error
                    } catch {
                        Issue.record("unexpected \(error)")
                        throw .invalidCredentials
                    }
                }
                outcomes.withLock { $0.append(result) }
            }
            let results = outcomes.withLock { $0 }
            #expect(results.filter { if case .success = $0 { true } else { false } }.count == 1)
            #expect(results.contains { $0 == .failure(.usernameTaken) })
        }
    }

    @Test func anEmailRegisteredOnOneInstanceIsTakenOnTheOther() throws {
        let first = try instance()
        let second = try instance()
        _ = try first.accounts.register(username: "ann", email: "ann@example.com", password: "a long password")
        #expect(throws: AccountError.emailTaken) {
            try second.accounts.register(username: "anne", email: "ANN@example.com", password: "a long password")
        }
        // The refused registration gave its username claim back.
        _ = try first.accounts.register(username: "anne", email: "anne@example.com", password: "a long password")
    }

    @Test func aWriteOnOneInstanceIsSeenOnTheOtherAfterSynchronizing() throws {
        let first = try instance()
        let second = try instance()
        let category = try #require(first.catalog.categories().first).id
        let item = try first.catalog.addItem(ItemDraft(title: "Shared", subtitle: "seen everywhere"), to: category, creator: nil)
        #expect(second.catalog.item(item.id) == nil)
        try second.synchronize()
        #expect(second.catalog.item(item.id)?.title == "Shared")
        let user = try first.accounts.register(username: "bo", email: "bo@example.com", password: "a long password")
        try second.synchronize()
        #expect(try second.accounts.authenticate(username: "bo", password: "a long password").id == user.id)
    }

    @Test func anEditOnOneInstanceOfAnItemDeletedOnAnotherDoesNotBringItBack() throws {
        let first = try instance()
        let second = try instance()
        let category = try #require(first.catalog.categories().first).id
        let item = try first.catalog.addItem(ItemDraft(title: "Doomed", subtitle: ""), to: category, creator: nil)
        try second.synchronize()
        try first.catalog.deleteItem(item.id)
        // The second has not heard of the deletion and edits its copy.
        #expect(second.catalog.item(item.id) != nil)
        #expect(throws: CatalogError.unknownItem(item.id)) {
            try second.catalog.updateItem(item.id, with: ItemDraft(title: "Edited anyway", subtitle: ""))
        }
        #expect(second.catalog.item(item.id) == nil)
        try first.synchronize()
        #expect(first.catalog.item(item.id) == nil)
    }

    @Test func editsOfOneItemOnTwoInstancesAtOnceKeepEveryChange() throws {
        let first = try instance()
        let second = try instance()
        let category = try #require(first.catalog.categories().first).id
        let item = try first.catalog.addItem(ItemDraft(title: "Original", subtitle: "original"), to: category, creator: nil)
        try second.synchronize()
        // Neither synchronizes while they edit: each starts from its own stale copy. The first
        // renames (the edit form's fields), the second marks it a favourite; neither may put back
        // the other's old value.
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            do {
                if index % 2 == 0 {
                    _ = try first.catalog.updateItem(item.id, with: ItemDraft(title: "Title \(index)", subtitle: "renamed"))
                } else {
                    _ = try second.catalog.setFavourite(item.id, true)
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        try first.synchronize()
        try second.synchronize()
        let stored = try #require(first.catalog.item(item.id))
        #expect(second.catalog.item(item.id) == stored)
        #expect(stored.title.hasPrefix("Title "), "\(stored)")
        #expect(stored.subtitle == "renamed" && stored.isFavourite, "\(stored)")
    }

    @Test func anInstanceDoesNotReloadForItsOwnWrites() throws {
        let services = try instance()
        let category = try #require(services.catalog.categories().first).id
        _ = try services.catalog.addItem(ItemDraft(title: "Mine", subtitle: ""), to: category, creator: nil)
        #expect(try services.redisStore?.isStale() == false)
    }

    @Test func onlyWritesToWhatInstancesKeepInMemoryMakeTheOthersReload() throws {
        let first = try instance()
        let second = try instance()
        let secondStore = try #require(second.redisStore)
        try second.synchronize()
        #expect(try secondStore.isStale() == false)
        // A user's tabs and a reset token are read from Redis when needed: no reload for them.
        try #require(first.redisStore).apply([
            .put(collection: "navigation.users", key: "someone", value: Array("{}".utf8)),
            .put(collection: AccountService.resetTokensCollection, key: "digest", value: Array("{}".utf8)),
        ])
        #expect(try secondStore.isStale() == false)
        // A catalog write is kept in every instance's memory: the others reload.
        let category = try #require(first.catalog.categories().first).id
        _ = try first.catalog.addItem(ItemDraft(title: "Cached", subtitle: ""), to: category, creator: nil)
        #expect(try secondStore.isStale())
        try second.synchronize()
        #expect(try secondStore.isStale() == false)
        let item = try #require(second.catalog.items(in: category).last)
        _ = try first.catalog.setFavourite(item.id, true)
        #expect(try secondStore.isStale())
    }

    @Test func synchronizingThrowsWhileRedisIsDownAndRecoversAfter() throws {
        let services = try instance(retryAtOnce: true)
        server.kill()
        #expect(throws: RedisError.self) { try services.synchronize() }
        try server.start()
        try services.synchronize()
        let category = try #require(services.catalog.categories().first).id
        _ = try services.catalog.addItem(ItemDraft(title: "After the outage", subtitle: ""), to: category, creator: nil)
    }
}
