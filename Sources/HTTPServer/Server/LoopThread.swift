import Glibc
import Synchronization

/// The thread an event loop runs on, recorded when the loop starts. State only the loop may touch
/// is checked against it in debug builds (SwiftNIO's `NIOLoopBound` idea), so the loop's
/// `@unchecked Sendable` rests on an assertion that fires, not on a comment.
final class LoopThread: Sendable {
    private let id = Atomic<UInt>(0)

    /// Called first thing on the loop's own thread.
    func claim() { id.store(UInt(pthread_self()), ordering: .releasing) }

    /// Called last thing on the loop's thread: from here on no thread is the loop's.
    func release() { id.store(0, ordering: .releasing) }

    /// Whether the caller runs on the loop's thread (false before `claim` and after `release`).
    var isCurrent: Bool { id.load(ordering: .acquiring) == UInt(pthread_self()) }

    /// Traps in debug builds when called off the loop's thread; compiled out of release builds.
    @inline(__always)
    func assertCurrent(_ function: StaticString = #function, file: StaticString = #fileID, line: UInt = #line) {
        assert(isCurrent, "\(function) touches loop-only state off the loop's thread", file: file, line: line)
    }
}
