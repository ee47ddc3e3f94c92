import Foundation
import Synchronization
import Testing
@testable import Web

/// Password hashing runs on its own small lane with a bounded queue: sign-ins beyond it are
/// turned away with 503 at once, and pages never wait behind the hashes.
struct HashingLaneTests {
    /// A lane of one thread and one waiting place, both taken by jobs that hold until released.
    final class Gate: Sendable {
        private let open = Mutex(false)
        func hold() { while !open.withLock({ $0 }) { usleep(1000) } }
        func release() { open.withLock { $0 = true } }
    }

    static var options: Application.Options {
        var options = TestApp.defaultOptions
        options.hashingThreads = 1
        options.hashingQueueLimit = 1
        return options
    }

    @Test func aSignInBeyondTheHashingQueueIs503WithRetryAfterWhilePagesAreServed() throws {
        let app = try TestApp(options: Self.options)
        let gate = Gate()
        defer { gate.release() }
        let lane = app.application.hashingLane
        // One job runs (the thread is busy), one waits: the queue is full.
        #expect(lane.trySubmit { gate.hold() })
        while lane.queueDepth > 0 { usleep(1000) }
        #expect(lane.trySubmit { gate.hold() })

        let browser = app.client()
        let refused = try browser.signIn()
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After").flatMap(Int.init) == 1)
        #expect(refused.text.contains("Too busy"))
        // Pages, and the same session's next request, do not wait for the lane.
        #expect(try browser.get("/library/category-1").status == 200)
        #expect(try app.client().get("/library/category-2").status == 200)

        gate.release()
        while lane.queueDepth > 0 { usleep(1000) }
        let signedIn = try browser.signIn()
        #expect(signedIn.status == 303)
        #expect(try browser.get("/library/category-1").text.contains("Signed in as"))
    }

    @Test func aFormThatHashesNoPasswordDoesNotUseTheHashingLane() throws {
        let app = try TestApp(options: Self.options)
        let gate = Gate()
        defer { gate.release() }
        let lane = app.application.hashingLane
        #expect(lane.trySubmit { gate.hold() })
        while lane.queueDepth > 0 { usleep(1000) }
        #expect(lane.trySubmit { gate.hold() })
        // A reset request hashes nothing: it is accepted while the hashing lane is full.
        let answer = try app.client().submit("/forgot-password", form: [("email", "demo@example.com")])
        #expect(answer.location == "/forgot-password/sent")
    }
}
