import RedisClient
import Testing

@Suite struct RedisBackoffTests {
    @Test func doublesTheDelayAfterEachFailureUpToTheMaximum() {
        var backoff = RedisBackoff(initialDelay: 100, maximumDelay: 1000)
        var delays: [UInt64] = []
        for _ in 0..<7 {
            backoff.recordFailure(.connectionRefused(host: "h", port: 1), at: 0)
            delays.append(backoff.currentDelay)
        }
        #expect(delays == [100, 200, 400, 800, 1000, 1000, 1000])
    }

    @Test func holdsConnectsBackUntilTheDelayHasPassed() {
        var backoff = RedisBackoff(initialDelay: 100, maximumDelay: 1000)
        #expect(backoff.remainingDelay(at: 0) == nil)
        backoff.recordFailure(.connectionRefused(host: "h", port: 1), at: 5000)
        #expect(backoff.remainingDelay(at: 5000) == 100)
        #expect(backoff.remainingDelay(at: 5099) == 1)
        #expect(backoff.remainingDelay(at: 5100) == nil)
        #expect(backoff.lastFailure == .connectionRefused(host: "h", port: 1))
    }

    @Test func aSuccessStartsOver() {
        var backoff = RedisBackoff(initialDelay: 100, maximumDelay: 1000)
        for _ in 0..<3 { backoff.recordFailure(.connectionClosed, at: 0) }
        backoff.recordSuccess()
        #expect(backoff.remainingDelay(at: 0) == nil)
        backoff.recordFailure(.connectionClosed, at: 0)
        #expect(backoff.currentDelay == 100)
    }

    @Test func manyFailuresNeverOverflow() {
        var backoff = RedisBackoff(initialDelay: .max / 2, maximumDelay: .max)
        for _ in 0..<100 { backoff.recordFailure(.connectionClosed, at: .max - 1) }
        #expect(backoff.currentDelay == .max)
        #expect(backoff.remainingDelay(at: .max - 1) == 1)
    }
}
