import DemoData
import Dispatch
import Foundation
import Models
import Testing
import TestSupport
@testable import Services

/// With Redis, reset requests wait in one shared queue: whichever instance took the request, one
/// instance claims it and writes its mail into its own outbox, and no other does.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class SharedOutboxTests {
    let redis: RedisInstances

    init() throws {
        redis = try RedisInstances()
    }

    func mails(in instances: [AppServices]) -> [String] {
        instances.flatMap { $0.outbox.messagePaths() }.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
    }

    func recipient(of mail: String) -> String? {
        mail.split(separator: "\n").first { $0.hasPrefix("To: ") }.map { String($0.dropFirst(4)) }
    }

    @Test func aResetRequestedWhereTheAccountIsNotYetKnownIsStillMailed() throws {
        let first = try redis.services()
        let second = try redis.services()
        _ = try first.accounts.register(username: "ann", email: "ann@example.com", password: "a long password")
        // The second has not synchronized: its memory does not hold the account yet.
        try second.accounts.requestPasswordReset(email: "ann@example.com")
        second.waitForQueuedMail()
        first.waitForQueuedMail()
        #expect(mails(in: [first, second]).compactMap(recipient) == ["ann@example.com"])
    }

    @Test func aResetQueuedOnAnInstanceThatStoppedBeforeMailingIsMailedByAnother() throws {
        let live = try redis.services()
        let store = try #require(live.redisStore)
        let stalledOutbox = Outbox(directory: redis.directory() + "/outbox")
        // Its mail lane never runs, as if the process died right after answering.
        let stalled = try AccountService(
            store: store, outbox: stalledOutbox, configuration: .init(passwordIterations: 1_000),
            background: { _ in }, sharedIndex: store, resetQueue: SharedResetQueue(pool: store.pool, instance: "stalled"))
        try stalled.requestPasswordReset(email: DemoData.email)
        #expect(mails(in: [live]).isEmpty)
        live.deliverQueuedMail()
        let delivered = mails(in: [live])
        #expect(delivered.compactMap(recipient) == [DemoData.email])
        #expect(stalledOutbox.messagePaths().isEmpty)
        // The link works on any instance.
        let link = try #require(delivered.first?.split(whereSeparator: \.isWhitespace).first { $0.contains("/reset-password/") })
        let token = String(try #require(link.split(separator: "/").last))
        #expect(try live.accounts.resetPassword(token: token, newPassword: "a brand new password").username == DemoData.username)
        // Nothing is left to claim: a second delivery writes nothing more.
        live.deliverQueuedMail()
        #expect(mails(in: [live]).count == 1)
    }

    @Test func requestsOnTwoInstancesAtOnceAreEachMailedExactlyOnce() throws {
        let instances = [try redis.services(), try redis.services()]
        let emails = (0..<6).map { "user\($0)@example.com" }
        for (index, email) in emails.enumerated() {
            _ = try instances[0].accounts.register(username: "user\(index)", email: email, password: "a long password")
        }
        DispatchQueue.concurrentPerform(iterations: 2 * emails.count) { index in
            try? instances[index % 2].accounts.requestPasswordReset(email: emails[index % emails.count])
        }
        for instance in instances { instance.waitForQueuedMail() }
        for instance in instances { instance.deliverQueuedMail() }
        let recipients = mails(in: instances).compactMap(recipient)
        #expect(recipients.count == 2 * emails.count)
        for email in emails {
            #expect(recipients.filter { $0 == email }.count == 2)
        }
    }
}
