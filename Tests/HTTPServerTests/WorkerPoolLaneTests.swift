import HTTPServer
import Synchronization
import Testing
import TestSupport

/// A lane with a bounded queue turns work away instead of queueing it without end.
struct WorkerPoolLaneTests {
    @Test func aLaneRefusesWorkBeyondItsQueueAndTakesItAgainOnceAPlaceIsFree() {
        let lane = WorkerPool(threads: 1, queueLimit: 2)
        defer { lane.shutdown() }
        let gate = Gate()
        defer { gate.open() }
        let ran = EventCount()
        let hold: @Sendable () -> Void = {
            gate.hold()
            ran.record()
        }
        #expect(lane.trySubmit(hold))
        #expect(gate.waitForHolders(1))  // the thread is busy, the queue empty
        #expect(lane.trySubmit(hold))
        #expect(lane.trySubmit(hold))
        #expect(!lane.trySubmit(hold), "two wait already")
        #expect(lane.queueDepth == 2)
        gate.open()
        #expect(ran.wait(for: 3))
        #expect(lane.trySubmit(hold))
        #expect(ran.wait(for: 4))
    }

    @Test func aLaneWithNoQueueTakesWorkOnlyWhenAThreadIsFree() {
        let lane = WorkerPool(threads: 2, queueLimit: 0)
        defer { lane.shutdown() }
        let gate = Gate()
        defer { gate.open() }
        // Its threads start on their own: a lane with no queue refuses work until one is waiting.
        #expect(waitUntil { lane.idleThreadCount == 2 })
        #expect(lane.trySubmit { gate.hold() })
        #expect(lane.trySubmit { gate.hold() })
        #expect(!lane.trySubmit { gate.hold() })
    }
}
