import Foundation
import Synchronization
import Testing
@testable import Sessions

/// A session's requests take turns: one at a time, in the order they came, however long one of
/// them waits (a parked job keeps its turn without a thread), with a bounded queue behind it.
@Suite struct SessionQueueTests {
    /// Runs jobs inline, as a job queued on the thread it runs on does.
    static let inline: SessionQueue.Executor = { $0() }

    @Test func getsWaitForThePendingPostsOfTheirSession() {
        let store = SessionStore(configuration: .init())
        let session = store.makeSession(now: 0)
        let log = Log()
        session.queue.enqueue(on: Self.inline) { turn, _ in
            log.append("first GET")
            turn.end()
        }
        let posts = Turns()
        for _ in 0..<2 { session.queue.enqueue(on: Self.inline) { turn, _ in posts.keep(turn) } }
        session.queue.enqueue(on: Self.inline) { turn, _ in
            log.append("GET after the POSTs")
            turn.end()
        }
        #expect(log.entries == ["first GET"])
        posts.endFirst()
        #expect(log.entries == ["first GET"])
        posts.endFirst()
        #expect(log.entries == ["first GET", "GET after the POSTs"])
        session.queue.enqueue(on: Self.inline) { turn, _ in
            log.append("later GET")
            turn.end()
        }
        #expect(log.entries.last == "later GET")
    }

    @Test func jobsRunOneAtATimeInTheOrderTheyCameWhileTheFirstIsParked() {
        let queue = SessionQueue(limit: 8)
        let log = Log()
        let parked = Turns()
        queue.enqueue(on: Self.inline) { turn, _ in
            log.append("parked")
            parked.keep(turn)
        }
        for index in 1...5 {
            queue.enqueue(on: Self.inline) { turn, _ in
                log.append("job \(index)")
                turn.end()
            }
        }
        #expect(log.entries == ["parked"])
        #expect(queue.waitingCount == 5)
        parked.endFirst()
        #expect(log.entries == ["parked", "job 1", "job 2", "job 3", "job 4", "job 5"])
        #expect(queue.waitingCount == 0)
    }

    @Test func theQueueIsBoundedAndRefusesBeyondItsLimit() {
        let queue = SessionQueue(limit: 2)
        let parked = Turns()
        #expect(queue.enqueue(on: Self.inline) { turn, _ in parked.keep(turn) })
        #expect(queue.enqueue(on: Self.inline) { turn, _ in turn.end() })
        #expect(queue.enqueue(on: Self.inline) { turn, _ in turn.end() })
        #expect(!queue.enqueue(on: Self.inline) { _, _ in Issue.record("a refused job ran") })
        // The session's own upkeep is never refused.
        #expect(queue.enqueue(on: Self.inline, bounded: false) { turn, _ in turn.end() })
        parked.endFirst()
        #expect(queue.waitingCount == 0)
        #expect(queue.enqueue(on: Self.inline) { turn, _ in turn.end() })
    }

    @Test func aJobLearnsHowLongItWaitedAndRunsOnItsOwnExecutor() {
        let start = ContinuousClock.now
        let elapsed = Mutex(Duration.zero)
        let queue = SessionQueue(now: { start + elapsed.withLock { $0 } })
        let parked = Turns()
        queue.enqueue(on: Self.inline) { turn, waited in
            #expect(waited == .zero)
            parked.keep(turn)
        }
        let elsewhere = DispatchQueue(label: "another loop")
        let done = DispatchSemaphore(value: 0)
        let observed = Mutex<(Duration, Bool)?>(nil)
        queue.enqueue(on: { job in elsewhere.async(execute: job) }) { turn, waited in
            dispatchPrecondition(condition: .onQueue(elsewhere))
            observed.withLock { $0 = (waited, true) }
            turn.end()
            done.signal()
        }
        elapsed.withLock { $0 = .milliseconds(50) }  // the first job holds the turn this long
        parked.endFirst()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(observed.withLock { $0?.0 } == .milliseconds(50))
    }

    @Test func pagesDecideBesideEachOtherButAFormWaitsForThemAndLaterPagesWaitForIt() {
        let queue = SessionQueue()
        let log = Log()
        let first = queue.shortTurnIfFree()
        let second = queue.shortTurnIfFree()
        #expect(first != nil && second != nil)
        #expect(queue.turnIfIdle() == nil)
        let form = Turns()
        queue.enqueue(on: Self.inline) { turn, _ in
            log.append("form")
            form.keep(turn)
        }
        // A page after the queued form waits behind it: the session's order holds.
        #expect(queue.shortTurnIfFree() == nil)
        queue.enqueue(on: Self.inline) { turn, _ in
            log.append("page after the form")
            turn.end()
        }
        first?.end()
        #expect(log.entries.isEmpty)
        second?.end()
        #expect(log.entries == ["form"])
        form.endFirst()
        #expect(log.entries == ["form", "page after the form"])
        #expect(queue.shortTurnIfFree() != nil)
    }

    @Test func aTurnDroppedWithoutEndingStillHandsOn() {
        let queue = SessionQueue()
        let log = Log()
        queue.enqueue(on: Self.inline) { _, _ in log.append("forgot to end") }
        queue.enqueue(on: Self.inline) { turn, _ in
            log.append("next")
            turn.end()
        }
        #expect(log.entries == ["forgot to end", "next"])
    }

    @Test func pruningWaitsForTheTurnAndAdoptingRunsAfterIt() {
        let store = SessionStore(configuration: .init())
        let session = store.makeSession(now: 0)
        let parked = Turns()
        session.queue.enqueue(on: Self.inline) { turn, _ in parked.keep(turn) }
        // Busy: nothing pruned now (it happens at the next request).
        #expect(!session.pruneStaleLocations())
        var saved = session.record.withLock { $0 }
        saved.csrfToken = "adopted"
        session.adopt(saved)
        #expect(session.record.withLock { $0.csrfToken } != "adopted")
        parked.endFirst()
        #expect(session.record.withLock { $0.csrfToken } == "adopted")
    }

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        var entries: [String] { lock.withLock { items } }
        func append(_ entry: String) { lock.withLock { items.append(entry) } }
    }

    /// Turns held by parked jobs, ended by the test.
    final class Turns: @unchecked Sendable {
        private let lock = NSLock()
        private var held: [SessionTurn] = []
        func keep(_ turn: SessionTurn) { lock.withLock { held.append(turn) } }
        func endFirst() {
            let turn = lock.withLock { held.isEmpty ? nil : held.removeFirst() }
            turn?.end()
        }
    }
}
