import Dispatch
import Synchronization
import Testing
@testable import Services

struct MailQueueTests {
    @Test func jobsRunInOrderOffTheCaller() {
        let queue = MailQueue(log: { _ in })
        let order = Mutex<[Int]>([])
        for index in 0..<5 { queue.submit { order.withLock { $0.append(index) } } }
        queue.drain()
        #expect(order.withLock { $0 } == [0, 1, 2, 3, 4])
    }

    @Test func beyondTheCapJobsAreDroppedAndLogged() {
        let log = LogRecorder()
        let queue = MailQueue(capacity: 2, log: log.closure)
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let ran = Mutex(0)
        queue.submit {
            started.signal()
            gate.wait()
        }
        started.wait()  // the first job runs, so it no longer counts as waiting
        for _ in 0..<3 { queue.submit { ran.withLock { $0 += 1 } } }
        gate.signal()
        queue.drain()
        #expect(ran.withLock { $0 } == 2)
        #expect(log.all.count == 1)
        // Room again once the queue drained.
        queue.submit { ran.withLock { $0 += 1 } }
        queue.drain()
        #expect(ran.withLock { $0 } == 3)
    }
}
