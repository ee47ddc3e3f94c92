import DemoData
import Foundation
import Models
import Testing
import TestSupport
@testable import Services

/// With Redis every throttle counts the attempts made on all instances: a client that spreads its
/// guesses over the instances behind a load balancer gets no more of them.
@Suite(.enabled(if: RedisServer.liveTestsEnabled, "redis-server is not installed"))
final class SharedThrottleTests {
    let redis: RedisInstances
    let clock = TestClock()

    init() throws {
        redis = try RedisInstances()
    }

    func instances(_ count: Int, throttles: ThrottledAccounts.Configuration = .init()) throws -> [ThrottledAccounts] {
        try (0..<count).map { _ in try redis.services(clock: clock.closure, throttles: throttles).throttledAccounts }
    }

    func isRefused(_ body: () throws -> Any) -> Bool {
        do {
            _ = try body()
            return false
        } catch AccountError.tooManyAttempts {
            return true
        } catch {
            return false
        }
    }

    @Test func fiveWrongPasswordsSpreadOverThreeInstancesAreFive() throws {
        let instances = try instances(3)
        for attempt in 0..<5 {
            #expect(throws: AccountError.invalidCredentials) {
                try instances[attempt % 3].authenticate(username: "demo", password: "wrong", clientAddress: "10.0.0.1")
            }
        }
        for instance in instances {
            #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 15 * 60)) {
                try instance.authenticate(username: "demo", password: DemoData.password, clientAddress: "10.0.0.1")
            }
        }
        // The owner elsewhere is not locked out, and the window ends for everyone at once.
        #expect(try instances[1].authenticate(username: "demo", password: DemoData.password, clientAddress: "10.0.0.2").username == "demo")
        clock.advance(by: 15 * 60)
        #expect(try instances[2].authenticate(username: "demo", password: DemoData.password, clientAddress: "10.0.0.1").username == "demo")
    }

    @Test func aCorrectPasswordOnOneInstanceClearsThePairOnAll() throws {
        let instances = try instances(2)
        for attempt in 0..<4 {
            _ = isRefused { try instances[attempt % 2].authenticate(username: "demo", password: "wrong", clientAddress: "10.0.0.1") }
        }
        #expect(try instances[0].authenticate(username: "demo", password: DemoData.password, clientAddress: "10.0.0.1").username == "demo")
        for attempt in 0..<4 {
            #expect(throws: AccountError.invalidCredentials) {
                try instances[attempt % 2].authenticate(username: "demo", password: "wrong", clientAddress: "10.0.0.1")
            }
        }
    }

    @Test func oneAddressGuessingManyAccountsOnManyInstancesIsCountedOnce() throws {
        let instances = try instances(3, throttles: .init(login: .init(maxFailuresPerAccountAndAddress: 100, maxFailuresPerAddress: 3)))
        for (index, name) in ["alice", "bob", "carol"].enumerated() {
            #expect(throws: AccountError.invalidCredentials) {
                try instances[index].authenticate(username: name, password: "wrong", clientAddress: "10.0.0.9")
            }
        }
        #expect(isRefused { try instances[0].authenticate(username: "demo", password: DemoData.password, clientAddress: "10.0.0.9") })
    }

    @Test func anAccountGuessedFromManyAddressesOnManyInstancesSlowsDownStrangersEverywhere() throws {
        let instances = try instances(3, throttles: .init(login: .init(accountDelayAfter: 3)))
        for index in 0..<3 {
            #expect(throws: AccountError.invalidCredentials) {
                try instances[index].authenticate(username: "demo", password: "wrong", clientAddress: "10.0.1.\(index)")
            }
        }
        #expect(isRefused { try instances[0].authenticate(username: "demo", password: DemoData.password, clientAddress: "10.0.2.1") })
        // The owner's own browser is not made to wait.
        #expect(try instances[1].authenticate(
            username: "demo", password: DemoData.password, clientAddress: "10.0.2.2", isKnownDevice: true).username == "demo")
    }

    @Test func resetRequestsFromOneAddressCountOnEveryInstance() throws {
        let instances = try instances(3)
        for attempt in 0..<5 {
            try instances[attempt % 3].requestPasswordReset(email: "nobody@example.com", clientAddress: "10.0.0.3")
        }
        #expect(isRefused { try instances[2].requestPasswordReset(email: "nobody@example.com", clientAddress: "10.0.0.3") })
        try instances[2].requestPasswordReset(email: "nobody@example.com", clientAddress: "10.0.0.4")
    }

    @Test func badResetTokensFromOneAddressCountOnEveryInstance() throws {
        let instances = try instances(2)
        for attempt in 0..<10 {
            #expect(throws: AccountError.invalidOrExpiredToken) {
                try instances[attempt % 2].resetPassword(token: "guess-\(attempt)", newPassword: "a long password", clientAddress: "10.0.0.5")
            }
        }
        #expect(isRefused { try instances[0].resetPassword(token: "guess", newPassword: "a long password", clientAddress: "10.0.0.5") })
    }

    @Test func registrationsFromOneAddressCountOnEveryInstance() throws {
        let instances = try instances(2)
        for attempt in 0..<10 {
            #expect(throws: AccountError.usernameTaken) {
                try instances[attempt % 2].register(
                    username: "demo", email: "x\(attempt)@example.com", password: "a long password", clientAddress: "10.0.0.6")
            }
        }
        #expect(isRefused {
            try instances[1].register(username: "fresh", email: "fresh@example.com", password: "a long password", clientAddress: "10.0.0.6")
        })
    }
}
