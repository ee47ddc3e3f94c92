import Foundation
import Models
import Testing
@testable import Services

struct AttemptThrottleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var throttle = AttemptThrottle(configuration: .init(limit: 3, window: 600))

    @Test mutating func theAttemptAfterTheLimitWaitsForTheRestOfTheWindow() throws {
        for second in 0..<3 { try throttle.attempt("10.0.0.1", now: start.addingTimeInterval(Double(second))) }
        #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 590)) {
            try throttle.attempt("10.0.0.1", now: start.addingTimeInterval(10))
        }
        #expect(throttle.retryAfter("10.0.0.1", now: start.addingTimeInterval(599.2)) == 1)
        try throttle.attempt("10.0.0.1", now: start.addingTimeInterval(600))
    }

    @Test mutating func aRefusedAttemptIsNotCounted() throws {
        for _ in 0..<3 { try throttle.attempt("a", now: start) }
        for _ in 0..<10 { #expect(throws: AccountError.self) { try throttle.attempt("a", now: start) } }
        // The new window starts with one attempt, not with the refused ones.
        try throttle.attempt("a", now: start.addingTimeInterval(600))
        try throttle.attempt("a", now: start.addingTimeInterval(601))
        try throttle.attempt("a", now: start.addingTimeInterval(602))
        #expect(throttle.retryAfter("a", now: start.addingTimeInterval(602)) == 598)
    }

    @Test mutating func keysAreCountedApart() throws {
        for _ in 0..<3 { throttle.record("a", now: start) }
        #expect(throws: AccountError.self) { try throttle.check("a", now: start) }
        try throttle.check("b", now: start)
    }

    @Test mutating func resetForgetsTheKey() throws {
        for _ in 0..<3 { throttle.record("a", now: start) }
        throttle.reset("a")
        try throttle.check("a", now: start)
    }

    @Test func memoryStaysBoundedUnderAFloodOfKeys() {
        var small = AttemptThrottle(configuration: .init(limit: 1, window: 60, maxEntries: 10))
        for index in 0..<1_000 {
            small.record("10.0.\(index / 256).\(index % 256)", now: start)
        }
        #expect(small.entryCount == 10)
    }

    @Test func whenFullExpiredWindowsGoBeforeLiveOnes() {
        var small = AttemptThrottle(configuration: .init(limit: 1, window: 60, maxEntries: 10))
        for index in 0..<9 { small.record("old\(index)", now: start) }
        small.record("fresh", now: start.addingTimeInterval(50))
        small.record("new", now: start.addingTimeInterval(70))
        #expect(small.entryCount == 2)
        #expect(small.retryAfter("fresh", now: start.addingTimeInterval(70)) == 40)
    }
}
