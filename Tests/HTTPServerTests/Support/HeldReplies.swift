import HTTPCore
@testable import HTTPServer
import Glibc
import Synchronization

/// A responder that keeps every request in flight until the test releases it, so a connection can be
/// held busy (not idle) for as long as a test needs.
final class HeldReplies: HTTPResponder, Sendable {
    private let replies = Mutex<[HTTPReply]>([])
    private let received = Atomic<Int>(0)

    func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        replies.withLock { $0.append(reply) }
        received.add(1, ordering: .releasing)
    }

    /// Waits until `count` requests have reached the responder (polling, bounded by `timeout`).
    func waitForRequests(_ count: Int, timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while received.load(ordering: .acquiring) < count {
            if ContinuousClock.now > deadline { return false }
            usleep(1_000)
        }
        return true
    }

    /// Answers every held request with 200.
    func releaseAll() {
        let held = replies.withLock { replies in
            defer { replies.removeAll() }
            return replies
        }
        for reply in held { reply.send(.text("released")) }
    }
}
