import Foundation
import Models
import RedisClient
import Testing
import TestSupport
@testable import Sessions

/// Visitors are bounded in Redis too: a visitor's session expires within a day of its last use
/// (signed-in sessions keep 30 days), visitors' sessions are capped across instances, and no
/// number of visitors ever evicts a signed-in session. Against a real redis-server.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class SharedVisitorBoundsTests {
    let server: RedisServer
    let pool: RedisPool

    init() throws {
        server = try RedisServer()
        pool = try RedisPool(configuration: RedisConfiguration(url: server.url()))
    }

    func journal(maxVisitors: Int = 200_000) -> RedisSessionJournal {
        RedisSessionJournal(pool: pool, idleTimeout: 30 * 24 * 3600, visitorIdleTimeout: 24 * 3600, maxVisitors: maxVisitors)
    }

    func record(_ id: String, user: String? = nil, lastSeen: Int64) -> SessionRecord {
        SessionRecord(
            id: id, userID: user.map { UserID($0) }, settings: Settings(), csrfToken: "token", lastSeen: lastSeen,
            knownUsername: nil, cookieIssued: nil, navigation: nil)
    }

    /// A 22-character session id made from `index`.
    func id(_ prefix: String, _ index: Int) -> String {
        let digits = String(index)
        return prefix + String(repeating: "0", count: 22 - prefix.count - digits.count) + digits
    }

    func ttl(_ journal: RedisSessionJournal, _ id: String) throws -> Int64 {
        try #require(try pool.send(RedisCommand("TTL", journal.key(id))).integer)
    }

    func exists(_ journal: RedisSessionJournal, _ id: String) throws -> Bool {
        try pool.send(RedisCommand("EXISTS", journal.key(id))).integer == 1
    }

    @Test func aVisitorsSessionExpiresWithinADayAndASignedInOneKeepsThirtyDays() throws {
        let journal = journal()
        let now: Int64 = 1_790_000_000
        // The transaction of a sign-in or sign-out and the periodic (compare-and-set) save alike: a
        // signed-in session is created by the first (as version 1), a visitor's by either.
        try journal.write(records: [record(id("visitor", 2), lastSeen: now), record(id("member", 2), user: "ada", lastSeen: now)], ending: [])
        var member = record(id("member", 1), user: "ada", lastSeen: now)
        member.version = 1
        try journal.write(records: [member], ending: [])
        let saved = try journal.save(records: [record(id("visitor", 1), lastSeen: now), member], forgetting: [])
        #expect(saved.saved.count == 2)
        for index in 1...2 {
            let visitor = try ttl(journal, id("visitor", index))
            #expect(visitor > 0 && visitor <= 24 * 3600, "visitor TTL \(visitor)")
            let member = try ttl(journal, id("member", index))
            #expect(member > 29 * 24 * 3600, "signed-in TTL \(member)")
        }
    }

    @Test func visitorsAreCappedAcrossInstancesAndNeverEvictASignedInSession() throws {
        // Two instances on one Redis, each saving its own visitors.
        let (first, second) = (journal(maxVisitors: 5), journal(maxVisitors: 5))
        let start: Int64 = 1_790_000_000
        try first.write(records: [record(id("member", 1), user: "ada", lastSeen: start)], ending: [])
        try second.write(records: [record(id("member", 2), user: "grace", lastSeen: start)], ending: [])
        for index in 1...40 {
            let journal = index.isMultiple(of: 2) ? first : second
            let saved = try journal.save(records: [record(id("visitor", index), lastSeen: start + Int64(index))], forgetting: [])
            #expect(saved.saved[id("visitor", index)] == 1)
        }
        #expect(try pool.send(RedisCommand("ZCARD", first.visitorsKey)).integer == 5)
        // The five most recently used visitors remain; every older one is gone from Redis.
        for index in 1...40 {
            #expect(try exists(first, id("visitor", index)) == (index > 35), "visitor \(index)")
        }
        #expect(try exists(first, id("member", 1)))
        #expect(try exists(first, id("member", 2)))
        #expect(try pool.send(RedisCommand("ZSCORE", first.visitorsKey, id("member", 1))).string == nil)
    }

    @Test func aVisitorWhoSignsInLeavesTheVisitorsList() throws {
        let journal = journal()
        let visitor = record(id("visitor", 1), lastSeen: 1_790_000_000)
        _ = try journal.save(records: [visitor], forgetting: [])
        #expect(try pool.send(RedisCommand("ZCARD", journal.visitorsKey)).integer == 1)
        // Signing in: a new id for the signed-in session, the visitor's id ended.
        try journal.write(records: [record(id("member", 1), user: "ada", lastSeen: 1_790_000_001)], ending: [visitor.reference])
        #expect(try pool.send(RedisCommand("ZCARD", journal.visitorsKey)).integer == 0)
        #expect(try !exists(journal, visitor.id))
    }

    @Test func aVisitorsSessionLeavesMemoryAfterADayWhileASignedInOneStays() throws {
        var configuration = SessionStore.Configuration(maxSignedIn: 10, maxVisitors: 10, idleTimeout: 30 * 24 * 3600, shards: 1)
        configuration.visitorIdleTimeout = 24 * 3600
        let store = SessionStore(configuration: configuration)
        let (visitor, member) = (store.makeSession(now: 0), store.makeSession(now: 0))
        store.insert(visitor, now: 0)
        store.insert(member, now: 0)
        try store.rotate(member, now: 0) { $0.userID = UserID("ada") }
        #expect(store.session(id: visitor.id, now: 24 * 3600) != nil)
        #expect(store.session(id: visitor.id, now: 2 * 24 * 3600 + 1) == nil)
        #expect(store.session(id: member.id, now: 2 * 24 * 3600 + 1) != nil)
    }
}
