import Glibc
import Synchronization

/// The thread an event loop runs on, recorded when the loop starts. State only the loop may touch
/// is checked against it in every build (SwiftNIO's `NIOLoopBound` idea), so the loop's
/// `@unchecked Sendable` rests on a check that traps, not on a comment.
final class LoopThread: Sendable {
    private let id = Atomic<UInt>(0)

    /// Called first thing on the loop's own thread.
    func claim() { id.store(UInt(pthread_self()), ordering: .releasing) }

    /// Called last thing on the loop's thread: from here on no thread is the loop's.
    func release() { id.store(0, ordering: .releasing) }

    /// Whether the caller runs on the loop's thread (false before `claim` and after `release`).
    var isCurrent: Bool { id.load(ordering: .acquiring) == UInt(pthread_self()) }

    /// Traps, in release builds too, when called off the loop's thread: a data race there would
    /// corrupt connections silently, so it costs the process instead (NIO's "BUG DETECTED").
    @inline(__always)
    func assertCurrent(_ function: StaticString = #function, file: StaticString = #fileID, line: UInt = #line) {
        precondition(isCurrent, "BUG DETECTED: \(function) touches loop-only state off the loop's thread", file: file, line: line)
    }
}
