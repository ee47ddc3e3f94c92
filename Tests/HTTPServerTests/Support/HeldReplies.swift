import HTTPCore
@testable import HTTPServer
import Synchronization
import TestSupport

/// A responder that keeps every request in flight until the test releases it, so a connection can be
/// held busy (not idle) for as long as a test needs.
final class HeldReplies: HTTPResponder, Sendable {
    private let replies = Mutex<[HTTPReply]>([])
    private let received = EventCount()

    func respond(to request: HTTPRequest, connection: ConnectionInfo, reply: HTTPReply) {
        replies.withLock { $0.append(reply) }
        received.record()
    }

    /// Waits until `count` requests have reached the responder (woken by each arrival, bounded by `timeout`).
    func waitForRequests(_ count: Int, timeout: Duration = .seconds(10)) -> Bool {
        received.wait(for: count, timeout: timeout)
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
