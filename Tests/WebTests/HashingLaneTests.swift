import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Web

/// Password hashing runs on its own small lane with a bounded queue: sign-ins beyond it are
/// turned away with 503 at once, and pages never wait behind the hashes.
struct HashingLaneTests {
    static var options: Application.Options {
        var options = TestApp.defaultOptions
        options.hashingThreads = 1
        options.hashingQueueLimit = 1
        return options
    }

    @Test func aSignInBeyondTheHashingQueueIs503WithRetryAfterWhilePagesAreServed() throws {
        let app = try TestApp(options: Self.options)
        let gate = Gate()
        defer { gate.open() }
        let lane = app.application.hashingLane
        // One job runs (the thread is busy), one waits: the queue is full.
        #expect(lane.fillOneThreadOneQueued(holdingAt: gate))

        let browser = app.client()
        let refused = try browser.signIn()
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After").flatMap(Int.init) == 1)
        #expect(refused.text.contains("Too busy"))
        // Pages, and the same session's next request, do not wait for the lane.
        #expect(try browser.get("/library/category-1").status == 200)
        #expect(try app.client().get("/library/category-2").status == 200)

        gate.open()
        #expect(gate.waitForHolders(2))  // the waiting job has left the queue
        let signedIn = try browser.signIn()
        #expect(signedIn.status == 303)
        #expect(try browser.get("/library/category-1").text.contains("Signed in as"))
    }

    @Test func aFormThatHashesNoPasswordDoesNotUseTheHashingLane() throws {
        let app = try TestApp(options: Self.options)
        let gate = Gate()
        defer { gate.open() }
        let lane = app.application.hashingLane
        // One job runs (the thread is busy), one waits: the queue is full.
        #expect(lane.fillOneThreadOneQueued(holdingAt: gate))
        // A reset request hashes nothing: it is accepted while the hashing lane is full.
        let answer = try app.client().submit("/forgot-password", form: [("email", "demo@example.com")])
        #expect(answer.location == "/forgot-password/sent")
    }
}

/// A session's requests wait for its form in the session's bounded queue, holding no thread: a
/// sign-in waiting for the hashing lane keeps its session's turn, the session's pages wait behind
/// it and then show the signed-in page, and one more page than the queue holds is 503 at once.
struct SessionQueueBoundTests {
    @Test func pagesOfASessionWaitForItsSignInAndBeyondTheQueueAre503() throws {
        var options = HashingLaneTests.options
        options.sessionQueueLimit = 2
        let app = try TestApp(options: options)
        let gate = Gate()
        defer { gate.open() }
        let lane = app.application.hashingLane
        #expect(lane.trySubmit { gate.hold() })
        #expect(gate.waitForHolders(1))

        let browser = app.client()
        let token = try #require(try browser.get("/login").csrfToken)
        let cookies = browser.cookies
        let id = try #require(browser.sessionCookie)
        let session = try #require(app.application.archive.sessions.allSessions().first { $0.id == id })
        let port = app.port
        // Threads of their own: each client blocks on its answer (a pool could run out of threads).
        let group = DispatchGroup()
        let run = { (body: @escaping @Sendable () -> Void) in
            group.enter()
            Thread {
                body()
                group.leave()
            }.start()
        }
        let signIn = Mutex<Int?>(nil)
        run {
            let client = WebClient(port: port)
            client.cookies = cookies
            let answer = try? client.post("/login", form: [("csrfToken", token), ("username", "demo"), ("password", "demo-password")])
            signIn.withLock { $0 = answer?.status }
        }
        // The sign-in waits for the lane, holding its session's turn.
        #expect(waitUntil { lane.queueDepth == 1 })
        let pages = Mutex<[(status: Int, signedIn: Bool)]>([])
        for _ in 0..<2 {
            run {
                let client = WebClient(port: port)
                client.cookies = cookies
                let page = try? client.get("/library/category-1")
                pages.withLock { $0.append((page?.status ?? 0, page?.text.contains("Signed in as") ?? false)) }
            }
        }
        #expect(waitUntil { session.queue.waitingCount == 2 })
        let extra = WebClient(port: port)
        extra.cookies = cookies
        let refused = try extra.get("/library/category-1")
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") != nil)
        #expect(pages.withLock { $0.isEmpty })

        gate.open()
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(signIn.withLock { $0 } == 303)
        let answered = pages.withLock { $0 }
        #expect(answered.count == 2)
        // They ran after the sign-in, in the session it signed in.
        #expect(answered.allSatisfy { $0.status == 200 && $0.signedIn })
    }
}
