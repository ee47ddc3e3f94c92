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

/// On Redis, the blocking paths (a worker's, when a loop has no connection ready) of a reset
/// link's new password and of a sign-in's rehash check what they read in the write itself, as the
/// parked paths do: no lock spans instances, so a check made before the write could be stale.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class SharedPasswordResetTests {
    let redis: RedisInstances

    init() throws {
        redis = try RedisInstances()
    }

    /// A valid reset token for `username`, written to Redis as a reset mail's would be.
    func resetToken(for username: String, on services: AppServices) throws -> String {
        let user = try #require(services.accounts.state.withLock { $0.account(username: username) }?.user.id)
        let token = "test-token-" + UUID().uuidString
        let record = StoredResetToken(user: user, expiresAt: Date().addingTimeInterval(600))
        try #require(services.redisStore).apply([
            .put(collection: AccountService.resetTokensCollection, key: AccountService.digest(of: token), value: try StoreCoding.encode(record))
        ])
        return token
    }

    /// Which of `passwords` open `username`'s account as Redis holds it (read by a new instance).
    func opening(_ username: String, of passwords: [String]) throws -> [String] {
        let fresh = try redis.services()
        return passwords.filter { (try? fresh.accounts.authenticate(username: username, password: $0)) != nil }
    }

    @Test(.timeLimit(.minutes(1)))
    func twoBlockingResetsOfOneLinkOnTwoInstancesHaveOneWinner() throws {
        let instances = [try redis.services(), try redis.services()]
        let token = try resetToken(for: DemoData.username, on: instances[0])
        let admin = try RedisConnection(configuration: redis.configuration())
        defer { admin.close() }
        // Redis answers reads and holds writes: both resets read the link as valid, then wait to write.
        _ = try admin.send(RedisCommand("CLIENT", "PAUSE", "5000", "WRITE"))
        defer { _ = try? admin.send(RedisCommand("CLIENT", "UNPAUSE")) }
        let outcomes = Mutex<[Int: Result<User, any Error>]>([:])
        let done = DispatchGroup()
        for index in instances.indices {
            let accounts = instances[index].accounts
            DispatchQueue.global().async(group: done) {
                let outcome = Result { try accounts.resetPassword(token: token, newPassword: "new password \(index)") }
                outcomes.withLock { $0[index] = outcome }
            }
        }
        let bothWaiting = waitUntil {
            (try? admin.send(RedisCommand("INFO", "clients")))?.string?.contains("blocked_clients:2") == true
        }
        #expect(bothWaiting, "both resets checked the link and wait to write")
        _ = try admin.send(RedisCommand("CLIENT", "UNPAUSE"))
        #expect(done.wait(timeout: .now() + 10) == .success)
        let results = outcomes.withLock { $0 }
        let winners = results.filter { (try? $0.value.get()) != nil }.map(\.key)
        let losers = results.filter { if case .failure(let error) = $0.value { error as? AccountError == .invalidOrExpiredToken } else { false } }
        #expect(winners.count == 1 && losers.count == 1, "\(results)")
        let winner = try #require(winners.first)
        #expect(try opening(DemoData.username, of: ["new password 0", "new password 1"]) == ["new password \(winner)"])
    }

    @Test func aBlockingRehashLeavesAPasswordResetOnAnotherInstanceWhileItHashed() throws {
        let first = try redis.services()
        let store = try #require(first.redisStore)
        var account = try #require(first.accounts.state.withLock { $0.account(username: DemoData.username) })
        account.password = try PasswordHasher(iterations: 500).hash(DemoData.password)
        try store.apply([
            .put(collection: AccountService.accountsCollection, key: account.user.id.rawValue, value: try StoreCoding.encode(account))
        ])
        let other = try redis.services()
        let token = try resetToken(for: DemoData.username, on: other)
        let hasher = CountingHasher()
        let signingIn = try AccountService(
            store: store, outbox: Outbox(directory: redis.directory()), hasher: hasher, sharedIndex: store)
        // While the sign-in hashes its password again at the configured cost, another instance resets it.
        let resetting = other.accounts
        hasher.duringNextHash { _ = try? resetting.resetPassword(token: token, newPassword: "a brand new password") }
        #expect(try signingIn.authenticate(username: DemoData.username, password: DemoData.password).username == DemoData.username)
        #expect(hasher.hashes == 1)
        #expect(try opening(DemoData.username, of: [DemoData.password, "a brand new password"]) == ["a brand new password"])
    }

    @Test func aBlockingSettingsSaveFromAnAccountReadBeforeAResetOnAnotherInstanceKeepsTheNewPassword() throws {
        let saving = try redis.services()
        let resetting = try redis.services()
        let id = try #require(saving.accounts.state.withLock { $0.account(username: DemoData.username) }?.user.id)
        // `saving` holds the account as it was before the reset (it has not synchronized since).
        _ = try resetting.accounts.resetPassword(token: try resetToken(for: DemoData.username, on: resetting), newPassword: "a brand new password")

        let saved = try saving.accounts.saveSettings(Settings(displayName: "Saved meanwhile"), for: id)
        #expect(saved.settings.displayName == "Saved meanwhile")
        #expect(try opening(DemoData.username, of: [DemoData.password, "a brand new password"]) == ["a brand new password"])
        #expect(try redis.services().accounts.user(id)?.settings.displayName == "Saved meanwhile")
        #expect(try saving.accounts.authenticate(username: DemoData.username, password: "a brand new password").id == id)
    }
}

extension SharedPasswordResetTests {
    @Test func aBlockingResetFromAnAccountReadBeforeASettingsSaveOnAnotherInstanceKeepsTheSettings() throws {
        let resetting = try redis.services()
        let saving = try redis.services()
        let token = try resetToken(for: DemoData.username, on: resetting)
        let id = try #require(saving.accounts.state.withLock { $0.account(username: DemoData.username) }?.user.id)
        // `resetting` holds the account as it was before the save (it has not synchronized since).
        _ = try saving.accounts.saveSettings(Settings(displayName: "Saved meanwhile"), for: id)

        let user = try resetting.accounts.resetPassword(token: token, newPassword: "a brand new password")
        #expect(user.settings.displayName == "Saved meanwhile")
        #expect(try opening(DemoData.username, of: [DemoData.password, "a brand new password"]) == ["a brand new password"])
        #expect(try redis.services().accounts.user(id)?.settings.displayName == "Saved meanwhile")
        #expect(resetting.accounts.user(id)?.settings.displayName == "Saved meanwhile")
    }
}
