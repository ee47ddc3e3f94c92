import Glibc
import HTTPServer
import Synchronization
import Testing

/// A lane with a bounded queue turns work away instead of queueing it without end.
struct WorkerPoolLaneTests {
    @Test func aLaneRefusesWorkBeyondItsQueueAndTakesItAgainOnceAPlaceIsFree() {
        let lane = WorkerPool(threads: 1, queueLimit: 2)
        defer { lane.shutdown() }
        let open = Atomic<Bool>(false)
        let ran = Atomic<Int>(0)
        let hold: @Sendable () -> Void = {
            while !open.load(ordering: .acquiring) { usleep(500) }
            ran.add(1, ordering: .relaxed)
        }
        #expect(lane.trySubmit(hold))
        while lane.queueDepth > 0 { usleep(500) }
        #expect(lane.trySubmit(hold))
        #expect(lane.trySubmit(hold))
        #expect(!lane.trySubmit(hold), "two wait already")
        #expect(lane.queueDepth == 2)
        open.store(true, ordering: .releasing)
        while ran.load(ordering: .relaxed) < 3 { usleep(500) }
        #expect(lane.trySubmit(hold))
        while ran.load(ordering: .relaxed) < 4 { usleep(500) }
    }

    @Test func aLaneWithNoQueueTakesWorkOnlyWhenAThreadIsFree() {
        let lane = WorkerPool(threads: 2, queueLimit: 0)
        defer { lane.shutdown() }
        let open = Atomic<Bool>(false)
        let hold: @Sendable () -> Void = { while !open.load(ordering: .acquiring) { usleep(500) } }
        while lane.idleThreadCount < 2 { usleep(500) }
        #expect(lane.trySubmit(hold))
        #expect(lane.trySubmit(hold))
        #expect(!lane.trySubmit(hold))
        open.store(true, ordering: .releasing)
    }
}
