import Foundation
import Models
import RedisClient
@testable import Services
import Storage
import Testing
import TestSupport
import ViewModels
@testable import Web

/// On Redis, a reset link's page reads its token on its event loop's Redis connection, parked,
/// and is decided and built there: a valid link shows its form and a dead one its 404 while every
/// worker is held, without a blocking round trip.
extension ParkedSubmissionTests {
    /// A reset link for `username` that expired a minute ago, stored as a reset mail's token would be.
    func expiredResetLink(for username: String, on app: TestApp) throws -> String {
        let services = app.application.services
        let user = try #require(services.accounts.state.withLock { $0.account(username: username) }?.user.id)
        let token = "expired-token-" + UUID().uuidString
        let record = StoredResetToken(user: user, expiresAt: Date().addingTimeInterval(-60))
        try #require(services.redisStore).apply([
            .put(collection: AccountService.resetTokensCollection, key: AccountService.digest(of: token), value: try StoreCoding.encode(record))
        ])
        return "/reset-password/" + token
    }

    @Test func aResetLinksPageWhileEveryWorkerIsBusyReadsItsTokenOnTheLoopValidOrDead() throws {
        let app = try apps.instance(options: Self.quietOptions)
        _ = try signedIn(on: app)
        let pool = try #require(app.application.services.redisStore?.pool)
        let (link, expired) = (try resetLink(for: "demo", on: app), try expiredResetLink(for: "demo", on: app))
        let visitor = app.client()
        let release = occupyWorkers(of: app)
        defer { release() }
        let before = pool.roundTrips

        let page = try visitor.get(link)
        #expect(page.status == 200)
        #expect(page.text.contains("Choose a new password"))
        #expect(page.text.contains(#"name="confirmation""#))
        #expect(!page.text.contains(ResetPasswordFormViewModel.invalidToken))
        for dead in ["/reset-password/not-a-token", expired] {
            let answer = try visitor.get(dead)
            #expect(answer.status == 404, "\(dead)")
            #expect(answer.text.contains(ResetPasswordFormViewModel.invalidToken))
            #expect(answer.text.contains(#"href="/forgot-password""#))
        }
        #expect(try visitor.request("HEAD", link).status == 200)
        #expect(pool.roundTrips == before, "the tokens were read on the loop, not through the blocking pool")
        // The page's own form sets the password, still on the loop.
        let token = try #require(page.csrfToken)
        #expect(try visitor.post(link, form: newPassword(token, "a-brand-new-password")).status == 303)
        #expect(pool.roundTrips == before)
    }

    @Test func aResetLinkOpenedWithAStaleCookieIsCountedAndReadOnTheLoopWhileEveryWorkerIsBusy() throws {
        let app = try apps.instance(options: Self.quietOptions)
        _ = try signedIn(on: app)
        let pool = try #require(app.application.services.redisStore?.pool)
        let link = try resetLink(for: "demo", on: app)
        let release = occupyWorkers(of: app)
        defer { release() }
        let before = pool.roundTrips
        // The cookie names a session nobody holds (expired, say): its admission is counted, then the token read.
        for (n, target) in [link, "/reset-password/not-a-token"].enumerated() {
            let browser = app.client()
            browser.sessionCookie = "staleCookieStaleCook" + String(format: "%02d", n)
            let page = try browser.get(target)
            #expect(page.status == (target == link ? 200 : 404), "\(target)")
            #expect(page.text.contains(ResetPasswordFormViewModel.invalidToken) == (target != link))
        }
        #expect(pool.roundTrips == before, "no blocking round trip")
    }

    @Test func aResetLinksPageWhoseTokenRedisCannotReadIs503WithRetryAfterNotADeadLink() throws {
        let app = try apps.instance(options: Self.quietOptions)
        _ = try signedIn(on: app)
        let store = try #require(app.application.services.redisStore)
        let link = try resetLink(for: "demo", on: app)
        // The tokens' hash replaced by a string: every HGET of it is an error reply.
        let admin = try RedisConnection(configuration: RedisConfiguration(url: apps.server.url()))
        defer { admin.close() }
        let key = store.hashKey(AccountService.resetTokensCollection)
        _ = try admin.send(RedisCommand("SET", key, "not a hash"))
        let release = occupyWorkers(of: app)
        defer { release() }
        let answer = try app.client().get(link)
        #expect(answer.status == 503)
        #expect(answer.header("Retry-After") != nil)
        #expect(!answer.text.contains(ResetPasswordFormViewModel.invalidToken))
    }
}
