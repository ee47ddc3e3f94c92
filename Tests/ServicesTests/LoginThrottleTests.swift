import Foundation
import Models
import Testing
@testable import Services

struct LoginThrottleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var throttle = LoginThrottle(configuration: .init(maxFailuresPerAccountAndAddress: 5, maxFailuresPerAddress: 8, window: 900))

    @Test mutating func oneAddressIsStoppedOnOneAccountWithoutLockingTheOwnerOut() throws {
        for _ in 0..<5 {
            try throttle.check(account: "ada", address: "10.0.0.1", now: start)
            throttle.recordFailure(account: "ada", address: "10.0.0.1", now: start)
        }
        #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
            try throttle.check(account: "ADA", address: "10.0.0.1", now: start)
        }
        #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 1)) {
            try throttle.check(account: "ada", address: "10.0.0.1", now: start.addingTimeInterval(899.5))
        }
        // The owner, elsewhere, is not locked out by someone else's guesses.
        try throttle.check(account: "ada", address: "10.0.0.99", now: start)
        try throttle.check(account: "ada", address: "10.0.0.1", now: start.addingTimeInterval(900))
    }

    @Test mutating func distributedGuessingWaitsLongerEachTimeButNotForAKnownDevice() throws {
        var throttle = LoginThrottle(configuration: .init(accountDelayAfter: 10, maxAccountDelay: 60, window: 900))
        for attempt in 0..<10 {
            throttle.recordFailure(account: "ada", address: "10.0.1.\(attempt)", now: start)
        }
        #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 1)) {
            try throttle.check(account: "ada", address: "10.0.2.1", now: start)
        }
        try throttle.check(account: "ada", address: "10.0.2.1", isKnownDevice: true, now: start)
        try throttle.check(account: "ada", address: "10.0.2.1", now: start.addingTimeInterval(1))
        for attempt in 0..<5 {
            throttle.recordFailure(account: "ada", address: "10.0.3.\(attempt)", now: start.addingTimeInterval(1))
        }
        // Five more failures: the delay doubled five times.
        #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 32)) {
            try throttle.check(account: "ada", address: "10.0.2.1", now: start.addingTimeInterval(1))
        }
        for attempt in 0..<5 {
            throttle.recordFailure(account: "ada", address: "10.0.4.\(attempt)", now: start.addingTimeInterval(1))
        }
        // Capped.
        #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 60)) {
            try throttle.check(account: "ada", address: "10.0.2.1", now: start.addingTimeInterval(1))
        }
        try throttle.check(account: "ada", address: "10.0.2.1", isKnownDevice: true, now: start.addingTimeInterval(1))
        throttle.recordSuccess(account: "ada", address: "10.0.2.1")
        try throttle.check(account: "ada", address: "10.0.5.1", now: start.addingTimeInterval(1))
    }

    @Test mutating func oneAddressGuessingManyAccountsIsRefused() throws {
        for attempt in 0..<8 {
            throttle.recordFailure(account: "user\(attempt)", address: "10.0.0.1", now: start.addingTimeInterval(Double(attempt)))
        }
        #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 900)) {
            try throttle.check(account: "someone-new", address: "10.0.0.1", now: start)
        }
        try throttle.check(account: "someone-new", address: "10.0.0.2", now: start)
    }

    @Test mutating func successClearsTheAccountButNotTheAddress() throws {
        for _ in 0..<5 { throttle.recordFailure(account: "ada", address: "10.0.0.1", now: start) }
        throttle.recordSuccess(account: "Ada", address: "10.0.0.1")
        try throttle.check(account: "ada", address: "10.0.0.1", now: start)
        for _ in 0..<3 { throttle.recordFailure(account: "grace", address: "10.0.0.1", now: start) }
        #expect(throws: AccountError.self) { try throttle.check(account: "grace", address: "10.0.0.1", now: start) }
    }

    @Test mutating func failuresInAnOldWindowStartANewCount() throws {
        for _ in 0..<4 { throttle.recordFailure(account: "ada", address: "a", now: start) }
        throttle.recordFailure(account: "ada", address: "a", now: start.addingTimeInterval(1000))
        try throttle.check(account: "ada", address: "a", now: start.addingTimeInterval(1000))
    }

    @Test func memoryStaysBoundedUnderAFloodOfNames() {
        var small = LoginThrottle(configuration: .init(maxEntries: 100))
        for index in 0..<1_000 {
            small.recordFailure(account: "user\(index)", address: "10.0.\(index / 256).\(index % 256)", now: start.addingTimeInterval(Double(index)))
        }
        #expect(small.entryCount.accounts <= 100)
        #expect(small.entryCount.addresses <= 100)
    }
}
