import Glibc

/// The one place a Redis call blocks its thread: poll(2) on one socket, bounded by a deadline.
enum SocketWait {
    enum Outcome {
        case ready
        case timedOut
    }

    static func wait(_ fd: Int32, readable: Bool, writable: Bool, deadline: UInt64, clock: RedisClock) -> Outcome {
        var events: Int16 = 0
        if readable { events |= Int16(POLLIN) }
        if writable { events |= Int16(POLLOUT) }
        while true {
            let now = clock.now()
            guard now < deadline else { return .timedOut }
            // Round up, so a deadline less than a millisecond away still waits rather than spins.
            let milliseconds = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let result = poll(&descriptor, 1, milliseconds)
            if result > 0 { return .ready }
            if result < 0 && errno != EINTR { return .ready }  // the next read or write reports the error
        }
    }

    /// Whether an idle socket has something to say (data, end of input or an error) right now.
    static func isReadableNow(_ fd: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) != 0
    }
}
