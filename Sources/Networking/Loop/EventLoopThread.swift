import CSystem

/// Marks event-loop threads, so that a call that blocks (a Redis round trip on a worker's
/// connection, waiting for a lane) can refuse to run on one: in every build it traps, like
/// SwiftNIO's "BUG DETECTED: wait() must not be called when on an EventLoop". A blocked loop
/// stalls every connection it holds; a crash at the first such call is found in testing.
public enum EventLoopThread {
    /// Called by an event loop on its own thread before it runs, and with false when it stops.
    public static func mark(_ isLoop: Bool) { wp_mark_event_loop_thread(isLoop ? 1 : 0) }

    /// Whether the calling thread runs an event loop.
    public static var isCurrent: Bool { wp_is_event_loop_thread() != 0 }

    /// Traps when called on an event loop's thread: `operation` would block it.
    @inline(__always)
    public static func preconditionNotOnLoop(_ operation: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        if wp_is_event_loop_thread() != 0 {
            preconditionFailure("BUG DETECTED: \(operation()) blocks and must not be called on an event loop", file: file, line: line)
        }
    }
}
