import Foundation
import Models
import Storage
import Testing
@testable import Services

struct PasswordResetTests {
    let fixture: Fixture

    init() throws {
        fixture = try Fixture()
        _ = try fixture.accounts.register(username: "ada", email: "ada@example.com", password: "old-password")
    }

    /// The token from the newest mail's `/reset-password/{token}` link.
    func tokenFromOutbox() throws -> String {
        let path = try #require(fixture.outbox.messagePaths().last)
        let mail = try String(contentsOfFile: path, encoding: .utf8)
        #expect(mail.contains("To: ada@example.com"))
        let link = try #require(mail.split(whereSeparator: \.isWhitespace).first { $0.contains("/reset-password/") })
        #expect(link.hasPrefix("http://127.0.0.1:8080/reset-password/"))
        return String(try #require(link.split(separator: "/").last))
    }

    @Test func theWholeResetFlowWorksThroughTheOutbox() throws {
        try fixture.accounts.requestPasswordReset(email: "ADA@example.com")
        let token = try tokenFromOutbox()
        #expect(fixture.accounts.isResetTokenValid(token))
        #expect(fixture.log.all.contains { $0.contains("queued") && !$0.contains(token) })

        let user = try fixture.accounts.resetPassword(token: token, newPassword: "new-password")
        #expect(user.username == "ada")
        #expect(throws: AccountError.invalidCredentials) {
            try fixture.accounts.authenticate(username: "ada", password: "old-password")
        }
        #expect(try fixture.accounts.authenticate(username: "ada", password: "new-password") == user)

        #expect(!fixture.accounts.isResetTokenValid(token))
        #expect(throws: AccountError.invalidOrExpiredToken) {
            try fixture.accounts.resetPassword(token: token, newPassword: "third-password")
        }
    }

    @Test func theNewPasswordSurvivesARestart() throws {
        try fixture.accounts.requestPasswordReset(email: "ada@example.com")
        _ = try fixture.accounts.resetPassword(token: try tokenFromOutbox(), newPassword: "new-password")
        try fixture.reopen()
        #expect(try fixture.accounts.authenticate(username: "ada", password: "new-password").username == "ada")
    }

    @Test func anExpiredTokenFails() throws {
        try fixture.accounts.requestPasswordReset(email: "ada@example.com")
        let token = try tokenFromOutbox()
        fixture.clock.advance(by: 29 * 60)
        #expect(fixture.accounts.isResetTokenValid(token))
        fixture.clock.advance(by: 60)
        #expect(!fixture.accounts.isResetTokenValid(token))
        #expect(throws: AccountError.invalidOrExpiredToken) {
            try fixture.accounts.resetPassword(token: token, newPassword: "new-password")
        }
        #expect(try fixture.accounts.authenticate(username: "ada", password: "old-password").username == "ada")
    }

    @Test func anUnknownEmailSendsNothingAndAnswersTheSame() throws {
        try fixture.accounts.requestPasswordReset(email: "nobody@example.com")
        #expect(fixture.outbox.messagePaths().isEmpty)
        #expect(fixture.log.all.count == 1)
    }

    /// The timing cannot tell accounts apart when the caller's path is the same for both: each request
    /// hands one job to the queue and returns, before any look-up, write or log line.
    @Test func aResetRequestAnswersBeforeAnyWorkWhetherOrNotTheAddressIsKnown() throws {
        let queue = ManualQueue()
        let log = LogRecorder()
        let store = InMemoryStore()
        let accounts = try AccountService(
            store: store, outbox: fixture.outbox, configuration: .init(passwordIterations: Fixture.iterations),
            clock: fixture.clock.closure, log: log.closure, background: queue.closure)
        _ = try accounts.register(username: "ada", email: "ada@example.com", password: "old-password")
        for (email, queued) in [("ada@example.com", 1), ("nobody@example.com", 2)] {
            try accounts.requestPasswordReset(email: email)
            #expect(queue.pending == queued)
            #expect(store.all("accounts.resetTokens").isEmpty)
            #expect(fixture.outbox.messagePaths().isEmpty)
            #expect(log.all.isEmpty)
        }
        queue.runAll()
        #expect(store.all("accounts.resetTokens").count == 1)
        #expect(fixture.outbox.messagePaths().count == 1)
        #expect(log.all.count == 2)
    }

    @Test func aMailThatCannotBeWrittenIsLoggedNotThrown() throws {
        let blocked = fixture.directory + "/blocked"
        try Data("a file where the outbox directory should be".utf8).write(to: URL(fileURLWithPath: blocked))
        let log = LogRecorder()
        let accounts = try AccountService(
            store: fixture.store, outbox: Outbox(directory: blocked), configuration: .init(passwordIterations: Fixture.iterations),
            clock: fixture.clock.closure, log: log.closure)
        try accounts.requestPasswordReset(email: "ada@example.com")
        #expect(log.all.contains { $0.hasPrefix("password reset mail failed") })
    }

    @Test(arguments: ["", "made-up-token", "%2e%2e/etc/passwd"])
    func aMadeUpTokenIsInvalid(token: String) {
        #expect(!fixture.accounts.isResetTokenValid(token))
        #expect(throws: AccountError.invalidOrExpiredToken) {
            try fixture.accounts.resetPassword(token: token, newPassword: "x")
        }
    }

    /// Hashing at the maximum cost takes many minutes: finishing at all shows a made-up token is
    /// refused before the slow hash, so guessing tokens costs the server nothing.
    @Test(.timeLimit(.minutes(1)))
    func aMadeUpTokenIsRefusedBeforeTheNewPasswordIsHashed() throws {
        let accounts = try AccountService(
            store: InMemoryStore(), outbox: fixture.outbox,
            configuration: .init(passwordIterations: Int(Int32.max), resetLinkBase: "http://127.0.0.1:8080"),
            clock: fixture.clock.closure)
        #expect(throws: AccountError.invalidOrExpiredToken) {
            try accounts.resetPassword(token: "made-up-token", newPassword: "a long new password")
        }
    }

    @Test func usingOneTokenRetiresTheUsersOtherTokens() throws {
        try fixture.accounts.requestPasswordReset(email: "ada@example.com")
        let first = try tokenFromOutbox()
        fixture.clock.advance(by: 1)
        try fixture.accounts.requestPasswordReset(email: "ada@example.com")
        let second = try tokenFromOutbox()
        #expect(first != second)
        _ = try fixture.accounts.resetPassword(token: second, newPassword: "new-password")
        #expect(!fixture.accounts.isResetTokenValid(first))
    }

    @Test func aSignInsRehashLeavesAPasswordResetWhileItHashed() throws {
        let store = InMemoryStore()
        let outbox = fixture.outbox
        _ = try AccountService(store: store, outbox: outbox, configuration: .init(passwordIterations: 500))
            .register(username: "ada", email: "ada@example.com", password: "old-password")
        let hasher = CountingHasher()
        let accounts = try AccountService(
            store: store, outbox: outbox, configuration: .init(resetLinkBase: "http://127.0.0.1:8080"), hasher: hasher,
            clock: fixture.clock.closure)
        try accounts.requestPasswordReset(email: "ada@example.com")
        let token = try tokenFromOutbox()
        // While the sign-in hashes its password again at the configured cost, the password is reset.
        hasher.duringNextHash { _ = try? accounts.resetPassword(token: token, newPassword: "new-password") }
        #expect(try accounts.authenticate(username: "ada", password: "old-password").username == "ada")
        #expect(try accounts.authenticate(username: "ada", password: "new-password").username == "ada")
        #expect(throws: AccountError.invalidCredentials) { try accounts.authenticate(username: "ada", password: "old-password") }
    }

    @Test func onlyTheTokensDigestIsStored() throws {
        try fixture.accounts.requestPasswordReset(email: "ada@example.com")
        let token = try tokenFromOutbox()
        let keys = Array(fixture.store.all("accounts.resetTokens").keys)
        #expect(keys == [ByteEncoding.hex(Crypto.sha256(Array(token.utf8)))])
    }
}
