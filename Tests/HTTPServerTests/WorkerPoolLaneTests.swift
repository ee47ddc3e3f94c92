import Glibc
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
        // Its threads count as free from the start: no wait for them to run.
        #expect(lane.idleThreadCount == 2)
        #expect(lane.trySubmit { gate.hold() })
        #expect(lane.trySubmit { gate.hold() })
        #expect(!lane.trySubmit { gate.hold() })
    }

    /// Linux keeps a nice value per thread; `who` 0 is the calling thread.
    private static func threadNiceness() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    @Test func aNicedLanesThreadsRunAtTheNicenessAskedAboveTheirCreator() {
        let creator = Self.threadNiceness()
        let seen = Mutex<[Int32]>([])
        let ran = EventCount()
        for niceness in [0, 7] {
            let lane = WorkerPool(threads: 2, niceness: niceness)
            for _ in 0..<2 {
                lane.submit {
                    seen.withLock { $0.append(Self.threadNiceness()) }
                    ran.record()
                }
            }
            lane.shutdown()
        }
        #expect(ran.wait(for: 4))
        let expected = min(creator + 7, 19)
        #expect(seen.withLock { $0 } == [creator, creator, expected, expected])
        #expect(Self.threadNiceness() == creator, "the caller's own priority is untouched")
    }
}
