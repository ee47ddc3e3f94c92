import Foundation
import Models
import RedisClient
@testable import Services
import Storage
import Synchronization
import Testing
import TestSupport
import ViewModels
@testable import Web

/// On Redis, a reset link's new password parks on its event loop as a sign-in does: the throttle,
/// the token and the write go through the loop's Redis connection, only the hash to the hashing
/// lane; and a sign-in's rehash at the configured cost is written on the loop.
extension ParkedSubmissionTests {
    /// A valid reset link for `username`, its token written to Redis as a reset mail's would be.
    func resetLink(for username: String, on app: TestApp) throws -> String {
        let services = app.application.services
        let user = try #require(services.accounts.state.withLock { $0.account(username: username) }?.user.id)
        let token = "test-token-" + UUID().uuidString
        let record = StoredResetToken(user: user, expiresAt: Date().addingTimeInterval(600))
        try #require(services.redisStore).apply([
            .put(collection: AccountService.resetTokensCollection, key: AccountService.digest(of: token), value: try StoreCoding.encode(record))
        ])
        return "/reset-password/" + token
    }

    func newPassword(_ token: String, _ password: String) -> [(String, String)] {
        [("csrfToken", token), ("password", password), ("confirmation", password)]
    }

    @Test func aNewPasswordWhileEveryWorkerIsBusyCostsTheBlockingPoolNoRoundTripSignsInElsewhereAndSpendsTheLink() throws {
        let (first, second) = (try apps.instance(options: Self.quietOptions), try apps.instance(options: Self.quietOptions))
        let laptop = try signedIn(on: first)
        let pool = try #require(first.application.services.redisStore?.pool)
        let link = try resetLink(for: "demo", on: first)
        let phone = first.client()
        let token = try #require(try phone.get("/login").csrfToken)
        let release = occupyWorkers(of: first)
        defer { release() }
        let before = pool.roundTrips
        // The throttle and the token, the write and the other sessions' end on the loop; the hash on the lane.
        let reset = try phone.post(link, form: newPassword(token, "a-brand-new-password"))
        #expect(reset.status == 303)
        #expect(pool.roundTrips == before, "the new password went through the loop, not the blocking pool")
        let page = try phone.get("/library/category-1")
        #expect(page.text.contains("Signed in as"))
        // Spent: the same link again is the dead link's page.
        let again = try phone.post(link, form: newPassword(try #require(page.csrfToken), "another-new-password"))
        #expect(again.status == 422)
        #expect(again.text.contains(ResetPasswordFormViewModel.invalidToken))
        #expect(pool.roundTrips == before)
        release()
        // (An ended session's cookie is looked up in Redis by a worker.)
        #expect(!(try laptop.get("/library/category-1").text.contains("Signed in as")), "a new password ends the other sessions")
        #expect(try second.client().signIn(password: "a-brand-new-password").status == 303)
        #expect(try second.client().signIn(password: "demo-password").status == 422)
    }

    @Test func aWrongResetTokenIsRefusedOnTheLoopWithoutAHashAndAValidOneWaitsForTheLane() throws {
        var options = Self.quietOptions
        (options.hashingThreads, options.hashingQueueLimit) = (1, 1)
        let app = try apps.instance(options: options)
        _ = try signedIn(on: app)
        let link = try resetLink(for: "demo", on: app)
        let browser = app.client()
        let token = try #require(try browser.get("/login").csrfToken)
        let gate = Gate()
        defer { gate.open() }
        // The hashing lane is full: a form that needs a hash is 503 at once.
        #expect(app.application.hashingLane.fillOneThreadOneQueued(holdingAt: gate))
        let wrong = try browser.post("/reset-password/not-a-token", form: newPassword(token, "a-brand-new-password"))
        #expect(wrong.status == 422, "a bad link is refused before any hash")
        #expect(wrong.text.contains(ResetPasswordFormViewModel.invalidToken))
        let busy = try browser.post(link, form: newPassword(token, "a-brand-new-password"))
        #expect(busy.status == 503)
        #expect(busy.header("Retry-After").flatMap(Int.init) == 1)
        gate.open()
        #expect(gate.waitForHolders(2))
        // Refused for a busy lane, the link was not spent.
        #expect(try browser.post(link, form: newPassword(token, "a-brand-new-password")).status == 303)
    }

    @Test func twoNewPasswordsFromOneLinkAtOnceOnlyOneWins() throws {
        var options = Self.quietOptions
        (options.hashingThreads, options.hashingQueueLimit) = (1, 4)
        let app = try apps.instance(options: options)
        _ = try signedIn(on: app)
        let pool = try #require(app.application.services.redisStore?.pool)
        let link = try resetLink(for: "demo", on: app)
        let passwords = ["first-new-password", "second-new-password"]
        // Two visitors' sessions: their cookies and tokens.
        let visitors = try passwords.map { password in
            let browser = app.client()
            let token = try #require(try browser.get("/login").csrfToken)
            return (cookies: browser.cookies, form: newPassword(token, password))
        }
        let gate = Gate()
        defer { gate.open() }
        let lane = app.application.hashingLane
        #expect(lane.trySubmit { gate.hold() } && gate.waitForHolders(1))
        let before = pool.roundTrips
        // Both read the link as valid on the loop, then wait for the lane: both writes reach Redis.
        let (port, done) = (app.port, EventCount())
        let answers = Mutex<[Int]>([])
        for visitor in visitors {
            Thread {
                let browser = WebClient(port: port)
                browser.cookies = visitor.cookies
                let status = (try? browser.post(link, form: visitor.form).status) ?? 0
                answers.withLock { $0.append(status) }
                done.record()
            }.start()
        }
        #expect(waitUntil { lane.queueDepth == 2 })
        gate.open()
        #expect(done.wait(for: 2, timeout: .seconds(10)))
        #expect(answers.withLock { $0.sorted() } == [303, 422], "the script lets one write spend the link")
        #expect(pool.roundTrips == before, "both went through the loop")
        let winner = try passwords.filter {
            try app.client().signIn(password: $0).status == 303
        }
        #expect(winner.count == 1)
    }

    @Test func aNewPasswordRedisDoesNotWriteIs503WithinTheReplyTimeoutThenServedOnceRedisAnswers() throws {
        let app = try impatientInstance()
        _ = try signedIn(on: app)
        let pool = try #require(app.application.services.redisStore?.pool)
        let (hung, served) = (try resetLink(for: "demo", on: app), try resetLink(for: "demo", on: app))
        let browser = app.client()
        let token = try #require(try browser.get("/login").csrfToken)
        let release = occupyWorkers(of: app)
        defer { release() }
        let before = pool.roundTrips
        // The throttle and the token are read; the write (a script) waits.
        let start = Date()
        let answer = try pausingWrites { try browser.post(hung, form: newPassword(token, "a-brand-new-password")) }
        let seconds = Date().timeIntervalSince(start)
        #expect(answer.status == 503)
        #expect(answer.header("Retry-After") != nil)
        #expect(seconds < 1.5)
        #expect(pool.roundTrips == before, "no thread waited for the paused write")
        release()
        #expect(try browser.post(served, form: newPassword(token, "a-brand-new-password")).status == 303)
        #expect(try app.client().signIn(password: "a-brand-new-password").status == 303)
    }

    /// An instance whose loop connection is ready, with the demo account stored at half the
    /// configured cost (as before the cost was raised) by another instance's store, which the
    /// instance learns of from the change log.
    func demoAtAnOlderCost() throws -> (app: TestApp, pool: RedisPool, account: StoredAccount, current: Int, store: RedisStore) {
        let app = try apps.instance(options: Self.quietOptions)
        _ = try signedIn(on: app)
        let pool = try #require(app.application.services.redisStore?.pool)
        let store = RedisStore(
            pool: try RedisPool(configuration: RedisConfiguration(url: apps.server.url())),
            cachedCollections: Set(AppServices.cachedCollections))
        var account = try #require(app.application.services.accounts.state.withLock { $0.account(username: "demo") })
        let current = account.password.iterations
        account.password = try PasswordHasher(iterations: current / 2).hash("demo-password")
        try store.apply([
            .put(collection: AccountService.accountsCollection, key: account.user.id.rawValue, value: try StoreCoding.encode(account))
        ])
        return (app, pool, account, current, store)
    }

    @Test func aSignInAtAnOlderCostWhileEveryWorkerIsBusyRewritesTheHashOnTheLoop() throws {
        let (app, pool, account, current, store) = try demoAtAnOlderCost()
        let services = app.application.services
        let key = account.user.id.rawValue
        let release = occupyWorkers(of: app)
        defer { release() }
        let before = pool.roundTrips
        #expect(try app.client().signIn().status == 303)
        #expect(pool.roundTrips == before, "the rehash was written on the loop, not through the blocking pool")
        release()
        let stored = try StoreCoding.decode(StoredAccount.self, from: try #require(store.get(AccountService.accountsCollection, key: key)))
        #expect(stored.password.iterations == current)
        #expect(services.accounts.state.withLock { $0.account(username: "demo") }?.password.iterations == current)
        #expect(try app.client().signIn().status == 303)
    }

    @Test func aRehashThatCannotBeWrittenIsLoggedNotAFailedSignInAndNeverOverwritesANewerPassword() throws {
        let (app, pool, account, current, _) = try demoAtAnOlderCost()
        let services = app.application.services
        let key = account.user.id.rawValue
        // This instance reads the older hash (the change log), then another password is stored
        // behind its back, as a reset elsewhere during the sign-in's hash would.
        #expect(try app.client().get("/login").status == 200)
        #expect(services.accounts.state.withLock { $0.accounts[account.user.id] }?.password == account.password)
        var changed = account
        changed.password = try PasswordHasher(iterations: current / 2).hash("changed-elsewhere")
        let newer = try StoreCoding.encode(changed)
        try #require(services.redisStore).apply([.put(collection: AccountService.accountsCollection, key: key, value: newer)])
        let release = occupyWorkers(of: app)
        defer { release() }
        let before = pool.roundTrips
        #expect(try app.client().signIn().status == 303, "the rewrite failed, the sign-in did not")
        #expect(pool.roundTrips == before)
        release()
        #expect(try #require(services.redisStore).get(AccountService.accountsCollection, key: key) == newer)
    }
}
