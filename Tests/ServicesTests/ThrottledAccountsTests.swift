import Foundation
import Models
import Storage
import Testing
@testable import Services

/// The throttles in front of the operations anyone can start, driven by a hand-moved clock.
struct ThrottledAccountsTests {
    let fixture: Fixture
    let hasher = CountingHasher()
    let mail = ManualQueue()
    let accounts: AccountService
    let throttled: ThrottledAccounts

    var clock: TestClock { fixture.clock }

    init() throws {
        let fixture = try Fixture()
        let accounts = try AccountService(
            store: InMemoryStore(), outbox: fixture.outbox, hasher: hasher, clock: fixture.clock.closure,
            background: mail.closure)
        self.fixture = fixture
        self.accounts = accounts
        throttled = ThrottledAccounts(accounts: accounts, clock: fixture.clock.closure)
        _ = try accounts.register(username: "ada", email: "ada@example.com", password: "right")
    }

    @Test func signInFailuresAreCountedAndRefusedBeforeHashing() throws {
        let throttled = ThrottledAccounts(accounts: accounts, configuration: .init(login: .init(maxFailuresPerAccountAndAddress: 3, window: 60)), clock: clock.closure)
        for _ in 0..<3 {
            #expect(throws: AccountError.invalidCredentials) {
                try throttled.authenticate(username: "ada", password: "wrong", clientAddress: "127.0.0.1")
            }
        }
        #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 60)) {
            try throttled.authenticate(username: "ada", password: "right", clientAddress: "127.0.0.1")
        }
        // The owner elsewhere signs in at once.
        #expect(try throttled.authenticate(username: "ada", password: "right", clientAddress: "127.0.0.2").username == "ada")
        clock.advance(by: 60)
        #expect(try throttled.authenticate(username: "ada", password: "right", clientAddress: "127.0.0.1").username == "ada")
    }

    @Test func theEleventhRegistrationFromOneAddressWaitsWithoutHashing() throws {
        for index in 0..<10 {
            // Taken names count as much as free ones: probing for names is what the limit is for.
            let username = index.isMultiple(of: 2) ? "ada" : "user\(index)"
            _ = try? throttled.register(username: username, email: "user\(index)@example.com", password: "password", clientAddress: "10.0.0.1")
            clock.advance(by: 1)
        }
        let hashes = hasher.hashes
        #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 890)) {
            try throttled.register(username: "newcomer", email: "new@example.com", password: "password", clientAddress: "10.0.0.1")
        }
        #expect(hasher.hashes == hashes)
        #expect(throws: AccountError.invalidCredentials) { try accounts.authenticate(username: "newcomer", password: "password") }
        _ = try throttled.register(username: "neighbour", email: "n@example.com", password: "password", clientAddress: "10.0.0.2")
        clock.advance(by: 890)
        _ = try throttled.register(username: "newcomer", email: "new@example.com", password: "password", clientAddress: "10.0.0.1")
    }

    @Test func theSixthResetRequestFromOneAddressWaitsAndQueuesNothing() throws {
        for _ in 0..<5 { try throttled.requestPasswordReset(email: "ada@example.com", clientAddress: "10.0.0.1") }
        #expect(mail.pending == 5)
        #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
            try throttled.requestPasswordReset(email: "nobody@example.com", clientAddress: "10.0.0.1")
        }
        #expect(mail.pending == 5)
        try throttled.requestPasswordReset(email: "ada@example.com", clientAddress: "10.0.0.2")
        clock.advance(by: 900)
        try throttled.requestPasswordReset(email: "ada@example.com", clientAddress: "10.0.0.1")
        #expect(mail.pending == 7)
    }

    @Test func invalidResetTokensFromOneAddressAreThrottledBeforeTheLookup() throws {
        let throttled = ThrottledAccounts(
            accounts: accounts, configuration: .init(resetTokenFailures: .init(limit: 3, window: 120)), clock: clock.closure)
        try throttled.requestPasswordReset(email: "ada@example.com", clientAddress: "10.0.0.9")
        mail.runAll()
        let token = try #require(newestToken())
        for guess in 0..<3 {
            #expect(throws: AccountError.invalidOrExpiredToken) {
                try throttled.resetPassword(token: "guess-\(guess)", newPassword: "new-password", clientAddress: "10.0.0.1")
            }
        }
        // Even the right token waits: the address has used up its guesses.
        #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 120)) {
            try throttled.resetPassword(token: token, newPassword: "new-password", clientAddress: "10.0.0.1")
        }
        clock.advance(by: 120)
        #expect(try throttled.resetPassword(token: token, newPassword: "new-password", clientAddress: "10.0.0.1").username == "ada")
    }

    @Test func aValidResetTokenDoesNotCountAgainstTheAddress() throws {
        let throttled = ThrottledAccounts(
            accounts: accounts, configuration: .init(resetTokenFailures: .init(limit: 1, window: 120)), clock: clock.closure)
        for _ in 0..<2 {
            try throttled.requestPasswordReset(email: "ada@example.com", clientAddress: "10.0.0.1")
            mail.runAll()
            let token = try #require(newestToken())
            _ = try throttled.resetPassword(token: token, newPassword: "new-password", clientAddress: "10.0.0.1")
            clock.advance(by: 1)
        }
    }

    /// The token of the newest reset mail.
    func newestToken() -> String? {
        guard let path = fixture.outbox.messagePaths().last,
            let mail = try? String(contentsOfFile: path, encoding: .utf8),
            let range = mail.range(of: "/reset-password/")
        else { return nil }
        return String(mail[range.upperBound...].prefix { !$0.isWhitespace })
    }
}
