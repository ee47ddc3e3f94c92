import DemoData
import Dispatch
import Foundation
import Models
import RedisClient
import Storage
import Synchronization
import Testing
import TestSupport
@testable import Services

/// The services' writes for a request parked on its event loop, with a real redis-server: sent
/// through a `RedisSend` (here one serial queue stands for the loop; the loop's own connection
/// is tested in RedisClientTests), completed there once the write is in Redis, with the same
/// rules as the blocking writes.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class ParkedWriteTests {
    let instances: RedisInstances
    let loop = DispatchQueue(label: "parked-write-tests.loop")

    init() throws {
        instances = try RedisInstances()
    }

    /// Answers on `loop`, as the loop's connection does; refuses when `refusing`.
    func send(_ services: AppServices, refusing: Bool = false) throws -> RedisSend {
        let pool = try #require(services.redisStore).pool
        let loop = self.loop
        return { commands, completion in
            guard !refusing else { return false }
            let completion = Unchecked(value: completion)
            loop.async {
                completion.value(Result { () throws(RedisError) -> [RESPValue] in try pool.pipeline(commands) })
            }
            return true
        }
    }

    /// Starts `write` on the loop and waits (bounded) for its completion's value.
    func parked<T: Sendable>(_ write: @escaping (@escaping (T) -> Void) -> Bool) throws -> T {
        let outcome = Mutex<T?>(nil)
        let sent = Mutex<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        let write = Unchecked(value: write)
        loop.async {
            let wasSent = write.value { value in
                outcome.withLock { $0 = value }
                done.signal()
            }
            sent.withLock { $0 = wasSent }
            if !wasSent { done.signal() }
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(sent.withLock { $0 } == true)
        return try #require(outcome.withLock { $0 })
    }

    @Test func parkedWritesAreInRedisAndInMemoryWhenTheyComplete() throws {
        let writer = try instances.services()
        let follower = try instances.services()
        let send = try send(writer)
        let category = try #require(writer.catalog.categories().first).id

        let added = try parked { done in
            writer.catalog.addItem(ItemDraft(title: "Parked", subtitle: "new"), to: category, creator: nil, through: send) { done($0) }
        }.get()
        #expect(writer.catalog.item(added.id)?.title == "Parked")
        let renamed = try parked { done in
            writer.catalog.updateItem(added.id, with: ItemDraft(title: "Renamed", subtitle: "x"), through: send) { done($0) }
        }.get()
        #expect(renamed.title == "Renamed")
        let favourite = try parked { done in writer.catalog.setFavourite(added.id, true, through: send) { done($0) } }.get()
        #expect(favourite.isFavourite)
        let doomed = try #require(writer.catalog.items(in: category).first).id
        let deletion = try parked { done in writer.catalog.deleteItem(doomed, through: send) { done($0.map { "\($0)" }) } }
        #expect(deletion == nil)
        let user = try writer.accounts.register(username: "parked", email: "parked@example.com", password: "a long password")
        let saved = try parked { done in
            writer.accounts.saveSettings(Settings(displayName: "Parked"), for: user.id, through: send) { done($0) }
        }.get()
        #expect(saved.settings.displayName == "Parked")

        try follower.synchronize()
        #expect(follower.catalog.item(added.id) == writer.catalog.item(added.id))
        #expect(follower.catalog.item(added.id)?.isFavourite == true)
        #expect(follower.catalog.item(doomed) == nil)
        #expect(follower.accounts.user(user.id)?.settings.displayName == "Parked")
    }

    @Test func aParkedEditOfAnItemChangedElsewhereIsMadeAgainOnTheStoredRecord() throws {
        let writer = try instances.services()
        let other = try instances.services()
        let categories = writer.catalog.categories()
        let item = try #require(writer.catalog.items(in: categories[0].id).first)
        _ = try other.catalog.moveItem(item.id, to: categories[1].id)

        let send = try send(writer)
        let edited = try parked { done in
            writer.catalog.updateItem(item.id, with: ItemDraft(title: "Edited elsewhere too", subtitle: ""), through: send) {
                done($0)
            }
        }.get()
        #expect(edited.category == categories[1].id, "the other instance's move is kept")
        #expect(edited.title == "Edited elsewhere too")
        try other.synchronize()
        #expect(other.catalog.item(item.id) == edited)
    }

    @Test func aParkedSettingsSaveFromAnAccountReadBeforeAPasswordChangeOnAnotherInstanceKeepsTheNewPassword() throws {
        let saving = try instances.services()
        let other = try instances.services()
        var account = try #require(other.accounts.state.withLock { $0.account(username: DemoData.username) })
        // Another instance changes the password after `saving` read the account (it has not synchronized since).
        account.password = try PasswordHasher(iterations: 1_000).hash("a brand new password")
        try #require(other.redisStore).apply([
            .put(collection: AccountService.accountsCollection, key: account.user.id.rawValue, value: try StoreCoding.encode(account))
        ])

        let send = try send(saving)
        let saved = try parked { done in
            saving.accounts.saveSettings(Settings(displayName: "Saved meanwhile"), for: account.user.id, through: send) { done($0) }
        }.get()
        #expect(saved.settings.displayName == "Saved meanwhile")
        let fresh = try instances.services()
        #expect(fresh.accounts.user(account.user.id)?.settings.displayName == "Saved meanwhile")
        #expect((try? fresh.accounts.authenticate(username: DemoData.username, password: "a brand new password")) != nil)
        #expect((try? fresh.accounts.authenticate(username: DemoData.username, password: DemoData.password)) == nil)
    }

    @Test func aParkedEditOfAnItemDeletedElsewhereIsRefusedAndForgotten() throws {
        let writer = try instances.services()
        let other = try instances.services()
        let category = try #require(writer.catalog.categories().first).id
        let item = try #require(writer.catalog.items(in: category).first)
        try other.catalog.deleteItem(item.id)

        let send = try send(writer)
        let outcome = try parked { done in writer.catalog.setFavourite(item.id, true, through: send) { done($0) } }
        #expect(throws: CatalogError.unknownItem(item.id)) { try outcome.get() }
        #expect(writer.catalog.item(item.id) == nil)
    }

    @Test func nothingIsSentWhenTheLoopHasNoConnectionOrTheStoreIsEmbedded() throws {
        let writer = try instances.services()
        let category = try #require(writer.catalog.categories().first).id
        let before = try #require(writer.redisStore).version()
        let refused = writer.catalog.addItem(
            ItemDraft(title: "Not sent", subtitle: ""), to: category, creator: nil, through: try send(writer, refusing: true)
        ) { _ in Issue.record("no completion when nothing was sent") }
        #expect(!refused)
        #expect(try #require(writer.redisStore).version() == before)

        let fixture = try Fixture(seed: true)
        #expect(!fixture.catalog.writesCanPark)
        let embedded = fixture.catalog.addItem(
            ItemDraft(title: "Embedded", subtitle: ""), to: category, creator: nil, through: try send(writer)
        ) { _ in Issue.record("no completion when nothing was sent") }
        #expect(!embedded)
    }
}

/// Hands a loop-bound closure to the queue standing for the loop (it only ever runs there).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

extension ParkedWriteTests {
    @Test func aParkedResetFromAnAccountReadBeforeASettingsSaveOnAnotherInstanceKeepsTheSettings() throws {
        let resetting = try instances.services()
        let saving = try instances.services()
        let id = try #require(saving.accounts.state.withLock { $0.account(username: DemoData.username) }?.user.id)
        let token = "test-token-" + UUID().uuidString
        try #require(saving.redisStore).apply([
            .put(
                collection: AccountService.resetTokensCollection, key: AccountService.digest(of: token),
                value: try StoreCoding.encode(StoredResetToken(user: id, expiresAt: Date().addingTimeInterval(600))))
        ])
        let send = try send(resetting)
        let read = try parked { done in resetting.accounts.resetToken(token, through: send) { done($0) } }.get()
        // `resetting` holds the account as it was before the save (it has not synchronized since).
        _ = try saving.accounts.saveSettings(Settings(displayName: "Saved meanwhile"), for: id)

        let hash = try resetting.accounts.newPasswordHash("a brand new password")
        let user = try parked { done in resetting.accounts.resetPassword(read, hash: hash, through: send) { done($0) } }.get()
        #expect(user.settings.displayName == "Saved meanwhile")
        let fresh = try instances.services()
        #expect(fresh.accounts.user(id)?.settings.displayName == "Saved meanwhile")
        #expect((try? fresh.accounts.authenticate(username: DemoData.username, password: "a brand new password")) != nil)
        #expect((try? fresh.accounts.authenticate(username: DemoData.username, password: DemoData.password)) == nil)
    }
}
